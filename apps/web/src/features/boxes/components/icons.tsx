/** The boxes' line icons (28 px, stroke currentColor), for the page heads. */
export const IconBox = (
  <svg width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
    <path
      d="M21 8 12 3 3 8v8l9 5 9-5V8zM3 8l9 5 9-5M12 13v8M7.5 5.5l9 5"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  </svg>
);

export const IconGem = (
  <svg width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
    <path d="M6 3h12l4 6-10 12L2 9zM2 9h20M9 3 7 9l5 12 5-12-2-6" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);
