// Benchmark (sports): the sportsbook on PostgreSQL beside pgbench TPC-B on the same server in the same run.
// - placements: pre-match single bets per second end to end through HTTP (Fastify app + auth + Idempotency-Key +
//   price and limit checks under share locks + responsible gaming + ledger debit + legs + exposure upsert + the
//   sports.bet_placed event). Target: placements/s >= 0.5 x pgbench transactions/s, like the dice bench. Each client
//   is its own player, betting on one of 8 events x 3 outcomes at random (the exposure rows are where concurrent
//   bets on one market meet, so the load has hot rows as a real book does).
// - settlement: its own part below (bets settled per second beside pgbench TPC-B).
// Load: 16 clients in 2 worker threads (as pgbench -c 16 -j 2), one server node.
// BENCH_DATABASE_URL (default: the test PostgreSQL); both run in private schemas that are dropped afterwards.

import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { analyzeSchema, BENCH_DB_URL, record, type TpcbResult, tpcb, walNow, walPer, withSchemas } from './lib';

type Sql = { query<T>(text: string, params?: unknown[]): Promise<{ rows: T[] }> };
type Db = Sql & { transaction<T>(fn: (tx: Sql) => Promise<T>): Promise<T>; close(): Promise<void> };
const server = (p: string) => import(new URL(`../apps/server/src/${p}`, import.meta.url).href);
const { openPostgres } = (await server('platform/db/index.ts')) as {
  openPostgres(url: string, o?: { poolSize?: number; searchPath?: string }): Promise<Db>;
};

const DB_URL = BENCH_DB_URL;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 16);
const THREADS = 2;
const EVENTS = 8;

type App = {
  listen(o: { port: number; host: string }): Promise<string>;
  server: { address(): unknown };
  close(): Promise<void>;
};

/** One load-generating thread: each of its players places bets in a loop (warm-up, then the measured window). */
const CLIENT_CODE = `
const { parentPort, workerData } = require('node:worker_threads');
const { Connection } = require(workerData.client);
const { port, tokens, seconds, warmup, prefix, selections } = workerData;
let seq = 0;
const bet = async (conn, token) => {
  const s = selections[Math.floor(Math.random() * selections.length)];
  const body = JSON.stringify({ selections: [s], stake: 100, accept_odds: 'any' });
  const t0 = performance.now();
  const res = await conn.request('POST', '/api/sports/bets', { 'content-type': 'application/json',
    authorization: 'Bearer ' + token, 'idempotency-key': prefix + '-' + seq++ }, body, false);
  return [res.status, performance.now() - t0];
};
const out = { ok: 0, errors: 0, secs: 0, lat: [], statuses: {} };
const conns = tokens.map(() => new Connection(port));
const loop = async (i, deadline, counting) => {
  while (Date.now() < deadline) {
    const [status, ms] = await bet(conns[i], tokens[i]);
    if (!counting) continue;
    if (status === 201) { out.ok++; out.lat.push(ms); } else { out.errors++; out.statuses[status] = (out.statuses[status] || 0) + 1; }
  }
};
(async () => {
  const w = Date.now() + warmup * 1000;
  await Promise.all(tokens.map((_, i) => loop(i, w, false)));
  parentPort.postMessage('warm');
  const start = Date.now();
  await Promise.all(tokens.map((_, i) => loop(i, start + seconds * 1000, true)));
  out.secs = (Date.now() - start) / 1000;
  for (const c of conns) c.close();
  parentPort.postMessage(out);
})();
`;

type Run = {
  placements_per_s: number;
  p50_ms: number;
  p99_ms: number;
  errors: number;
  statuses: Record<string, number>;
};

