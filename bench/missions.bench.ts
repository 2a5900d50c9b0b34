// Benchmark: the missions' cost on a bet. Dice bets per second end to end over HTTP (the shared dice load), for 16
// players on one server node, in runs alternating between (a) no active mission on the tenant (the missions
// consumer reads the live definitions of each settled bet and finds none) and (b) FIVE active automatic missions
// every bet counts towards (rounds on Dice, rounds anywhere, wager in Originals, wager anywhere, a 1000x
// multiplier; targets no run can reach): per settled bet the consumer marks the event counted and moves up to five
// player missions in one statement, pushing MissionUpdated when a bar moves by a whole percent. The consumers run
// on the same node, off the bet's transaction. Between runs the consumer is let catch up, so one group's backlog is
// not counted in the other's run. Order a b b a a b b a, each BENCH_SECONDS (default 10) after a 2 s warm-up.
// Target: (b) within 10% of (a) (median of the runs each). BENCH_DATABASE_URL (default: the test PostgreSQL); the
// run uses a private schema dropped afterwards.
import { countBets, measured, type Run } from './dice-load';
import { analyzeSchema, BENCH_DB_URL, record, withSchemas } from './lib';

type Sql = { query<T>(text: string, params?: unknown[]): Promise<{ rows: T[] }> };
type Db = Sql & { transaction<T>(fn: (tx: Sql) => Promise<T>): Promise<T>; close(): Promise<void> };
type App = {
  listen(o: { port: number; host: string }): Promise<string>;
  server: { address(): unknown };
  close(): Promise<void>;
};
const server = (p: string) => import(new URL(`../apps/server/src/${p}`, import.meta.url).href);

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CLIENTS = 16;
const ORDER = ['a', 'b', 'b', 'a', 'a', 'b', 'b', 'a'] as const;

const FIVE = [
  ['--goal', 'rounds', '--target', '1000000', '--game', 'dice'],
  ['--goal', 'rounds', '--target', '1000000'],
  ['--goal', 'wager', '--target', '1000000000', '--category', 'originals'],
  ['--goal', 'wager', '--target', '1000000000'],
  ['--goal', 'multiplier', '--target', '1000'],
];

const median = (xs: number[]) => {
  const s = [...xs].sort((x, y) => x - y);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : Math.round((s[m - 1]! + s[m]!) / 2);
};

