import type { Job } from '../../platform/jobs/index';
import { syncCampaigns } from './freespins';
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
  {
    // Free-spins campaigns a provider was not told about yet (it was unreachable, or the bonus changed in a path
    // that does not call it, like a withdrawal's forfeit or a queued bonus activating on the consumer).
    name: 'promotions-free-spins',
    intervalMs: 30_000,
    hasWork: (db) => repo.anyCampaignDue(db),
    run: async ({ db }) => void (await syncCampaigns(db)),
  },
];
