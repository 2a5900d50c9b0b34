/**
 * The crash proof: the real server process (`node --import tsx apps/server/src/main.ts`) on PostgreSQL is
 * killed with SIGKILL in the middle of a load of deposits, dice bets, withdrawals, cancels and payout runs, then
 * started again on the same database. After the restart:
 * - `ledger:check` is clean (every transaction sums to zero, every balance equals its entries);
 * - the domain rows and the money agree for every player (deposits credited, bets and wins, withdrawals held, paid
 *   or released): a request is either fully there or not there at all;
 * - retrying every request with its Idempotency-Key (deposits: asking for the charge's status, which confirms it with
 *   the PSP) applies each one exactly once; a second retry changes nothing.
 *
 * The PSP is the sandbox, started here as its own process-independent server (PIX_PSP=bcb pointing at it), so it
 * survives the crash the way a bank would; paying a charge is what `/api/dev/pix/{txid}/pay` does (the sandbox's
 * payer endpoint, whose webhook reaches the server). PGlite is one process, so this runs only with
 * TEST_DATABASE_URL.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openPostgres } from '../../platform/db/index';
import { readConsumerStatus } from '../../platform/events/index';
import { newCpf, newEmail, newPhone } from '../../test/accounts';
import { freePort, type KillableServer, startKillableServer } from '../../test/kill-server';
import { checkLedger } from '../ledger/index';
import { BcbPixProvider } from './psp/bcb';
import { type SandboxPsp, startSandboxPsp } from './psp/sandbox';

const URL_ = process.env.TEST_DATABASE_URL;
const CLIENT = { id: 'kill-test', secret: 'kill-test-secret' };

if (!URL_)
  console.warn(
    '[kill.test] SKIPPED: set TEST_DATABASE_URL (PostgreSQL) to run the SIGKILL proof; PGlite is one process.',
  );

type Server = KillableServer;

type Reply = { status: number; body: Record<string, unknown>; replayed: boolean };

function api(base: () => string, ip: string, token?: string) {
  const call = async (method: string, p: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${base()}${p}`, {
      method,
      headers: {
        'x-forwarded-for': ip,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let parsed: Record<string, unknown> = {};
    try {
      parsed = text ? JSON.parse(text) : {};
    } catch {
      parsed = { text };
    }
    const replayed = res.headers.get('idempotent-replayed') === 'true' || parsed.replayed === true;
    return { status: res.status, body: parsed, replayed } as Reply;
  };
  return {
    get: (p: string) => call('GET', p),
    post: (p: string, body: unknown = {}, headers?: Record<string, string>) => call('POST', p, body, headers),
  };
}

type Player = {
  id: number;
  token: string;
  cpf: string;
  ip: string;
  methodId: number;
  kyc: boolean;
  http: ReturnType<typeof api>;
};

/** One request of the load, kept to be retried after the restart. */
type Op =
  | { kind: 'dice'; player: Player; key: string; body: Record<string, unknown>; first?: Reply }
  | { kind: 'withdraw'; player: Player; key: string; body: Record<string, unknown>; first?: Reply }
  | { kind: 'deposit'; player: Player; amount: number; txid?: string; paid?: boolean; first?: Reply }
  | { kind: 'cancel'; player: Player; id: number; first?: Reply };

