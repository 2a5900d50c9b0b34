// The money statements alone: pgbench drives the database functions that one provider bet+win pair
// (providers_bet_call + providers_win_call, two statements) and one dice bet (originals_place_bet, one statement) run, with
// no Node and no HTTP in between, beside pgbench TPC-B before and after on the same PostgreSQL. Set beside the casino
// and originals benchmarks (the same calls through the HTTP API), it says how much of the gap to pgbench is the
// database's and how much the HTTP layer's on the same cores.
// BENCH_DATABASE_URL (default: the test PostgreSQL); everything runs in private schemas that are dropped afterwards.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { syncOriginalsAllTenants } from '../apps/server/src/modules/casino/originals';
import { checkLedger, credit } from '../apps/server/src/modules/ledger/index';
import { IN_FLIGHT } from '../apps/server/src/modules/providers/call-batch';
import { openPostgres } from '../apps/server/src/platform/db/index';
import { migrate } from '../apps/server/src/platform/db/migrate';
import { analyzeSchema, BENCH_DB_URL, pgbenchTps, record, tpcb, walNow, walPer, withSchemas } from './lib';

const URL = BENCH_DB_URL;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 16);
const PLAYERS = 32;
/**
 * Calls in one providers_calls statement, and the clients sending them: the server's default statements in flight
 * (call-batch.ts), each with the share of the 16 provider clients' calls that queue behind it.
 */
const BATCH_CLIENTS = IN_FLIGHT;
const BATCH = Math.max(1, Math.min(PLAYERS, Math.floor(CLIENTS / IN_FLIGHT)));

/** One tenant with a provider, a game, players with a live session (token tok{n}) and a seed pair each, funded. */
async function fixture(schema: string) {
  const db = await openPostgres(URL, { poolSize: 2, searchPath: schema });
  try {
    await migrate(db);
    const t = await db.query<{ id: number }>(
      `insert into tenants (name, settings) values ('bench', '{}') returning id`,
    );
    const tenantId = t.rows[0]!.id;
    await syncOriginalsAllTenants(db);
    const p = await db.query<{ id: number }>(
      `insert into game_providers (tenant_id, code, name, protocol, api_url, operator_id, secret)
        values ($1, 'aurora', 'Aurora', 'generic', 'https://aurora.invalid', 'op', $2) returning id`,
      [tenantId, randomBytes(24).toString('hex')],
    );
    const providerId = p.rows[0]!.id;
    const g = await db.query<{ id: number }>(
      `insert into games (tenant_id, provider_id, provider_game_id, game_code, title, category_slug, type, rtp_bp,
          volatility, image)
        values ($1, $2, 'slot-1', 'slot-1', 'Slot 1', 'slots', 'slots', 9650, 'high', '/static/x.svg') returning id`,
      [tenantId, providerId],
    );
    const users = await db.query<{ id: number }>(
      `insert into users (tenant_id, first_name, last_name, email, phone, referral_code)
        select $1, 'Bench', 'Player', 'd' || n || '@ex.com', '+55119' || lpad(n::text, 8, '0'), 'D' || n
        from generate_series(1, $2) n returning id`,
      [tenantId, PLAYERS],
    );
    const ids = users.rows.map((r) => r.id);
    for (const [i, userId] of ids.entries()) {
      await db.query(
        `insert into game_sessions (tenant_id, user_id, game_id, provider_id, token_hash, demo, expires_at)
          values ($1, $2, $3, $4, $5, false, now() + interval '1 day')`,
        [tenantId, userId, g.rows[0]!.id, providerId, `tok${i + 1}`],
      );
      await db.query(
        `insert into originals_seed_pairs (tenant_id, user_id, server_seed, server_seed_hash, client_seed)
          values ($1, $2, $3, $4, $5)`,
        [tenantId, userId, randomBytes(32).toString('hex'), randomBytes(32).toString('hex'), `bench-${i + 1}`],
      );
      await db.transaction((tx) =>
        credit(tx, {
          tenantId,
          userId,
          amount: 100_000_000,
          type: 'deposit',
          idempotencyKey: `fund:${userId}`,
          reference: 'fund',
        }),
      );
    }
    return { tenantId, providerId, ids };
  } finally {
    await db.close();
  }
}

