import type { NotificationItem } from '@sorte/contracts';
import { describe, expect, it } from 'vitest';
import { type Queued, tick } from './toast-queue';

const n = (id: number) => ({ id, title: `n${id}` }) as NotificationItem;

describe('notification toasts', () => {
  it('shows at most 3 at once and drops each 20 s after it was shown', () => {
    let q: Queued[] = [1, 2, 3, 4].map((id) => ({ n: n(id), shownAt: null }));
    q = tick(q, 0);
    expect(q.filter((x) => x.shownAt !== null).map((x) => x.n.id)).toEqual([1, 2, 3]);
    q = tick(q, 19_000);
    expect(q).toHaveLength(4);
    q = tick(q, 20_000);
    expect(q.map((x) => [x.n.id, x.shownAt])).toEqual([[4, 20_000]]);
    q = tick(q, 40_000);
    expect(q).toHaveLength(0);
  });
});
