import { generateKeyPairSync, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { createLocalJWKSet, jwtVerify, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, registerPlayer } from '../../../test/accounts';
import { fakeWebDist, testApp } from '../../../test/helpers';
import { cashOf, demoTenantId, fundedPlayer } from '../../casino/test-support';
import * as ledger from '../../ledger/index';
import { BETBY_COMMANDS } from './ops';
import { BetbyStandin, type Target } from './standin';

/**
 * The Betby adapter through real HTTP: the player token a launch signs (verified by the stand-in with the public key
 * we serve), and Betby's wallet callbacks as the stand-in signs and sends them: good and bad signatures, expired
 * payloads, replays and reused ids, make then win / lost / refund / discard, rollback and re-settlement, not enough
 * money, responsible-gaming limits, players of another tenant or none, and the ledger balanced at the end.
 */

let app: FastifyInstance;
let betby: BetbyStandin;
let target: Target;
let tenantId: number;

const ops = (name: string, flags: Record<string, string | true>) =>
  BETBY_COMMANDS[name]!.run({ db: app.db }, { flags, positional: [] });

beforeAll(async () => {
  app = await testApp({ webDist: fakeWebDist(), tenantCacheTtlMs: 0, tenantNegativeCacheTtlMs: 0 });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const port = (app.server.address() as AddressInfo).port;
  target = { url: `http://127.0.0.1:${port}`, host: 'localhost' };
  await ops('betby:enable', { host: 'localhost', 'brand-id': 'brand-42', theme: 'sorte-dark' });
  betby = await BetbyStandin.load(app.db);
  tenantId = await demoTenantId(app);
}, 60_000);
afterAll(() => app.close());

const cash = (id: number) => cashOf(app, id);

const make = (userId: number | string, amount: number, id = randomUUID()) => ({
  id,
  data: {
    amount,
    currency: 'BRL',
    ext_player_id: String(userId),
    transaction: { id, betslip_id: `slip-${id}`, amount, currency: 'BRL', operation: 'bet' },
    betslip: { id: `slip-${id}`, type: 'combo', k: '3.5', bets: [{ id: 'a' }, { id: 'b' }] },
  },
});
const win = (betTx: string, amount: number, id = randomUUID()) => ({
  amount,
  currency: 'BRL',
  bet_transaction_id: betTx,
  transaction: { id, operation: 'win', amount, parent_transaction_id: betTx },
});
const lost = (betTx: string, id = randomUUID()) => ({
  bet_transaction_id: betTx,
  transaction: { id, operation: 'lost', amount: 0, parent_transaction_id: betTx },
});

async function settledEvents(betTx: string) {
  const { rows } = await app.db.query<{ name: string; payload: Record<string, unknown> }>(
    `select e.name, e.payload from event_log e join betby_bets b on b.id = (e.payload->>'bet_id')::bigint
      where b.bet_tx_id = $1 and e.payload->>'source' = 'betby' and e.name = 'sports.bet_settled' order by e.id`,
    [betTx],
  );
  return rows.map((r) => r.payload);
}

async function movements(betTx: string) {
  const { rows } = await app.db.query<{ n: number }>(
    `select count(*)::int as n from ledger_transactions where tenant_id = $1 and idempotency_key like $2`,
    [tenantId, `sports:betby:${betTx}:%`],
  );
  return rows[0]!.n;
}

describe('POST /api/games/launch/sport', () => {
  it('gives a logged-in player an ES256 token Betby verifies with our public key, with the claims it expects', async () => {
    const p = await fundedPlayer(app, 0);
    const res = await client(app, { token: p.token }).post('/api/games/launch/sport');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ brand_id: 'brand-42', theme_name: 'sorte-dark', lang: 'pt-br' });
    expect(body.widget_url).toMatch(/^https:\/\//);
    const claims = await betby.verifyPlayerToken(target, body.token, 'brand-42');
    expect(claims).toMatchObject({ sub: String(p.id), iss: 'brand-42', currency: 'BRL', lang: 'pt-br' });
    expect(typeof claims.jti).toBe('string');
    expect(claims.exp! - claims.iat!).toBe(3600);
    // The JWK set verifies it too; another brand does not.
    const jwks = (await client(app).get('/api/betby/jwks.json')).json();
    await expect(jwtVerify(body.token, createLocalJWKSet(jwks))).resolves.toBeTruthy();
    await expect(betby.verifyPlayerToken(target, body.token, 'another-brand')).rejects.toThrow();
    const en = await client(app, { token: p.token }).post('/api/games/launch/sport', undefined, {
      'accept-language': 'en',
    });
    expect(en.json().lang).toBe('en');
  });

  it('refuses a guest, and a tenant without Betby in the player’s language', async () => {
    expect((await client(app).post('/api/games/launch/sport')).statusCode).toBe(401);
    const r = await registerPlayer(app, { host: 'regulado.localhost' });
    const c = client(app, { host: 'regulado.localhost', token: r.token });
    const pt = await c.post('/api/games/launch/sport');
    expect(pt.statusCode).toBe(404);
    expect(pt.json().message).toBe('As apostas esportivas da Betby não estão disponíveis neste site.');
    const en = await c.post('/api/games/launch/sport', undefined, { 'accept-language': 'en' });
    expect(en.json().message).toBe('Betby sports betting is not available on this site.');
  });

  it("gives a guest's widget the brand, theme and script without a token; 404 where Betby is off", async () => {
    const res = await client(app).get('/api/betby/widget');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ brand_id: 'brand-42', theme_name: 'sorte-dark', widget_url: expect.any(String) });
    expect((await client(app, { host: 'regulado.localhost' }).get('/api/betby/widget')).statusCode).toBe(404);
  });

  it("lets the pages of a Betby tenant load Betby's widget, and only those", async () => {
    const csp = async (host: string) =>
      String((await app.inject({ url: '/sportsbook', headers: { host } })).headers['content-security-policy']);
    const on = await csp('localhost');
    expect(on).toMatch(/script-src [^;]*https:\/\/\*\.invisiblesport\.com/);
    expect(on).toMatch(/connect-src [^;]*wss:\/\/\*\.invisiblesport\.com/);
    expect(await csp('regulado.localhost')).not.toContain('invisiblesport');
  });

  it("serves a Betby tenant's own public key, and none where Betby is off (no key is made for it)", async () => {
    const a = (await client(app).get('/api/betby/public-key.pem')).body;
    expect(a).toMatch(/BEGIN PUBLIC KEY/);
    const other = client(app, { host: 'regulado.localhost' });
    expect((await other.get('/api/betby/public-key.pem')).statusCode).toBe(404);
    expect((await other.get('/api/betby/jwks.json')).statusCode).toBe(404);
    const { rows } = await app.db.query(
      `select count(*)::int as n from platform_keys
        where name = 'betby_es256_' || (select tenant_id from tenant_hosts where host = 'regulado.localhost')`,
    );
    expect(rows[0]).toEqual({ n: 0 });
  });
});

