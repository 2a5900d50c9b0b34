import type { Db } from '../../../platform/db/index';
import type { Job } from '../../../platform/jobs/index';
import { listTenants } from '../../tenants/index';
import { lastClosedWeek } from './calc';
import * as repo from './repo';
import { announceReleased, notComputable, runDueCashback } from './service';

/** Tenants whose last closed week has no cashback run yet, at `now`. */
async function dueTenants(db: Db, now: Date) {
  const tenants = (await listTenants(db)).filter((t) => notComputable(t) === null);
  const weeks = new Map(tenants.map((t) => [t.id, lastClosedWeek(now, t.settings.timezone).start]));
  const done = await repo.tenantsWithRun(db, weeks);
  return tenants.filter((t) => !done.has(t.id));
}

/**
 * Cashback's periodic work for the leased scheduler: once a week has ended in a tenant's time zone, its cashback is
 * computed (entries dated at the tenant's release day and hour; until then they show as coming). Idle ticks only
 * read: a week already computed is not taken again. A week missed (the job was down for more than one) is left to
 * `cashback:run --period`, which the operator runs knowingly.
 */
export const CASHBACK_JOBS: Job[] = [
  {
    name: 'cashback-weekly',
    intervalMs: 10 * 60_000,
    hasWork: async (db) => (await dueTenants(db, new Date())).length > 0,
    run: async ({ db }) => {
      const now = new Date();
      await runDueCashback(db, await dueTenants(db, now), now);
    },
  },
  {
    // Entries are computed days before their release; the player hears of one when it can be claimed.
    name: 'cashback-released',
    intervalMs: 60_000,
    hasWork: (db) => repo.hasUnreleased(db, new Date()),
    run: async ({ db }) => {
      const now = new Date();
      while ((await announceReleased(db, now)) > 0) {}
    },
  },
];
