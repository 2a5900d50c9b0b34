import type { ReactNode } from 'react';
import { PageHead as SharedPageHead } from '../../../shared/ui/page';

const GIFT = (
  <svg width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
    <path
      d="M20 12v9H4v-9M2 7h20v5H2zM12 21V7M12 7H7.5a2.5 2.5 0 1 1 0-5C11 2 12 7 12 7zM12 7h4.5a2.5 2.5 0 1 0 0-5C13 2 12 7 12 7z"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  </svg>
);

/** The title block of a promotions page: a gift icon, the title and one line on what the page is for. */
export function PageHead({ title, intro, children }: { title: string; intro: string; children?: ReactNode }) {
  return (
    <SharedPageHead icon={GIFT} title={title} intro={intro}>
      {children}
    </SharedPageHead>
  );
}
