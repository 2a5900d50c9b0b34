import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';

export const RESULTS_DIR = path.join(import.meta.dirname, 'results');

/** The PostgreSQL the database benchmarks run on: BENCH_DATABASE_URL, else the test database. */
export const BENCH_DB_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/**
 * Runs `fn` in fresh private schemas of BENCH_DB_URL (one per prefix, a random suffix each), dropped afterwards
 * whatever happens; `admin` is a connection outside them (e.g. for the server-wide pg_stat_wal).
 */
export async function withSchemas<P extends string[], T>(
  prefixes: [...P],
  fn: (schemas: { [K in keyof P]: string }, admin: pg.Client) => Promise<T>,
): Promise<T> {
  const admin = new pg.Client({ connectionString: BENCH_DB_URL });
  await admin.connect();
  const schemas = prefixes.map((p) => `${p}_${randomBytes(4).toString('hex')}`) as { [K in keyof P]: string };
  try {
    for (const s of schemas) await admin.query(`create schema ${s}`);
    return await fn(schemas, admin);
  } finally {
    for (const s of schemas) await admin.query(`drop schema if exists ${s} cascade`);
    await admin.end();
  }
}

/**
 * ANALYZE of a bench schema's tables, once a warm-up of the measured load has filled them: what autovacuum does
 * within a minute of a live database's tables changing, and what `pgbench -i` does for the yardstick's own tables.
 * On never-analyzed tables of a few dozen rows, the generic plans the hot functions cache for a connection's
 * lifetime may take any index whose first column matches: a lookup of one player by (tenant_id, id) went through
 * (tenant_id, phone) and read every player of the tenant, on every bet.
 */
export async function analyzeSchema(
  db: { query(text: string, params?: unknown[]): Promise<{ rows: unknown[] }> },
  schema: string,
): Promise<void> {
  const { rows } = await db.query('select tablename as t from pg_tables where schemaname = $1', [schema]);
  const tables = (rows as { t: string }[]).map((r) => `${schema}.${r.t}`);
  if (tables.length) await db.query(`analyze ${tables.join(', ')}`);
}

/**
 * One load run. p90/p99.9/max beside the targets' p50/p99 say whether a missed p99 is the server's throughput (p50
 * and p90 near p99: every request waits its turn) or a few stalls (p90 low, p99.9 and max far above p99).
 */
export type LoadResult = {
  requests_per_s: number;
  p50_ms: number;
  p90_ms: number;
  p99_ms: number;
  p999_ms: number;
  max_ms: number;
  errors: number;
  non2xx: number;
};

/**
 * The HTTP load generator: wrk (C, one epoll thread) when it is installed (`apt-get install wrk`), else autocannon.
 * On a 2-core machine the load generator shares the cores with the server it measures: autocannon is itself a
 * Node process and took about two thirds of a core at 20k req/s, wrk about a fifth, so wrk leaves the server the
 * CPU a real client's traffic would. BENCH_LOADGEN=autocannon forces autocannon (to compare with older figures).
 */
export const LOADGEN: 'wrk' | 'autocannon' =
  process.env.BENCH_LOADGEN === 'autocannon' || spawnSync('wrk', ['-v']).error ? 'autocannon' : 'wrk';

// wrk's script: requests walk the given path list (each thread from its own offset), and the summary is printed
// as one JSON line (latency in microseconds, errors by kind; a status >= 400 counts as an error of kind status).
// The requests are formatted once, in init: a string made per request is garbage that Lua's collector must
// reclaim while it traverses the whole list, and wrk times a response as late as its event loop reads it.
const WRK_SCRIPT = `
local file = os.getenv("WRK_PATHS")
local reqs = {}
local i = 0
function setup(thread) thread:set("offset", math.random(1, 1000000)) end
function init(args)
  if file and file ~= "" then
    for line in io.lines(file) do reqs[#reqs + 1] = wrk.format(nil, line) end
  end
  if #reqs > 0 then i = (tonumber(offset) or 0) % #reqs end
end
if file and file ~= "" then
  function request()
    i = i % #reqs + 1
    return reqs[i]
  end
end
function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('\\nWRK_JSON {"requests":%d,"duration_us":%d,"p50_us":%d,"p99_us":%d,' ..
    '"p90_us":%d,"p999_us":%d,"max_us":%d,"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), latency:percentile(90),
    latency:percentile(99.9), latency.max, e.connect, e.read, e.write, e.status, e.timeout))
end
`;

