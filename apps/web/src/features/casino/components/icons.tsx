type P = { size?: number };
const svg = (d: string, fill = false) =>
  function Icon({ size = 18 }: P) {
    return (
      <svg
        viewBox="0 0 24 24"
        width={size}
        height={size}
        fill={fill ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
      >
        <path d={d} />
      </svg>
    );
  };

const STAR = 'M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z';
const HEART = 'M12 20s-7-4.4-9-9A4.6 4.6 0 0 1 12 6.5 4.6 4.6 0 0 1 21 11c-2 4.6-9 9-9 9z';
export const IconStar = svg(STAR);
export const IconStarFilled = svg(STAR, true);
export const IconHeart = svg(HEART);
export const IconHeartFilled = svg(HEART, true);
export const IconSearch = svg('M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14zM20 20l-4-4');
export const IconPlay = svg('M8 5v14l11-7z', true);
export const IconExpand = svg('M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5');
export const IconClose = svg('M6 6l12 12M18 6L6 18');
export const IconBack = svg('M15 5l-7 7 7 7');
