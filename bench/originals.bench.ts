// Benchmark 7 (originals): Dice bets per second end to end through HTTP (Fastify app + auth + seed-pair nonce +
// fairness draw + wallet debit/credit + events, on PostgreSQL), beside pgbench TPC-B on the same server in the same
// run. Target: dice bets/s >= 0.5 x pgbench transactions/s. Each client is its own player (a player's bets take
// turns on their seed-pair row by design, so one player's throughput is bounded by one transaction at a time).
// BENCH_DATABASE_URL (default: the test PostgreSQL); both run in private schemas that are dropped afterwards.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { record } from './lib';

// The server's modules are loaded at run time (the bench project does not compile apps/server; see tsconfig).
type Sql = { query<T>(text: string, params?: unknown[]): Promise<{ rows: T[] }> };
type Db = Sql & { transaction<T>(fn: (tx: Sql) => Promise<T>): Promise<T>; close(): Promise<void> };
const server = (p: string) => import(new URL(`../apps/server/src/${p}`, import.meta.url).href);
const { openPostgres } = (await server('db/index.ts')) as {
  openPostgres(url: string, o?: { poolSize?: number; searchPath?: string }): Promise<Db>;
};

const DB_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 16);

async function diceOverHttp(schema: string) {
  const { buildApp } = await server('app.ts');
  const { testConfig } = await server('test/helpers.ts');
  const { checkLedger, credit } = await server('modules/wallet/index.ts');
  const { newToken } = await server('platform/auth.ts');
  const db = await openPostgres(DB_URL, { poolSize: CLIENTS + 4, searchPath: schema });
  const app = (await buildApp(testConfig({ tenantCacheTtlMs: 60_000 }), { db })) as {
    listen(o: { port: number; host: string }): Promise<string>;
    server: { address(): unknown };
    close(): Promise<void>;
  };
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
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
    let bets = 0;
    let errors = 0;
    let seq = 0;
    const lat: number[] = [];
    const worker = async (token: string, deadline: number, counting: boolean) => {
      while (Date.now() < deadline) {
        const t0 = performance.now();
        const res = await fetch(`${base}/api/originals/dice/bet`, {
          method: 'POST',
          headers: {
            host: 'localhost',
            'content-type': 'application/json',
            authorization: `Bearer ${token}`,
            'idempotency-key': `bench-${seq++}`,
          },
          body: JSON.stringify({ amount: 100, target: 50.5, condition: 'over' }),
        });
        await res.arrayBuffer();
        if (!counting) continue;
        if (res.status === 200) {
          bets++;
          lat.push(performance.now() - t0);
        } else errors++;
      }
    };
    await Promise.all(tokens.map((t) => worker(t, Date.now() + 2_000, false)));
    const start = Date.now();
    await Promise.all(tokens.map((t) => worker(t, start + SECONDS * 1000, true)));
    const secs = (Date.now() - start) / 1000;
    lat.sort((a, b) => a - b);
    const check = (await checkLedger(db, tenantId)) as { ok: boolean };
    return {
      bets_per_s: Math.round(bets / secs),
      p50_ms: Math.round(lat[Math.floor(lat.length * 0.5)]! * 10) / 10,
      p99_ms: Math.round(lat[Math.floor(lat.length * 0.99)]! * 10) / 10,
      errors,
      ledger_ok: check.ok,
    };
  } finally {
    await app.close();
    await db.close();
  }
}

function pgbench(schema: string) {
  const env = { ...process.env, PGOPTIONS: `-c search_path=${schema}` };
  execFileSync('pgbench', ['-i', '-q', '-s', String(CLIENTS), DB_URL], { env, stdio: 'pipe' });
  const out = execFileSync('pgbench', ['-c', String(CLIENTS), '-j', '2', '-T', String(SECONDS), '-n', DB_URL], {
    env,
    encoding: 'utf8',
  });
  const m = /tps = ([\d.]+) \(without initial connection time\)/.exec(out) ?? /tps = ([\d.]+)/.exec(out);
  return { tps: Math.round(Number(m?.[1] ?? 0)), scale: CLIENTS };
}

export async function run() {
  const admin = await openPostgres(DB_URL, { poolSize: 1 });
  const o = `bench_o_${randomBytes(4).toString('hex')}`;
  const p = `bench_op_${randomBytes(4).toString('hex')}`;
  await admin.query(`create schema ${o}`);
  await admin.query(`create schema ${p}`);
  try {
    const dice = await diceOverHttp(o);
    const tpcb = pgbench(p);
    const ratio = Math.round((dice.bets_per_s / tpcb.tps) * 100) / 100;
    record(
      'originals',
      {
        clients: CLIENTS,
        seconds: SECONDS,
        dice,
        pgbench: tpcb,
        ratio,
        target_ratio: 0.5,
        pass: ratio >= 0.5 && dice.errors === 0 && dice.ledger_ok,
        crash_tick_p99: 'not measured: Crash rounds are not built yet',
      },
      `originals: ${dice.bets_per_s} dice bets/s over HTTP (p50 ${dice.p50_ms} ms, p99 ${dice.p99_ms} ms, ${dice.errors} errors) | ` +
        `pgbench TPC-B ${tpcb.tps} tps | ratio ${ratio} (target >= 0.5)`,
    );
  } finally {
    await admin.query(`drop schema ${o} cascade`);
    await admin.query(`drop schema ${p} cascade`);
    await admin.close();
  }
}
