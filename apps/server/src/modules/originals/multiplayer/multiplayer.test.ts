import { createHash, createHmac } from 'node:crypto';
import { crashPointCents, doubleRoll, verifyChainHash } from '@sorte/fairness';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, registerPlayer } from '../../../test/accounts';
import { testApp } from '../../../test/helpers';
import * as wallet from '../../ledger/index';
import { setTenantSettings } from '../../tenants/index';
import { crashAfterMs, multiplierAt } from './curve';
import type { RoundEngine } from './engine';
import { configureMultiplayer, createEngine } from './runtime';

let app: FastifyInstance;
let now = Date.now();
let tenantId: number;
const events: { channel: string; event: string; data: Record<string, unknown> }[] = [];
let crash: RoundEngine;
let double: RoundEngine;
let owners = 0;

const CHAIN = 400;
const engine = (game: 'crash' | 'double') =>
  createEngine(app.db, { tenantId, game, chainLength: CHAIN, owner: `test-${game}-${++owners}` });

beforeAll(async () => {
  app = await testApp({ tenantCacheTtlMs: 0 });
  configureMultiplayer(app.db, {
    clock: () => now,
    publish: async (_t, channel, event, data) => {
      events.push({ channel, event, data: data as Record<string, unknown> });
    },
  });
  const { rows } = await app.db.query<{ tenant_id: number }>(
    "select tenant_id from tenant_hosts where host = 'localhost'",
  );
  tenantId = rows[0]!.tenant_id;
  crash = engine('crash');
  double = engine('double');
});
afterAll(() => app.close());

type Player = { token: string; id: number };
let keySeq = 0;
const newKey = () => `mp-${++keySeq}`;

async function player(deposit = 100_000): Promise<Player> {
  const r = await registerPlayer(app);
  const id = Number(r.user.id);
  if (deposit > 0)
    await app.db.transaction((tx) =>
      wallet.credit(tx, {
        tenantId,
        userId: id,
        amount: deposit,
        type: 'deposit',
        idempotencyKey: `test:deposit:${id}`,
        reference: 'test deposit',
      }),
    );
  return { token: r.token, id };
}

const api = (p: Player) => {
  const c = client(app, { token: p.token });
  return {
    get: (url: string) => c.get(url),
    post: (url: string, body: unknown, key: string | null = newKey()) =>
      c.post(url, body, key ? { 'idempotency-key': key } : {}),
  };
};

async function balanceOf(p: Player) {
  const b = await wallet.getBalance(app.db, { tenantId, userId: p.id });
  return b.cash + b.bonus;
}

/** Plays empty rounds until the next round's committed crash point satisfies `pred`; leaves it open for bets. */
async function crashRoundWhere(pred: (cents: number) => boolean, e = crash) {
  for (let i = 0; i < 200; i++) {
    await e.tick();
    const r = e.currentRound!;
    expect(r.status).toBe('betting');
    if (pred(r.result)) return r;
    await finishCrash(e);
  }
  throw new Error('no such round in 200 tries');
}

/** Closes the betting window of the open round (the round starts). */
async function startCrash(e = crash) {
  now = e.currentRound!.betting_ends_at.getTime();
  await e.tick();
  expect(e.currentRound!.status).toBe('running');
  return e.currentRound!;
}

/** Runs the open round to its end and past the pause. */
async function finishCrash(e = crash) {
  let r = e.currentRound!;
  if (r.status === 'betting') r = await startCrash(e);
  now = r.started_at!.getTime() + r.crash_after_ms!;
  await e.tick();
  expect(e.currentRound).toBeNull();
  now += e.timing.pauseMs;
}

const atMultiplier = (r: { started_at: Date | null }, cents: number) => {
  now = r.started_at!.getTime() + crashAfterMs(cents);
};

