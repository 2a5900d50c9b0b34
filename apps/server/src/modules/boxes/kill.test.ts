/**
 * The boxes' crash proof: the real server process (`node --import tsx apps/server/src/main.ts`) on PostgreSQL is
 * killed with SIGKILL right after a purchase, and again in the middle of a load of purchases, openings and sales;
 * then started again on the same database. After each restart:
 * - a box bought before the kill is unopened, opens exactly once, and the balance is the deposit less the price plus
 *   the cash prize; repeating the purchase's Idempotency-Key answers it again without a second debit;
 * - every box, opening, prize and sale agrees with the ledger, one movement each (a request is fully there or not at
 *   all), and `ledger:check` is clean.
 * PGlite is one process, so this runs only with TEST_DATABASE_URL.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openPostgres } from '../../platform/db/index';
import { newCpf, newEmail, newPhone } from '../../test/accounts';
import { freePort, type KillableServer, startKillableServer } from '../../test/kill-server';
import * as ledger from '../ledger/index';

const URL_ = process.env.TEST_DATABASE_URL;
const FUNDS = 200_000;

if (!URL_)
  console.warn('[boxes kill.test] SKIPPED: set TEST_DATABASE_URL (PostgreSQL) to run the SIGKILL proof of boxes.');

type Server = KillableServer;

const alive = (s: Server | null) => s !== null && s.child.exitCode === null && s.child.signalCode === null;

async function kill9(s: Server): Promise<void> {
  if (!alive(s)) return;
  const exited = new Promise((r) => s.child.once('exit', r));
  s.child.kill('SIGKILL');
  await exited;
}

type Reply = { status: number; body: Record<string, unknown>; replayed: boolean };

function api(base: () => string, ip: string, token?: string) {
  const call = async (method: string, p: string, body?: unknown, headers: Record<string, string> = {}) => {
    try {
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
      const parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {};
      return { status: res.status, body: parsed, replayed: res.headers.get('idempotent-replayed') === 'true' };
    } catch {
      // The connection died with the server: the request may or may not have been applied.
      return { status: 0, body: {}, replayed: false } as Reply;
    }
  };
  return {
    get: (p: string) => call('GET', p),
    post: (p: string, body: unknown = {}, headers?: Record<string, string>) => call('POST', p, body, headers),
  };
}

type Player = { id: number; tenantId: number; http: ReturnType<typeof api> };

describe.skipIf(!URL_)('boxes under SIGKILL (real server process, PostgreSQL)', () => {
  const schema = `boxkill_${randomBytes(5).toString('hex')}`;
  let db: Db;
  let server: Server | null = null;
  let base = '';
  let env: NodeJS.ProcessEnv;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sorte-boxkill-'));
  let boxId = 0;
  let price = 0;

  beforeAll(async () => {
    const admin = await openPostgres(URL_!, { poolSize: 1 });
    await admin.query(`create schema ${schema}`);
    await admin.close();
    db = await openPostgres(URL_!, { poolSize: 4, searchPath: schema });
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
      SPORTS_FEED: 'off',
      PASSWORD_HASH_MEMORY_KIB: '1024',
      PASSWORD_HASH_TIME_COST: '1',
      WEB_DIST: path.join(dataDir, 'no-web'),
    };
    delete env.TEST_DATABASE_URL;
    delete env.VITEST;
    server = await startKillableServer(env);
    base = server.url;
    // The demo tenant's cheapest box.
    const all = await api(() => base, '10.88.0.1').get('/api/boxes/all');
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    const boxes = (all.body.data as { id: number; price: number }[]).sort((a, b) => a.price - b.price);
    boxId = boxes[0]!.id;
    price = boxes[0]!.price;
  }, 120_000);

  afterAll(async () => {
    if (server) await kill9(server);
    await db?.close();
    const admin = await openPostgres(URL_!, { poolSize: 1 });
    await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function restart() {
    if (server) await kill9(server);
    server = await startKillableServer(env);
    base = server.url;
  }

  async function register(i: number): Promise<Player> {
    const ip = `10.88.${i}.${(i % 200) + 1}`;
    const anon = api(() => base, ip);
    const phone = newPhone();
    expect((await anon.post('/api/auth/verify-code', { phone })).status).toBe(200);
    const outbox = (await anon.get(`/api/dev/outbox?to=${encodeURIComponent(phone)}`)).body as unknown as {
      code: string;
    }[];
    const reg = await anon.post('/api/auth/register', {
      name: 'Carla Souza',
      username: phone,
      email: newEmail(),
      password: 'senha-forte-1',
      password_confirmation: 'senha-forte-1',
      birth_date: '1990-05-17',
      cpf: newCpf(),
      code: outbox[0]!.code,
      terms: true,
      age_confirmed: true,
    });
    expect(reg.status, JSON.stringify(reg.body)).toBe(201);
    const id = Number((reg.body.user as { id: number }).id);
    const tenantId = Number(
      (await db.query<{ tenant_id: string }>('select tenant_id from users where id = $1', [id])).rows[0]!.tenant_id,
    );
    // Test set-up: the player's deposit, booked as a deposit is.
    await db.transaction((tx) =>
      ledger.credit(tx, {
        tenantId,
        userId: id,
        amount: FUNDS,
        type: 'deposit',
        idempotencyKey: `test:deposit:${id}`,
        reference: 'test deposit',
      }),
    );
    return { id, tenantId, http: api(() => base, ip, reg.body.token as string) };
  }

  /** Boxes, openings, prizes and sales against the ledger, for one player: the problems found. */
  async function consistency(p: Player): Promise<string[]> {
    const { rows } = await db.query<Record<string, string>>(
      `select
          (select balance from ledger_accounts where user_id = $1 and kind = 'cash') as cash,
          (select coalesce(sum(amount), 0) from box_purchases where user_id = $1) as paid,
          (select coalesce(sum(quantity), 0) from box_purchases where user_id = $1) as bought,
          (select count(*) from user_boxes where user_id = $1 and source = 'purchase') as boxes,
          (select count(*) from box_purchases where user_id = $1) as purchases,
          (select count(*) from box_purchases where user_id = $1 and response is null) as unanswered,
          (select count(*) from ledger_transactions where user_id = $1 and idempotency_key like 'boxes:buy:%') as buy_txs,
          (select count(*) from user_boxes where user_id = $1 and status = 'opened') as opened,
          (select count(*) from box_openings where user_id = $1) as openings,
          (select count(*) from user_prizes where user_id = $1) as prizes,
          (select coalesce(sum(sold_for), 0) from user_boxes where user_id = $1 and status = 'sold') as sold_boxes,
          (select count(*) from user_boxes where user_id = $1 and status = 'sold') as sold_box_count,
          (select count(*) from ledger_transactions where user_id = $1 and idempotency_key like 'boxes:sell:%')
            as sell_txs,
          (select coalesce(sum(value), 0) from user_prizes where user_id = $1 and status in ('credited', 'sold'))
            as prize_money,
          (select count(*) from user_prizes where user_id = $1 and kind = 'cash') as cash_prizes,
          (select count(*) from ledger_transactions where user_id = $1 and idempotency_key like 'boxes:prize:%')
            as prize_txs,
          (select count(*) from user_prizes where user_id = $1 and status = 'sold') as sold_prizes,
          (select count(*) from ledger_transactions where user_id = $1 and idempotency_key like 'boxes:prize-sale:%')
            as prize_sale_txs,
          (select count(*) from casino_rounds where user_id = $1 and round_id like 'box:%') as rounds,
          (select coalesce(sum(e.amount), 0) from ledger_entries e
              join ledger_transactions t on t.id = e.transaction_id
              join ledger_accounts a on a.id = e.account_id
            where t.user_id = $1 and a.user_id = $1 and a.kind = 'cash' and t.idempotency_key not like 'boxes:%')
            as other_money`,
      [p.id],
    );
    const r = rows[0]!;
    const n = (k: string) => Number(r[k]);
    const problems: string[] = [];
    const expect_ = (what: string, a: number, b: number) => {
      if (a !== b) problems.push(`player ${p.id}: ${what}: ${a} != ${b}`);
    };
    // Other money: the deposit, and any VIP or mission reward the rounds earned.
    expect_('cash', n('cash'), n('other_money') - n('paid') + n('sold_boxes') + n('prize_money'));
    expect_('boxes per purchase', n('boxes'), n('bought'));
    expect_('debits per purchase', n('buy_txs'), n('purchases'));
    expect_('unanswered purchases', n('unanswered'), 0);
    expect_('openings per opened box', n('openings'), n('opened'));
    expect_('prizes per opening', n('prizes'), n('openings'));
    expect_('cash prizes credited', n('prize_txs'), n('cash_prizes'));
    expect_('box sales credited', n('sell_txs'), n('sold_box_count'));
    expect_('prize sales credited', n('prize_sale_txs'), n('sold_prizes'));
    expect_('rounds per opening', n('rounds'), n('openings'));
    return problems;
  }

  it('a box bought right before the kill is unopened after the restart and opens once', async () => {
    const p = await register(1);
    const key = `kill-buy-${p.id}`;
    const bought = await p.http.post('/api/boxes/buy', { box_id: boxId }, { 'idempotency-key': key });
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    await restart();

    const listed = await p.http.get('/api/boxes/user/get?status=unopened');
    expect(listed.status).toBe(200);
    expect((listed.body.data as unknown[]).length).toBe(1);
    const again = await p.http.post('/api/boxes/buy', { box_id: boxId }, { 'idempotency-key': key });
    expect(again.status).toBe(200);
    expect(again.replayed).toBe(true);
    expect(again.body).toEqual(bought.body);

    const opens = await Promise.all([1, 2, 3].map(() => p.http.post('/api/boxes/open', { box_id: boxId })));
    expect(opens.map((o) => o.status).sort()).toEqual([200, 409, 409]);
    const opening = (
      opens.find((o) => o.status === 200)!.body.data as { prize: { kind: string; value: number } }[]
    )[0]!;
    const cash = (await ledger.getBalance(db, { tenantId: p.tenantId, userId: p.id })).cash;
    expect(cash).toBe(FUNDS - price + (opening.prize.kind === 'cash' ? opening.prize.value : 0));
    expect(await consistency(p)).toEqual([]);
    expect((await ledger.checkLedger(db, p.tenantId)).problems).toEqual([]);
  }, 180_000);

  it('killed in the middle of buys, opens and sales: every request fully applied or not at all', async () => {
    const players = await Promise.all([2, 3, 4, 5].map((i) => register(i)));
    const keys: { p: Player; key: string; quantity: number }[] = [];
    let stop = false;
    const statuses = new Map<string, number>();
    const seen = (what: string, r: Reply) => {
      const k = `${what} ${r.status}`;
      statuses.set(k, (statuses.get(k) ?? 0) + 1);
      return r;
    };
    const load = players.map(async (p, i) => {
      for (let n = 0; !stop; n++) {
        const key = `kill-load-${p.id}-${n}`;
        const quantity = 1 + ((n + i) % 3);
        keys.push({ p, key, quantity });
        seen('buy', await p.http.post('/api/boxes/buy', { box_id: boxId, quantity }, { 'idempotency-key': key }));
        seen('open', await p.http.post('/api/boxes/open', { box_id: boxId }));
        if (n % 3 === 0) {
          const mine = (await p.http.get('/api/boxes/user/get?status=unopened')).body.data as
            | { id: number }[]
            | undefined;
          if (mine?.[0]) await p.http.post('/api/boxes/sell', { id: mine[0].id });
        }
        if (n % 4 === 0) {
          const kept = (await p.http.get('/api/prizes/user?status=kept')).body.data as { id: number }[] | undefined;
          if (kept?.[0]) await p.http.post('/api/prizes/sell', { id: kept[0].id });
        }
      }
    });
    // Let the load run, then kill the server under it.
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (Date.now() > deadline) {
        stop = true;
        throw new Error(`the load made too few openings: ${JSON.stringify([...statuses])}`);
      }
      const { rows } = await db.query<{ n: string }>(
        'select count(*) as n from box_openings where user_id = any($1::bigint[])',
        [players.map((p) => p.id)],
      );
      if (Number(rows[0]!.n) >= 12) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    await kill9(server!);
    stop = true;
    await Promise.all(load);
    for (const p of players) expect(await consistency(p)).toEqual([]);
    expect((await ledger.checkLedger(db, players[0]!.tenantId)).problems).toEqual([]);
    await restart();
    // Every purchase retried with its key: bought once (a replay, or a first purchase when the kill lost it).
    const before = await db.query<{ n: string }>('select count(*) as n from box_purchases', []);
    const retried = await Promise.all(
      keys.map((k) =>
        k.p.http.post('/api/boxes/buy', { box_id: boxId, quantity: k.quantity }, { 'idempotency-key': k.key }),
      ),
    );
    const fresh = retried.filter((r) => r.status === 200 && !r.replayed).length;
    const after = await db.query<{ n: string }>('select count(*) as n from box_purchases', []);
    expect(Number(after.rows[0]!.n)).toBe(Number(before.rows[0]!.n) + fresh);
    for (const r of retried) expect([200, 402]).toContain(r.status);
    const twice = await Promise.all(
      keys.map((k) =>
        k.p.http.post('/api/boxes/buy', { box_id: boxId, quantity: k.quantity }, { 'idempotency-key': k.key }),
      ),
    );
    expect(twice.filter((r) => r.status === 200 && !r.replayed)).toEqual([]);
    // Everything bought opens once.
    for (const p of players) {
      for (;;) {
        const o = await p.http.post('/api/boxes/open', { box_id: boxId });
        if (o.status !== 200) {
          expect(o.status).toBe(409);
          break;
        }
      }
      expect(await consistency(p)).toEqual([]);
    }
    expect((await ledger.checkLedger(db, players[0]!.tenantId)).problems).toEqual([]);
    expect(server!.stderr.join('')).not.toMatch(/deadlock/i);
  }, 240_000);
});