/**
 * wrk on loopback: `connections` keep-alive connections on one thread for `seconds`; with `paths`, each request
 * takes the next path of the list (draw them in advance to load a mix of URLs).
 */
export function wrkLoad(o: {
  url: string;
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
  paths?: string[];
}): LoadResult {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sorte-wrk-'));
  try {
    const script = path.join(dir, 'mix.lua');
    fs.writeFileSync(script, WRK_SCRIPT);
    const pathsFile = path.join(dir, 'paths.txt');
    if (o.paths?.length) fs.writeFileSync(pathsFile, `${o.paths.join('\n')}\n`);
    const args = ['-t1', `-c${o.connections}`, `-d${o.seconds}s`, '--timeout', '10s', '-s', script];
    for (const [k, v] of Object.entries(o.headers ?? {})) args.push('-H', `${k}: ${v}`);
    args.push(o.url);
    const r = spawnSync('wrk', args, {
      encoding: 'utf8',
      env: { ...process.env, WRK_PATHS: o.paths?.length ? pathsFile : '' },
      maxBuffer: 16 * 1024 * 1024,
    });
    const line = /WRK_JSON (\{.*\})/.exec(r.stdout ?? '')?.[1];
    if (r.status !== 0 || !line) throw new Error(`wrk failed (${r.status}): ${r.stderr || r.stdout}`);
    const w = JSON.parse(line) as Record<string, number>;
    const ms = (us: number) => Math.round(us / 10) / 100;
    return {
      requests_per_s: Math.round(w.requests! / (w.duration_us! / 1e6)),
      p50_ms: ms(w.p50_us!),
      p90_ms: ms(w.p90_us!),
      p99_ms: ms(w.p99_us!),
      p999_ms: ms(w.p999_us!),
      max_ms: ms(w.max_us!),
      errors: w.connect! + w.read! + w.write! + w.timeout!,
      non2xx: w.status!,
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** LOADGEN on loopback: bounded in time, one target, fixed connection count. */
export async function load(o: {
  url: string;
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
}): Promise<LoadResult> {
  if (LOADGEN === 'wrk') return wrkLoad(o);
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
    p90_ms: r.latency.p90,
    p99_ms: r.latency.p99,
    p999_ms: r.latency.p99_9,
    max_ms: r.latency.max,
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

export type Wal = { records: number; fpi: number; bytes: number };

/** The server's WAL counters (pg_stat_wal, PostgreSQL 14+): what a run wrote, to divide by its transactions. */
export async function walNow(db: { query(text: string): Promise<{ rows: unknown[] }> }): Promise<Wal> {
  const r = await db.query('select wal_records as records, wal_fpi as fpi, wal_bytes as bytes from pg_stat_wal');
  const w = r.rows[0] as { records: string; fpi: string; bytes: string };
  return { records: Number(w.records), fpi: Number(w.fpi), bytes: Number(w.bytes) };
}

/**
 * WAL per transaction of a run: the server's counters, so everything the server wrote in the window counts (the
 * subject's background work too, and any other session's: run alone). Records are the deterministic figure (one
 * per row written plus one per index entry); bytes move with full-page images after each checkpoint.
 */
export function walPer(before: Wal, after: Wal, transactions: number) {
  const per = (n: number) => Math.round((n / Math.max(1, transactions)) * 10) / 10;
  return {
    wal_bytes_per_tx: Math.round((after.bytes - before.bytes) / Math.max(1, transactions)),
    wal_records_per_tx: per(after.records - before.records),
    full_page_images_per_tx: per(after.fpi - before.fpi),
  };
}
