import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';

export const RESULTS_DIR = path.join(import.meta.dirname, 'results');

export type LoadResult = { requests_per_s: number; p50_ms: number; p99_ms: number; errors: number; non2xx: number };

/** autocannon on loopback: bounded in time, one target, fixed connection count. */
export async function load(o: {
  url: string;
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
}): Promise<LoadResult> {
  const r = await autocannon({
    url: o.url,
    connections: o.connections,
    duration: o.seconds,
    headers: o.headers,
    pipelining: 1,
  });
  return {
    requests_per_s: Math.round(r.requests.average),
    p50_ms: r.latency.p50,
    p99_ms: r.latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
  };
}

export function record(name: string, result: unknown, summary: string) {
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `${name}.json`);
  fs.writeFileSync(file, JSON.stringify({ name, at: new Date().toISOString(), ...(result as object) }, null, 2));
  console.log(summary);
}

/** Transactions per second from pgbench's report (excluding connection time when it says so). */
export function pgbenchTps(out: string): number {
  const m = /tps = ([\d.]+) \(without initial connection time\)/.exec(out) ?? /tps = ([\d.]+)/.exec(out);
  return Math.round(Number(m?.[1] ?? 0));
}

export type TpcbResult = { tps: number; runs_tps: number[]; scale: number; clients: number; seconds: number };

/**
 * pgbench TPC-B as the yardstick of the database benchmarks: initialised once (scale = clients) in `schema`, run
 * right before and right after the subject (same clients, `-j 2`, same duration); the reference is the mean of
 * the two runs, so a machine that drifts during the run (a shared VM does) moves both sides of the ratio alike.
 */
export function tpcb(o: { url: string; schema: string; clients: number; seconds: number }) {
  const env = { ...process.env, PGOPTIONS: `-c search_path=${o.schema}` };
  const runs: number[] = [];
  return {
    init() {
      execFileSync('pgbench', ['-i', '-q', '-s', String(o.clients), o.url], { env, stdio: 'pipe' });
    },
    run() {
      const out = execFileSync('pgbench', ['-c', String(o.clients), '-j', '2', '-T', String(o.seconds), '-n', o.url], {
        env,
        encoding: 'utf8',
      });
      runs.push(pgbenchTps(out));
    },
    result(): TpcbResult {
      const tps = Math.round(runs.reduce((a, b) => a + b, 0) / Math.max(1, runs.length));
      return { tps, runs_tps: [...runs], scale: o.clients, clients: o.clients, seconds: o.seconds };
    },
  };
}