/** pgbench with a custom script (prepared statements, as the server's driver uses); statements/s and failures. */
function pgbench(
  schema: string,
  script: string,
  seconds = SECONDS,
  clients = CLIENTS,
): { tps: number; failed: number; transactions: number } {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sorte-bench-')), 'script.sql');
  fs.writeFileSync(file, script);
  const out = execFileSync(
    'pgbench',
    ['-n', '-M', 'prepared', '-c', String(clients), '-j', '2', '-T', String(seconds), '-f', file, URL],
    { env: { ...process.env, PGOPTIONS: `-c search_path=${schema}` }, encoding: 'utf8' },
  );
  const failed = /number of failed transactions: (\d+)/.exec(out);
  const done = /number of transactions actually processed: (\d+)/.exec(out);
  return { tps: pgbenchTps(out), failed: Number(failed?.[1] ?? 0), transactions: Number(done?.[1] ?? 0) };
}

export function run() {
  return withSchemas(['bench_d', 'bench_dp'], async ([s, p], admin) => {
    const f = await fixture(s);
    const t = f.tenantId;
    // Player n (1..32) is ids[n-1]: pgbench picks n, the script maps it through the session token.
    const first = f.ids[0]!;
    // A pair: a bet and the closing win of a fresh round of a random player (2 statements, as the HTTP API runs).
    const pair = `\\set n random(1, ${PLAYERS})
\\set r random(1, 2000000000)
select status from providers_bet_call(${t}, ${f.providerId}, 'aurora', 'tok' || :n, (:n + ${first - 1})::text, 'b-' || :client_id || '-' || :r, 'r-' || :client_id || '-' || :r, 100);
select status from providers_win_call(${t}, ${f.providerId}, 'aurora', 'tok' || :n, (:n + ${first - 1})::text, 'w-' || :client_id || '-' || :r, 'r-' || :client_id || '-' || :r, 95, true);
`;
    // The same pairs as the server sends them under load (modules/providers/call-batch.ts): BATCH calls in one
    // providers_calls statement, the bets of BATCH players' fresh rounds, then their closing wins, from as many clients
    // as the server keeps such statements in flight.
    const call = (op: 'bet' | 'win', k: number) =>
      `jsonb_build_object('op', '${op}', 'tenant', ${t}, 'provider', ${f.providerId}, 'code', 'aurora', ` +
      `'token_hash', 'tok' || (:n * ${BATCH} - ${BATCH - 1 - k}), 'player', (:n * ${BATCH} - ${BATCH - 1 - k} + ${first - 1})::text, ` +
      `'tx', '${op[0]}-' || :client_id || '-' || :r || '-${k}', 'round', 'r-' || :client_id || '-' || :r || '-${k}', ` +
      `'amount', ${op === 'bet' ? 100 : 95}, 'closed', ${op === 'win'})`;
    const batched = `\\set n random(1, ${Math.floor(PLAYERS / BATCH)})
\\set r random(1, 2000000000)
select count(*) filter (where err is null and status = 'ok') from providers_calls(jsonb_build_array(${Array.from({ length: BATCH }, (_, k) => call('bet', k)).join(', ')}));
select count(*) filter (where err is null and status = 'ok') from providers_calls(jsonb_build_array(${Array.from({ length: BATCH }, (_, k) => call('win', k)).join(', ')}));
`;
    // A dice bet: each client is its own player (as in the HTTP bench), at its pair's next nonce; it wins half the
    // time (1.98x).
    const dice = `\\set r random(1, 2000000000)
\\set u :client_id + ${first}
select status from originals_place_bet(${t}, :u, 'k-' || :client_id || '-' || :r, 'h', 'dice', (select id from originals_seed_pairs where tenant_id = ${t} and user_id = :u and active), (select nonce from originals_seed_pairs where tenant_id = ${t} and user_id = :u and active), 100, case when :r % 2 = 0 then 198 else 0 end, 19800, '{"target":50.5,"condition":"over"}', '{"roll":12.34}', '{"game":"dice"}', '{"provider":"sorte-originals"}', '1.98');
`;
    // A warm-up of both, then the tables they filled are analyzed, as autovacuum keeps a live database's
    // statistics (and as pgbench -i does for the yardstick's tables): each measured run's connections plan from
    // them. Analyzed before any round existed, the plans would scan the rounds table as if it stayed empty.
    pgbench(s, pair, 2);
    pgbench(s, batched, 2, BATCH_CLIENTS);
    pgbench(s, dice, 2);
    await analyzeSchema(admin, s);
    const yardstick = tpcb({ url: URL, schema: p, clients: CLIENTS, seconds: SECONDS });
    yardstick.init();
    const w0 = await walNow(admin);
    yardstick.run();
    const w1 = await walNow(admin);
    const pairs = pgbench(s, pair);
    const w2 = await walNow(admin);
    // providers_calls gives no row for a call it leaves to its own statement, and pgbench would not send that one:
    // every batched pair is counted only if its round closed.
    const closedNow = async () =>
      (
        await admin.query<{ n: number }>(
          `select count(*)::int as n from ${s}.casino_rounds where status = 'closed' and provider_id = $1`,
          [f.providerId],
        )
      ).rows[0]!.n;
    const closedBefore = await closedNow();
    const inBatches = pgbench(s, batched, SECONDS, BATCH_CLIENTS);
    const batchedPairs = Math.round(inBatches.tps * BATCH);
    const batchedRoundsOk = (await closedNow()) - closedBefore === inBatches.transactions * BATCH;
    const w2b = await walNow(admin);
    const w2c = await walNow(admin);
    const bets = pgbench(s, dice);
    const w3 = await walNow(admin);
    yardstick.run();
    const reference = yardstick.result();
    const db = await openPostgres(URL, { poolSize: 1, searchPath: s });
    const counts = await db.query<{ rounds: number; bets: number }>(
      `select (select count(*)::int from casino_rounds where status = 'closed' and provider_id = $1) as rounds,
          (select count(*)::int from originals_bets) as bets`,
      [f.providerId],
    );
    const check = await checkLedger(db, t);
    await db.close();
    const ratio = (n: number) => Math.round((n / reference.tps) * 100) / 100;
    const walPairs = walPer(w1, w2, pairs.transactions);
    const walBets = walPer(w2c, w3, bets.transactions);
    const walBatched = walPer(w2, w2b, inBatches.transactions * BATCH);
    const walTpcb = walPer(w0, w1, Math.round(reference.runs_tps[0]! * SECONDS));
    record(
      'db-calls',
      {
        clients: CLIENTS,
        seconds: SECONDS,
        provider_pairs: {
          ...pairs,
          rounds_closed: counts.rows[0]!.rounds,
          ratio: ratio(pairs.tps),
          ...walPairs,
        },
        provider_pairs_batched: {
          calls_per_statement: BATCH,
          clients: BATCH_CLIENTS,
          pairs_per_s: batchedPairs,
          failed: inBatches.failed,
          rounds_closed_ok: batchedRoundsOk,
          ratio: ratio(batchedPairs),
          ...walBatched,
        },
        dice_bets: {
          ...bets,
          bets_recorded: counts.rows[0]!.bets,
          ratio: ratio(bets.tps),
          ...walBets,
        },
        pgbench: { ...reference, ...walTpcb },
        ledger_ok: check.ok,
      },
      `db-calls (no HTTP): provider bet+win ${pairs.tps} pairs/s (ratio ${ratio(pairs.tps)}, ` +
        `${walPairs.wal_records_per_tx} WAL records a pair) | the same pairs ${BATCH} calls a statement (providers_calls, ` +
        `${BATCH_CLIENTS} clients) ${batchedPairs} pairs/s (ratio ${ratio(batchedPairs)}, ` +
        `${batchedRoundsOk ? 'every round closed' : 'NOT every round closed'}, ` +
        `${walBatched.wal_records_per_tx} WAL records a pair) | dice ${bets.tps} bets/s (ratio ${ratio(bets.tps)}, ` +
        `${walBets.wal_records_per_tx} WAL records a bet) | ${pairs.failed + inBatches.failed + bets.failed} failed | pgbench TPC-B ` +
        `${reference.tps} tps (before ${reference.runs_tps[0]}, after ${reference.runs_tps[1]}; ` +
        `${walTpcb.wal_records_per_tx} WAL records a transaction) | ledger ${check.ok ? 'clean' : 'NOT clean'}`,
    );
  });
}
