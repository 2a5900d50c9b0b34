import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { Db } from '../db/index';

/** What a run gets: `signal` aborts when this node lost the lease (it could not renew it in time). */
export type JobContext = { db: Db; signal: AbortSignal; node: string };

export type Job = {
  /** Stable name: the job's row in scheduled_jobs. */
  name: string;
  /** Time from one run's scheduled start to the next one's (not from its end). */
  intervalMs: number;
  /** How long a run may go without renewing its lease before another node may take the job. */
  leaseMs?: number;
  run(ctx: JobContext): Promise<void>;
  /**
   * A read-only look before the lease is taken: false skips this tick without writing anything, so an idle node
   * writes nothing (a lease is a write). Asked again on the next tick.
   */
  hasWork?(db: Db): Promise<boolean>;
};

export type SchedulerOptions = {
  db: Db;
  jobs: Job[];
  /** This node's name in leased_by; unique per process by default. */
  node?: string;
  onError?: (err: unknown, where: { job: string }) => void;
};

export type Scheduler = {
  node: string;
  /** Runs every job that is due and not leased by another node; resolves when those runs ended. Returns their names. */
  runDue(): Promise<string[]>;
  start(o?: { tickMs?: number }): void;
  /** Stops ticking and waits for runs in progress, which then give their leases back. */
  stop(): Promise<void>;
};

const DEFAULT_LEASE_MS = 60_000;

const ms = (n: number) => `${Math.max(1, Math.round(n))} milliseconds`;

/**
 * Periodic jobs, each run by one node at a time: a run starts only by taking the job's lease in one conditional
 * UPDATE (the row lock makes a second node's UPDATE see the lease taken), renews it while it runs, and gives it back
 * with the next due time. A node that dies mid-run stops renewing; its lease runs out and another node takes over.
 * Times come from the database's clock, so nodes with skewed clocks agree. A job that fell behind runs once, not
 * once per missed interval.
 */
export function createScheduler(o: SchedulerOptions): Scheduler {
  const { db } = o;
  const node = o.node ?? `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const jobs = new Map(o.jobs.map((j) => [j.name, j]));
  if (jobs.size !== o.jobs.length) throw new Error('two jobs share a name');
  const inFlight = new Map<string, Promise<void>>();
  let known = false;

  async function ensureRows() {
    if (known) return;
    for (const j of jobs.values())
      await db.query(
        'insert into scheduled_jobs (name, next_run_at) values ($1, now()) on conflict (name) do nothing',
        [j.name],
      );
    known = true;
  }

  async function takeLease(j: Job): Promise<boolean> {
    const { rowCount } = await db.query(
      `update scheduled_jobs set leased_by = $2, lease_until = now() + $3::interval, last_started_at = now()
        where name = $1 and next_run_at <= now() and (lease_until is null or lease_until < now())`,
      [j.name, node, ms(j.leaseMs ?? DEFAULT_LEASE_MS)],
    );
    return rowCount === 1;
  }

  async function runLeased(j: Job) {
    const leaseMs = j.leaseMs ?? DEFAULT_LEASE_MS;
    const abort = new AbortController();
    const renew = setInterval(() => {
      db.query(
        `update scheduled_jobs set lease_until = now() + $3::interval
          where name = $1 and leased_by = $2 and lease_until >= now()`,
        [j.name, node, ms(leaseMs)],
      )
        .then((r) => {
          if (r.rowCount === 0) abort.abort(new Error(`lease of job ${j.name} lost`));
        })
        .catch(() => {});
    }, leaseMs / 3);
    let error: string | null = null;
    try {
      await j.run({ db, signal: abort.signal, node });
    } catch (err) {
      error = (err instanceof Error ? err.message : String(err)).slice(0, 2000);
      o.onError?.(err, { job: j.name });
    } finally {
      clearInterval(renew);
    }
    // The next run is due one interval after this one was due, or now when that has passed already.
    await db.query(
      `update scheduled_jobs set leased_by = null, lease_until = null, last_finished_at = now(), last_error = $3,
          runs = runs + 1, next_run_at = greatest(next_run_at + $4::interval, now())
        where name = $1 and leased_by = $2`,
      [j.name, node, error, ms(j.intervalMs)],
    );
  }

  async function runDue(): Promise<string[]> {
    await ensureRows();
    const started: string[] = [];
    const runs: Promise<void>[] = [];
    for (const j of jobs.values()) {
      if (inFlight.has(j.name)) continue;
      if (j.hasWork && !(await j.hasWork(db))) continue;
      if (!(await takeLease(j))) continue;
      const p = runLeased(j).finally(() => inFlight.delete(j.name));
      inFlight.set(j.name, p);
      started.push(j.name);
      runs.push(p);
    }
    await Promise.all(runs);
    return started;
  }

  let timer: NodeJS.Timeout | null = null;
  let stopped = true;
  return {
    node,
    runDue,
    start({ tickMs = 1_000 } = {}) {
      if (!stopped) return;
      stopped = false;
      const loop = () => {
        // Runs proceed in the background; the next tick skips jobs this node is still running.
        runDue().catch((err) => o.onError?.(err, { job: '*' }));
        if (!stopped) timer = setTimeout(loop, tickMs);
      };
      timer = setTimeout(loop, 0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await Promise.allSettled([...inFlight.values()]);
    },
  };
}
