// Benchmark: the bonus engine's cost on a bet. Dice bets per second end to end over HTTP (as the originals bench),
// for two groups of 16 players on one server: (a) cash only, no bonus; (b) cash and an ACTIVE bonus granted by the
// engine (bonus:grant), so every settled bet is also counted towards its wagering by the promotions consumer (a
// lock, a wager row, the bonus row's update and a bonus_updated event pushed to the player) on the same node.
// Stakes come from cash in both (a wagering player's bets while their cash lasts). Runs a b b a a b, each
// BENCH_SECONDS (default 10) after a 2 s warm-up. Target: (b) within 10% of (a) (mean of the 3 runs each).
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
/** 3 runs of each group: cash only (a), an active bonus counting every bet (b). */
const ORDER = ['a', 'b', 'b', 'a', 'a', 'b'] as const;

export function run() {
  return withSchemas(['bench_promotions'], async ([schema]) => {
    const { openPostgres } = await server('platform/db/index.ts');
    const { buildApp } = await server('app.ts');
    const { testConfig } = await server('test/helpers.ts');
    const { credit } = await server('modules/ledger/index.ts');
    const { newToken } = await server('platform/auth.ts');
    const { findTenantById } = await server('modules/tenants/index.ts');
    const { createOffer } = await server('modules/promotions/offers.ts');
    const { grantByOperator } = await server('modules/promotions/service.ts');
    const db = (await openPostgres(BENCH_DB_URL, { poolSize: CLIENTS + 4, searchPath: schema })) as Db;
    const app = (await buildApp(testConfig({ tenantCacheTtlMs: 60_000 }), { db })) as App;
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const port = (app.server.address() as { port: number }).port;
      const { rows: tenants } = await db.query<{ tenant_id: number }>(
        "select tenant_id from tenant_hosts where host = 'localhost' limit 1",
      );
      const tenantId = tenants[0]!.tenant_id;
      const tenant = await findTenantById(db, tenantId);
      // Wagering that no run can finish: every bet of group b is counted, none completes the bonus.
      const offer = await createOffer(db, tenant, {
        kind: 'no_deposit',
        name: 'Bench',
        amount: 1_000_000,
        wagering: 200,
        days: 30,
      });
      const users = await db.query<{ id: number }>(
        `insert into users (tenant_id, first_name, last_name, email, phone, referral_code)
          select $1, 'Bench', 'Player', 'bp' || g || '@ex.com', '+551196' || lpad(g::text, 7, '0'), 'BP' || g
          from generate_series(1, $2) g returning id`,
        [tenantId, 2 * CLIENTS],
      );
      const tokens: string[] = [];
      for (const [i, { id }] of users.rows.entries()) {
        const t = newToken() as { token: string; hash: string };
        await db.query(
          "insert into sessions (tenant_id, user_id, token_hash, expires_at) values ($1, $2, $3, now() + interval '1 day')",
          [tenantId, id, t.hash],
        );
        await db.transaction((tx: Sql) =>
          credit(tx, {
            tenantId,
            userId: id,
            reference: 'fund',
            amount: 100_000_000,
            type: 'deposit',
            idempotencyKey: `fund:${id}`,
          }),
        );
        if (i >= CLIENTS) await grantByOperator(db, { tenant, userId: id, offerId: offer.id });
        tokens.push(t.token);
      }
      const groups = { a: tokens.slice(0, CLIENTS), b: tokens.slice(CLIENTS) };
      for (const g of ['a', 'b'] as const) await load(port, groups[g], `warm-${g}`, 2);
      await analyzeSchema(db, schema);
      const runs: Record<'a' | 'b', Run[]> = { a: [], b: [] };
      for (const [i, g] of ORDER.entries()) runs[g].push(await measured(db, port, groups[g], `${g}${i}`, SECONDS));
      // The consumer's work happens after the bets: how far behind it is when the load stops, and how long it takes
      // to count every bet of group b (each settled bet of a player with an active bonus is one wager row).
      const { readConsumerStatus } = await server('platform/events/index.ts');
      const lagOf = async () =>
        (
          (await readConsumerStatus(db)) as { consumer: string; lagEvents: number; parked: number; retrying: number }[]
        ).find((c) => c.consumer === 'promotions')!;
      const atEnd = await lagOf();
      const t0 = Date.now();
      let status = atEnd;
      while (status.lagEvents > 0 && Date.now() - t0 < 300_000) {
        await new Promise((r) => setTimeout(r, 500));
        status = await lagOf();
      }
      const catchUpSeconds = Math.round((Date.now() - t0) / 100) / 10;
      const count = async (sql: string) => Number((await db.query<{ n: string }>(sql)).rows[0]!.n);
      const counted = await count('select count(*)::text as n from promo_wagers');
      const betsOfB = await count(
        `select count(*)::text as n from originals_bets b join promo_bonuses p on p.user_id = b.user_id and p.state = 'active'`,
      );
      const mean = (rs: Run[]) => Math.round(rs.reduce((n, r) => n + r.bets_per_s, 0) / rs.length);
      const walOf = (rs: Run[]) => Math.round((rs.reduce((n, r) => n + (r.wal_per_bet ?? 0), 0) / rs.length) * 10) / 10;
      const [a, b] = [mean(runs.a), mean(runs.b)];
      const ratio = Math.round((b / a) * 1000) / 1000;
      const errors = [...runs.a, ...runs.b].reduce((n, r) => n + r.errors, 0);
      const list = (rs: Run[]) => rs.map((r) => r.bets_per_s).join(', ');
      record(
        'promotions',
        {
          clients: CLIENTS,
          seconds: SECONDS,
          no_bonus: runs.a,
          active_bonus: runs.b,
          mean_no_bonus: a,
          mean_active_bonus: b,
          ratio,
          wagers_counted: counted,
          bets_of_active_bonus_players: betsOfB,
          consumer_lag_at_end: atEnd.lagEvents,
          consumer_catch_up_seconds: catchUpSeconds,
          consumer_parked: status.parked,
          consumer_retrying: status.retrying,
          wal_per_bet: { a: walOf(runs.a), b: walOf(runs.b) },
          target_ratio: 0.9,
          pass: ratio >= 0.9 && errors === 0,
        },
        `promotions: dice ${a} bets/s without a bonus (${list(runs.a)}), ${b} with an active bonus counting each bet (${list(runs.b)}) | ratio ${ratio} (target >= 0.9) | ${counted} of ${betsOfB} bets counted; consumer ${atEnd.lagEvents} events behind at the end, caught up in ${catchUpSeconds} s (${status.parked} parked) | WAL a bet ${walOf(runs.a)} / ${walOf(runs.b)} | ${errors} errors`,
      );
    } finally {
      await app.close();
      await db.close();
    }
  });
}
