// Benchmark: the cost of bonus money on a bet. Dice bets per second end to end over HTTP (as the originals bench),
// for three groups of 16 players on one server: (a) cash only; (b) cash and a bonus balance, stakes paid from cash
// (a wagering player's bets while their cash lasts); (c) a bonus balance and no cash, every stake and win from and
// to the bonus (the split path of ledger_debit_bet and ledger_credit_win). Runs in the order a b c c b a a b c;
// each BENCH_SECONDS (default 10) after a 2 s warm-up; WAL records per bet of each run.
// Target: (b) within 10% of (a) (mean of the 3 runs each); (c) is recorded beside them.
// BENCH_DATABASE_URL (default: the test PostgreSQL); the run uses a private schema dropped afterwards.
import { load, measured, type Run } from './dice-load';
import { analyzeSchema, BENCH_DB_URL, record, withSchemas } from './lib';

type Sql = { query<T>(text: string, params?: unknown[]): Promise<{ rows: T[] }> };
type Db = Sql & { transaction<T>(fn: (tx: Sql) => Promise<T>): Promise<T>; close(): Promise<void> };
type App = {
  listen(o: { port: number; host: string }): Promise<string>;
  server: { address(): unknown };
  inject(o: unknown): Promise<{ statusCode: number; body: string }>;
  close(): Promise<void>;
};
const server = (p: string) => import(new URL(`../apps/server/src/${p}`, import.meta.url).href);

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CLIENTS = 16;
/** 3 runs of each group: cash only (a), bonus held but stakes from cash (b), stakes from bonus (c). */
const ORDER = ['a', 'b', 'c', 'c', 'b', 'a', 'a', 'b', 'c'] as const;

export function run() {
  return withSchemas(['bench_bonus'], async ([schema]) => {
    const { openPostgres } = await server('platform/db/index.ts');
    const { buildApp } = await server('app.ts');
    const { testConfig } = await server('test/helpers.ts');
    const { credit } = await server('modules/ledger/index.ts');
    const { newToken } = await server('platform/auth.ts');
    const db = (await openPostgres(BENCH_DB_URL, { poolSize: CLIENTS + 4, searchPath: schema })) as Db;
    const app = (await buildApp(testConfig({ tenantCacheTtlMs: 60_000 }), { db })) as App;
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const port = (app.server.address() as { port: number }).port;
      const { rows: tenants } = await db.query<{ tenant_id: number }>(
        "select tenant_id from tenant_hosts where host = 'localhost' limit 1",
      );
      const tenantId = tenants[0]!.tenant_id;
      const users = await db.query<{ id: number }>(
        `insert into users (tenant_id, first_name, last_name, email, phone, referral_code)
          select $1, 'Bench', 'Player', 'bn' || g || '@ex.com', '+551197' || lpad(g::text, 7, '0'), 'BN' || g
          from generate_series(1, $2) g returning id`,
        [tenantId, 3 * CLIENTS],
      );
      const tokens: string[] = [];
      for (const [i, { id }] of users.rows.entries()) {
        const t = newToken() as { token: string; hash: string };
        await db.query(
          "insert into sessions (tenant_id, user_id, token_hash, expires_at) values ($1, $2, $3, now() + interval '1 day')",
          [tenantId, id, t.hash],
        );
        const group = Math.floor(i / CLIENTS);
        // a: cash; b: cash and bonus; c: bonus only. Bonus money comes from the tenant's promotions account, as a
        // bonus grant books it.
        await db.transaction(async (tx: Sql) => {
          const who = { tenantId, userId: id, reference: 'fund' };
          if (group < 2)
            await credit(tx, { ...who, amount: 100_000_000, type: 'deposit', idempotencyKey: `fund:${id}` });
          if (group > 0)
            await credit(tx, {
              ...who,
              amount: 100_000_000,
              type: 'bonus',
              account: 'bonus',
              idempotencyKey: `bonus:${id}`,
            });
        });
        tokens.push(t.token);
      }
      const groups = {
        a: tokens.slice(0, CLIENTS),
        b: tokens.slice(CLIENTS, 2 * CLIENTS),
        c: tokens.slice(2 * CLIENTS),
      };
      // A warm-up of each, then the statistics a live database would have (see analyzeSchema).
      for (const g of ['a', 'b', 'c'] as const) await load(port, groups[g], `warm-${g}`, 2);
      await analyzeSchema(db, schema);
      // One group at a time, in an order that spreads a drift of the machine's load over the three alike.
      const runs: Record<'a' | 'b' | 'c', Run[]> = { a: [], b: [], c: [] };
      for (const [i, g] of ORDER.entries()) runs[g].push(await measured(db, port, groups[g], `${g}${i}`, SECONDS));
      const mean = (rs: Run[]) => Math.round(rs.reduce((n, r) => n + r.bets_per_s, 0) / rs.length);
      const walOf = (rs: Run[]) => Math.round((rs.reduce((n, r) => n + (r.wal_per_bet ?? 0), 0) / rs.length) * 10) / 10;
      const [a, b, c] = [mean(runs.a), mean(runs.b), mean(runs.c)];
      const ratio = Math.round((b / a) * 1000) / 1000;
      const ratioC = Math.round((c / a) * 1000) / 1000;
      const errors = [...runs.a, ...runs.b, ...runs.c].reduce((n, r) => n + r.errors, 0);
      const list = (rs: Run[]) => rs.map((r) => r.bets_per_s).join(', ');
      record(
        'bonus',
        {
          clients: CLIENTS,
          seconds: SECONDS,
          cash_only: runs.a,
          bonus_held_stakes_from_cash: runs.b,
          stakes_from_bonus: runs.c,
          mean_cash_only: a,
          mean_bonus_held: b,
          mean_stakes_from_bonus: c,
          ratio,
          ratio_stakes_from_bonus: ratioC,
          wal_per_bet: { a: walOf(runs.a), b: walOf(runs.b), c: walOf(runs.c) },
          target_ratio: 0.9,
          pass: ratio >= 0.9 && errors === 0,
        },
        `bonus: dice ${a} bets/s cash only (${list(runs.a)}), ${b} with a bonus held, stakes from cash (${list(runs.b)}), ${c} stakes from bonus (${list(runs.c)}) | ratio ${ratio} (target >= 0.9), from bonus ${ratioC} | WAL a bet ${walOf(runs.a)} / ${walOf(runs.b)} / ${walOf(runs.c)} | ${errors} errors`,
      );
    } finally {
      await app.close();
      await db.close();
    }
  });
}
