// Benchmark: the VIP counter's cost on a bet. Dice bets per second end to end over HTTP (the shared dice harness),
// 16 players on one server, in runs with the VIP consumer off (its position moved past the log, so it reads nothing,
// as without VIP; the run's bets are then skipped) and runs with it counting every settled bet as in production (the
// counted-event mark, the player's season and lifetime wagering and points, the week's ranking row, and the level-ups
// with their rewards). The consumer is waited for after each counting run, so no run pays for the one before it.
// Runs off on on off off on, each BENCH_SECONDS (default 10) after a 2 s warm-up.
// Target: the median of the counting runs within 10% of the median of the runs without it. Then a sustained burst
// measures how far the consumer trails and how fast it catches up. BENCH_DATABASE_URL (default: the test
// PostgreSQL); the run uses a private schema dropped afterwards.
import { load, measured, type Run } from './dice-load';
import { analyzeSchema, BENCH_DB_URL, record, withSchemas } from './lib';

type Sql = { query<T>(text: string, params?: unknown[]): Promise<{ rows: T[] }> };
type Db = Sql & {
  transaction<T>(fn: (tx: Sql) => Promise<T>): Promise<T>;
  close(): Promise<void>;
};
type App = {
  listen(o: { port: number; host: string }): Promise<string>;
  server: { address(): unknown };
  close(): Promise<void>;
};
const server = (p: string) => import(new URL(`../apps/server/src/${p}`, import.meta.url).href);

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CLIENTS = 16;
const ORDER = ['off', 'on', 'on', 'off', 'off', 'on'] as const;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : Math.round((s[m - 1]! + s[m]!) / 2);
};

export function run() {
  return withSchemas(['bench_vip'], async ([schema]) => {
    const { openPostgres } = await server('platform/db/index.ts');
    const { buildApp } = await server('app.ts');
    const { testConfig } = await server('test/helpers.ts');
    const { credit } = await server('modules/ledger/index.ts');
    const { newToken } = await server('platform/auth.ts');
    const { readConsumerStatus } = await server('platform/events/index.ts');
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
          select $1, 'Bench', 'Player', 'bv' || g || '@ex.com', '+551197' || lpad(g::text, 7, '0'), 'BV' || g
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
            reference: 'fund',
            amount: 100_000_000,
            type: 'deposit',
            idempotencyKey: `fund:${id}`,
          }),
        );
        tokens.push(t.token);
      }
      const vipStatus = async () =>
        (
          (await readConsumerStatus(db)) as { consumer: string; lagEvents: number; parked: number; retrying: number }[]
        ).find((c) => c.consumer === 'vip')!;
      const caughtUp = async (limitMs = 300_000) => {
        const t0 = Date.now();
        let s = await vipStatus();
        while ((s.lagEvents > 0 || s.retrying > 0) && Date.now() - t0 < limitMs) {
          await new Promise((r) => setTimeout(r, 250));
          s = await vipStatus();
        }
        return { seconds: Math.round((Date.now() - t0) / 100) / 10, status: s };
      };

      await load(port, tokens, 'warm', 2);
      await caughtUp();
      await analyzeSchema(db, schema);
      const runs: Record<'off' | 'on', Run[]> = { off: [], on: [] };
      const staked = async () =>
        Number(
          (await db.query<{ n: string }>('select coalesce(sum(amount), 0)::text as n from originals_bets')).rows[0]!.n,
        );
      let skipped = 0;
      for (const [i, mode] of ORDER.entries()) {
        if (mode === 'off') {
          // The consumer's position moved far past the log: it reads nothing, as a build without VIP would; after the
          // run it is set to the log's end, so the run's bets are never counted (and not waited for).
          await db.query(
            `update event_consumers set pos_xid = (pg_current_xact_id()::text::bigint + 1000000000)::text::xid8
              where name = 'vip'`,
          );
          const before = await staked();
          runs.off.push(await measured(db, port, tokens, `off${i}`, SECONDS));
          skipped += (await staked()) - before;
          await db.query(
            `update event_consumers set (pos_xid, pos_id) = (select xid, id from event_log order by xid desc, id desc limit 1)
              where name = 'vip'`,
          );
        } else runs.on.push(await measured(db, port, tokens, `on${i}`, SECONDS));
        await caughtUp();
      }

      // A sustained burst with the consumer counting: how far behind it is when the bets stop and how long it takes
      // to count the rest; then every bet must be counted exactly once.
      await measured(db, port, tokens, 'burst', SECONDS * 3);
      const atEnd = await vipStatus();
      const catchUp = await caughtUp();
      const count = async (sql: string) => Number((await db.query<{ n: string }>(sql)).rows[0]!.n);
      const stakes = (await staked()) - skipped;
      const counted = await count('select coalesce(sum(total_bet), 0)::text as n from player_vip');
      const failures = (
        await db.query<{ error: string; n: string }>(
          `select left(last_error, 200) as error, count(*)::text as n from event_retries where consumer = 'vip'
            group by 1 order by 2 desc limit 3`,
        )
      ).rows;
      // Where a difference between staked and counted sits: players short, and counted events against bets.
      const short = (
        await db.query<{ players: string; missing: string }>(
          `select count(*)::text as players, coalesce(sum(b.s - coalesce(v.total_bet, 0)), 0)::text as missing
            from (select user_id, sum(amount) as s from originals_bets group by user_id) b
            left join player_vip v on v.user_id = b.user_id
            where b.s <> coalesce(v.total_bet, 0)`,
        )
      ).rows[0]!;
      const countedEvents = await count('select count(*)::text as n from vip_counted_events');
      const bets = await count('select count(*)::text as n from originals_bets');
      const [off, on] = [median(runs.off.map((r) => r.bets_per_s)), median(runs.on.map((r) => r.bets_per_s))];
      const ratio = Math.round((on / off) * 1000) / 1000;
      const errors = [...runs.off, ...runs.on].reduce((n, r) => n + r.errors, 0);
      const list = (rs: Run[]) => rs.map((r) => r.bets_per_s).join(', ');
      const walOf = (rs: Run[]) => Math.round((rs.reduce((n, r) => n + (r.wal_per_bet ?? 0), 0) / rs.length) * 10) / 10;
      record(
        'vip',
        {
          clients: CLIENTS,
          seconds: SECONDS,
          vip_off: runs.off,
          vip_counting: runs.on,
          median_off: off,
          median_counting: on,
          ratio,
          consumer_lag_at_end_of_burst: atEnd.lagEvents,
          consumer_catch_up_seconds: catchUp.seconds,
          consumer_parked: catchUp.status.parked,
          consumer_retrying: catchUp.status.retrying,
          consumer_failures: failures,
          staked: stakes,
          counted,
          players_short: Number(short.players),
          counted_events: countedEvents,
          bets,
          wal_per_bet: { off: walOf(runs.off), on: walOf(runs.on) },
          target_ratio: 0.9,
          pass: ratio >= 0.9 && errors === 0 && counted === stakes,
        },
        `vip: dice ${off} bets/s with the VIP counter off (${list(runs.off)}), ${on} with it counting (${list(runs.on)}) | median ratio ${ratio} (target >= 0.9) | burst: consumer ${atEnd.lagEvents} events behind at the end, caught up in ${catchUp.seconds} s (${catchUp.status.parked} parked); counted ${counted} of ${stakes} centavos staked | WAL a bet ${walOf(runs.off)} / ${walOf(runs.on)} | ${errors} errors`,
      );
    } finally {
      await app.close();
      await db.close();
    }
  });
}
