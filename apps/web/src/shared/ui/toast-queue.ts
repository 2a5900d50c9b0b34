/**
 * Toast queue engine: pure state transitions over a clock value, so the timing rules are unit-tested without a
 * DOM. The store in toast.tsx runs `tickToasts` every `checkInterval` ms while anything is queued or shown.
 */

export type ToastKind = 'default' | 'success' | 'error' | 'warning' | 'info';

export type ToastConfig = {
  /** Time a toast stays visible, not counting paused time. */
  duration: number;
  /** Toasts shown at once; the rest wait in order. */
  maxVisible: number;
  /** Whether a click / Enter / Space / close button dismisses it. */
  dismissable: boolean;
  /** How often the queue is checked for expiry and promotion. */
  checkInterval: number;
};

/** The three configurations of the product spec (section 9). The app uses `app`. */
export const TOAST_CONFIGS = {
  default: { duration: 4000, maxVisible: 3, dismissable: true, checkInterval: 100 },
  app: { duration: 6000, maxVisible: 1, dismissable: false, checkInterval: 100 },
  alternate: { duration: 5000, maxVisible: 3, dismissable: true, checkInterval: 100 },
} as const satisfies Record<string, ToastConfig>;

export type ToastConfigName = keyof typeof TOAST_CONFIGS;

/** How long a closing toast stays in the list so its exit animation can play. */
export const TOAST_LEAVE_MS = 250;

export type PauseSource = 'hover' | 'focus' | 'manual';

export type ToastItem<M = unknown> = {
  id: number;
  kind: ToastKind;
  message: M;
  title?: M;
  duration: number;
  dismissable: boolean;
  status: 'queued' | 'visible' | 'leaving';
  /** Visible time left, updated whenever the clock stops. */
  remaining: number;
  /** When the visible clock last (re)started; null while paused or not visible. */
  runningSince: number | null;
  pausedBy: PauseSource[];
  leaveAt: number | null;
  dedupeKey: string | null;
};

export type ToastInput<M = unknown> = {
  message: M;
  title?: M;
  kind?: ToastKind;
  duration?: number;
  dismissable?: boolean;
  /** Identical keys are not queued twice while one is pending or visible. */
  dedupeKey?: string | null;
};

export type ToastState<M = unknown> = { items: ToastItem<M>[]; nextId: number };

export const emptyToastState = <M>(): ToastState<M> => ({ items: [], nextId: 1 });

function occupiesSlot(item: ToastItem<unknown>): boolean {
  return item.status !== 'queued';
}

export function enqueueToast<M>(
  state: ToastState<M>,
  input: ToastInput<M>,
  config: ToastConfig,
): { state: ToastState<M>; id: number | null } {
  const dedupeKey = input.dedupeKey ?? null;
  if (dedupeKey && state.items.some((i) => i.dedupeKey === dedupeKey && i.status !== 'leaving')) {
    return { state, id: null };
  }
  const duration = input.duration ?? config.duration;
  const item: ToastItem<M> = {
    id: state.nextId,
    kind: input.kind ?? 'default',
    message: input.message,
    title: input.title,
    duration,
    dismissable: input.dismissable ?? config.dismissable,
    status: 'queued',
    remaining: duration,
    runningSince: null,
    pausedBy: [],
    leaveAt: null,
    dedupeKey,
  };
  return { state: { items: [...state.items, item], nextId: state.nextId + 1 }, id: item.id };
}

/** One queue check: drop finished exits, close expired toasts, then promote waiting ones into free slots. */
export function tickToasts<M>(state: ToastState<M>, config: ToastConfig, now: number): ToastState<M> {
  let changed = false;
  let items = state.items.filter((i) => {
    const gone = i.status === 'leaving' && i.leaveAt !== null && i.leaveAt <= now;
    if (gone) changed = true;
    return !gone;
  });
  items = items.map((i) => {
    if (i.status !== 'visible' || i.runningSince === null) return i;
    if (now - i.runningSince < i.remaining) return i;
    changed = true;
    return { ...i, status: 'leaving', remaining: 0, runningSince: null, leaveAt: now + TOAST_LEAVE_MS };
  });
  let free = config.maxVisible - items.filter(occupiesSlot).length;
  if (free > 0) {
    items = items.map((i) => {
      if (free <= 0 || i.status !== 'queued') return i;
      free -= 1;
      changed = true;
      return { ...i, status: 'visible', runningSince: i.pausedBy.length ? null : now };
    });
  }
  return changed ? { ...state, items } : state;
}

export function pauseToast<M>(state: ToastState<M>, id: number, source: PauseSource, now: number): ToastState<M> {
  return update(state, id, (i) => {
    if (i.pausedBy.includes(source) || i.status === 'leaving') return i;
    const remaining = i.runningSince === null ? i.remaining : Math.max(0, i.remaining - (now - i.runningSince));
    return { ...i, pausedBy: [...i.pausedBy, source], remaining, runningSince: null };
  });
}

export function resumeToast<M>(state: ToastState<M>, id: number, source: PauseSource, now: number): ToastState<M> {
  return update(state, id, (i) => {
    if (!i.pausedBy.includes(source)) return i;
    const pausedBy = i.pausedBy.filter((s) => s !== source);
    const runningSince = pausedBy.length === 0 && i.status === 'visible' ? now : null;
    return { ...i, pausedBy, runningSince };
  });
}

/** Starts the exit of a visible toast, or drops a queued one. `force` ignores `dismissable` (programmatic close). */
export function dismissToast<M>(state: ToastState<M>, id: number, now: number, force = false): ToastState<M> {
  const item = state.items.find((i) => i.id === id);
  if (!item || item.status === 'leaving' || (!force && !item.dismissable)) return state;
  if (item.status === 'queued') return { ...state, items: state.items.filter((i) => i.id !== id) };
  return update(state, id, (i) => ({ ...i, status: 'leaving', runningSince: null, leaveAt: now + TOAST_LEAVE_MS }));
}

/** Visible time left for a toast at `now` (for progress bars and tests). */
export function timeLeft(item: ToastItem<unknown>, now: number): number {
  if (item.runningSince === null) return item.remaining;
  return Math.max(0, item.remaining - (now - item.runningSince));
}

function update<M>(state: ToastState<M>, id: number, fn: (i: ToastItem<M>) => ToastItem<M>): ToastState<M> {
  let changed = false;
  const items = state.items.map((i) => {
    if (i.id !== id) return i;
    const next = fn(i);
    if (next !== i) changed = true;
    return next;
  });
  return changed ? { ...state, items } : state;
}
