import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../platform/db/index';
import type { Job } from '../../../platform/jobs/index';
import { broadcast } from '../../realtime/index';
import { listTenants } from '../../tenants/index';
import { type Clock, type EngineOptions, engineJobName, LEASE_TTL_MS, type Publish, RoundEngine } from './engine';
import { MULTIPLAYER_GAMES } from './settings';

/**
 * Per database handle (one per app): the clock the API judges cash-outs with, how events are published, and the
 * engines this process drives. Tests replace the clock and the publisher; production uses Date.now and realtime.
 */
type Runtime = { clock: Clock; publish: Publish; engines: Set<RoundEngine> };
const runtimes = new WeakMap<Db, Runtime>();

export function runtimeOf(db: Db): Runtime {
  let r = runtimes.get(db);
  if (!r) {
    r = { clock: Date.now, publish: (t, c, e, d) => broadcast(t, c, e, d), engines: new Set() };
    runtimes.set(db, r);
  }
  return r;
}

/** Test hook: the clock (and optionally the publisher) for the API and the engines created afterwards. */
export function configureMultiplayer(db: Db, o: { clock?: Clock; publish?: Publish }) {
  const r = runtimeOf(db);
  if (o.clock) r.clock = o.clock;
  if (o.publish) r.publish = o.publish;
}

/** An engine for (tenant, game) sharing the runtime's clock and publisher. Not started: call start() or tick(). */
export function createEngine(db: Db, o: Omit<EngineOptions, 'db'>): RoundEngine {
  const r = runtimeOf(db);
  const engine = new RoundEngine({ clock: () => r.clock(), publish: (...a) => r.publish(...a), ...o, db });
  r.engines.add(engine);
  return engine;
}

/**
 * Production: one Crash and one Double engine per active tenant, each a leader job of the app's scheduler
 * (platform/jobs): the node holding a job's lease drives those rounds, the others stand by and take over when its
 * lease runs out (an engine whose tenant has the games off opens no round). Returns a function that takes the jobs
 * out again, ending the rounds' loops on this node and handing their leases back.
 */
export async function startMultiplayerEngines(app: FastifyInstance): Promise<() => Promise<void>> {
  const tenants = (await listTenants(app.db)).filter((t) => t.active);
  const jobs: Job[] = [];
  for (const t of tenants)
    for (const game of MULTIPLAYER_GAMES) {
      const engine = createEngine(app.db, {
        tenantId: t.id,
        game,
        onError: (err) => app.log.error({ err, tenant: t.id, game }, 'multiplayer engine error'),
      });
      jobs.push({
        name: engineJobName(t.id, game),
        intervalMs: 0,
        leaseMs: LEASE_TTL_MS,
        run: (ctx) => engine.lead(ctx),
      });
    }
  app.jobs.add(jobs);
  return () => app.jobs.remove(jobs.map((j) => j.name));
}
