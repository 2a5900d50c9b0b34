import { createStore, type StoreApi } from 'zustand/vanilla';

/** Spec section 9 values. */
export const LOADING_BAR_DEFAULTS = {
  /** A load that finishes sooner than this never shows the bar. */
  throttle: 200,
  /** Time scale of the estimated progress curve (about 70% at this point). */
  duration: 2000,
  /** The full bar stays this long after finish before fading. */
  hideDelay: 500,
  /** After fading, progress returns to 0 after this long. */
  resetDelay: 400,
  height: 3,
  /** How often the estimated progress is updated while loading. */
  tick: 100,
} as const;

export type LoadingBarOptions = typeof LOADING_BAR_DEFAULTS;

export type LoadingBarPhase = 'idle' | 'pending' | 'loading' | 'finishing' | 'hiding';

export type LoadingBarState = {
  phase: LoadingBarPhase;
  /** 0..100 */
  progress: number;
  visible: boolean;
  error: boolean;
};

export type LoadingBar = {
  store: StoreApi<LoadingBarState>;
  options: LoadingBarOptions;
  /** Starts (or joins) a load. Every start should be matched by finish or error. */
  start: () => void;
  /** Ends one load; the bar completes when all started loads ended, or at once with force. */
  finish: (opts?: { force?: boolean }) => void;
  /** Ends all loads and shows the bar in the error colour. */
  error: () => void;
  /** Number of loads currently running. */
  pending: () => number;
};

/** Estimated progress that moves quickly at first and never reaches 100 on its own (capped at 95). */
export function estimateProgress(elapsed: number, duration: number): number {
  const value = (2 / Math.PI) * 100 * Math.atan(((elapsed / duration) * 100) / 50);
  return Math.min(95, Math.max(0, value));
}

const initial: LoadingBarState = { phase: 'idle', progress: 0, visible: false, error: false };

export function createLoadingBar(overrides: Partial<LoadingBarOptions> = {}): LoadingBar {
  const options = { ...LOADING_BAR_DEFAULTS, ...overrides };
  const store = createStore<LoadingBarState>(() => ({ ...initial }));
  let active = 0;
  let startedAt = 0;
  let throttleTimer: ReturnType<typeof setTimeout> | null = null;
  let hideTimer: ReturnType<typeof setTimeout> | null = null;
  let resetTimer: ReturnType<typeof setTimeout> | null = null;
  let progressTimer: ReturnType<typeof setInterval> | null = null;

  const set = (patch: Partial<LoadingBarState>) => store.setState(patch);

  const clearTimers = () => {
    if (throttleTimer) clearTimeout(throttleTimer);
    if (hideTimer) clearTimeout(hideTimer);
    if (resetTimer) clearTimeout(resetTimer);
    if (progressTimer) clearInterval(progressTimer);
    throttleTimer = hideTimer = resetTimer = progressTimer = null;
  };

  const show = () => {
    startedAt = Date.now();
    set({ phase: 'loading', visible: true, progress: 0, error: false });
    progressTimer = setInterval(() => {
      set({ progress: estimateProgress(Date.now() - startedAt, options.duration) });
    }, options.tick);
  };

  const complete = (error: boolean) => {
    clearTimers();
    set({ phase: 'finishing', progress: 100, visible: true, error });
    hideTimer = setTimeout(() => {
      hideTimer = null;
      set({ phase: 'hiding', visible: false });
      resetTimer = setTimeout(() => {
        resetTimer = null;
        set({ ...initial });
      }, options.resetDelay);
    }, options.hideDelay);
  };

  return {
    store,
    options,
    start() {
      active += 1;
      const { phase } = store.getState();
      if (phase === 'pending' || phase === 'loading') return;
      clearTimers();
      if (phase === 'idle' || phase === 'hiding') {
        set({ ...initial, phase: 'pending' });
        throttleTimer = setTimeout(() => {
          throttleTimer = null;
          show();
        }, options.throttle);
        return;
      }
      // Restarted while the finished bar is still on screen: keep it visible and run again.
      show();
    },
    finish({ force = false } = {}) {
      active = force ? 0 : Math.max(0, active - 1);
      if (active > 0) return;
      const { phase } = store.getState();
      if (phase === 'pending') {
        clearTimers();
        set({ ...initial });
        return;
      }
      if (phase === 'loading') complete(false);
    },
    error() {
      active = 0;
      complete(true);
    },
    pending: () => active,
  };
}

/** The bar shared by the router and the http client. */
export const loadingBar = createLoadingBar();