async function placementLoad(o: {
  port: number;
  tokens: string[];
  selections: { outcome_id: number; odds: number }[];
  onWarm: () => Promise<void>;
}): Promise<Run> {
  const per = Math.ceil(o.tokens.length / THREADS);
  const parts = Array.from({ length: THREADS }, (_, i) => o.tokens.slice(i * per, (i + 1) * per)).filter(
    (t) => t.length,
  );
  let warm = 0;
  const results = await Promise.all(
    parts.map(
      (part, i) =>
        new Promise<{ ok: number; errors: number; secs: number; lat: number[]; statuses: Record<string, number> }>(
          (resolve, reject) => {
            const w = new Worker(CLIENT_CODE, {
              eval: true,
              workerData: {
                client: path.join(import.meta.dirname, 'keepalive-client.cjs'),
                port: o.port,
                tokens: part,
                seconds: SECONDS,
                warmup: 2,
                prefix: `sb-${i}-${Date.now()}`,
                selections: o.selections,
              },
            });
            w.on('message', (m) => {
              if (m === 'warm') {
                if (++warm === parts.length) void o.onWarm();
              } else resolve(m);
            });
            w.once('error', reject);
          },
        ),
    ),
  );
  const bets = results.reduce((n, r) => n + r.ok, 0);
  const secs = Math.max(...results.map((r) => r.secs));
  const lat = results.flatMap((r) => r.lat).sort((a, b) => a - b);
  const statuses: Record<string, number> = {};
  for (const r of results) for (const [k, v] of Object.entries(r.statuses)) statuses[k] = (statuses[k] ?? 0) + v;
  return {
    placements_per_s: Math.round(bets / secs),
    p50_ms: Math.round(lat[Math.floor(lat.length * 0.5)]! * 10) / 10,
    p99_ms: Math.round(lat[Math.floor(lat.length * 0.99)]! * 10) / 10,
    errors: results.reduce((n, r) => n + r.errors, 0),
    statuses,
  };
}

const countSportBets = async (db: Sql) =>
  Number((await db.query<{ n: string }>('select count(*)::text as n from sports_bets')).rows[0]!.n);

async function placementsOverHttp(schema: string) {
  const { buildApp } = await server('app.ts');
  const { testConfig } = await server('test/helpers.ts');
  const { checkLedger, credit } = await server('modules/ledger/index.ts');
  const { newToken } = await server('platform/auth.ts');
  const { seedTestEvent } = await server('modules/sports/catalog/test-support.ts');
  const db = await openPostgres(DB_URL, { poolSize: CLIENTS + 4, searchPath: schema });
  const app = (await buildApp(testConfig({ tenantCacheTtlMs: 60_000 }), { db })) as App;
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { rows: tenants } = await db.query<{ tenant_id: number }>(
      "select tenant_id from tenant_hosts where host = 'localhost' limit 1",
    );
    const tenantId = tenants[0]!.tenant_id;
    // A book with room for the whole run: the limits are measured by the tests, the throughput here.
    await db.query(
      `insert into sports_settings (tenant_id, market_liability, max_payout) values ($1, 1000000000000, 1000000000000)
        on conflict (tenant_id) do update set market_liability = excluded.market_liability,
          max_payout = excluded.max_payout`,
      [tenantId],
    );
    const selections: { outcome_id: number; odds: number }[] = [];
    for (let i = 0; i < EVENTS; i++) {
      const e = (await seedTestEvent(db, tenantId, { startsAt: new Date(Date.now() + 86_400_000) })) as {
        outcome(kind: string, code: string): { id: number; odds: number };
      };
      for (const code of ['1', 'X', '2']) {
        const o = e.outcome('1x2', code);
        selections.push({ outcome_id: o.id, odds: o.odds });
      }
    }
    const users = await db.query<{ id: number }>(
      `insert into users (tenant_id, first_name, last_name, email, phone, referral_code)
        select $1, 'Bench', 'Player', 'sb' || g || '@ex.com', '+551196' || lpad(g::text, 7, '0'), 'SB' || g
        from generate_series(1, $2) g returning id`,
      [tenantId, CLIENTS],
    );
    const tokens: string[] = [];
    for (const { id } of users.rows) {
      const t = newToken() as { token: string; hash: string };
      await db.query(
        "insert into sessions (tenant_id, user_id, token_hash, expires_at) values ($1, $2, $3, now() + interval '1 day')",
        [tenantId, id, t.hash],
      );
      await db.transaction((tx: Sql) =>
        credit(tx, {
          tenantId,
          userId: id,
          amount: 100_000_000,
          type: 'deposit',
          idempotencyKey: `fund:${id}`,
          reference: 'fund',
        }),
      );
      tokens.push(t.token);
    }
    const bets0 = await countSportBets(db);
    const wal0 = await walNow(db);
    const run = await placementLoad({
      port: (app.server.address() as AddressInfo).port,
      tokens,
      selections,
      onWarm: () => analyzeSchema(db, schema).then(() => undefined),
    });
    await new Promise((r) => setTimeout(r, 1_000));
    const wal = walPer(wal0, await walNow(db), (await countSportBets(db)) - bets0);
    const check = (await checkLedger(db, tenantId)) as { ok: boolean };
    // Every accepted stake is in the ledger once and in the book's exposure once.
    const { rows } = await db.query<{ bets: string; stakes: string; debits: string; exposed: string }>(
      `select (select count(*) from sports_bets)::text as bets, (select coalesce(sum(stake), 0) from sports_bets)::text as stakes,
         (select count(*) from ledger_transactions where idempotency_key like 'sports:bet:%:stake')::text as debits,
         (select coalesce(sum(stakes), 0) from sports_exposure)::text as exposed`,
    );
    const r = rows[0]!;
    return {
      ...run,
      ledger_ok: check.ok,
      stakes_match: r.bets === r.debits && r.stakes === r.exposed,
      ...wal,
    };
  } finally {
    await app.close();
    await db.close();
  }
}

