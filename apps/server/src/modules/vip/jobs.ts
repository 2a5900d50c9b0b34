import type { Job } from '../../platform/jobs/index';
import * as repo from './repo';
import { grantDueOffers } from './rewards';

/** Counted-event marks are kept this long: far past any delivery or retry of their event. */
export const COUNTED_KEEP_MS = 7 * 24 * 3600_000;

/** The VIP module's periodic work: granting levels' bonus offers, forgetting old counted-event marks. */
export const VIP_JOBS: Job[] = [
  {
    // A level's offer is granted seconds after the level-up commits; a pass that found a full batch runs again.
    name: 'vip-offer-rewards',
    intervalMs: 5_000,
    hasWork: (db) => repo.anyOfferDue(db),
    run: async ({ db }) => {
      for (let i = 0; i < 10 && (await grantDueOffers(db)) === 100; i++) {}
    },
  },
  {
    name: 'vip-prune-counted',
    intervalMs: 3600_000,
    hasWork: (db) => repo.anyCountedBefore(db, new Date(Date.now() - COUNTED_KEEP_MS)),
    run: async ({ db }) => void (await repo.pruneCounted(db, new Date(Date.now() - COUNTED_KEEP_MS))),
  },
];