export function run() {
  return withSchemas(['bench_missions'], async ([schema]) => {
    const { openPostgres } = await server('platform/db/index.ts');
    const { buildApp } = await server('app.ts');
    const { testConfig } = await server('test/helpers.ts');
    const { credit } = await server('modules/ledger/index.ts');
    const { newToken } = await server('platform/auth.ts');
    const { readConsumerStatus } = await server('platform/events/index.ts');
    const { MISSIONS_COMMANDS } = await server('modules/missions/index.ts');
    const db = (await openPostgres(BENCH_DB_URL, { poolSize: CLIENTS + 4, searchPath: schema })) as Db;
    const app = (await buildApp(testConfig({ tenantCacheTtlMs: 60_000 }), { db })) as App;
    const ops = (name: string, argv: string[]) => {
      const flags: Record<string, string> = {};
      for (let i = 0; i < argv.length; i += 2) flags[argv[i]!.slice(2)] = argv[i + 1]!;
      return MISSIONS_COMMANDS[name].run({ db }, { flags, positional: [] }) as Promise<string>;
    };
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const port = (app.server.address() as { port: number }).port;
      const { rows: tenants } = await db.query<{ tenant_id: number }>(
        "select tenant_id from tenant_hosts where host = 'localhost' limit 1",
      );
      const tenantId = tenants[0]!.tenant_id;
      // The demo missions are set aside: group a runs with no active mission at all.
      const { rows: demo } = await db.query<{ id: number }>('select id from missions_definitions where active');
      for (const d of demo)
        await MISSIONS_COMMANDS['mission:disable'].run({ db }, { flags: {}, positional: [String(d.id)] });
      const five: number[] = [];
      for (const [i, argv] of FIVE.entries())
        five.push(
          Number(
            await ops('mission:create', [
              '--host',
              'localhost',
              '--name',
              `Bench ${i}`,
              ...argv,
              '--reward-cash',
              '100',
            ]),
          ),
        );
      const setFive = (active: boolean) =>
        db.query('update missions_definitions set active = $1 where id = any($2::bigint[])', [active, five]);

      const users = await db.query<{ id: number }>(
        `insert into users (tenant_id, first_name, last_name, email, phone, referral_code)
          select $1, 'Bench', 'Player', 'bm' || g || '@ex.com', '+551197' || lpad(g::text, 7, '0'), 'BM' || g
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
      const lagOf = async () =>
        (
          (await readConsumerStatus(db)) as { consumer: string; lagEvents: number; parked: number; retrying: number }[]
        ).find((c) => c.consumer === 'missions')!;
      const caughtUp = async () => {
        const t0 = Date.now();
        let s = await lagOf();
        const behind = s.lagEvents;
        while (s.lagEvents > 0 && Date.now() - t0 < 300_000) {
          await new Promise((r) => setTimeout(r, 250));
          s = await lagOf();
        }
        return { behind, seconds: Math.round((Date.now() - t0) / 100) / 10, status: s };
      };
      await setFive(true);
      let betsWhileActive = -(await countBets(db));
      await measured(db, port, tokens, 'warm', 2);
      await caughtUp();
      betsWhileActive += await countBets(db);
      await analyzeSchema(db, schema);
      const runs: Record<'a' | 'b', Run[]> = { a: [], b: [] };
      const lag: { behind: number; seconds: number }[] = [];
      for (const [i, g] of ORDER.entries()) {
        await setFive(g === 'b');
        const before = await countBets(db);
        runs[g].push(await measured(db, port, tokens, `${g}${i}`, SECONDS));
        const c = await caughtUp();
        if (g === 'b') betsWhileActive += (await countBets(db)) - before;
        if (g === 'b') lag.push({ behind: c.behind, seconds: c.seconds });
      }
      const final = await lagOf();
      // Every bet of a b run moved the two "rounds" missions by one: their progress is the b runs' bets (warm-up
      // included), each counted once.
      const counted = Number(
        (
          await db.query<{ n: string }>(
            `select coalesce(sum(progress), 0)::text as n from missions_players where mission_id = $1`,
            [five[1]],
          )
        ).rows[0]!.n,
      );
      const [a, b] = [median(runs.a.map((r) => r.bets_per_s)), median(runs.b.map((r) => r.bets_per_s))];
      const ratio = Math.round((b / a) * 1000) / 1000;
      const errors = [...runs.a, ...runs.b].reduce((n, r) => n + r.errors, 0);
      const list = (rs: Run[]) => rs.map((r) => r.bets_per_s).join(', ');
      const walOf = (rs: Run[]) => Math.round((rs.reduce((n, r) => n + (r.wal_per_bet ?? 0), 0) / rs.length) * 10) / 10;
      record(
        'missions',
        {
          clients: CLIENTS,
          seconds: SECONDS,
          no_missions: runs.a,
          five_missions: runs.b,
          median_no_missions: a,
          median_five_missions: b,
          ratio,
          rounds_counted_by_missions: counted,
          bets_while_active: betsWhileActive,
          consumer_after_b_runs: lag,
          consumer_parked: final.parked,
          consumer_retrying: final.retrying,
          wal_per_bet: { a: walOf(runs.a), b: walOf(runs.b) },
          target_ratio: 0.9,
          pass: ratio >= 0.9 && errors === 0 && final.parked === 0 && counted === betsWhileActive,
        },
        `missions: dice ${a} bets/s with no mission (${list(runs.a)}), ${b} with five active missions counting each bet (${list(runs.b)}) | median ratio ${ratio} (target >= 0.9) | consumer behind after each b run ${lag.map((l) => `${l.behind} (${l.seconds} s)`).join(', ')}, ${final.parked} parked | ${counted} of ${betsWhileActive} bets counted | WAL a bet ${walOf(runs.a)} / ${walOf(runs.b)} | ${errors} errors`,
      );
    } finally {
      await app.close();
      await db.close();
    }
  });
}