describe('crash: chain, curve and fairness', () => {
  it('publishes the chain before the first round, hides the round hash and crash point until it ends', async () => {
    const state0 = (await client(app).get('/api/originals/crash/state')).json();
    expect(state0.enabled).toBe(true);
    expect(state0.round).toBeNull();
    await crash.tick();
    const r = crash.currentRound!;
    const state = (await client(app).get('/api/originals/crash/state')).json();
    expect(state.chain.terminating_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(state.chain.salt).toMatch(/^[0-9a-f]{64}$/);
    expect(state.round).toMatchObject({ id: r.id, number: 1, status: 'betting' });
    expect(JSON.stringify(state)).not.toContain(r.hash);
    expect(state.round.crash_point).toBeUndefined();
    expect(events.find((e) => e.event === 'crash.chain')).toBeTruthy();
    // Running: the multiplier is shown, never the point or the hash.
    const running = await startCrash();
    atMultiplier(running, Math.max(100, Math.min(running.result - 1, 150)));
    const live = (await client(app).get('/api/originals/crash/state')).json();
    expect(live.round.status).toBe('running');
    expect(JSON.stringify(live)).not.toContain(r.hash);
    expect(JSON.stringify(events)).not.toContain(r.hash);
    await finishCrash();
    const ended = (await client(app).get('/api/originals/crash/state')).json();
    expect(ended.history[0]).toMatchObject({ id: r.id, hash: r.hash, crash_point: r.result / 100 });
    expect(events.at(-1)).toMatchObject({ channel: 'originals.crash', event: 'crash.crash' });
  });

  it('every round is the fairness package formula on a hash that chains to the published terminating hash', async () => {
    for (let i = 0; i < 8; i++) {
      await crash.tick();
      await finishCrash();
    }
    const state = (await client(app).get('/api/originals/crash/state')).json();
    expect(state.history.length).toBeGreaterThanOrEqual(9);
    for (const h of state.history) {
      const v = (await client(app).get(`/api/originals/crash/rounds/${h.id}`)).json();
      expect(verifyChainHash(h.hash, h.number, v.chain.terminating_hash)).toBe(true);
      expect(crashPointCents(h.hash, v.chain.salt)).toBe(Math.round(h.crash_point * 100));
      // Independently, with node:crypto and the published formula.
      let x = h.hash;
      for (let k = 0; k < h.number; k++) x = createHash('sha256').update(x).digest('hex');
      expect(x).toBe(v.chain.terminating_hash);
      const int = Number.parseInt(createHmac('sha256', h.hash).update(v.chain.salt).digest('hex').slice(0, 8), 16);
      expect(Math.round(h.crash_point * 100)).toBe(Math.max(100, Math.floor((2 ** 32 / (int + 1)) * 0.99 * 100)));
    }
    // Ticks carry the elapsed time and the curve's multiplier.
    const tick = events.find((e) => e.event === 'crash.tick');
    if (tick) expect(tick.data.multiplier).toBe(multiplierAt(tick.data.elapsed_ms as number) / 100);
  });
});

describe('crash: bets and cash-outs', () => {
  it('a cash-out is applied once even when ten arrive in the same tick; the ledger stays consistent', async () => {
    const p = await player();
    const a = api(p);
    await crashRoundWhere((c) => c >= 300);
    const bet = await a.post('/api/originals/crash/bet', { amount: 1000 });
    expect(bet.statusCode, bet.body).toBe(200);
    expect(bet.json().balance).toBe(99_000);
    const r = await startCrash();
    atMultiplier(r, 200);
    const results = await Promise.all(Array.from({ length: 10 }, () => a.post('/api/originals/crash/cashout', {})));
    const ok = results.filter((x) => x.statusCode === 200);
    expect(ok).toHaveLength(1);
    expect(ok[0]!.json()).toMatchObject({ multiplier: 2, payout: 2000, balance: 101_000 });
    for (const x of results.filter((y) => y.statusCode !== 200)) expect(x.statusCode).toBe(409);
    await finishCrash();
    expect(await balanceOf(p)).toBe(101_000);
    const mine = (await a.get('/api/originals/crash/bets')).json().data;
    expect(mine[0]).toMatchObject({ status: 'won', cashout: 2, payout: 2000 });
    expect((await wallet.checkLedger(app.db, tenantId)).ok).toBe(true);
  });

  it('the same Idempotency-Key places and settles a bet once', async () => {
    const p = await player();
    const a = api(p);
    await crashRoundWhere((c) => c >= 200);
    const key = newKey();
    const bets = await Promise.all(
      Array.from({ length: 5 }, () => a.post('/api/originals/crash/bet', { amount: 500 }, key)),
    );
    for (const b of bets) expect(b.statusCode, b.body).toBe(200);
    expect(new Set(bets.map((b) => b.json().bet.id)).size).toBe(1);
    expect(await balanceOf(p)).toBe(99_500);
    // Same key, another request: refused.
    expect((await a.post('/api/originals/crash/bet', { amount: 600 }, key)).statusCode).toBe(409);
    // A second bet on the same round with a new key: refused (one bet per round).
    expect((await a.post('/api/originals/crash/bet', { amount: 500 })).statusCode).toBe(409);
    const r = await startCrash();
    atMultiplier(r, 150);
    const ckey = newKey();
    const c1 = await a.post('/api/originals/crash/cashout', {}, ckey);
    const c2 = await a.post('/api/originals/crash/cashout', {}, ckey);
    expect(c1.statusCode).toBe(200);
    expect(c2.json()).toEqual(c1.json());
    expect(c2.headers['idempotent-replayed']).toBe('true');
    await finishCrash();
    expect(await balanceOf(p)).toBe(99_500 + 750);
    const { rows } = await app.db.query<{ n: number }>(
      "select count(*)::int as n from ledger_transactions where tenant_id = $1 and idempotency_key like 'originals:%:crash:%' and reference like $2",
      [tenantId, `originals:crash:round:${r.id}`],
    );
    expect(rows[0]!.n).toBe(2);
  });

  it('refuses a cash-out once the curve reached the crash point, even before the engine ticks', async () => {
    const p = await player();
    const a = api(p);
    await crashRoundWhere((c) => c >= 120 && c < 100_000);
    await a.post('/api/originals/crash/bet', { amount: 1000 });
    const r = await startCrash();
    now = r.started_at!.getTime() + r.crash_after_ms!;
    const late = await a.post('/api/originals/crash/cashout', {});
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/explodiu|crashed/);
    // One millisecond earlier would have been accepted below the crash point.
    now -= 1;
    expect(multiplierAt(now - r.started_at!.getTime())).toBeLessThan(r.result);
    now += 1;
    await finishCrash();
    expect(await balanceOf(p)).toBe(99_000);
    expect((await a.post('/api/originals/crash/cashout', {})).statusCode).toBe(409);
  });

  it('pays automatic targets at the target when the crash point reaches them and loses the rest', async () => {
    const p = await player();
    const q = await player();
    // Still running at 1.60x (checked below), so the round must crash above it.
    const r0 = await crashRoundWhere((c) => c > 160 && c < 1000);
    expect((await api(p).post('/api/originals/crash/bet', { amount: 1000, auto_cashout: 1.5 })).statusCode).toBe(200);
    const high = (r0.result + 1) / 100;
    expect((await api(q).post('/api/originals/crash/bet', { amount: 1000, auto_cashout: high })).statusCode).toBe(200);
    const r = await startCrash();
    atMultiplier(r, 160);
    await crash.tick();
    expect(events.at(-2)).toMatchObject({ event: 'crash.tick' });
    expect(events.at(-1)).toMatchObject({ event: 'crash.cashouts' });
    expect(await balanceOf(p)).toBe(100_500);
    await finishCrash();
    expect(await balanceOf(p)).toBe(100_500);
    expect(await balanceOf(q)).toBe(99_000);
  });

  it('validates the input with localized messages', async () => {
    const a = api(await player());
    await crashRoundWhere(() => true);
    const bad = await a.post('/api/originals/crash/bet', { amount: 1000, auto_cashout: 1.001 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.auto_cashout[0]).toContain('1,01x');
    expect((await a.post('/api/originals/crash/bet', { amount: 5 })).statusCode).toBe(422);
    expect((await a.post('/api/originals/crash/bet', { amount: 1000 }, null)).statusCode).toBe(400);
    expect((await client(app).post('/api/originals/crash/bet', { amount: 1000 })).statusCode).toBe(401);
    const poor = api(await player(0));
    expect((await poor.post('/api/originals/crash/bet', { amount: 1000 })).statusCode).toBe(402);
    await finishCrash();
  });
});

describe('crash: max profit per round', () => {
  it('caps every cash-out at the force point so the round never pays more than its share of the bankroll', async () => {
    await setTenantSettings(app.db, {
      host: 'localhost',
      assignments: ['originals_multiplayer.bankroll=100000', 'originals_multiplayer.max_profit_bps=1000'],
    });
    const p = await player();
    const q = await player();
    const s = await player();
    await crashRoundWhere((c) => c >= 400);
    expect((await api(p).post('/api/originals/crash/bet', { amount: 2000, auto_cashout: 10 })).statusCode).toBe(200);
    expect((await api(q).post('/api/originals/crash/bet', { amount: 2000 })).statusCode).toBe(200);
    // Stakes are capped at the max profit (R$ 100,00 here).
    const full = await api(s).post('/api/originals/crash/bet', { amount: 6001 });
    expect(full.statusCode).toBe(409);
    const r = await startCrash();
    expect(r.max_profit).toBe(10_000);
    expect(r.force_point).toBe(350);
    atMultiplier(r, 360);
    await crash.tick();
    await finishCrash();
    expect(await balanceOf(p)).toBe(100_000 + 5_000);
    expect(await balanceOf(q)).toBe(100_000 + 5_000);
    const { rows } = await app.db.query<{ profit: number }>(
      'select sum(payout - amount)::bigint as profit from originals_round_bets where round_id = $1',
      [r.id],
    );
    expect(Number(rows[0]!.profit)).toBeLessThanOrEqual(10_000);
    await setTenantSettings(app.db, {
      host: 'localhost',
      assignments: ['originals_multiplayer.bankroll=100000000', 'originals_multiplayer.max_profit_bps=300'],
    });
  });
});

describe('regulated mode', () => {
  it('turns Crash and Double off unless the operator opts in', async () => {
    const a = api(await player());
    await setTenantSettings(app.db, { host: 'localhost', assignments: ['is_regulated=true'] });
    try {
      const st = (await client(app).get('/api/originals/crash/state')).json();
      expect(st.enabled).toBe(false);
      await crash.tick();
      expect(crash.currentRound).toBeNull();
      const off = await a.post('/api/originals/double/bet', { amount: 1000, color: 'red' });
      expect(off.statusCode).toBe(403);
      await setTenantSettings(app.db, {
        host: 'localhost',
        assignments: ['originals_multiplayer.regulated_opt_in=true'],
      });
      expect((await client(app).get('/api/originals/crash/state')).json().enabled).toBe(true);
      now += 5_000;
      await crash.tick();
      expect(crash.currentRound?.status).toBe('betting');
      expect((await a.post('/api/originals/crash/bet', { amount: 1000 })).statusCode).toBe(200);
      await finishCrash();
    } finally {
      await setTenantSettings(app.db, {
        host: 'localhost',
        assignments: ['is_regulated=false', 'originals_multiplayer.regulated_opt_in=false'],
      });
    }
  });
});

describe('double', () => {
  it('rolls the chain with BigInt arithmetic and pays 2x / 14x', async () => {
    const players = await Promise.all([player(), player(), player()]);
    await double.tick();
    const r = double.currentRound!;
    expect(r.status).toBe('betting');
    const colors = ['red', 'black', 'white'] as const;
    for (const [i, p] of players.entries()) {
      const b = await api(p).post('/api/originals/double/bet', { amount: 1000, color: colors[i] });
      expect(b.statusCode, b.body).toBe(200);
    }
    // One bet per colour; another colour is fine.
    expect((await api(players[0]!).post('/api/originals/double/bet', { amount: 1000, color: 'red' })).statusCode).toBe(
      409,
    );
    expect((await api(players[0]!).post('/api/originals/double/bet', { amount: 500, color: 'white' })).statusCode).toBe(
      200,
    );
    const state = (await client(app).get('/api/originals/double/state')).json();
    expect(JSON.stringify(state)).not.toContain(r.hash);
    expect(state.bets).toHaveLength(4);
    now = r.betting_ends_at.getTime();
    await double.tick();
    expect(double.currentRound).toBeNull();
    const after = (await client(app).get('/api/originals/double/state')).json();
    const h = after.history[0];
    expect(h).toMatchObject({ id: r.id, hash: r.hash });
    const salt = after.chain.salt;
    expect(doubleRoll(h.hash, salt).roll).toBe(h.roll);
    const big = BigInt(`0x${createHmac('sha256', h.hash).update(salt).digest('hex')}`) % 15n;
    expect(Number(big)).toBe(h.roll);
    expect(verifyChainHash(h.hash, h.number, after.chain.terminating_hash)).toBe(true);
    const expected = (color: string) => (color === h.color ? (color === 'white' ? 14_000 : 2_000) : 0);
    expect(await balanceOf(players[0]!)).toBe(100_000 - 1500 + expected('red') + (h.color === 'white' ? 7_000 : 0));
    expect(await balanceOf(players[1]!)).toBe(99_000 + expected('black'));
    expect(await balanceOf(players[2]!)).toBe(99_000 + expected('white'));
    // Betting is closed after the roll.
    expect((await api(players[1]!).post('/api/originals/double/bet', { amount: 1000, color: 'red' })).statusCode).toBe(
      409,
    );
    now += double.timing.pauseMs;
    expect((await wallet.checkLedger(app.db, tenantId)).ok).toBe(true);
  });
});

describe('one driver per tenant and restart recovery', () => {
  it('a second engine stands by while the first holds the lease', async () => {
    const other = engine('crash');
    await crash.tick();
    const open = crash.currentRound!;
    await other.tick();
    expect(other.isLeader).toBe(false);
    expect(other.currentRound).toBeNull();
    const { rows } = await app.db.query<{ n: number }>(
      "select count(*)::int as n from originals_rounds where tenant_id = $1 and game = 'crash' and status in ('betting', 'running')",
      [tenantId],
    );
    expect(rows[0]!.n).toBe(1);
    expect(open.status).toBe('betting');
    await finishCrash();
  });

  it('refunds a round cut in its betting window', async () => {
    const p = await player();
    await crashRoundWhere(() => true);
    const cut = crash.currentRound!;
    await api(p).post('/api/originals/crash/bet', { amount: 3000 });
    expect(await balanceOf(p)).toBe(97_000);
    // The process dies: its lease runs out; a new process takes over.
    now += 11_000;
    crash = engine('crash');
    await crash.tick();
    const { rows } = await app.db.query<{ status: string }>('select status from originals_rounds where id = $1', [
      cut.id,
    ]);
    expect(rows[0]!.status).toBe('refunded');
    expect(await balanceOf(p)).toBe(100_000);
    expect(crash.currentRound?.status).toBe('betting');
    expect(crash.currentRound!.round_number).toBe(cut.round_number + 1);
    await finishCrash();
  });

  it('settles a running round at its committed crash point, keeping the cash-outs made', async () => {
    const [p, q, s] = await Promise.all([player(), player(), player()]);
    // Below the round's force point (about 1,000x for these stakes), where even s, who never cashes out, is paid.
    await crashRoundWhere((c) => c >= 300 && c < 1000);
    await api(p).post('/api/originals/crash/bet', { amount: 1000 });
    await api(q).post('/api/originals/crash/bet', { amount: 1000, auto_cashout: 2.5 });
    await api(s).post('/api/originals/crash/bet', { amount: 1000 });
    const r = await startCrash();
    atMultiplier(r, 150);
    expect((await api(p).post('/api/originals/crash/cashout', {})).statusCode).toBe(200);
    now += 11_000;
    crash = engine('crash');
    await crash.tick();
    const { rows } = await app.db.query<{ status: string; result: number }>(
      'select status, result from originals_rounds where id = $1',
      [r.id],
    );
    expect(rows[0]).toMatchObject({ status: 'ended', result: r.result });
    expect(await balanceOf(p)).toBe(100_500);
    expect(await balanceOf(q)).toBe(101_500);
    expect(await balanceOf(s)).toBe(99_000);
    expect((await wallet.checkLedger(app.db, tenantId)).ok).toBe(true);
    await crash.stop();
    await double.stop();
  });
});

describe('responsible gaming', () => {
  it('a wager limit refuses a Crash bet; self-exclusion refunds a bet of a round not yet over', async () => {
    const e = engine('crash');
    const p = await player();
    const a = api(p);
    await a.post('/api/responsible-gaming/limits', { kind: 'wager', period: 'day', amount: 1_500 }, null);
    await crashRoundWhere(() => true, e);
    expect((await a.post('/api/originals/crash/bet', { amount: 1000 })).statusCode).toBe(200);
    await finishCrash(e);
    await crashRoundWhere(() => true, e);
    const over = await a.post('/api/originals/crash/bet', { amount: 1000 });
    expect(over.statusCode).toBe(422);
    expect(over.json().code).toBe('limit_wager');
    const q = await player();
    expect((await api(q).post('/api/originals/crash/bet', { amount: 700 })).statusCode).toBe(200);
    const ex = await api(q).post('/api/responsible-gaming/self-exclusion', { period: '30d' }, null);
    expect(ex.json().settlement).toMatchObject({ refunded_bets: 1, refunded: 700, balance: 100_000 });
    await finishCrash(e);
    expect(await balanceOf(q)).toBe(100_000);
    expect((await wallet.checkLedger(app.db, tenantId)).ok).toBe(true);
    await e.stop();
  });
});

describe('bonus money', () => {
  it('a Crash stake 60/40 cash/bonus pays its cash-out 60/40', async () => {
    const p = await player(600);
    await app.db.transaction((tx) =>
      wallet.credit(tx, {
        tenantId,
        userId: p.id,
        amount: 2_000,
        type: 'bonus',
        account: 'bonus',
        idempotencyKey: `test:bonus:${p.id}`,
        reference: 'test bonus',
      }),
    );
    await crashRoundWhere((c) => c > 200 && c < 1000);
    expect((await api(p).post('/api/originals/crash/bet', { amount: 1000, auto_cashout: 2 })).statusCode).toBe(200);
    expect(await wallet.getBalance(app.db, { tenantId, userId: p.id })).toEqual({ cash: 0, bonus: 1_600, pending: 0 });
    await finishCrash();
    // 2 000 paid: 40% (800) back into the bonus, 1 200 into cash.
    expect(await wallet.getBalance(app.db, { tenantId, userId: p.id })).toEqual({
      cash: 1_200,
      bonus: 2_400,
      pending: 0,
    });
    expect((await wallet.checkLedger(app.db, tenantId)).ok).toBe(true);
  });
});