describe.skipIf(!URL_)('SIGKILL in the middle of a load (real server process, PostgreSQL)', () => {
  const schema = `kill_${randomBytes(5).toString('hex')}`;
  let db: Db;
  let sandbox: SandboxPsp;
  let server: Server | null = null;
  let base = '';
  let env: NodeJS.ProcessEnv;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sorte-kill-'));

  beforeAll(async () => {
    const admin = await openPostgres(URL_!, { poolSize: 1 });
    await admin.query(`create schema ${schema}`);
    await admin.close();
    db = await openPostgres(URL_!, { poolSize: 4, searchPath: schema });
    // The PSP's state is in its own tables of this schema, which the server's migrations create before any call.
    sandbox = await startSandboxPsp({ db, clientId: CLIENT.id, clientSecret: CLIENT.secret });
    const port = await freePort();
    const dbUrl = new URL(URL_!);
    dbUrl.searchParams.set('options', `-c search_path=${schema}`);
    env = {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: dbUrl.toString(),
      DATABASE_POOL_SIZE: '20',
      LOG_LEVEL: 'error',
      ORIGINALS_ENGINES: 'off',
      PASSWORD_HASH_MEMORY_KIB: '1024',
      PASSWORD_HASH_TIME_COST: '1',
      PIX_PSP: 'bcb',
      PIX_PSP_URL: sandbox.url,
      PIX_CLIENT_ID: CLIENT.id,
      PIX_CLIENT_SECRET: CLIENT.secret,
      PIX_KEY_LOOKUP: 'false',
      WALLET_JOBS: 'true',
      WEB_DIST: path.join(dataDir, 'no-web'),
    };
    delete env.TEST_DATABASE_URL;
    delete env.VITEST;
    server = await startKillableServer(env);
    base = server.url;
  }, 90_000);

  afterAll(async () => {
    if (server && server.child.exitCode === null) {
      const exited = new Promise((r) => server!.child.once('exit', r));
      server.child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
    }
    await sandbox?.close();
    await db?.close();
    const admin = await openPostgres(URL_!, { poolSize: 1 });
    await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function register(i: number): Promise<Player> {
    const ip = `10.77.${i}.${(i % 200) + 1}`;
    const anon = api(() => base, ip);
    const phone = newPhone();
    const sent = await anon.post('/api/auth/verify-code', { phone });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const box = (await anon.get(`/api/dev/outbox?to=${encodeURIComponent(phone)}`)).body as unknown as {
      code: string;
    }[];
    const cpf = newCpf();
    const reg = await anon.post('/api/auth/register', {
      name: 'Carla Souza',
      username: phone,
      email: newEmail(),
      password: 'senha-forte-1',
      password_confirmation: 'senha-forte-1',
      birth_date: '1990-05-17',
      cpf,
      code: box[0]!.code,
      terms: true,
      age_confirmed: true,
    });
    expect(reg.status, JSON.stringify(reg.body)).toBe(201);
    const token = reg.body.token as string;
    const id = Number((reg.body.user as { id: number }).id);
    // Test set-up of the account state (not money): contacts verified; half the players have approved documents,
    // so their withdrawals are paid out by the job during the load.
    await db.query('update users set email_verified_at = now(), phone_verified_at = now() where id = $1', [id]);
    const kyc = i % 2 === 0;
    if (kyc)
      await db.query(
        `insert into kyc_documents (tenant_id, user_id, type, storage_key, content_type, size, status, reviewed_at)
          select tenant_id, id, t, 'kyc/test.png', 'image/png', 1, 'approved', now() from users,
            unnest(array['id_front', 'selfie']) t where id = $1`,
        [id],
      );
    const http = api(() => base, ip, token);
    const m = await http.post('/api/wallet/withdraw/method', { type: 'cpf', key: cpf });
    expect(m.status, JSON.stringify(m.body)).toBe(200);
    return { id, token, cpf, ip, methodId: (m.body.method as { id: number }).id, kyc, http };
  }

  /** The deposit path: a charge from the server, paid at the PSP by the player's bank, its webhook to the server. */
  async function deposit(op: Extract<Op, { kind: 'deposit' }>) {
    const q = await op.player.http.post('/api/main-gateway/qrcode-pix', { amount: op.amount });
    op.first = q;
    if (q.status !== 200) return;
    op.txid = q.body.txid as string;
    const paid = await fetch(`${sandbox.url}/sandbox/cob/${op.txid}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ cpf: op.player.cpf, nome: 'Carla Souza' }),
    });
    op.paid = paid.ok;
  }

  async function run(op: Op): Promise<Reply | undefined> {
    const h = op.player.http;
    switch (op.kind) {
      case 'dice':
        return h.post('/api/originals/dice/bet', op.body, { 'idempotency-key': op.key });
      case 'withdraw':
        return h.post('/api/wallet/withdraw/request', op.body, { 'idempotency-key': op.key });
      case 'cancel':
        return h.post('/api/main-gateway/user-cancel-withdrawal', { id: op.id });
      case 'deposit':
        await deposit(op);
        return op.first;
    }
  }

  /** Domain rows against the ledger, per player: every request fully applied or not at all. */
  async function consistency(players: Player[]) {
    const problems: string[] = [];
    for (const p of players) {
      const { rows } = await db.query<Record<string, number>>(
        `select
            coalesce((select balance from ledger_accounts where user_id = $1 and kind = 'cash'), 0) as cash,
            coalesce((select balance from ledger_accounts where user_id = $1 and kind = 'pending'), 0) as pending,
            coalesce((select balance from ledger_accounts where user_id = $1 and kind = 'bonus'), 0) as bonus,
            (select coalesce(sum(amount), 0) from pix_charges where user_id = $1 and status = 'paid') as deposited,
            (select count(*) from pix_charges where user_id = $1
              and (status = 'paid') <> (ledger_transaction_id is not null)) as deposit_mismatch,
            (select coalesce(sum(amount), 0) from originals_bets where user_id = $1) as staked,
            (select coalesce(sum(payout), 0) from originals_bets where user_id = $1) as won,
            (select count(*) from originals_bets where user_id = $1) as bets,
            (select count(*) from ledger_transactions where user_id = $1 and type = 'bet') as bet_txs,
            (select count(*) from originals_bets where user_id = $1 and payout > 0) as wins,
            (select count(*) from ledger_transactions where user_id = $1 and type = 'win') as win_txs,
            (select count(*) from originals_requests r where user_id = $1 and response is null) as open_requests,
            (select coalesce(sum(amount), 0) from withdrawals where user_id = $1 and status = 1) as paid_out,
            (select coalesce(sum(reward_cash), 0) from vip_level_ups where user_id = $1) as vip_rewards,
            (select count(*) from vip_level_ups where user_id = $1 and reward_cash > 0) as vip_level_ups,
            (select count(*) from ledger_transactions where user_id = $1 and type = 'prize'
              and idempotency_key like 'vip:%') as vip_reward_txs,
            (select coalesce(sum(amount), 0) from withdrawals where user_id = $1 and status in (0, 4, 5)) as held,
            (select count(*) from withdrawals w where user_id = $1 and (
              (select count(*) from ledger_transactions t where t.idempotency_key = 'withdraw:' || w.id || ':hold') <> 1
              or (select count(*) from ledger_transactions t where t.idempotency_key = 'withdraw:' || w.id || ':release')
                <> (case when w.status in (2, 3) then 1 else 0 end)
              or (select count(*) from ledger_transactions t where t.idempotency_key = 'withdraw:' || w.id || ':paid')
                <> (case when w.status = 1 then 1 else 0 end))) as withdrawal_mismatch`,
        [p.id],
      );
      const r = rows[0]!;
      const n = (k: string) => Number(r[k]);
      // The players' wagering also reaches VIP levels, whose cash rewards the VIP consumer credits (each once).
      const expectCashPlusPending = n('deposited') - n('staked') + n('won') - n('paid_out') + n('vip_rewards');
      if (n('cash') + n('pending') !== expectCashPlusPending)
        problems.push(`player ${p.id}: cash+pending ${n('cash') + n('pending')} != rows ${expectCashPlusPending}`);
      if (n('pending') !== n('held')) problems.push(`player ${p.id}: pending ${n('pending')} != held ${n('held')}`);
      if (n('bonus') !== 0) problems.push(`player ${p.id}: bonus ${n('bonus')}`);
      if (n('bets') !== n('bet_txs')) problems.push(`player ${p.id}: ${n('bets')} bets, ${n('bet_txs')} stakes`);
      if (n('wins') !== n('win_txs')) problems.push(`player ${p.id}: ${n('wins')} wins, ${n('win_txs')} win credits`);
      if (n('vip_level_ups') !== n('vip_reward_txs'))
        problems.push(`player ${p.id}: ${n('vip_level_ups')} VIP levels reached, ${n('vip_reward_txs')} rewards paid`);
      if (n('open_requests') !== 0) problems.push(`player ${p.id}: ${n('open_requests')} unanswered bet requests`);
      if (n('deposit_mismatch') !== 0) problems.push(`player ${p.id}: ${n('deposit_mismatch')} deposits half-applied`);
      if (n('withdrawal_mismatch') !== 0)
        problems.push(`player ${p.id}: ${n('withdrawal_mismatch')} withdrawals whose money does not match the status`);
    }
    return problems;
  }

  async function snapshot() {
    const { rows } = await db.query<Record<string, number>>(
      `select (select count(*) from ledger_transactions) as txs, (select count(*) from ledger_entries) as entries,
          (select count(*) from originals_bets) as bets, (select count(*) from withdrawals) as withdrawals,
          (select count(*) from pix_charges where status = 'paid') as deposits,
          (select coalesce(sum(balance), 0) from ledger_accounts where user_id is not null) as player_money`,
    );
    return rows[0]!;
  }

  it('leaves the ledger consistent after restart, with no request half-applied; retries apply each once', async () => {
    const started = Date.now();
    const players = await Promise.all(Array.from({ length: 6 }, (_, i) => register(i)));
    for (const p of players) {
      const op: Extract<Op, { kind: 'deposit' }> = { kind: 'deposit', player: p, amount: 100_000 };
      await deposit(op);
      expect(op.paid).toBe(true);
      const w = await p.http.get('/api/profile/wallet');
      expect(w.body.balance).toBe(100_000);
    }

    // ---- the load: 6 players x 4 workers, each request with its own key; SIGKILL after a random 0.8-1.6 s ----
    const ops: Op[] = [];
    let seq = 0;
    let dead = false;
    let nextOp = (p: Player): Op => {
      const r = Math.random();
      const k = `kill-${++seq}-${randomBytes(3).toString('hex')}`;
      if (r < 0.55)
        return {
          kind: 'dice',
          player: p,
          key: k,
          body: { amount: 100 + Math.floor(Math.random() * 900), target: 50, condition: r < 0.27 ? 'over' : 'under' },
        };
      if (r < 0.8)
        return {
          kind: 'withdraw',
          player: p,
          key: k,
          body: { amount: 1_000 + Math.floor(Math.random() * 4_000), method_id: p.methodId },
        };
      if (r < 0.9) return { kind: 'deposit', player: p, amount: 2_000 + Math.floor(Math.random() * 3_000) };
      const mine = ops.filter((o) => o.kind === 'withdraw' && o.player === p && o.first?.status === 200) as Extract<
        Op,
        { kind: 'withdraw' }
      >[];
      const last = mine.at(-1);
      const id = last ? (last.first!.body.withdrawal as { id: number }).id : 0;
      return id ? { kind: 'cancel', player: p, id } : { kind: 'deposit', player: p, amount: 2_500 };
    };
    const worker = async (p: Player) => {
      while (!dead) {
        const op = nextOp(p);
        ops.push(op);
        try {
          const reply = await run(op);
          if (op.kind !== 'deposit') op.first = reply;
        } catch {
          // the server died under this request: its outcome is unknown until the restart
        }
      }
    };
    const jobs = async () => {
      // The payout job also runs on its 5-second timer; this makes it run inside the load window too.
      while (!dead) {
        await fetch(`${base}/api/dev/wallet/run-jobs`, { method: 'POST' }).catch(() => {});
        await new Promise((r) => setTimeout(r, 150));
      }
    };
    const load = Promise.all([...players.flatMap((p) => Array.from({ length: 4 }, () => worker(p))), jobs()]);
    const killAfter = 800 + Math.floor(Math.random() * 800);
    await new Promise((r) => setTimeout(r, killAfter));
    const exited = new Promise((r) => server!.child.once('exit', r));
    server!.child.kill('SIGKILL');
    await exited;
    dead = true;
    await load;
    nextOp = () => {
      throw new Error('no new requests after the kill');
    };
    const answered = ops.filter((o) => o.first !== undefined).length;
    const byKind = (k: Op['kind']) => ops.filter((o) => o.kind === k).length;
    console.info(
      `[kill.test] SIGKILL after ${killAfter} ms: ${ops.length} requests (${answered} answered, ` +
        `${ops.length - answered} cut): dice ${byKind('dice')}, withdraw ${byKind('withdraw')}, ` +
        `deposit ${byKind('deposit')}, cancel ${byKind('cancel')}`,
    );
    expect(ops.length).toBeGreaterThan(24);

    // ---- restart on the same database ----
    server = await startKillableServer(env);
    base = server.url;
    const check = await checkLedger(db);
    expect(check.problems).toEqual([]);
    expect(check.ok).toBe(true);
    expect(await consistency(players)).toEqual([]);
    const { rows: warm } = await db.query<{ n: number }>('select count(*)::int as n from ledger_transactions');
    expect(warm[0]!.n).toBeGreaterThan(6);

    // ---- retry every request with its key: answered ones replay, cut ones apply now or replay ----
    const cut = { committed: 0, appliedNow: 0, refused: 0 };
    let firstRound = true;
    const retryAll = async () => {
      for (const op of ops) {
        if (op.kind === 'deposit') {
          if (!op.txid) continue; // the charge was never created: nothing to retry (no key, no money)
          // The player's app polls the status: the server confirms the charge with the PSP and credits it once.
          const st = await op.player.http.post('/api/main-gateway/consult-status-transaction', { txid: op.txid });
          expect(st.status, JSON.stringify(st.body)).toBe(200);
          if (op.paid) expect(st.body.status).toBe('paid');
          continue;
        }
        const again = await run(op);
        expect(again, op.kind).toBeDefined();
        const a = again!;
        if (op.kind === 'cancel') {
          // A cancel either happened (now "not cancellable", 422) or happens now; never twice.
          expect([200, 422]).toContain(a.status);
          continue;
        }
        const prior = op.first;
        if (prior?.status === 200) {
          // Answered before (before the kill, or on the first retry): the same answer again, nothing new applied.
          expect(a.status, JSON.stringify(a.body)).toBe(200);
          if (op.kind === 'dice') expect(a.body).toEqual(prior.body);
          else {
            expect((a.body.withdrawal as { id: number }).id).toBe((prior.body.withdrawal as { id: number }).id);
            expect(a.body.replayed).toBe(true);
          }
        } else {
          // Cut by the kill, or refused (nothing written): applied now, replayed, or refused again.
          expect([200, 402, 422], JSON.stringify(a.body)).toContain(a.status);
          if (firstRound && prior === undefined) {
            if (a.status !== 200) cut.refused++;
            else if (a.replayed) cut.committed++;
            else cut.appliedNow++;
          }
          op.first = a;
        }
      }
    };
    await retryAll();
    firstRound = false;
    // The event consumers' own money (a VIP level's reward for the wagering of these bets) lands a moment after
    // the bets: each snapshot waits for them, so it compares what the retries wrote and nothing else.
    const settled = async () => {
      await expect
        .poll(async () => (await readConsumerStatus(db)).reduce((n, c) => n + c.lagEvents, 0), { timeout: 15_000 })
        .toBe(0);
      return snapshot();
    };
    const after1 = await settled();
    await retryAll();
    const after2 = await settled();
    expect(after2).toEqual(after1);

    // Every key is applied exactly once: one bet per accepted dice key, one withdrawal per accepted withdrawal key.
    const diceOps = ops.filter((o) => o.kind === 'dice') as Extract<Op, { kind: 'dice' }>[];
    const diceOk = diceOps.filter((o) => o.first?.status === 200);
    const { rows: reqs } = await db.query<{ key: string; bet: string }>(
      `select idempotency_key as key, response->>'id' as bet from originals_requests
        where idempotency_key = any($1) and response is not null`,
      [diceOps.map((o) => o.key)],
    );
    expect(new Set(reqs.map((r) => r.key))).toEqual(new Set(diceOk.map((o) => o.key)));
    const { rows: bets } = await db.query<{ n: number }>('select count(*)::int as n from originals_bets');
    expect(bets[0]!.n).toBe(diceOk.length);
    expect(new Set(diceOk.map((o) => String(o.first!.body.id))).size).toBe(diceOk.length);
    const wdOps = ops.filter((o) => o.kind === 'withdraw') as Extract<Op, { kind: 'withdraw' }>[];
    const accepted = wdOps.filter((o) => o.first?.status === 200);
    const { rows: wds } = await db.query<{ key: string; n: number }>(
      `select idempotency_key as key, count(*)::int as n from withdrawals group by idempotency_key`,
    );
    expect(wds.length).toBe(accepted.length);
    expect(wds.every((w) => w.n === 1)).toBe(true);
    expect(new Set(wds.map((w) => w.key))).toEqual(new Set(accepted.map((o) => o.key)));

    // Payouts resume after the crash; each paid withdrawal was paid once at the PSP, for its amount.
    // (The job re-reads a payout in flight 30 s after sending it; the test does not wait: it makes them due now.)
    for (let i = 0; i < 3; i++) {
      await db.query('update withdrawals set next_attempt_at = now() where status in (0, 4)');
      await fetch(`${base}/api/dev/wallet/run-jobs`, { method: 'POST' });
    }
    const psp = new BcbPixProvider({
      baseUrl: sandbox.url,
      clientId: CLIENT.id,
      clientSecret: CLIENT.secret,
      key: 'x',
    });
    const { rows: paid } = await db.query<{ payout_id: string; amount: number; end_to_end_id: string }>(
      'select payout_id, amount, end_to_end_id from withdrawals where status = 1',
    );
    expect(paid.length).toBeGreaterThan(0);
    for (const w of paid) {
      const p = await psp.getPayout(w.payout_id);
      expect(p).toMatchObject({ status: 'REALIZADO', endToEndId: w.end_to_end_id });
    }

    const final = await checkLedger(db);
    expect(final.problems).toEqual([]);
    expect(await consistency(players)).toEqual([]);
    console.info(
      `[kill.test] after restart and retries: ${final.transactions} ledger transactions, ${diceOk.length} bets, ` +
        `${accepted.length} withdrawals (${paid.length} paid out), ${after2.deposits} deposits; ` +
        `${Date.now() - started} ms in all. Requests cut by the kill: ${cut.committed} had committed (replayed), ` +
        `${cut.appliedNow} had not (applied on retry), ${cut.refused} refused on retry`,
    );
  }, 120_000);
});