describe('signatures', () => {
  it('answers ping when signed by Betby', async () => {
    const r = await betby.send(target, 'ping', {});
    expect(r.status).toBe(200);
    expect(typeof r.body.timestamp).toBe('number');
  });

  it('refuses another key, another algorithm, a tampered or malformed payload with 2004, moving nothing', async () => {
    const p = await fundedPlayer(app, 10_000);
    const m = make(p.id, 1_000);
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const forged = await new SignJWT(m.data)
      .setProtectedHeader({ alg: 'RS256' })
      .setIssuedAt()
      .setExpirationTime('1m')
      .sign(privateKey);
    const hs = await new SignJWT(m.data)
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt()
      .sign(new TextEncoder().encode('x'.repeat(32)));
    const good = await betby.sign(m.data);
    const [h, , s] = good.split('.');
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...m.data, amount: 1 })).toString('base64url')}.${s}`;
    for (const payload of [forged, hs, tampered, 'not-a-jwt']) {
      const r = await betby.send(target, 'bet/make', m.data, { payload });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ code: 2004, message: 'invalid signature' });
    }
    const raw = await app.inject({
      method: 'POST',
      url: '/api/betby/bet/make',
      headers: { host: 'localhost' },
      payload: {},
    });
    expect(raw.statusCode).toBe(400);
    expect(raw.json().code).toBe(2004);
    expect(await cash(p.id)).toBe(10_000);
    expect(await movements(m.id)).toBe(0);
  });

  it('refuses an expired payload, and one for another brand; accepts a late retry still valid', async () => {
    const p = await fundedPlayer(app, 10_000);
    const m = make(p.id, 1_000);
    const old = Math.floor(Date.now() / 1000) - 600;
    const expired = await betby.send(target, 'bet/make', m.data, { iat: old, ttl: 60 });
    expect(expired.body).toMatchObject({ code: 2004, message: 'payload expired' });
    const other = await betby.send(target, 'bet/make', { ...m.data, operator_brand_id: 'brand-7' });
    expect(other.body).toMatchObject({ code: 2004, message: 'payload for another brand' });
    expect(await cash(p.id)).toBe(10_000);
    const late = await betby.send(
      target,
      'bet/make',
      { ...m.data, operator_brand_id: 'brand-42' },
      { iat: old, ttl: 3600 },
    );
    expect(late.status).toBe(200);
    expect(await cash(p.id)).toBe(9_000);
  });

  it('refuses callbacks on a tenant with no Betby key', async () => {
    const r = await betby.send({ ...target, host: 'regulado.localhost' }, 'ping', {});
    expect(r.body.code).toBe(2004);
  });
});

describe('wallet', () => {
  it('make then win: the stake taken, the win paid, both replayed without a second movement', async () => {
    const p = await fundedPlayer(app, 10_000);
    const m = make(p.id, 2_000);
    const made = await betby.send(target, 'bet/make', m.data);
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({
      ext_transaction_id: m.id,
      operation: 'bet',
      amount: 2_000,
      currency: 'BRL',
      balance: 8_000,
      user_id: String(p.id),
    });
    expect(await cash(p.id)).toBe(8_000);
    const again = await betby.send(target, 'bet/make', m.data);
    expect(again).toEqual(made);
    expect(await cash(p.id)).toBe(8_000);
    expect((await betby.send(target, 'bet/commit', { bet_transaction_id: m.id })).status).toBe(200);
    const w = win(m.id, 7_000);
    const won = await betby.send(target, 'bet/win', w);
    expect(won.status).toBe(200);
    expect(won.body).toMatchObject({ operation: 'win', amount: 7_000, balance: 15_000, parent_transaction_id: m.id });
    expect(await betby.send(target, 'bet/win', w)).toEqual(won);
    expect(await cash(p.id)).toBe(15_000);
    expect(await movements(m.id)).toBe(2);
    // A second, different win of a settled bet is refused.
    expect((await betby.send(target, 'bet/win', win(m.id, 7_000))).body.code).toBe(2006);
    expect(await settledEvents(m.id)).toEqual([
      expect.objectContaining({ status: 'won', stake: 2_000, payout: 7_000, odds: 35_000, legs: 2, source: 'betby' }),
    ]);
    const placed = await app.db.query(
      `select 1 from event_log where name = 'sports.bet_placed' and user_id = $1 and payload->>'stake' = '2000'`,
      [p.id],
    );
    expect(placed.rows).toHaveLength(1);
    expect((await betby.send(target, 'bet/settlement', { bet_transaction_id: m.id, status: 'win' })).status).toBe(200);
    // VIP counts the settled stake once, as a native bet's.
    const vip = () => client(app, { token: p.token }).get('/api/profile/vip');
    // On a shared PostgreSQL server, other databases' long transactions hold back delivery for a while.
    await app.events.drain({ timeoutMs: 40_000 });
    expect((await vip()).json().totalBet).toBe(2_000);
  }, 60_000);

  it('make then lost: the stake stays taken and the bet counts as lost', async () => {
    const p = await fundedPlayer(app, 5_000);
    const m = make(p.id, 1_500);
    await betby.send(target, 'bet/make', m.data);
    const l = lost(m.id);
    const r = await betby.send(target, 'bet/lost', l);
    expect(r.body).toMatchObject({ operation: 'lost', balance: 3_500 });
    expect(await betby.send(target, 'bet/lost', l)).toEqual(r);
    expect(await cash(p.id)).toBe(3_500);
    expect(await settledEvents(m.id)).toEqual([expect.objectContaining({ status: 'lost', payout: 0 })]);
  });

  it('make then refund gives the stake back once', async () => {
    const p = await fundedPlayer(app, 5_000);
    const m = make(p.id, 1_500);
    await betby.send(target, 'bet/make', m.data);
    const refund = {
      amount: 1_500,
      bet_transaction_id: m.id,
      transaction: { id: randomUUID(), operation: 'refund', amount: 1_500 },
    };
    const r = await betby.send(target, 'bet/refund', refund);
    expect(r.body).toMatchObject({ operation: 'refund', balance: 5_000 });
    expect(await betby.send(target, 'bet/refund', refund)).toEqual(r);
    expect(await cash(p.id)).toBe(5_000);
    expect(await settledEvents(m.id)).toEqual([expect.objectContaining({ status: 'void', payout: 1_500 })]);
    // What the player wagered no longer counts the refunded stake.
    const w = await app.db.query<{ total_bet: number }>('select total_bet from player_wagers where user_id = $1', [
      p.id,
    ]);
    expect(Number(w.rows[0]?.total_bet ?? 0)).toBe(0);
  });

  it('make then discard gives the stake back; a discard before its make refuses the late make', async () => {
    const p = await fundedPlayer(app, 5_000);
    const m = make(p.id, 1_000);
    await betby.send(target, 'bet/make', m.data);
    const d = { ext_player_id: String(p.id), transaction_id: m.id, reason: 'odds changed' };
    const r = await betby.send(target, 'bet/discard', d);
    expect(r.body).toMatchObject({ operation: 'discard', balance: 5_000 });
    expect(await betby.send(target, 'bet/discard', d)).toEqual(r);
    expect(await cash(p.id)).toBe(5_000);
    // Discarded: no settlement applies to it.
    expect((await betby.send(target, 'bet/win', win(m.id, 2_000))).body.code).toBe(2006);

    const late = make(p.id, 1_000);
    const tomb = await betby.send(target, 'bet/discard', { transaction_id: late.id, reason: 'timeout' });
    expect(tomb.status).toBe(200);
    const refused = await betby.send(target, 'bet/make', late.data);
    expect(refused.body.code).toBe(2006);
    expect(await cash(p.id)).toBe(5_000);
    expect(await movements(late.id)).toBe(0);
  });

  it('a committed bet cannot be discarded', async () => {
    const p = await fundedPlayer(app, 5_000);
    const m = make(p.id, 1_000);
    await betby.send(target, 'bet/make', m.data);
    await betby.send(target, 'bet/commit', { bet_transaction_id: m.id });
    const r = await betby.send(target, 'bet/discard', { transaction_id: m.id });
    expect(r.body.code).toBe(2006);
    expect(await cash(p.id)).toBe(4_000);
  });

  it('rolls back a win exactly, then settles again as lost; a rollback the player cannot cover is 2001', async () => {
    const p = await fundedPlayer(app, 5_000);
    const m = make(p.id, 1_000);
    await betby.send(target, 'bet/make', m.data);
    const w = win(m.id, 3_000);
    await betby.send(target, 'bet/win', w);
    expect(await cash(p.id)).toBe(7_000);
    const rb = {
      bet_transaction_id: m.id,
      parent_transaction_id: w.transaction.id,
      transaction: { id: randomUUID(), operation: 'rollback' },
    };
    const r = await betby.send(target, 'bet/rollback', rb);
    expect(r.body).toMatchObject({ operation: 'rollback', amount: 3_000, balance: 4_000 });
    expect(await betby.send(target, 'bet/rollback', rb)).toEqual(r);
    expect(await cash(p.id)).toBe(4_000);
    // Nothing left to roll back.
    expect((await betby.send(target, 'bet/rollback', { ...rb, transaction: { id: randomUUID() } })).body.code).toBe(
      2003,
    );
    await betby.send(target, 'bet/lost', lost(m.id));
    expect(await cash(p.id)).toBe(4_000);
    // Counted as the native book's bets: the first close at version 0, the rollback and the new close after it.
    expect(await settledEvents(m.id)).toEqual([
      expect.objectContaining({ status: 'won', payout: 3_000, settlement_version: 0 }),
      expect.objectContaining({ status: 'open', payout: 3_000, settlement_version: 0, rollback: true }),
      expect.objectContaining({ status: 'lost', payout: 0, settlement_version: 1 }),
    ]);

    // A win the player spent: its rollback cannot take the money back.
    const q = await fundedPlayer(app, 1_000);
    const m2 = make(q.id, 1_000);
    await betby.send(target, 'bet/make', m2.data);
    const w2 = win(m2.id, 5_000);
    await betby.send(target, 'bet/win', w2);
    const spend = make(q.id, 4_500);
    await betby.send(target, 'bet/make', spend.data);
    const short = await betby.send(target, 'bet/rollback', {
      bet_transaction_id: m2.id,
      transaction: { id: randomUUID(), operation: 'rollback' },
    });
    expect(short.body.code).toBe(2001);
    expect(await cash(q.id)).toBe(500);
  });

  it('rolls back a refund and pays the bet as won instead', async () => {
    const p = await fundedPlayer(app, 5_000);
    const m = make(p.id, 1_000);
    await betby.send(target, 'bet/make', m.data);
    const refundTx = randomUUID();
    await betby.send(target, 'bet/refund', {
      amount: 1_000,
      bet_transaction_id: m.id,
      transaction: { id: refundTx, amount: 1_000 },
    });
    expect(await cash(p.id)).toBe(5_000);
    const r = await betby.send(target, 'bet/rollback', {
      bet_transaction_id: m.id,
      parent_transaction_id: refundTx,
      transaction: { id: randomUUID() },
    });
    expect(r.body.balance).toBe(4_000);
    await betby.send(target, 'bet/win', win(m.id, 2_500));
    expect(await cash(p.id)).toBe(6_500);
  });

  it('answers 2001 when the player has not enough money, and the same to a retry after a deposit', async () => {
    const p = await fundedPlayer(app, 500);
    const m = make(p.id, 1_000);
    const r = await betby.send(target, 'bet/make', m.data);
    expect(r.status).toBe(400);
    expect(r.body.code).toBe(2001);
    await app.db.transaction((tx) =>
      ledger.credit(tx, {
        tenantId,
        userId: p.id,
        amount: 5_000,
        type: 'deposit',
        idempotencyKey: `test:betby:${p.id}`,
        reference: 'test deposit',
      }),
    );
    expect(await betby.send(target, 'bet/make', m.data)).toEqual(r);
    expect(await cash(p.id)).toBe(5_500);
    expect(await movements(m.id)).toBe(0);
  });

  it("answers 4001 when the stake passes the player's wager limit", async () => {
    const p = await fundedPlayer(app, 10_000);
    const c = client(app, { token: p.token });
    expect(
      (await c.post('/api/responsible-gaming/limits', { kind: 'wager', period: 'day', amount: 1_000 })).statusCode,
    ).toBe(200);
    expect((await betby.send(target, 'bet/make', make(p.id, 800).data)).status).toBe(200);
    const over = await betby.send(target, 'bet/make', make(p.id, 500).data);
    expect(over.body.code).toBe(4001);
    expect(await cash(p.id)).toBe(9_200);
  });

  it("refuses an unknown player and another tenant's player with 2005", async () => {
    const other = await registerPlayer(app, { host: 'regulado.localhost' });
    for (const who of [other.user.id, 999_999_999, 'abc']) {
      const m = make(who as number, 100);
      const r = await betby.send(target, 'bet/make', m.data);
      expect(r.body.code).toBe(2005);
    }
    // A settlement naming another player than the bet's is refused too.
    const p = await fundedPlayer(app, 1_000);
    const m = make(p.id, 100);
    await betby.send(target, 'bet/make', m.data);
    const w = { ...win(m.id, 200), ext_player_id: String(other.user.id) };
    expect((await betby.send(target, 'bet/win', w)).body.code).toBe(2005);
  });

  it('refuses a reused transaction id for another amount, and a settlement before its stake until the stake came', async () => {
    const p = await fundedPlayer(app, 5_000);
    const m = make(p.id, 1_000);
    await betby.send(target, 'bet/make', m.data);
    const reused = make(p.id, 2_000, m.id);
    expect((await betby.send(target, 'bet/make', reused.data)).body.code).toBe(2004);
    expect(await cash(p.id)).toBe(4_000);

    const early = make(p.id, 1_000);
    const w = win(early.id, 1_500);
    expect((await betby.send(target, 'bet/win', w)).body.code).toBe(2003);
    await betby.send(target, 'bet/make', early.data);
    expect((await betby.send(target, 'bet/win', w)).status).toBe(200);
    expect(await cash(p.id)).toBe(4_500);
    expect((await betby.send(target, 'bet/make', { ...make(p.id, 100).data, currency: 'USD' })).body.code).toBe(2002);
  });

  it('moves a stake once when Betby sends the same make ten times at once', async () => {
    const p = await fundedPlayer(app, 5_000);
    const m = make(p.id, 1_000);
    const payload = await betby.sign(m.data);
    const replies = await Promise.all(
      Array.from({ length: 10 }, () => betby.send(target, 'bet/make', m.data, { payload })),
    );
    for (const r of replies) expect(r).toEqual(replies[0]);
    expect(replies[0]!.status).toBe(200);
    expect(await cash(p.id)).toBe(4_000);
    expect(await movements(m.id)).toBe(1);
  });

  it('never loses or doubles money when makes race their discards and settlements race rollbacks', async () => {
    const p = await fundedPlayer(app, 20_000);
    const bets = Array.from({ length: 8 }, () => make(p.id, 500));
    await Promise.all(
      bets.flatMap((m) => [
        betby.send(target, 'bet/make', m.data),
        betby.send(target, 'bet/discard', { transaction_id: m.id, reason: 'race' }),
      ]),
    );
    // Each stake was either refused (the discard came first) or taken and given back.
    expect(await cash(p.id)).toBe(20_000);

    const won = make(p.id, 1_000);
    await betby.send(target, 'bet/make', won.data);
    const w = win(won.id, 4_000);
    await betby.send(target, 'bet/win', w);
    const rb = { bet_transaction_id: won.id, transaction: { id: randomUUID() } };
    const [a, b, c] = await Promise.all([
      betby.send(target, 'bet/rollback', rb),
      betby.send(target, 'bet/rollback', rb),
      betby.send(target, 'bet/win', w),
    ]);
    expect(a).toEqual(b);
    expect(a.status).toBe(200);
    expect(c.status).toBe(200);
    // The win paid once and taken back once: only the stake is gone.
    expect(await cash(p.id)).toBe(19_000);
    expect((await ledger.checkLedger(app.db)).ok).toBe(true);
  });

  it('plays whole betslips through the ops command, and the ledger is balanced at the end', async () => {
    const p = await fundedPlayer(app, 10_000);
    const out = await ops('betby:play', {
      host: 'localhost',
      user: String(p.id),
      stake: '1000',
      odds: '2.5',
      outcome: 'win',
      url: target.url,
    });
    expect(out).toMatch(/bet\/make: HTTP 200/);
    expect(out).toMatch(/bet\/win: HTTP 200/);
    expect(await cash(p.id)).toBe(11_500);
    const lostOut = await betby.play(target, { userId: p.id, stake: 500, odds: 3, outcome: 'lost' });
    expect(lostOut.map((s) => s.reply.status)).toEqual([200, 200, 200, 200]);
    expect(await cash(p.id)).toBe(11_000);
    const check = await ledger.checkLedger(app.db);
    expect(check.ok).toBe(true);
    const listed = await ops('betby:bets', { host: 'localhost', user: String(p.id) });
    expect(listed.split('\n')).toHaveLength(4);
    expect(listed).toMatch(/^id\s+user\s+betby_tx\s+stake\s+odds/);
    expect(listed).toMatch(/\s500\s+30000\s+1\s+true\s+lost\s+0\s+0\s/);
    expect(listed).toMatch(/\s1000\s+25000\s+1\s+true\s+won\s+2500\s+0\s/);
    await expect(ops('betby:bets', { host: 'localhost', status: 'maybe' })).rejects.toThrow(/--status/);
  });

  it("serves the stand-in's renderer, whose bet checks the player token as Betby and plays the betslip", async () => {
    const js = await client(app).get('/api/betby/standin/renderer.js');
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-type']).toMatch(/javascript/);
    expect(js.body).toContain('window.BTRenderer');
    const p = await fundedPlayer(app, 5_000);
    const token = (await client(app, { token: p.token }).post('/api/games/launch/sport')).json().token;
    const bet = (b: object) =>
      app.inject({
        method: 'POST',
        url: '/api/betby/standin/bet',
        headers: { host: `localhost:${new URL(target.url).port}` },
        payload: b,
      });
    const played = await bet({ token, stake: 1_000, odds: 2.5, outcome: 'win' });
    expect(played.statusCode).toBe(200);
    expect(played.json().steps.map((s: { step: string; status: number }) => `${s.step} ${s.status}`)).toEqual([
      'bet/make 200',
      'bet/commit 200',
      'bet/win 200',
      'bet/settlement 200',
    ]);
    expect(await cash(p.id)).toBe(6_500);
    expect((await bet({ token: `${token}x`, stake: 1_000, odds: 2, outcome: 'win' })).statusCode).toBe(401);
    expect(await cash(p.id)).toBe(6_500);
    expect((await ledger.checkLedger(app.db)).ok).toBe(true);
  });
});
