import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testDb } from '../../test/helpers';
import { type Db, openPostgres } from '../db/index';
import { migrate } from '../db/migrate';
import { holdsLease } from './leases';
import { createScheduler, type Job } from './scheduler';

let db: Db & { label: string };
/** A second node: another pool on the same schema on PostgreSQL; on PGlite (one process) the same database. */
let other: Db;

beforeAll(async () => {
  db = await testDb();
  await migrate(db);
  if (db.label === 'postgres') {
    const schema = (await db.query<{ s: string }>('select current_schema() as s')).rows[0]!.s;
    other = await openPostgres(process.env.TEST_DATABASE_URL!, { poolSize: 5, searchPath: schema });
  } else other = db;
});
afterAll(async () => {
  if (other && other !== db) await other.close();
  await db?.close();
});
beforeEach(async () => {
  await db.exec('delete from scheduled_jobs');
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A job that counts its runs and how many of them overlapped. */
function probe(name: string, o: { intervalMs: number; workMs?: number; leaseMs?: number }) {
  const seen = { runs: 0, running: 0, maxRunning: 0, nodes: new Set<string>() };
  const job: Job = {
    name,
    intervalMs: o.intervalMs,
    leaseMs: o.leaseMs,
    async run({ node }) {
      seen.runs++;
      seen.running++;
      seen.maxRunning = Math.max(seen.maxRunning, seen.running);
      seen.nodes.add(node);
      await sleep(o.workMs ?? 20);
      seen.running--;
    },
  };
  return { job, seen };
}

describe(`job scheduler (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('runs a job on one node at a time, however often the nodes tick', async () => {
    const { job, seen } = probe('payouts', { intervalMs: 1, workMs: 25 });
    const a = createScheduler({ db, jobs: [job], node: 'A' });
    const b = createScheduler({ db: other, jobs: [job], node: 'B' });
    for (let i = 0; i < 8; i++) {
      const [ranA, ranB] = await Promise.all([a.runDue(), b.runDue(), sleep(2).then(() => a.runDue())]);
      // Each round exactly one call got the lease; the others found it taken.
      expect(ranA.length + ranB.length).toBeLessThanOrEqual(1);
      await sleep(3);
    }
    expect(seen.maxRunning).toBe(1);
    expect(seen.runs).toBeGreaterThanOrEqual(8);
  });

  it('takes no lease and writes nothing while a job says it has no work', async () => {
    let work = false;
    let runs = 0;
    const job: Job = {
      name: 'idle',
      intervalMs: 1,
      hasWork: async () => work,
      run: async () => void runs++,
    };
    const node = createScheduler({ db, jobs: [job] });
    expect(await node.runDue()).toEqual([]);
    const row = async () =>
      (
        await db.query<{ runs: number; leased_by: string | null }>(
          "select runs, leased_by from scheduled_jobs where name = 'idle'",
        )
      ).rows[0];
    expect(await row()).toMatchObject({ runs: 0, leased_by: null });
    work = true;
    expect(await node.runDue()).toEqual(['idle']);
    expect(runs).toBe(1);
  });

  it('waits one interval from a run to the next', async () => {
    const { job, seen } = probe('expire-charges', { intervalMs: 60_000, workMs: 1 });
    const a = createScheduler({ db, jobs: [job], node: 'A' });
    const b = createScheduler({ db: other, jobs: [job], node: 'B' });
    expect(await a.runDue()).toEqual(['expire-charges']);
    expect(await b.runDue()).toEqual([]);
    expect(await a.runDue()).toEqual([]);
    expect(seen.runs).toBe(1);
    const { rows } = await db.query<{ gap: number; leased_by: string | null; runs: number }>(
      `select extract(epoch from next_run_at - last_started_at)::float8 as gap, leased_by, runs
        from scheduled_jobs where name = 'expire-charges'`,
    );
    expect(rows[0]).toMatchObject({ leased_by: null, runs: 1 });
    expect(rows[0]!.gap).toBeGreaterThan(59.9);
    expect(rows[0]!.gap).toBeLessThan(60.1);
  });

  it('takes over the job of a node that died once its lease runs out', async () => {
    const { job, seen } = probe('cashback', { intervalMs: 60_000, workMs: 1 });
    const b = createScheduler({ db: other, jobs: [job], node: 'B' });
    // Node A took the lease and died mid-run: its lease is still good for a moment.
    await db.query(
      `insert into scheduled_jobs (name, next_run_at, leased_by, lease_until)
        values ('cashback', now() - interval '1 minute', 'A', now() + interval '300 milliseconds')`,
    );
    expect(await b.runDue()).toEqual([]);
    expect(seen.runs).toBe(0);
    await sleep(400);
    expect(await b.runDue()).toEqual(['cashback']);
    expect([...seen.nodes]).toEqual(['B']);
  });

  it('keeps the lease of a run that outlasts it, and records a failed run', async () => {
    const long = probe('feed-tick', { intervalMs: 1, workMs: 500, leaseMs: 150 });
    const failing: Job = {
      name: 'broken',
      intervalMs: 60_000,
      async run() {
        throw new Error('psp down');
      },
    };
    const errors: string[] = [];
    const a = createScheduler({ db, jobs: [long.job, failing], node: 'A', onError: (e) => errors.push(String(e)) });
    const b = createScheduler({ db: other, jobs: [long.job], node: 'B' });
    const run = a.runDue();
    // Long after the first lease would have run out, B still finds the job taken: A renews it while it runs.
    await sleep(350);
    expect(await b.runDue()).toEqual([]);
    expect(await run).toEqual(['feed-tick', 'broken']);
    expect(long.seen.maxRunning).toBe(1);
    expect(errors).toEqual(['Error: psp down']);
    const { rows } = await db.query<{ last_error: string }>(
      "select last_error from scheduled_jobs where name = 'broken'",
    );
    expect(rows[0]!.last_error).toBe('psp down');
  });

  it('runs a leader job on one node while it holds the lease; a standby takes it over from a dead node', async () => {
    // A leader job: a loop that lasts while its node leads, checking its lease as a round engine's transitions do.
    const led: { node: string; held: boolean }[] = [];
    const leader: Job = {
      name: 'rounds',
      intervalMs: 0,
      leaseMs: 300,
      async run({ db: sql, node, signal }) {
        while (!signal.aborted) {
          led.push({ node, held: await holdsLease(sql, { name: 'rounds', holder: node }) });
          await sleep(20);
        }
      },
    };
    const b = createScheduler({ db: other, jobs: [leader], node: 'B' });
    const c = createScheduler({ db, jobs: [leader], node: 'C' });
    // Node A led and died: its lease is still good for a moment, and nobody takes the job.
    await db.query(
      `insert into scheduled_jobs (name, next_run_at, leased_by, lease_until)
        values ('rounds', now(), 'A', now() + interval '300 milliseconds')`,
    );
    expect(await b.runDue()).toEqual([]);
    await sleep(400);
    // B takes over and leads for as long as it runs, well past one lease: the scheduler renews it.
    const runB = b.runDue();
    await sleep(700);
    expect(await c.runDue()).toEqual([]);
    expect(led.length).toBeGreaterThan(5);
    expect(led.every((l) => l.node === 'B' && l.held)).toBe(true);
    // B stops (a deploy): its loop ends and its lease is handed back, so C leads at once.
    await b.stop();
    expect(await runB).toEqual(['rounds']);
    const runC = c.runDue();
    await sleep(100);
    expect(led.at(-1)).toEqual({ node: 'C', held: true });
    await c.remove(['rounds']);
    expect(await runC).toEqual(['rounds']);
    const { rows } = await db.query<{ leased_by: string | null }>(
      "select leased_by from scheduled_jobs where name = 'rounds'",
    );
    expect(rows[0]!.leased_by).toBeNull();
  });
});
