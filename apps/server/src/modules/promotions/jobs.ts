import type { Job } from '../../platform/jobs/index';
import * as repo from './repo';
import { expireDue } from './service';

/** The bonus engine's periodic work for the leased scheduler: active bonuses past their time expire. */
export const PROMOTIONS_JOBS: Job[] = [
  {
    name: 'promotions-expiry',
    intervalMs: 60_000,
    // An idle node writes nothing: until an active bonus is past its time there is nothing to expire.
    hasWork: (db) => repo.anyExpired(db, new Date()),
    run: async ({ db }) => void (await expireDue(db)),
  },
];
