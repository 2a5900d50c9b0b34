// Benchmark: the cost of responsible gaming's limits on a bet. Dice bets per second end to end over HTTP (as the
// originals bench), for 16 players without rules and 16 players with every limit set (wager and loss per 24 h, 7
// and 30 days, a time limit and a deposit limit; none of them reached), on one server: 3 runs of each group in the
// order without, with, with, without, without, with; each run BENCH_SECONDS (default 10) after a 2 s warm-up.
// Target: the players with limits bet within 10% of the players without (mean of the 3 runs each).
// BENCH_DATABASE_URL (default: the test PostgreSQL); the run uses a private schema dropped afterwards.
import { load, type Run } from './dice-load';
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
/** 3 runs of each group: without (a) and with (b) limits. */
const ORDER = ['a', 'b', 'b', 'a', 'a', 'b'] as const;

export function run() {
  return withSchemas(['bench_rg'], async ([schema]) => {
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
          select $1, 'Bench', 'Player', 'rg' || g || '@ex.com', '+551196' || lpad(g::text, 7, '0'), 'RG' || g
          from generate_series(1, $2) g returning id`,
        [tenantId, 2 * CLIENTS],
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
      const plain = tokens.slice(0, CLIENTS);
      const limited = tokens.slice(CLIENTS);
      // Every limit a player can set, far above what the bench bets: each is checked on every stake, none binds.
      const limits = [
        ...['day', 'week', 'month'].flatMap((period) => [
          { kind: 'wager', period, amount: 900_000_000 },
          { kind: 'loss', period, amount: 900_000_000 },
        ]),
        { kind: 'time', period: 'day', amount: 1440 },
        { kind: 'deposit', period: 'day', amount: 900_000_000 },
      ];
      for (const token of limited)
        for (const l of limits) {
          const res = await app.inject({
            method: 'POST',
            url: '/api/responsible-gaming/limits',
            headers: { host: 'localhost', authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            payload: JSON.stringify(l),
          });
          if (res.statusCode !== 200) throw new Error(`limit: ${res.statusCode} ${res.body}`);
        }
      // A warm-up of both, then the statistics a live database would have (see analyzeSchema).
      await load(port, plain, 'warm-a', 2);
      await load(port, limited, 'warm-b', 2);
      await analyzeSchema(db, schema);
      // One group at a time (betting together, the groups shared the server's event loop and came out equal
      // whatever each bet cost), in the order A B B A A B so that a drift of the machine's load over the run
      // weighs on both alike.
      const without: Run[] = [];
      const withLimits: Run[] = [];
      for (const [i, group] of ORDER.entries()) {
        if (group === 'a') without.push(await load(port, plain, `a${i}`, SECONDS));
        else withLimits.push(await load(port, limited, `b${i}`, SECONDS));
      }
      const mean = (rs: Run[]) => Math.round(rs.reduce((n, r) => n + r.bets_per_s, 0) / rs.length);
      const a = mean(without);
      const b = mean(withLimits);
      const ratio = Math.round((b / a) * 1000) / 1000;
      const errors = [...without, ...withLimits].reduce((n, r) => n + r.errors, 0);
      record(
        'responsible-gaming',
        {
          clients: CLIENTS,
          seconds: SECONDS,
          without,
          with_limits: withLimits,
          mean_without: a,
          mean_with: b,
          ratio,
          target_ratio: 0.9,
          pass: ratio >= 0.9 && errors === 0,
        },
        `responsible-gaming: dice ${a} bets/s without limits (${without.map((r) => r.bets_per_s).join(', ')}), ${b} with every limit set (${withLimits.map((r) => r.bets_per_s).join(', ')}) | ratio ${ratio} (target >= 0.9), ${errors} errors`,
      );
    } finally {
      await app.close();
      await db.close();
    }
  });
}
