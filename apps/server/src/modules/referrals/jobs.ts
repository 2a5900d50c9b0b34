import type { Job } from '../../platform/jobs/index';
import * as repo from './repo';
import { payDue } from './service';

/** Refer a friend's periodic work for the leased scheduler: CPAs whose review period has ended are paid. */
export const REFERRALS_JOBS: Job[] = [
  {
    name: 'referrals-payout',
    intervalMs: 5 * 60_000,
    // An idle node only reads: nothing is written until a CPA's review has ended.
    hasWork: (db) => repo.anyDue(db, new Date()),
    run: async ({ db }) => void (await payDue(db, new Date())),
  },
];
