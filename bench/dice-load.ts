// The dice load the originals, bonus, promotions and responsible-gaming benches drive: players betting
// POST /api/originals/dice/bet in a loop over keep-alive connections, from worker threads.
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { walNow, walPer } from './lib';

type Sql = { query<T>(text: string, params?: unknown[]): Promise<{ rows: T[] }> };

/** Load-generating threads (as pgbench -j 2), so the clients' CPU is not taken from the server's event loop. */
export const THREADS = 2;

/** One load-generating thread: each of its players bets in a loop (warm-up, then the measured window). */
const CLIENT_CODE = `
const { parentPort, workerData } = require('node:worker_threads');
const { Connection } = require(workerData.client);
const { port, tokens, seconds, warmup, prefix } = workerData;
const body = JSON.stringify({ amount: 100, target: 50.5, condition: 'over' });
let seq = 0;
const bet = async (conn, token) => {
  const t0 = performance.now();
  const res = await conn.request('POST', '/api/originals/dice/bet', { 'content-type': 'application/json',
    authorization: 'Bearer ' + token, 'idempotency-key': prefix + '-' + seq++ }, body, false);
  return [res.status, performance.now() - t0];
};
const out = { ok: 0, errors: 0, secs: 0, lat: [] };
const conns = tokens.map(() => new Connection(port));
const loop = async (i, deadline, counting) => {
  while (Date.now() < deadline) {
    const [status, ms] = await bet(conns[i], tokens[i]);
    if (!counting) continue;
    if (status === 200) { out.ok++; out.lat.push(ms); } else out.errors++;
  }
};
(async () => {
  const w = Date.now() + warmup * 1000;
  await Promise.all(tokens.map((_, i) => loop(i, w, false)));
  const start = Date.now();
  await Promise.all(tokens.map((_, i) => loop(i, start + seconds * 1000, true)));
  out.secs = (Date.now() - start) / 1000;
  for (const c of conns) c.close();
  parentPort.postMessage(out);
})();
`;

export type Run = { bets_per_s: number; p50_ms: number; p99_ms: number; errors: number; wal_per_bet?: number };

/**
 * The players of `tokens` split over THREADS threads, betting for a 2 s warm-up and then `seconds`. Thread i talks
 * to `ports[i % ports.length]` (a player stays on one node, as behind a sticky load balancer) and keys its bets
 * `prefix(i)-<n>`.
 */
export async function diceLoad(o: {
  ports: number[];
  tokens: string[];
  seconds: number;
  prefix: (thread: number) => string;
}): Promise<Run> {
  const per = Math.ceil(o.tokens.length / THREADS);
  const parts = Array.from({ length: THREADS }, (_, i) => o.tokens.slice(i * per, (i + 1) * per)).filter(
    (t) => t.length,
  );
  const results = await Promise.all(
    parts.map(
      (part, i) =>
        new Promise<{ ok: number; errors: number; secs: number; lat: number[] }>((resolve, reject) => {
          const w = new Worker(CLIENT_CODE, {
            eval: true,
            workerData: {
              client: path.join(import.meta.dirname, 'keepalive-client.cjs'),
              port: o.ports[i % o.ports.length],
              tokens: part,
              seconds: o.seconds,
              warmup: 2,
              prefix: o.prefix(i),
            },
          });
          w.once('message', resolve);
          w.once('error', reject);
        }),
    ),
  );
  const bets = results.reduce((n, r) => n + r.ok, 0);
  const secs = Math.max(...results.map((r) => r.secs));
  const lat = results.flatMap((r) => r.lat).sort((a, b) => a - b);
  return {
    bets_per_s: Math.round(bets / secs),
    p50_ms: Math.round(lat[Math.floor(lat.length * 0.5)]! * 10) / 10,
    p99_ms: Math.round(lat[Math.floor(lat.length * 0.99)]! * 10) / 10,
    errors: results.reduce((n, r) => n + r.errors, 0),
  };
}

/** One run of a group of players on one node; `label` keeps its bets' keys apart from other runs'. */
export function load(port: number, tokens: string[], label: string, seconds: number): Promise<Run> {
  return diceLoad({ ports: [port], tokens, seconds, prefix: (i) => `${label}-${i}-${Date.now()}` });
}

/** The dice bets in the table, to count a run's bets for WAL per bet. */
export async function countBets(db: Sql): Promise<number> {
  return Number((await db.query<{ n: string }>('select count(*)::text as n from originals_bets')).rows[0]!.n);
}

/** A measured run of one group, with the WAL records its bets wrote (warm-up included, so a bet is counted). */
export async function measured(db: Sql, port: number, tokens: string[], label: string, seconds: number): Promise<Run> {
  const [bets0, wal0] = [await countBets(db), await walNow(db)];
  const run = await load(port, tokens, label, seconds);
  const wal = walPer(wal0, await walNow(db), (await countBets(db)) - bets0);
  return { ...run, wal_per_bet: wal.wal_records_per_tx };
}
