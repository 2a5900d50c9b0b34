import type { Db } from '../../platform/db/index';
import type { Job } from '../../platform/jobs/index';
import { listPlayerCpfs } from '../auth/index';
import { listTenants } from '../tenants/index';
import * as repo from './repo';
import { runSessionJob } from './sessions';
import { runNationalJob } from './stops';

/** Checks accounts of regulated tenants against the national list (`all`: every account, not only those due). */
export function runNationalCheck(db: Db, o: { all?: boolean; now?: Date } = {}) {
  const now = o.now ?? new Date();
  return runNationalJob(
    db,
    { tenants: () => listTenants(db), players: (t, after, limit) => listPlayerCpfs(db, t, after, limit) },
    now,
    o.all === true,
  );
}

/**
 * Responsible gaming's periodic work for the leased scheduler: sessions past a time limit or idle are ended; every
 * account of a regulated tenant is checked against the national list within the policy's period, and listed
 * accounts are closed when their delay is over.
 */
export const RESPONSIBLE_GAMING_JOBS: Job[] = [
  {
    name: 'rg-sessions',
    intervalMs: 30_000,
    // An idle node writes nothing: without an open session there is nothing to end.
    hasWork: (db) => repo.anyOpenSession(db),
    run: ({ db }) => runSessionJob(db),
  },
  {
    name: 'rg-national',
    intervalMs: 60 * 60_000,
    hasWork: async (db) => (await listTenants(db)).some((t) => t.settings.is_regulated),
    run: async ({ db }) => void (await runNationalCheck(db)),
  },
];
