import { useSyncExternalStore } from 'react';

/** Live result of a CSS media query (false during server rendering). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (notify) => {
      const mql = window.matchMedia(query);
      mql.addEventListener('change', notify);
      return () => mql.removeEventListener('change', notify);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

export const MOBILE_QUERY = '(max-width: 639.98px)';
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';
