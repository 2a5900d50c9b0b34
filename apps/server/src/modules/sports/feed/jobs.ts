import type { Db } from '../../../platform/db/index';
import type { Job } from '../../../platform/jobs/index';
import { catalogSink } from '../catalog/writer';
import { type FeedSettings, feedSettings } from './config';
import { scheduleTenant, tickTenant } from './simulator';
import { anyQuietEvent, suspendQuietEvents } from './watchdog';

/**
 * The tenants the simulated feed plays for: sports on, and not handed to Betby's widget (whose book is Betby's).
 */
export async function simulatedTenants(db: Db): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    `select id from tenants
      where active and (settings->>'hasSports')::boolean is true
        and coalesce((settings->'betby'->>'active')::boolean, false) is false
      order by id`,
  );
  return rows.map((r) => Number(r.id));
}

async function forEachTenant(db: Db, signal: AbortSignal, fn: (tenantId: number) => Promise<unknown>) {
  for (const id of await simulatedTenants(db)) {
    if (signal.aborted) return;
    await fn(id);
  }
}

/** Fixtures one schedule run adds per tenant: about a second of work, so other jobs and requests keep flowing. */
const FIXTURES_PER_RUN = 20;
/** Process uptime before the feed's first run. */
const START_GRACE_MS = 10_000;

/**
 * The feed's leased jobs, so one node plays it: the schedule (new fixtures, a few at a time), the beat (scores,
 * prices, bet stops, results every two seconds) and the heartbeat watchdog (on its own, as a real feed can die too).
 */
export function feedJobs(s: FeedSettings = feedSettings()): Job[] {
  return [
    {
      name: 'sports-feed-schedule',
      intervalMs: 10_000,
      // Not while the node is still starting: its first fill would compete with the start for the database.
      hasWork: async (db) => performance.now() > START_GRACE_MS && (await simulatedTenants(db)).length > 0,
      run: ({ db, signal }) =>
        forEachTenant(db, signal, (id) => scheduleTenant(db, catalogSink(db), id, new Date(), s, FIXTURES_PER_RUN)),
    },
    {
      name: 'sports-feed-tick',
      intervalMs: 2_000,
      hasWork: async (db) => performance.now() > START_GRACE_MS && (await simulatedTenants(db)).length > 0,
      run: ({ db, signal }) => forEachTenant(db, signal, (id) => tickTenant(db, catalogSink(db), id, new Date(), s)),
    },
    {
      name: 'sports-feed-watchdog',
      intervalMs: 5_000,
      hasWork: (db) => anyQuietEvent(db, new Date(), s.quietMs),
      run: async ({ db }) => void (await suspendQuietEvents(db, new Date(), s.quietMs)),
    },
  ];
}

/**
 * SPORTS_FEED=off keeps this process out of the simulated feed (another node takes the leases): a node that must not
 * write on its own, such as the data-directory tests' server, sets it.
 */
export const FEED_JOBS: Job[] = process.env.SPORTS_FEED === 'off' ? [] : feedJobs();
