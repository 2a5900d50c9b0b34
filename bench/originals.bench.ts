// Benchmark 7 (originals): Dice bets per second end to end through HTTP (Fastify app + auth + seed-pair nonce +
// fairness draw + wallet debit/credit + events, on PostgreSQL), beside pgbench TPC-B on the same server in the same
// run. Target: dice bets/s >= 0.5 x pgbench transactions/s. Each client is its own player (a player's bets take
// turns on their seed-pair row by design, so one player's throughput is bounded by one transaction at a time).
// Load: 16 clients in 2 worker threads (as pgbench -c 16 -j 2); server: BENCH_SERVERS nodes (default 1; a player
// always reaches the same node), each with its own pool.
// BENCH_DATABASE_URL (default: the test PostgreSQL); both run in private schemas that are dropped afterwards.
import type { AddressInfo } from 'node:net';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { countBets, diceLoad } from './dice-load';
import { BENCH_DB_URL, record, tpcb, walNow, walPer, withSchemas } from './lib';

// The server's modules are loaded at run time (the bench project does not compile apps/server; see tsconfig).
type Sql = { query<T>(text: string, params?: unknown[]): Promise<{ rows: T[] }> };
type Db = Sql & { transaction<T>(fn: (tx: Sql) => Promise<T>): Promise<T>; close(): Promise<void> };
const server = (p: string) => import(new URL(`../apps/server/src/${p}`, import.meta.url).href);
const { openPostgres } = (await server('platform/db/index.ts')) as {
  openPostgres(url: string, o?: { poolSize?: number; searchPath?: string }): Promise<Db>;
};

const DB_URL = BENCH_DB_URL;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 16);
/**
 * Server nodes. One: on this 2-core machine PostgreSQL is the bottleneck (it takes about 1.3 ms of CPU per bet, the
 * node about 0.35 ms, a third of one core at 900 bets/s), and a second node only added a second pool of backends
 * and the context switches between them: 700-730 bets/s with two nodes against 860-900 with one, same code, same
 * hour. BENCH_SERVERS=2 measures the two-node layout of a machine with cores to spare.
 */
const SERVERS = Number(process.env.BENCH_SERVERS ?? 1);

type App = {
  listen(o: { port: number; host: string }): Promise<string>;
  server: { address(): unknown };
  close(): Promise<void>;
};

/** One more server node on the same database (a worker thread of this file), as a second core would run. */
async function serveInWorker(o: { schema: string; poolSize: number }) {
  const { buildApp } = await server('app.ts');
  const { testConfig } = await server('test/helpers.ts');
  const db = await openPostgres(DB_URL, { poolSize: o.poolSize, searchPath: o.schema });
  const app = (await buildApp(testConfig({ tenantCacheTtlMs: 60_000 }), { db })) as App;
  await app.listen({ port: 0, host: '127.0.0.1' });
  parentPort!.once('message', async () => {
    await app.close();
    await db.close();
    parentPort!.postMessage('closed');
  });
  parentPort!.postMessage((app.server.address() as AddressInfo).port);
}
if (!isMainThread && (workerData as { role?: string } | null)?.role === 'server')
  await serveInWorker(workerData as { schema: string; poolSize: number });

async function diceOverHttp(schema: string) {
  const { buildApp } = await server('app.ts');
  const { testConfig } = await server('test/helpers.ts');
  const { checkLedger, credit } = await server('modules/ledger/index.ts');
  const { newToken } = await server('platform/auth.ts');
  const poolSize = Math.ceil(CLIENTS / SERVERS) + 4;
  const db = await openPostgres(DB_URL, { poolSize, searchPath: schema });
  const app = (await buildApp(testConfig({ tenantCacheTtlMs: 60_000 }), { db })) as App;
  const nodes: Worker[] = [];
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { rows: tenants } = await db.query<{ tenant_id: number }>(
      "select tenant_id from tenant_hosts where host = 'localhost' limit 1",
    );
    const tenantId = tenants[0]!.tenant_id;
    const users = await db.query<{ id: number }>(
      `insert into users (tenant_id, first_name, last_name, email, phone, referral_code)
        select $1, 'Bench', 'Player', 'ob' || g || '@ex.com', '+551197' || lpad(g::text, 7, '0'), 'OB' || g
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
    // The players' HTTP clients run in worker threads (two, as pgbench -j 2), each on its own keep-alive connection
    // (keepalive-client.cjs):
    // the load generator's CPU is not taken from the server's event loop, as pgbench's client is not taken from
    // PostgreSQL's backends.
    const ports = [(app.server.address() as AddressInfo).port];
    for (let i = 1; i < SERVERS; i++) {
      const node = new Worker(
        // The worker loads this file through tsx, as `npm run bench` does.
        `import('tsx/esm/api').then((m) => { m.register(); return import(${JSON.stringify(import.meta.url)}); })`,
        { eval: true, workerData: { role: 'server', schema, poolSize } },
      );
      nodes.push(node);
      ports.push(
        await new Promise<number>((resolve, reject) => {
          node.once('message', resolve);
          node.once('error', reject);
        }),
      );
    }
    // WAL per bet over the whole load (warm-up included, the dispatcher's work too): bets counted in the table.
    const bets0 = await countBets(db);
    const wal0 = await walNow(db);
    const dice = await diceLoad({ ports, tokens, seconds: SECONDS, prefix: (i) => `bench-${i}` });
    // The dispatcher takes the last events off the queue within its next tick.
    await new Promise((r) => setTimeout(r, 1_000));
    const wal = walPer(wal0, await walNow(db), (await countBets(db)) - bets0);
    const check = (await checkLedger(db, tenantId)) as { ok: boolean };
    return { ...dice, ledger_ok: check.ok, ...wal };
  } finally {
    for (const node of nodes) {
      const closed = new Promise((resolve) => {
        node.once('message', resolve);
        node.once('exit', resolve);
      });
      node.postMessage('close');
      await closed;
      await node.terminate();
    }
    await app.close();
    await db.close();
  }
}

export function run() {
  return withSchemas(['bench_o', 'bench_op'], async ([o, p]) => {
    const yardstick = tpcb({ url: DB_URL, schema: p, clients: CLIENTS, seconds: SECONDS });
    yardstick.init();
    yardstick.run();
    const dice = await diceOverHttp(o);
    yardstick.run();
    const reference = yardstick.result();
    // The target is judged on the exact ratio; the record shows it to 3 decimals (rounded to 2, a 0.395 passed
    // a target of 0.4).
    const exactRatio = dice.bets_per_s / reference.tps;
    const ratio = Math.round(exactRatio * 1000) / 1000;
    record(
      'originals',
      {
        clients: CLIENTS,
        server_nodes: SERVERS,
        seconds: SECONDS,
        dice,
        pgbench: reference,
        ratio,
        target_ratio: 0.5,
        pass: exactRatio >= 0.5 && dice.errors === 0 && dice.ledger_ok,
        crash_tick_p99: 'see bench/results/crash.json (npm run bench -- crash)',
      },
      `originals: ${dice.bets_per_s} dice bets/s over HTTP, ${SERVERS} server node(s) (p50 ${dice.p50_ms} ms, p99 ${dice.p99_ms} ms, ${dice.errors} errors, ${dice.wal_records_per_tx} WAL records a bet) | ` +
        `pgbench TPC-B ${reference.tps} tps (before ${reference.runs_tps[0]}, after ${reference.runs_tps[1]}) | ratio ${ratio} (target >= 0.5)`,
    );
  });
}
