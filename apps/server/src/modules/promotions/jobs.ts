import type { Job } from '../../platform/jobs/index';
import * as repo from './repo';
import { expireDue } from './service';

/** The bonus engine's periodic work for the leased scheduler: active bonuses past their time expire. */
export const PROMOTIONS_JOBS: Job[] = [
  {
    name: 'promotions-expiry',
    intervalMs: 60_000,
    // An idle node writes nothing: without an active bonus there is nothing to expire.
    hasWork: (db) => repo.anyActive(db),
    run: async ({ db }) => void (await expireDue(db)),
  },
];
