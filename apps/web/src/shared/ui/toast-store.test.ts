import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_CONFIGS, TOAST_LEAVE_MS, type ToastConfig, timeLeft } from './toast-queue';
import { createToastApi, createToaster } from './toast-store';

const visible = (toaster: ReturnType<typeof createToaster>) =>
  toaster.store
    .getState()
    .items.filter((i) => i.status === 'visible')
    .map((i) => i.message);
const queued = (toaster: ReturnType<typeof createToaster>) =>
  toaster.store
    .getState()
    .items.filter((i) => i.status === 'queued')
    .map((i) => i.message);

describe('toast configurations (spec section 9)', () => {
  it('has 4000 ms, 6000 ms (max 1, not dismissable) and 5000 ms, all checked every 100 ms', () => {
    expect(TOAST_CONFIGS.default.duration).toBe(4000);
    expect(TOAST_CONFIGS.app).toMatchObject({ duration: 6000, maxVisible: 1, dismissable: false });
    expect(TOAST_CONFIGS.alternate.duration).toBe(5000);
    for (const c of Object.values(TOAST_CONFIGS)) expect(c.checkInterval).toBe(100);
  });
});

describe('toast queue', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2025-05-01T12:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows one toast at a time in the app configuration and queues the rest in order', () => {
    const toaster = createToaster(TOAST_CONFIGS.app);
    const toast = createToastApi(toaster);
    toast('a');
    toast.error('b');
    toast.info('c');
    expect(visible(toaster)).toEqual(['a']);
    expect(queued(toaster)).toEqual(['b', 'c']);

    vi.advanceTimersByTime(5999);
    expect(visible(toaster)).toEqual(['a']);
    vi.advanceTimersByTime(100); // first check at or after 6000 ms closes it
    expect(visible(toaster)).toEqual([]);
    expect(toaster.store.getState().items[0]?.status).toBe('leaving');

    // The exit animation holds the slot, then the next queue check shows "b".
    vi.advanceTimersByTime(TOAST_LEAVE_MS + 100);
    expect(visible(toaster)).toEqual(['b']);
    expect(queued(toaster)).toEqual(['c']);
  });

  it('closes on the 100 ms queue check, never between checks', () => {
    const config: ToastConfig = { duration: 250, maxVisible: 3, dismissable: true, checkInterval: 100 };
    const toaster = createToaster(config);
    toaster.push({ message: 'x' });
    vi.advanceTimersByTime(299);
    // 250 ms elapsed, but the checks ran at 100 and 200 ms only.
    expect(visible(toaster)).toEqual(['x']);
    vi.advanceTimersByTime(1);
    expect(visible(toaster)).toEqual([]);
  });

  it('shows up to maxVisible at once in the default configuration', () => {
    const toaster = createToaster(TOAST_CONFIGS.default);
    for (const m of ['1', '2', '3', '4']) toaster.push({ message: m });
    expect(visible(toaster)).toEqual(['1', '2', '3']);
    expect(queued(toaster)).toEqual(['4']);
    vi.advanceTimersByTime(4000 + TOAST_LEAVE_MS + 100);
    expect(visible(toaster)).toEqual(['4']);
  });

  it('pauses while hovered or focused and resumes with the time that was left', () => {
    const toaster = createToaster(TOAST_CONFIGS.app);
    const id = toaster.push({ message: 'p' })!;
    vi.advanceTimersByTime(2000);
    toaster.pause(id, 'hover');
    vi.advanceTimersByTime(60_000);
    expect(visible(toaster)).toEqual(['p']);

    toaster.pause(id, 'focus');
    toaster.resume(id, 'hover');
    vi.advanceTimersByTime(10_000);
    expect(visible(toaster)).toEqual(['p']); // still focused

    toaster.resume(id, 'focus');
    const item = toaster.store.getState().items[0]!;
    expect(timeLeft(item, Date.now())).toBe(4000);
    vi.advanceTimersByTime(3900);
    expect(visible(toaster)).toEqual(['p']);
    vi.advanceTimersByTime(100);
    expect(visible(toaster)).toEqual([]);
  });

  it('ignores user dismissal when not dismissable, but allows a forced close', () => {
    const toaster = createToaster(TOAST_CONFIGS.app);
    const id = toaster.push({ message: 'fixed' })!;
    toaster.dismiss(id);
    expect(visible(toaster)).toEqual(['fixed']);
    toaster.dismiss(id, true);
    expect(visible(toaster)).toEqual([]);
  });

  it('dismisses a dismissable toast and promotes the next one', () => {
    const toaster = createToaster({ ...TOAST_CONFIGS.default, maxVisible: 1 });
    const first = toaster.push({ message: 'first' })!;
    toaster.push({ message: 'second' });
    toaster.dismiss(first);
    expect(visible(toaster)).toEqual([]);
    vi.advanceTimersByTime(TOAST_LEAVE_MS + 100);
    expect(visible(toaster)).toEqual(['second']);
  });

  it('does not queue the same string message twice while it is pending', () => {
    const toaster = createToaster(TOAST_CONFIGS.app);
    const toast = createToastApi(toaster);
    expect(toast.error('Sem conexão')).not.toBeNull();
    expect(toast.error('Sem conexão')).toBeNull();
    expect(toaster.store.getState().items).toHaveLength(1);
  });

  it('stops its timer once the queue is empty', () => {
    const toaster = createToaster(TOAST_CONFIGS.default);
    toaster.push({ message: 'bye' });
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(4000 + TOAST_LEAVE_MS + 200);
    expect(toaster.store.getState().items).toHaveLength(0);
    expect(vi.getTimerCount()).toBe(0);
  });
});
