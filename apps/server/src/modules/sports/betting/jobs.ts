import type { Job } from '../../../platform/jobs/index';
import { LIVE_DELAY_JOB } from './place';
import { eventsToSettle, settleEvent } from './settlement';

/**
 * Settlement: ended events with a result (and cancelled ones) are settled within seconds of the result, far inside
 * the 120 minutes Portaria 615 allows; a rollback that stopped part way (a crash) is finished first.
 */
export const SETTLEMENT_JOB: Job = {
  name: 'sports-settlement',
  intervalMs: 3_000,
  leaseMs: 120_000,
  hasWork: async (db) => (await eventsToSettle(db, 1)).length > 0,
  run: async ({ db }) => {
    // One event's failure does not hold up the others; it is reported and retried on the next run.
    const failed: unknown[] = [];
    for (const e of await eventsToSettle(db))
      await settleEvent(db, e).catch((err: unknown) => {
        failed.push(err);
      });
    if (failed.length > 0) throw failed[0];
  },
};

export const BETTING_JOBS: Job[] = [LIVE_DELAY_JOB, SETTLEMENT_JOB];
