import { create } from 'zustand';
import { STORAGE_KEYS, storage } from './storage';

export type ColorModePreference = 'system' | 'light' | 'dark';
export type ColorMode = 'light' | 'dark';

const isPreference = (v: unknown): v is ColorModePreference => v === 'system' || v === 'light' || v === 'dark';

export const readPreference = (): ColorModePreference => {
  const v = storage.get(STORAGE_KEYS.colorMode);
  // Dark by default: the casino look (and the operator's main logo) is designed for dark backgrounds.
  return isPreference(v) ? v : 'dark';
};

const systemPrefersDark = (): boolean =>
  typeof window === 'undefined' || !window.matchMedia
    ? true
    : window.matchMedia('(prefers-color-scheme: dark)').matches;

/** The mode to paint: a route's forced mode wins, then the saved preference; "system" follows the OS. */
export function resolveColorMode(preference: ColorModePreference, forced: ColorMode | null, systemDark: boolean) {
  if (forced) return forced;
  if (preference === 'system') return systemDark ? 'dark' : 'light';
  return preference;
}

type ColorModeState = {
  preference: ColorModePreference;
  forced: ColorMode | null;
  systemDark: boolean;
  mode: ColorMode;
  setPreference: (p: ColorModePreference) => void;
  cycle: () => void;
  force: (mode: ColorMode | null) => void;
};

const NEXT: Record<ColorModePreference, ColorModePreference> = { dark: 'light', light: 'system', system: 'dark' };

export const useColorMode = create<ColorModeState>((set, get) => {
  const preference = readPreference();
  const systemDark = systemPrefersDark();
  const apply = (patch: Partial<ColorModeState>) => {
    const next = { ...get(), ...patch };
    set({ ...patch, mode: resolveColorMode(next.preference, next.forced, next.systemDark) });
  };
  return {
    preference,
    forced: null,
    systemDark,
    mode: resolveColorMode(preference, null, systemDark),
    setPreference: (p) => {
      storage.set(STORAGE_KEYS.colorMode, p);
      apply({ preference: p });
    },
    cycle: () => get().setPreference(NEXT[get().preference]),
    force: (forced) => apply({ forced }),
  };
});

/** Keeps html[data-theme] in step with the store and the OS setting. Call once at start. */
export function startColorMode(): () => void {
  const root = document.documentElement;
  const paint = (mode: ColorMode) => {
    root.dataset.theme = mode;
    root.style.colorScheme = mode;
  };
  paint(useColorMode.getState().mode);
  const unsubscribe = useColorMode.subscribe((s) => paint(s.mode));
  const mql = window.matchMedia?.('(prefers-color-scheme: dark)');
  const onChange = (e: MediaQueryListEvent) => {
    const s = useColorMode.getState();
    useColorMode.setState({ systemDark: e.matches, mode: resolveColorMode(s.preference, s.forced, e.matches) });
  };
  mql?.addEventListener('change', onChange);
  return () => {
    unsubscribe();
    mql?.removeEventListener('change', onChange);
  };
}
