import { useEffect } from 'react';
import { create } from 'zustand';

/** A page may replace its route-table title (e.g. /pages/:slug with the page's own title). */
export const usePageTitleStore = create<{ title: string | null }>(() => ({ title: null }));

export function usePageTitle(title: string | null | undefined): void {
  useEffect(() => {
    if (!title) return;
    usePageTitleStore.setState({ title });
    return () => usePageTitleStore.setState({ title: null });
  }, [title]);
}
