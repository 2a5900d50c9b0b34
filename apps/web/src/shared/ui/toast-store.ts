import type { ReactNode } from 'react';
import { createStore, type StoreApi } from 'zustand/vanilla';
import {
  dismissToast,
  emptyToastState,
  enqueueToast,
  type PauseSource,
  pauseToast,
  resumeToast,
  TOAST_CONFIGS,
  type ToastConfig,
  type ToastInput,
  type ToastKind,
  type ToastState,
  tickToasts,
} from './toast-queue';

export type ToastMessage = ReactNode;

export type Toaster = {
  config: ToastConfig;
  store: StoreApi<ToastState<ToastMessage>>;
  /** Queues a toast; returns its id, or null when an identical one is already pending. */
  push: (input: ToastInput<ToastMessage>) => number | null;
  dismiss: (id: number, force?: boolean) => void;
  pause: (id: number, source: PauseSource) => void;
  resume: (id: number, source: PauseSource) => void;
  clear: () => void;
};

/**
 * A toast queue with its own configuration. The queue is checked every `checkInterval` ms, only while something
 * is queued or on screen, so an idle page runs no timer.
 */
export function createToaster(config: ToastConfig): Toaster {
  const store = createStore<ToastState<ToastMessage>>(() => emptyToastState<ToastMessage>());
  let timer: ReturnType<typeof setInterval> | null = null;

  const check = () => {
    const current = store.getState();
    const next = tickToasts(current, config, Date.now());
    if (next !== current) store.setState(next, true);
    if (next.items.length === 0 && timer !== null) {
      clearInterval(timer);
      timer = null;
    }
  };

  const ensureTimer = () => {
    if (timer === null) timer = setInterval(check, config.checkInterval);
  };

  const apply = (fn: (s: ToastState<ToastMessage>, now: number) => ToastState<ToastMessage>) => {
    const current = store.getState();
    const next = fn(current, Date.now());
    if (next !== current) store.setState(next, true);
  };

  return {
    config,
    store,
    push(input) {
      const { state, id } = enqueueToast(store.getState(), input, config);
      if (id === null) return null;
      // A free slot shows the toast at once; otherwise it waits for a queue check.
      store.setState(tickToasts(state, config, Date.now()), true);
      ensureTimer();
      return id;
    },
    dismiss: (id, force = false) => apply((s, now) => dismissToast(s, id, now, force)),
    pause: (id, source) => apply((s, now) => pauseToast(s, id, source, now)),
    resume: (id, source) => apply((s, now) => resumeToast(s, id, source, now)),
    clear() {
      apply((s, now) => s.items.reduce((acc, i) => dismissToast(acc, i.id, now, true), s));
      ensureTimer();
    },
  };
}

/** The queue the app uses (spec: 6000 ms, one at a time, not dismissable). */
export const appToaster = createToaster(TOAST_CONFIGS.app);

type ToastOptions = Omit<ToastInput<ToastMessage>, 'message' | 'kind'>;

function make(toaster: Toaster) {
  const show =
    (kind: ToastKind) =>
    (message: ToastMessage, options: ToastOptions = {}) =>
      toaster.push({
        message,
        kind,
        ...options,
        dedupeKey:
          options.dedupeKey !== undefined
            ? options.dedupeKey
            : typeof message === 'string'
              ? `${kind}:${message}`
              : null,
      });
  return Object.assign(show('default'), {
    success: show('success'),
    error: show('error'),
    warning: show('warning'),
    info: show('info'),
    dismiss: (id: number) => toaster.dismiss(id, true),
    clear: () => toaster.clear(),
  });
}

export type ToastApi = ReturnType<typeof make>;

/** `toast('Salvo')`, `toast.error(message)`, `toast.dismiss(id)` ... on a given queue. */
export const createToastApi = (toaster: Toaster): ToastApi => make(toaster);

/** The app's toast API. */
export const toast = make(appToaster);
