import type { Job } from '../../platform/jobs/index';
import * as repo from './repo';

/** Counted-event marks are kept this long: far past any delivery or retry of their event. */
export const COUNTED_KEEP_MS = 7 * 24 * 3600_000;

/** The VIP module's periodic work: forgetting old counted-event marks. */
export const VIP_JOBS: Job[] = [
  {
    name: 'vip-prune-counted',
    intervalMs: 3600_000,
    hasWork: (db) => repo.anyCountedBefore(db, new Date(Date.now() - COUNTED_KEEP_MS)),
    run: async ({ db }) => void (await repo.pruneCounted(db, new Date(Date.now() - COUNTED_KEEP_MS))),
  },
];
