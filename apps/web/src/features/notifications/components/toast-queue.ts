import type { NotificationItem } from '@sorte/contracts';

/** Spec sections 4 and 9: at most 3 shown at once, each dropped 20 s after display, the queue checked every 1 s. */
export const MAX_VISIBLE = 3;
export const SHOW_MS = 20_000;
export const TICK_MS = 1_000;

export type Queued = { n: NotificationItem; shownAt: number | null };

export function tick(queue: Queued[], now: number): Queued[] {
  const alive = queue.filter((q) => q.shownAt === null || now - q.shownAt < SHOW_MS);
  let visible = alive.filter((q) => q.shownAt !== null).length;
  return alive.map((q) => {
    if (q.shownAt !== null || visible >= MAX_VISIBLE) return q;
    visible++;
    return { ...q, shownAt: now };
  });
}
