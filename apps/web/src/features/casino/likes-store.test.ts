import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLikesStore, type LikeSender } from './likes-store';

type Call = {
  gameId: number;
  liked: boolean;
  opId: number;
  signal: AbortSignal;
  resolve: () => void;
  reject: (e: unknown) => void;
};

function harness() {
  const calls: Call[] = [];
  const send: LikeSender = (gameId, liked, opId, signal) =>
    new Promise((resolve, reject) => {
      calls.push({ gameId, liked, opId, signal, resolve: () => resolve(undefined), reject });
      signal.addEventListener('abort', () => reject(Object.assign(new Error('aborted'), { name: 'AbortError' })));
    });
  const store = createLikesStore(send, () => Date.now());
  return { calls, store, state: () => store.getState() };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(1_000_000);
});
afterEach(() => vi.useRealTimers());

describe('like toggle (spec section 4)', () => {
  it('flips at once, marks pending, and sends 150 ms after the click', async () => {
    const h = harness();
    h.state().toggle(7);
    expect(h.state().likes[7]).toEqual({ liked: true, pending: true });
    vi.advanceTimersByTime(149);
    expect(h.calls).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(h.calls).toHaveLength(1);
    expect(h.calls[0]).toMatchObject({ gameId: 7, liked: true });
    h.calls[0]!.resolve();
    await vi.runAllTimersAsync();
    expect(h.state().likes[7]).toEqual({ liked: true, pending: false });
  });

  it('ignores clicks less than 200 ms apart', () => {
    const h = harness();
    h.state().toggle(1);
    vi.advanceTimersByTime(100);
    h.state().toggle(1);
    expect(h.state().likes[1]!.liked).toBe(true);
    vi.advanceTimersByTime(100);
    h.state().toggle(1);
    expect(h.state().likes[1]!.liked).toBe(false);
  });

  it('after rapid clicks the last send carries the state of the last click', () => {
    const h = harness();
    for (let i = 0; i < 3; i++) {
      h.state().toggle(2);
      vi.advanceTimersByTime(140);
      vi.advanceTimersByTime(60);
    }
    // Clicks at 0, 200 and 400 ms: liked, unliked, liked.
    vi.advanceTimersByTime(150);
    const last = h.calls.at(-1)!;
    expect(last.liked).toBe(true);
    expect(h.state().likes[2]!.liked).toBe(true);
  });

  it('a new send aborts the previous one; only the latest clears pending; op ids grow', async () => {
    const h = harness();
    h.state().toggle(3);
    vi.advanceTimersByTime(250);
    h.state().toggle(3);
    vi.advanceTimersByTime(150);
    expect(h.calls).toHaveLength(2);
    expect(h.calls[0]!.signal.aborted).toBe(true);
    expect(h.calls[1]!.opId).toBeGreaterThan(h.calls[0]!.opId);
    expect(h.calls[1]!.liked).toBe(false);
    expect(h.state().likes[3]).toEqual({ liked: false, pending: true });
    h.calls[1]!.resolve();
    await vi.runAllTimersAsync();
    expect(h.state().likes[3]).toEqual({ liked: false, pending: false });
  });

  it('ignores cancellations (AbortError, ERR_CANCELED, CanceledError) and retries other errors after 400 ms', async () => {
    const h = harness();
    h.state().toggle(4);
    vi.advanceTimersByTime(150);
    h.calls[0]!.reject(Object.assign(new Error('x'), { code: 'ERR_CANCELED' }));
    await vi.advanceTimersByTimeAsync(1000);
    expect(h.calls).toHaveLength(1);
    expect(h.state().likes[4]!.pending).toBe(true);

    h.state().toggle(5);
    vi.advanceTimersByTime(150);
    h.calls[1]!.reject(new Error('HTTP 500'));
    await vi.advanceTimersByTimeAsync(399);
    expect(h.calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.calls).toHaveLength(3);
    expect(h.calls[2]).toMatchObject({ gameId: 5, liked: true });
    h.calls[2]!.resolve();
    await vi.runAllTimersAsync();
    expect(h.state().likes[5]).toEqual({ liked: true, pending: false });
  });

  it('does not retry a failed send that is no longer the latest', async () => {
    const h = harness();
    h.state().toggle(6);
    vi.advanceTimersByTime(150);
    const first = h.calls[0]!;
    vi.advanceTimersByTime(100);
    h.state().toggle(6);
    vi.advanceTimersByTime(150);
    first.reject(new Error('HTTP 500'));
    await vi.advanceTimersByTimeAsync(500);
    expect(h.calls).toHaveLength(2);
  });

  it("syncs the map from the user's user_likes", () => {
    const h = harness();
    h.state().toggle(8);
    h.state().sync([9, 10]);
    expect(h.state().likes).toEqual({
      9: { liked: true, pending: false },
      10: { liked: true, pending: false },
    });
  });
});