async function placements(schema: string, yardstick: ReturnType<typeof tpcb>) {
  yardstick.run();
  const placed = await placementsOverHttp(schema);
  yardstick.run();
  const reference: TpcbResult = yardstick.result();
  const exactRatio = placed.placements_per_s / reference.tps;
  const ratio = Math.round(exactRatio * 1000) / 1000;
  return {
    result: {
      clients: CLIENTS,
      seconds: SECONDS,
      placements: placed,
      pgbench: reference,
      ratio,
      target_ratio: 0.5,
      pass: exactRatio >= 0.5 && placed.errors === 0 && placed.ledger_ok && placed.stakes_match,
    },
    summary:
      `sports placements: ${placed.placements_per_s} bets/s over HTTP (p50 ${placed.p50_ms} ms, p99 ${placed.p99_ms} ms, ${placed.errors} errors, ${placed.wal_records_per_tx} WAL records a bet) | ` +
      `pgbench TPC-B ${reference.tps} tps (before ${reference.runs_tps[0]}, after ${reference.runs_tps[1]}) | ratio ${ratio} (target >= 0.5)`,
  };
}

// ---- Settlement: 100,000 open bets on one event settled from its result, bets closed per second beside pgbench
// TPC-B (right before and right after, same clients and duration). Set-based: each batch of bets is one
// transaction of a few set statements (the bets, the exposure, one ledger statement paying them all, responsible
// gaming, the events). The bets are singles and accumulators on the markets a book sells most, from 10,000 players
// (10 each), set up in set statements as placement would leave them (modules/sports/betting/test-support.ts).
// Target: bets settled/s >= 1 x pgbench transactions/s.

const SETTLE_BETS = Number(process.env.BENCH_SETTLE_BETS ?? 100_000);
const SETTLE_PLAYERS = Math.max(1, Math.round(SETTLE_BETS / 10));

