import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { Db } from '../db/index';
import { ensureLeaseRow, releaseLease, renewLease, takeLease } from './leases';

/**
 * What a run gets: `signal` aborts when this node lost the lease (it could not renew it in time) or the scheduler
 * is stopping; `node` is the lease's holder, for a leader's holdsLease checks.
 */
export type JobContext = { db: Db; signal: AbortSignal; node: string };

export type Job = {
  /** Stable name: the job's row in scheduled_jobs. */
  name: string;
  /**
   * Time from one run's scheduled start to the next one's (not from its end). A leader job (a loop one node drives
   * for as long as it holds the lease, ending when `signal` aborts) has 0: a standby takes it up at once.
   */
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
  /** Adds jobs known only once the app runs (a leader job per tenant); they run from the next tick. */
  add(jobs: Job[]): void;
  /** Takes jobs out: their runs in progress are aborted and awaited, and give their leases back. */
  remove(names: string[]): Promise<void>;
  start(o?: { tickMs?: number }): void;
  /** Stops ticking and waits for runs in progress, which then give their leases back. */
  stop(): Promise<void>;
};

const DEFAULT_LEASE_MS = 60_000;

/**
 * Periodic and leader jobs, each run by one node at a time: a run starts only by taking the job's lease in one
 * conditional UPDATE (leases.ts: the row lock makes a second node's UPDATE see the lease taken), renews it while it
 * runs, and gives it back with the next due time. A node that dies mid-run stops renewing; its lease runs out and
 * another node takes over. Times come from the database's clock, so nodes with skewed clocks agree. A job that fell
 * behind runs once, not once per missed interval.
 */
export function createScheduler(o: SchedulerOptions): Scheduler {
  const { db } = o;
  const node = o.node ?? `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const jobs = new Map(o.jobs.map((j) => [j.name, j]));
  if (jobs.size !== o.jobs.length) throw new Error('two jobs share a name');
  const inFlight = new Map<string, { done: Promise<void>; abort: AbortController }>();
  const known = new Set<string>();
  let stopping = false;
  let ticking: Promise<unknown> = Promise.resolve();

  async function ensureRows() {
    for (const j of jobs.values()) {
      if (known.has(j.name)) continue;
      await ensureLeaseRow(db, j.name);
      known.add(j.name);
    }
  }

  async function runLeased(j: Job, abort: AbortController) {
    const leaseMs = j.leaseMs ?? DEFAULT_LEASE_MS;
    const renew = setInterval(() => {
      renewLease(db, { name: j.name, holder: node, ttlMs: leaseMs })
        .then((held) => {
          if (!held) abort.abort(new Error(`lease of job ${j.name} lost`));
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
    try {
      await releaseLease(db, { name: j.name, holder: node, afterMs: j.intervalMs, error });
    } catch (err) {
      // The database went away under the run (a shutdown): the lease runs out by itself and another node takes over.
      o.onError?.(err, { job: j.name });
    }
  }

  async function runDue(): Promise<string[]> {
    await ensureRows();
    const started: string[] = [];
    const runs: Promise<void>[] = [];
    for (const j of [...jobs.values()]) {
      if (inFlight.has(j.name) || !jobs.has(j.name)) continue;
      if (j.hasWork && !(await j.hasWork(db))) continue;
      if (!(await takeLease(db, { name: j.name, holder: node, ttlMs: j.leaseMs ?? DEFAULT_LEASE_MS, due: true })))
        continue;
      // stop() began while this tick waited for the lease: give it back rather than start a run stop() cannot see.
      if (stopping) {
        await releaseLease(db, { name: j.name, holder: node, afterMs: 0, error: null, counted: false });
        continue;
      }
      const abort = new AbortController();
      const done = runLeased(j, abort).finally(() => inFlight.delete(j.name));
      inFlight.set(j.name, { done, abort });
      started.push(j.name);
      runs.push(done);
    }
    await Promise.all(runs);
    return started;
  }

  let timer: NodeJS.Timeout | null = null;
  let stopped = true;
  return {
    node,
    runDue,
    add(more) {
      for (const j of more) {
        if (jobs.has(j.name)) throw new Error(`a job named ${j.name} exists`);
        jobs.set(j.name, j);
      }
    },
    async remove(names) {
      const runs: Promise<void>[] = [];
      for (const name of names) {
        jobs.delete(name);
        const run = inFlight.get(name);
        if (!run) continue;
        run.abort.abort(new Error(`job ${name} removed`));
        runs.push(run.done);
      }
      await Promise.allSettled(runs);
    },
    start({ tickMs = 1_000 } = {}) {
      if (!stopped) return;
      stopped = false;
      stopping = false;
      const loop = () => {
        // Runs proceed in the background; the next tick skips jobs this node is still running.
        ticking = runDue().catch((err) => o.onError?.(err, { job: '*' }));
        if (!stopped) timer = setTimeout(loop, tickMs);
      };
      timer = setTimeout(loop, 0);
    },
    async stop() {
      stopped = true;
      stopping = true;
      if (timer) clearTimeout(timer);
      timer = null;
      for (const run of inFlight.values()) run.abort.abort(new Error('the scheduler is stopping'));
      // The tick in progress starts no new run now; it ends when its runs, aborted above, have ended.
      await Promise.allSettled([ticking, ...[...inFlight.values()].map((r) => r.done)]);
    },
  };
}
