// Benchmark 4 (wallet): debit+credit pairs per second through the wallet service (debitBet + creditWin of one game
// round in one SQL transaction, as a seamless-wallet round is settled) on PostgreSQL, and pgbench TPC-B on the same
// server in the same run. Target: wallet pairs/s >= 0.5 x pgbench transactions/s.
// BENCH_DATABASE_URL (default: the test PostgreSQL); both run in private schemas that are dropped afterwards.

import { checkLedger, creditWin, debitBet } from '../apps/server/src/modules/ledger/index';
import { openPostgres } from '../apps/server/src/platform/db/index';
import { migrate } from '../apps/server/src/platform/db/migrate';
import { BENCH_DB_URL, record, tpcb, withSchemas } from './lib';

const URL = BENCH_DB_URL;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 16);
const PLAYERS = 200;

async function walletPairs(schema: string) {
  const db = await openPostgres(URL, { poolSize: CLIENTS, searchPath: schema });
  try {
    await migrate(db);
    const t = await db.query<{ id: number }>(
      `insert into tenants (name, settings) values ('bench', '{}') returning id`,
    );
    const tenantId = t.rows[0]!.id;
    const users = await db.query<{ id: number }>(
      `insert into users (tenant_id, first_name, last_name, email, phone, referral_code)
        select $1, 'Bench', 'Player', 'b' || g || '@ex.com', '+55119' || lpad(g::text, 8, '0'), 'B' || g
        from generate_series(1, $2) g returning id`,
      [tenantId, PLAYERS],
    );
    const ids = users.rows.map((r) => r.id);
    for (const userId of ids)
      await db.transaction((tx) =>
        creditWin(tx, {
          tenantId,
          userId,
          amount: 10_000_000,
          type: 'refund',
          idempotencyKey: `fund:${userId}`,
          reference: 'fund',
        }),
      );
    let pairs = 0;
    let errors = 0;
    let seq = 0;
    const lat: number[] = [];
    const run = async (deadline: number, counting: boolean) => {
      while (Date.now() < deadline) {
        const n = seq++;
        const userId = ids[n % ids.length]!;
        const t0 = performance.now();
        try {
          await db.transaction(async (tx) => {
            await debitBet(tx, { tenantId, userId, amount: 100, idempotencyKey: `b:${n}`, reference: `round:${n}` });
            await creditWin(tx, { tenantId, userId, amount: 95, idempotencyKey: `w:${n}`, reference: `round:${n}` });
          });
          if (counting) {
            pairs++;
            lat.push(performance.now() - t0);
          }
        } catch {
          errors++;
        }
      }
    };
    await Promise.all(Array.from({ length: CLIENTS }, () => run(Date.now() + 2_000, false)));
    const start = Date.now();
    await Promise.all(Array.from({ length: CLIENTS }, () => run(start + SECONDS * 1000, true)));
    const secs = (Date.now() - start) / 1000;
    lat.sort((a, b) => a - b);
    const check = await checkLedger(db, tenantId);
    return {
      pairs_per_s: Math.round(pairs / secs),
      p50_ms: Math.round(lat[Math.floor(lat.length * 0.5)]! * 10) / 10,
      p99_ms: Math.round(lat[Math.floor(lat.length * 0.99)]! * 10) / 10,
      errors,
      ledger_ok: check.ok,
    };
  } finally {
    await db.close();
  }
}

export function run() {
  return withSchemas(['bench_w', 'bench_p'], async ([w, p]) => {
    const yardstick = tpcb({ url: URL, schema: p, clients: CLIENTS, seconds: SECONDS });
    yardstick.init();
    yardstick.run();
    const wallet = await walletPairs(w);
    yardstick.run();
    const reference = yardstick.result();
    // The target is judged on the exact ratio; the record shows it to 3 decimals (rounded to 2, a 0.395 passed
    // a target of 0.4).
    const exactRatio = wallet.pairs_per_s / reference.tps;
    const ratio = Math.round(exactRatio * 1000) / 1000;
    record(
      'wallet',
      {
        clients: CLIENTS,
        seconds: SECONDS,
        players: PLAYERS,
        wallet,
        pgbench: reference,
        ratio,
        target_ratio: 0.5,
        pass: exactRatio >= 0.5 && wallet.errors === 0 && wallet.ledger_ok,
      },
      `wallet: ${wallet.pairs_per_s} debit+credit pairs/s (p50 ${wallet.p50_ms} ms, p99 ${wallet.p99_ms} ms, ${wallet.errors} errors) | ` +
        `pgbench TPC-B ${reference.tps} tps (before ${reference.runs_tps[0]}, after ${reference.runs_tps[1]}) | ratio ${ratio} (target >= 0.5)`,
    );
  });
}
