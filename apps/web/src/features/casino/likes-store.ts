import { create } from 'zustand';

/** Likes store of spec section 3: per game id, a liked flag and a pending flag. */
export type LikeEntry = { liked: boolean; pending: boolean };

export type LikeSender = (gameId: number, liked: boolean, opId: number, signal: AbortSignal) => Promise<unknown>;

export const LIKE_DEBOUNCE_MS = 150;
export const LIKE_MIN_CLICK_MS = 200;
export const LIKE_RETRY_MS = 400;

const CANCELLED = new Set(['AbortError', 'ERR_CANCELED', 'CanceledError']);
const isCancel = (e: unknown) => {
  const x = e as { name?: string; code?: string } | null;
  return !!x && (CANCELLED.has(x.name ?? '') || CANCELLED.has(x.code ?? ''));
};

type LikesState = {
  likes: Record<number, LikeEntry>;
  toggle: (gameId: number) => void;
  /** Sync from the user's user_likes: ids absent are removed, ids present are set liked. */
  sync: (userLikes: number[]) => void;
  reset: () => void;
};

/**
 * The like toggle of spec section 4: a click flips at once and marks pending; clicks on one game < 200 ms apart
 * are ignored; the final state is sent 150 ms after the last click; a new send aborts the one in flight; only the
 * latest send clears pending; cancellations are ignored; other errors retry after 400 ms while still the latest.
 * opId grows with every send (never below the clock, so it keeps growing across page loads).
 */
export function createLikesStore(send: LikeSender, now: () => number = Date.now) {
  const lastClick = new Map<number, number>();
  const timers = new Map<number, ReturnType<typeof setTimeout>>();
  const inflight = new Map<number, AbortController>();
  const latest = new Map<number, number>();
  let opSeq = 0;
  const nextOp = () => {
    opSeq = Math.max(opSeq + 1, now());
    return opSeq;
  };

  return create<LikesState>((set, get) => {
    const patch = (gameId: number, e: Partial<LikeEntry>) =>
      set((s) => ({
        likes: { ...s.likes, [gameId]: { liked: false, pending: false, ...s.likes[gameId], ...e } },
      }));

    const dispatch = (gameId: number) => {
      inflight.get(gameId)?.abort();
      const controller = new AbortController();
      inflight.set(gameId, controller);
      const opId = nextOp();
      latest.set(gameId, opId);
      const liked = get().likes[gameId]?.liked ?? false;
      send(gameId, liked, opId, controller.signal).then(
        () => {
          if (latest.get(gameId) !== opId) return;
          inflight.delete(gameId);
          patch(gameId, { pending: false });
        },
        (err) => {
          if (isCancel(err)) return;
          setTimeout(() => {
            if (latest.get(gameId) === opId) dispatch(gameId);
          }, LIKE_RETRY_MS);
        },
      );
    };

    return {
      likes: {},
      toggle(gameId) {
        const t = now();
        const last = lastClick.get(gameId);
        if (last !== undefined && t - last < LIKE_MIN_CLICK_MS) return;
        lastClick.set(gameId, t);
        patch(gameId, { liked: !(get().likes[gameId]?.liked ?? false), pending: true });
        clearTimeout(timers.get(gameId));
        timers.set(
          gameId,
          setTimeout(() => {
            timers.delete(gameId);
            dispatch(gameId);
          }, LIKE_DEBOUNCE_MS),
        );
      },
      sync(userLikes) {
        const ids = new Set(userLikes);
        set((s) => {
          const likes: Record<number, LikeEntry> = {};
          for (const [k, v] of Object.entries(s.likes)) if (ids.has(Number(k))) likes[Number(k)] = v;
          for (const id of ids) likes[id] = { pending: false, ...likes[id], liked: true };
          return { likes };
        });
      },
      reset() {
        for (const t of timers.values()) clearTimeout(t);
        for (const c of inflight.values()) c.abort();
        timers.clear();
        inflight.clear();
        latest.clear();
        lastClick.clear();
        set({ likes: {} });
      },
    };
  });
}
