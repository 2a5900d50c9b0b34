import type { Job } from '../../platform/jobs/index';
import * as repo from './repo';

/** How long a counted event's id is kept: far beyond any redelivery (retries end within hours). */
const KEEP_MS = 7 * 86_400_000;

/** Missions' periodic work for the leased scheduler: the ids of counted events are forgotten after a week. */
export const MISSIONS_JOBS: Job[] = [
  {
    name: 'missions-prune',
    intervalMs: 3_600_000,
    hasWork: (db) => repo.anyCountedBefore(db, new Date(Date.now() - KEEP_MS)),
    run: async ({ db }) => void (await repo.pruneCounted(db, new Date(Date.now() - KEEP_MS))),
  },
];
