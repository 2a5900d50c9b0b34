import { create } from 'zustand';
import { storage } from '../../shared/lib/storage';

const COLLAPSED_KEY = 'side_menu_collapsed';

/** Phones and tablets: a drawer that opens and closes. Desktop: a column that collapses to an icon rail. */
export const useSideMenu = create<{
  open: boolean;
  collapsed: boolean;
  toggle: () => void;
  close: () => void;
}>((set, get) => ({
  open: false,
  collapsed: storage.get(COLLAPSED_KEY) === '1',
  toggle: () => {
    if (window.matchMedia('(min-width: 1024px)').matches) {
      const collapsed = !get().collapsed;
      storage.set(COLLAPSED_KEY, collapsed ? '1' : '0');
      set({ collapsed });
    } else set({ open: !get().open });
  },
  close: () => set({ open: false }),
}));