async function settlement(schema: string, yardstick: ReturnType<typeof tpcb>) {
  const { migrate } = await server('platform/db/migrate.ts');
  const { checkLedger } = await server('modules/ledger/index.ts');
  const { seedTestEvent, feedTestEvent } = await server('modules/sports/catalog/test-support.ts');
  const { seedOpenBets } = await server('modules/sports/betting/test-support.ts');
  const { settleEvent } = await server('modules/sports/betting/settlement.ts');
  const db = await openPostgres(DB_URL, { poolSize: 4, searchPath: schema });
  try {
    await migrate(db);
    const { rows: t } = await db.query<{ id: number }>(
      `insert into tenants (name, settings) values ('Settlement bench', '{}'::jsonb) returning id`,
    );
    const tenantId = Number(t[0]!.id);
    type Ev = {
      id: number;
      outcome(kind: string, code: string, spec?: string): { id: number; odds: number; marketId: number };
    };
    const e = (await seedTestEvent(db, tenantId)) as Ev;
    const other = (await seedTestEvent(db, tenantId)) as Ev;
    const leg = (ev: Ev, kind: string, code: string, spec = '') => {
      const o = ev.outcome(kind, code, spec);
      return { event_id: ev.id, market_id: o.marketId, outcome_id: o.id, odds: o.odds };
    };
    const singles = [
      leg(e, '1x2', '1'),
      leg(e, '1x2', 'X'),
      leg(e, '1x2', '2'),
      leg(e, 'total', 'over', 'total=2.5'),
      leg(e, 'total', 'under', 'total=2.5'),
      leg(e, 'btts', 'yes'),
      leg(e, 'btts', 'no'),
      leg(e, 'double_chance', '1X'),
      leg(e, 'correct_score', '2:1'),
    ];
    // Every fifth bet an accumulator with a leg on another event, already settled: it closes with this one.
    const accaLeg = leg(other, '1x2', '1');
    const t0 = Date.now();
    await seedOpenBets(db, {
      tenantId,
      players: SETTLE_PLAYERS,
      betsPerPlayer: Math.round(SETTLE_BETS / SETTLE_PLAYERS),
      funds: 10_000_000,
      tag: 'bench',
      legs: (i: number) => (i % 5 === 4 ? [singles[i % singles.length]!, accaLeg] : [singles[i % singles.length]!]),
      stake: (i: number) => 100 + (i % 50) * 20,
    });
    const setupSeconds = (Date.now() - t0) / 1000;
    await feedTestEvent(db, tenantId, other, { result: [1, 0], ht: [0, 0] });
    await settleEvent(db, { tenantId, eventId: other.id });
    await feedTestEvent(db, tenantId, e, { result: [2, 1], ht: [1, 0] });
    await analyzeSchema(db, schema);
    await db.query('checkpoint');
    yardstick.run();
    const wal0 = await walNow(db);
    const s0 = performance.now();
    const sum = (await settleEvent(db, { tenantId, eventId: e.id })) as { settled: number; won: number; paid: number };
    const seconds = (performance.now() - s0) / 1000;
    const wal = walPer(wal0, await walNow(db), sum.settled);
    yardstick.run();
    const reference: TpcbResult = yardstick.result();
    const check = (await checkLedger(db, tenantId)) as { ok: boolean };
    const { rows } = await db.query<{
      open: string;
      paid: string;
      paying: string;
      keys: string;
      events: string;
      exposed: string;
    }>(
      `select (select count(*) from sports_bets where status = 'open')::text as open,
         (select count(*) from sports_bets where settled_payout > 0)::text as paying,
         (select coalesce(sum(settled_payout), 0) from sports_bets)::text as paid,
         (select count(*) from ledger_transactions where idempotency_key like 'sports:bet:%:settle:0')::text as keys,
         (select count(*) from event_log where name = 'sports.bet_settled')::text as events,
         (select coalesce(sum(stakes), 0) from sports_exposure)::text as exposed`,
    );
    const r = rows[0]!;
    const perSecond = Math.round(sum.settled / seconds);
    const exactRatio = perSecond / reference.tps;
    const ratio = Math.round(exactRatio * 1000) / 1000;
    const closedAll = r.open === '0' && sum.settled === SETTLE_BETS;
    const result = {
      bets: SETTLE_BETS,
      players: SETTLE_PLAYERS,
      setup_seconds: Math.round(setupSeconds * 10) / 10,
      settle_seconds: Math.round(seconds * 100) / 100,
      bets_settled_per_s: perSecond,
      won: sum.won,
      paid_centavos: sum.paid,
      ledger_ok: check.ok,
      all_closed: closedAll,
      // One ledger payout per paying bet, and the bets' payouts are what the ledger paid.
      paid_once: Number(r.keys) === Number(r.paying) && Number(r.paid) === sum.paid,
      events: Number(r.events),
      exposure_left: Number(r.exposed),
      ...wal,
      pgbench: reference,
      ratio,
      target_ratio: 1,
      pass: exactRatio >= 1 && check.ok && closedAll && Number(r.keys) === Number(r.paying),
    };
    return {
      result,
      summary:
        `sports settlement: ${SETTLE_BETS} bets in ${result.settle_seconds} s = ${perSecond} bets/s (${sum.won} won, ${result.wal_records_per_tx} WAL records a bet) | ` +
        `pgbench TPC-B ${reference.tps} tps (before ${reference.runs_tps[0]}, after ${reference.runs_tps[1]}) | ratio ${ratio} (target >= 1)`,
    };
  } finally {
    await db.close();
  }
}

/** BENCH_SPORTS=placements or settlement runs one part (default both). */
const PARTS = (process.env.BENCH_SPORTS ?? 'placements,settlement').split(',');

export function run() {
  return withSchemas(['bench_sb', 'bench_sbp', 'bench_sbs', 'bench_sbq'], async ([s, p, st, q]) => {
    const out: Record<string, unknown> = {};
    const lines: string[] = [];
    if (PARTS.includes('placements')) {
      const yardstick = tpcb({ url: DB_URL, schema: p, clients: CLIENTS, seconds: SECONDS });
      yardstick.init();
      const placed = await placements(s, yardstick);
      out.placements = placed.result;
      lines.push(placed.summary);
    }
    if (PARTS.includes('settlement')) {
      const yardstick = tpcb({ url: DB_URL, schema: q, clients: CLIENTS, seconds: SECONDS });
      yardstick.init();
      const settled = await settlement(st, yardstick);
      out.settlement = settled.result;
      lines.push(settled.summary);
    }
    record('sports', out, lines.join('\n'));
  });
}
