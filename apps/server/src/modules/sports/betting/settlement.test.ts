import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UsageError } from '../../../platform/ops';
import { client } from '../../../test/accounts';
import { testApp } from '../../../test/helpers';
import { cashOf, demoTenantId, fundedPlayer } from '../../casino/test-support';
import * as ledger from '../../ledger/index';
import { feedTestEvent, type SeededEvent, seedTestEvent } from '../catalog/test-support';
import { SETTLEMENT_JOB } from './jobs';
import { BETTING_COMMANDS } from './ops';
import { cancelBetsInWindow, closeBet, rollbackEventSettlement, settleEvent, voidEvent } from './settlement';

/**
 * Settlement from results as a player sees it: what each bet pays for every leg result (the factor math), singles
 * and accumulators placed through the real API, paid once however often (or however concurrently) settlement runs,
 * a rollback then a corrected result, a cancelled time window, a cancelled event; the ledger balanced throughout.
 */

describe('the settlement factor of a bet (stake x product of f, f = vf + (1 - vf) x (won ? odds x dhf : 0))', () => {
  const cap = { stake: 1_000, payout_cap: 10_000_000 };
  const leg = (odds: number, result: Parameters<typeof closeBet>[1][number]['result'], dhf = 1) => ({
    odds,
    result,
    dead_heat_factor: dhf,
  });

  it('pays a won single stake x odds, nothing for a lost one, the stake back for a push', () => {
    expect(closeBet(cap, [leg(18_500, 'won')])).toEqual({ status: 'won', pay: 1_850 });
    expect(closeBet(cap, [leg(18_500, 'lost')])).toEqual({ status: 'lost', pay: 0 });
    expect(closeBet(cap, [leg(18_500, 'void')])).toEqual({ status: 'void', pay: 1_000 });
  });

  it('pays a half-won quarter line half at the odds and half back, a half-lost one half back', () => {
    // 500 x 1.90 + 500 = 1,450; 500 back.
    expect(closeBet(cap, [leg(19_000, 'half_won')])).toEqual({ status: 'won', pay: 1_450 });
    expect(closeBet(cap, [leg(19_000, 'half_lost')])).toEqual({ status: 'won', pay: 500 });
  });

  it('applies a dead-heat factor to the winning part', () => {
    // 1,000 x 3.00 x 1/2.
    expect(closeBet(cap, [leg(30_000, 'won', 0.5)])).toEqual({ status: 'won', pay: 1_500 });
  });

  it('multiplies an accumulator: a void leg counts 1, a half-won leg its factor, rounded down once', () => {
    // 1,000 x 2.10 x 1 x 1.45 (half-won at 1.90) x 1.333 = 4,058.9... -> 4,058.
    expect(
      closeBet(cap, [leg(21_000, 'won'), leg(17_000, 'void'), leg(19_000, 'half_won'), leg(13_330, 'won')]),
    ).toEqual({ status: 'won', pay: 4_058 });
    expect(closeBet(cap, [leg(21_000, 'void'), leg(17_000, 'void')])).toEqual({ status: 'void', pay: 1_000 });
  });

  it('loses an accumulator at its first lost leg while others are open, and waits while none is lost', () => {
    expect(closeBet(cap, [leg(21_000, 'won'), leg(17_000, null), leg(19_000, 'lost')])).toEqual({
      status: 'lost',
      pay: 0,
    });
    expect(closeBet(cap, [leg(21_000, 'won'), leg(17_000, null)])).toBeNull();
    expect(closeBet(cap, [leg(21_000, 'half_lost'), leg(17_000, null)])).toBeNull();
  });

  it('caps the payout at the bet’s cap', () => {
    expect(closeBet({ stake: 100_000, payout_cap: 250_000 }, [leg(50_000, 'won')])).toEqual({
      status: 'won',
      pay: 250_000,
    });
  });
});

let app: FastifyInstance;
let tenantId: number;

beforeAll(async () => {
  app = await testApp({ tenantCacheTtlMs: 0, tenantNegativeCacheTtlMs: 0 });
  tenantId = await demoTenantId(app);
}, 60_000);
afterAll(() => app.close());

type Player = Awaited<ReturnType<typeof fundedPlayer>> & { c: ReturnType<typeof client> };
async function player(cents = 100_000): Promise<Player> {
  const p = await fundedPlayer(app, cents);
  return { ...p, c: client(app, { token: p.token }) };
}
let seq = 0;
type Sel = { outcome_id: number; odds: number };

async function bet(p: Player, selections: Sel[], stake: number): Promise<number> {
  const res = await p.c.post('/api/sports/bets', { selections, stake }, { 'idempotency-key': `settle-${++seq}` });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json().bet.id;
}
const sel = (e: SeededEvent, kind: Parameters<SeededEvent['outcome']>[0], code: string, spec = ''): Sel => {
  const o = e.outcome(kind, code, spec);
  return { outcome_id: o.id, odds: o.odds! };
};

/** A market with the line we need and round prices (the seeded book's lines depend on its rates). */
async function market(
  e: SeededEvent,
  kind: 'asian_handicap' | 'total',
  specifiers: string,
  odds: Record<string, number>,
) {
  const { rows } = await app.db.query<{ id: number }>(
    `insert into sports_markets (tenant_id, event_id, kind, specifiers) values ($1, $2, $3, $4)
      on conflict (event_id, kind, specifiers) do update set status = 'active' returning id`,
    [tenantId, e.id, kind, specifiers],
  );
  const out: Record<string, Sel> = {};
  for (const [code, o] of Object.entries(odds)) {
    const r = await app.db.query<{ id: number }>(
      `insert into sports_outcomes (tenant_id, market_id, code, odds) values ($1, $2, $3, $4)
        on conflict (market_id, code) do update set odds = excluded.odds returning id`,
      [tenantId, rows[0]!.id, code, o],
    );
    out[code] = { outcome_id: r.rows[0]!.id, odds: o };
  }
  return out;
}

const betRow = async (id: number) =>
  (
    await app.db.query<{ status: string; payout: number; settlement_version: number; settled_payout: number | null }>(
      'select status, payout::int, settlement_version, settled_payout::int from sports_bets where id = $1',
      [id],
    )
  ).rows[0]!;
const statuses = async (ids: number[]) => Promise.all(ids.map(async (id) => (await betRow(id)).status));
const settledEvents = async (betId: number) =>
  (
    await app.db.query<{ payload: { status: string; payout: number; rollback?: boolean } }>(
      `select payload from event_log where name = 'sports.bet_settled' and (payload->>'bet_id')::bigint = $1 order by id`,
      [betId],
    )
  ).rows.map((r) => r.payload);
const exposureOn = async (e: SeededEvent) =>
  Number(
    (
      await app.db.query<{ n: string }>(
        'select coalesce(sum(stakes), 0)::text as n from sports_exposure x join sports_markets m on m.id = x.market_id where m.event_id = $1',
        [e.id],
      )
    ).rows[0]!.n,
  );
const ledgerOk = async () => expect((await ledger.checkLedger(app.db, tenantId)).problems).toEqual([]);
const floorPay = (stake: number, ...factors: number[]) => Math.floor(factors.reduce((a, f) => a * f, stake) + 1e-9);

describe(`settlement from results (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('pays every kind of leg result on a 2-1 (1-0 at half time) and releases the book’s exposure', async () => {
    const e = await seedTestEvent(app.db, tenantId);
    const ah = await market(e, 'asian_handicap', 'hcp=-0.75', { '1': 19_000, '2': 19_500 });
    const ah2 = await market(e, 'asian_handicap', 'hcp=-1.25', { '1': 23_000, '2': 16_000 });
    const tot = await market(e, 'total', 'total=3', { over: 20_000, under: 18_000 });
    const p = await player(100_000);
    const home = sel(e, '1x2', '1');
    const draw = sel(e, '1x2', 'X');
    const cs = sel(e, 'correct_score', '2:1');
    const ht = sel(e, 'ht_1x2', '1');
    const stake = 1_000;
    const ids = {
      home: await bet(p, [home], stake),
      draw: await bet(p, [draw], stake),
      cs: await bet(p, [cs], stake),
      ht: await bet(p, [ht], stake),
      halfWon: await bet(p, [ah['1']!], stake),
      halfLost: await bet(p, [ah2['1']!], stake),
      push: await bet(p, [tot.over!], stake),
    };
    expect(await exposureOn(e)).toBe(7 * stake);
    expect(await cashOf(app, p.id)).toBe(100_000 - 7 * stake);
    await feedTestEvent(app.db, tenantId, e, { result: [2, 1], ht: [1, 0] });
    const sum = await settleEvent(app.db, { tenantId, eventId: e.id });
    expect(sum.settled).toBe(7);
    const expected = {
      home: floorPay(stake, home.odds / 10_000),
      draw: 0,
      cs: floorPay(stake, cs.odds / 10_000),
      ht: floorPay(stake, ht.odds / 10_000),
      // -0.75 on a one-goal win: half at -0.5 wins, half at -1 pushes.
      halfWon: 500 * 1.9 + 500,
      // -1.25 on a one-goal win: half at -1 pushes, half at -1.5 loses.
      halfLost: 500,
      // Over 3 on three goals: the stake back.
      push: 1_000,
    };
    for (const [k, id] of Object.entries(ids))
      expect([k, (await betRow(id)).payout]).toEqual([k, expected[k as keyof typeof expected]]);
    expect(await statuses(Object.values(ids))).toEqual(['won', 'lost', 'won', 'won', 'won', 'won', 'void']);
    const paid = Object.values(expected).reduce((a, b) => a + b, 0);
    expect(await cashOf(app, p.id)).toBe(100_000 - 7 * stake + paid);
    expect(await exposureOn(e)).toBe(0);
    const mk = await app.db.query<{ status: string }>(
      'select distinct status from sports_markets where event_id = $1',
      [e.id],
    );
    expect(mk.rows.map((r) => r.status)).toEqual(['settled']);
    // The player's bets list shows them settled, with the payout.
    const mine = (await p.c.get('/api/sports/bets?status=settled')).json();
    expect(mine.data.find((b: { id: number }) => b.id === ids.home).payout).toBe(expected.home);
    await ledgerOk();
  });

  it('pays once however often it runs, and when two settlements race', async () => {
    const e = await seedTestEvent(app.db, tenantId);
    const players = await Promise.all([player(), player(), player()]);
    const ids: number[] = [];
    for (const p of players) for (let i = 0; i < 4; i++) ids.push(await bet(p, [sel(e, '1x2', '1')], 500 + i));
    await feedTestEvent(app.db, tenantId, e, { result: [1, 0], ht: [0, 0] });
    const [a, b] = await Promise.all([
      settleEvent(app.db, { tenantId, eventId: e.id }),
      settleEvent(app.db, { tenantId, eventId: e.id }),
    ]);
    expect(a.settled + b.settled).toBe(12);
    const again = await settleEvent(app.db, { tenantId, eventId: e.id });
    expect(again.settled).toBe(0);
    const odds = e.outcome('1x2', '1').odds! / 10_000;
    for (const p of players)
      expect(await cashOf(app, p.id)).toBe(
        100_000 - 2_006 + [500, 501, 502, 503].reduce((s, x) => s + floorPay(x, odds), 0),
      );
    for (const id of ids) expect((await settledEvents(id)).length).toBe(1);
    const keys = await app.db.query<{ n: number }>(
      "select count(*)::int as n from ledger_transactions where tenant_id = $1 and idempotency_key like 'sports:bet:%:settle:0' and idempotency_key = any($2::text[])",
      [tenantId, ids.map((id) => `sports:bet:${id}:settle:0`)],
    );
    expect(keys.rows[0]!.n).toBe(12);
    await ledgerOk();
  });

  it('keeps an accumulator open until its last leg, and loses it at once on a lost leg', async () => {
    const e1 = await seedTestEvent(app.db, tenantId);
    const e2 = await seedTestEvent(app.db, tenantId);
    const e3 = await seedTestEvent(app.db, tenantId);
    const p = await player();
    const l1 = sel(e1, '1x2', '1');
    const l2 = sel(e2, 'btts', 'yes');
    const l3 = sel(e3, 'draw_no_bet', '1');
    const winner = await bet(p, [l1, l2, l3], 1_000);
    const loser = await bet(p, [sel(e1, '1x2', '2'), sel(e2, 'btts', 'no'), sel(e3, '1x2', 'X')], 1_000);
    await feedTestEvent(app.db, tenantId, e1, { result: [3, 1], ht: [1, 1] });
    const s1 = await settleEvent(app.db, { tenantId, eventId: e1.id });
    expect(s1).toMatchObject({ settled: 1, waiting: 1 });
    expect(await statuses([winner, loser])).toEqual(['open', 'lost']);
    await feedTestEvent(app.db, tenantId, e2, { result: [1, 1], ht: [0, 1] });
    await settleEvent(app.db, { tenantId, eventId: e2.id });
    expect(await statuses([winner])).toEqual(['open']);
    // Draw no bet on a draw: that leg pushes (factor 1).
    await feedTestEvent(app.db, tenantId, e3, { result: [0, 0], ht: [0, 0] });
    await settleEvent(app.db, { tenantId, eventId: e3.id });
    const expected = Math.floor((1_000 * l1.odds * l2.odds) / 10_000 / 10_000);
    expect(await betRow(winner)).toMatchObject({ status: 'won', payout: expected });
    expect(await cashOf(app, p.id)).toBe(100_000 - 2_000 + expected);
    // A rollback of the second event reopens the winner; the loser stays lost on its first leg, untouched.
    const r = await rollbackEventSettlement(app.db, { tenantId, eventId: e2.id, reason: 'test' });
    expect(r.reopened).toBe(1);
    expect(await betRow(loser)).toMatchObject({ status: 'lost', settlement_version: 0 });
    expect(await betRow(winner)).toMatchObject({ status: 'open', payout: 0, settlement_version: 1 });
    expect(await cashOf(app, p.id)).toBe(100_000 - 2_000);
    await feedTestEvent(app.db, tenantId, e2, { result: [2, 2], ht: [1, 1] });
    await settleEvent(app.db, { tenantId, eventId: e2.id });
    expect(await betRow(winner)).toMatchObject({ status: 'won', payout: expected, settlement_version: 1 });
    expect(await cashOf(app, p.id)).toBe(100_000 - 2_000 + expected);
    await ledgerOk();
  });

  it('rolls back a settlement exactly, then settles the corrected result under the next version', async () => {
    const e = await seedTestEvent(app.db, tenantId);
    const p = await player();
    const q = await player();
    const home = sel(e, '1x2', '1');
    const away = sel(e, '1x2', '2');
    const pHome = await bet(p, [home], 2_000);
    const qAway = await bet(q, [away], 3_000);
    await feedTestEvent(app.db, tenantId, e, { result: [2, 1], ht: [1, 0] });
    await settleEvent(app.db, { tenantId, eventId: e.id });
    expect(await cashOf(app, p.id)).toBe(100_000 - 2_000 + floorPay(2_000, home.odds / 10_000));
    const r = await rollbackEventSettlement(app.db, { tenantId, eventId: e.id, reason: 'wrong score' });
    expect(r).toEqual({ reopened: 2, kept: [] });
    expect(await cashOf(app, p.id)).toBe(100_000 - 2_000);
    expect(await cashOf(app, q.id)).toBe(100_000 - 3_000);
    expect(await betRow(pHome)).toMatchObject({ status: 'open', payout: 0, settlement_version: 1 });
    expect((await settledEvents(pHome)).map((x) => x.rollback ?? false)).toEqual([false, true]);
    // The event waits for a new result: the job finds nothing to settle, a second settle pays nothing.
    expect((await settleEvent(app.db, { tenantId, eventId: e.id })).settled).toBe(0);
    await feedTestEvent(app.db, tenantId, e, { result: [1, 2], ht: [1, 0] });
    await settleEvent(app.db, { tenantId, eventId: e.id });
    expect(await statuses([pHome, qAway])).toEqual(['lost', 'won']);
    expect(await cashOf(app, p.id)).toBe(100_000 - 2_000);
    expect(await cashOf(app, q.id)).toBe(100_000 - 3_000 + floorPay(3_000, away.odds / 10_000));
    const keys = await app.db.query<{ key: string }>(
      `select idempotency_key as key from ledger_transactions where tenant_id = $1 and reference = any($2::text[]) order by id`,
      [tenantId, [`sports:bet:${pHome}`, `sports:bet:${qAway}`]],
    );
    expect(keys.rows.map((k) => k.key)).toEqual([
      `sports:bet:${pHome}:stake`,
      `sports:bet:${qAway}:stake`,
      `sports:bet:${pHome}:settle:0`,
      `sports:bet:${pHome}:settle:0:rollback`,
      `sports:bet:${qAway}:settle:1`,
    ]);
    await ledgerOk();
  });

  it('voids the bets placed in a cancelled window: a single gets its stake back, an accumulator goes on', async () => {
    const e = await seedTestEvent(app.db, tenantId);
    const other = await seedTestEvent(app.db, tenantId);
    const p = await player();
    const before = await bet(p, [sel(e, '1x2', '1')], 1_000);
    await new Promise((r) => setTimeout(r, 30));
    const from = new Date();
    const inSingle = await bet(p, [sel(e, '1x2', '1')], 1_500);
    const acca = [sel(e, 'btts', 'yes'), sel(other, '1x2', '1')];
    const inAcca = await bet(p, acca, 1_000);
    const to = new Date();
    await new Promise((r) => setTimeout(r, 30));
    const after = await bet(p, [sel(e, '1x2', '2')], 1_000);
    const w = await cancelBetsInWindow(app.db, { tenantId, eventId: e.id, from, to, reason: 'goal scored before' });
    expect(w).toMatchObject({ voided: 2, settled: 1, reopened: 0 });
    expect(await betRow(inSingle)).toMatchObject({ status: 'void', payout: 1_500 });
    expect(await statuses([before, inAcca, after])).toEqual(['open', 'open', 'open']);
    expect(await cashOf(app, p.id)).toBe(100_000 - 1_000 - 1_000 - 1_000);
    // The event's result later leaves the voided leg void; the accumulator pays its other leg alone.
    await feedTestEvent(app.db, tenantId, e, { result: [1, 0], ht: [0, 0] });
    await settleEvent(app.db, { tenantId, eventId: e.id });
    await feedTestEvent(app.db, tenantId, other, { result: [2, 0], ht: [1, 0] });
    await settleEvent(app.db, { tenantId, eventId: other.id });
    expect(await betRow(inAcca)).toMatchObject({ status: 'won', payout: floorPay(1_000, acca[1]!.odds / 10_000) });
    // A window over bets already settled rolls them back first, then voids them.
    const w2 = await cancelBetsInWindow(app.db, {
      tenantId,
      eventId: e.id,
      from: new Date(to.getTime() + 1),
      to: new Date(),
      reason: 'late goal',
    });
    expect(w2).toMatchObject({ reopened: 1, voided: 1, settled: 1 });
    expect(await betRow(after)).toMatchObject({ status: 'void', payout: 1_000, settlement_version: 1 });
    const home = e.outcome('1x2', '1').odds! / 10_000;
    expect(await cashOf(app, p.id)).toBe(
      100_000 - 4_500 + floorPay(1_000, home) + 1_500 + floorPay(1_000, acca[1]!.odds / 10_000) + 1_000,
    );
    await ledgerOk();
  });

  it('voids a cancelled event: every leg on it void, singles refunded, even after it was settled', async () => {
    const e = await seedTestEvent(app.db, tenantId);
    const p = await player();
    const a = await bet(p, [sel(e, '1x2', '1')], 1_000);
    const b = await bet(p, [sel(e, '1x2', 'X')], 2_000);
    await feedTestEvent(app.db, tenantId, e, { result: [0, 0], ht: [0, 0] });
    await settleEvent(app.db, { tenantId, eventId: e.id });
    expect(await statuses([a, b])).toEqual(['lost', 'won']);
    await voidEvent(app.db, { tenantId, eventId: e.id, reason: 'match abandoned' });
    expect(await betRow(a)).toMatchObject({ status: 'void', payout: 1_000 });
    expect(await betRow(b)).toMatchObject({ status: 'void', payout: 2_000 });
    expect(await cashOf(app, p.id)).toBe(100_000);
    // Stakes given back are not wagering.
    expect(await ledger.totalBet(app.db, { tenantId, userId: p.id })).toBe(0);
    await ledgerOk();
  });
});

const ops = (name: string, flags: Record<string, string | true>) =>
  BETTING_COMMANDS[name]!.run({ db: app.db }, { flags, positional: [] });

describe('the settlement job and the operator commands', () => {
  it('settles an ended event within one run of the job', async () => {
    const e = await seedTestEvent(app.db, tenantId);
    const p = await player();
    const id = await bet(p, [sel(e, '1x2', '2')], 1_000);
    await feedTestEvent(app.db, tenantId, e, { result: [0, 1], ht: [0, 0] });
    await SETTLEMENT_JOB.run({ db: app.db, signal: new AbortController().signal, node: 'test' });
    expect((await betRow(id)).status).toBe('won');
    expect(await SETTLEMENT_JOB.hasWork!(app.db)).toBe(false);
  });

  it('sports:settle sets a score and settles, corrects it, rolls back, voids and cancels a window', async () => {
    const e = await seedTestEvent(app.db, tenantId);
    const p = await player();
    const home = sel(e, '1x2', '1');
    const a = await bet(p, [home], 1_000);
    const b = await bet(p, [sel(e, 'ht_1x2', 'X')], 1_000);
    const event = String(e.id);
    expect(await ops('sports:settle', { event, score: '2-1', ht: '0-0' })).toMatch(/2-1: 2 bets closed \(2 won\)/);
    expect(await statuses([a, b])).toEqual(['won', 'won']);
    const fixed = await ops('sports:settle', { event, score: '1-2', ht: '1-0' });
    expect(fixed).toMatch(/2-1 rolled back \(2 bets open again\)/);
    expect(await statuses([a, b])).toEqual(['lost', 'lost']);
    expect(await cashOf(app, p.id)).toBe(100_000 - 2_000);
    expect(await ops('sports:settle', { event, rollback: true })).toMatch(/2 bets open again/);
    expect(await statuses([a, b])).toEqual(['open', 'open']);
    const liability = await ops('sports:liability', { event });
    expect(liability).toMatch(/1x2\s+1\s+1\s+10\.00/);
    const w = await ops('sports:settle', {
      event,
      'cancel-window': true,
      from: new Date(Date.now() - 60_000).toISOString(),
      to: new Date().toISOString(),
    });
    expect(w).toMatch(/2 legs .* void/);
    expect(await statuses([a, b])).toEqual(['void', 'void']);
    expect(await ops('sports:settle', { event, void: true })).toMatch(/cancelled/);
    expect(await cashOf(app, p.id)).toBe(100_000);
    await ledgerOk();
  });

  it('answers bad input with its usage, never a stack trace', async () => {
    const e = await seedTestEvent(app.db, tenantId);
    const event = String(e.id);
    for (const flags of [
      { event },
      { event, score: '2-1', rollback: true },
      { event, score: 'two-one' },
      { event, score: '1-0', ht: '2-0' },
      { event: '999999999', score: '1-0' },
      { event: 'x', void: true },
      { event, 'cancel-window': true, from: 'yesterday', to: new Date().toISOString() },
    ] as Record<string, string | true>[])
      await expect(ops('sports:settle', flags)).rejects.toBeInstanceOf(UsageError);
    await expect(ops('sports:liability', {})).rejects.toBeInstanceOf(UsageError);
    await expect(ops('sports:limits', { host: 'nowhere.example' })).rejects.toBeInstanceOf(UsageError);
    await expect(ops('sports:limits', { host: 'localhost', margin: '1x2=0.9' })).rejects.toBeInstanceOf(UsageError);
    await expect(ops('sports:limits', { host: 'localhost', margin: 'poker=0.05' })).rejects.toBeInstanceOf(UsageError);
    await expect(ops('sports:limits', { host: 'localhost', 'min-stake': '-5' })).rejects.toBeInstanceOf(UsageError);
  });

  it('sports:limits shows and sets the book’s limits and margins per tenant', async () => {
    const { rows } = await app.db.query('select * from sports_settings where tenant_id = $1', [tenantId]);
    try {
      const out = await ops('sports:limits', {
        host: 'localhost',
        'max-payout': '25000000',
        'live-delay-ms': '4000',
        margin: '1x2=0.06,total=0.05',
      });
      expect(out).toMatch(/250000\.00/);
      expect(out).toMatch(/1x2=0\.06 total=0\.05/);
      await expect(ops('sports:limits', { host: 'localhost', 'max-stake': '50' })).rejects.toBeInstanceOf(UsageError);
      expect(await ops('sports:limits', { host: 'localhost' })).toMatch(/4000/);
    } finally {
      await app.db.query('delete from sports_settings where tenant_id = $1', [tenantId]);
      if (rows[0])
        await app.db.query(
          `insert into sports_settings select * from jsonb_populate_record(null::sports_settings, $1::jsonb)`,
          [JSON.stringify(rows[0])],
        );
    }
  });
});

describe('settled sports bets reach VIP, missions and the live bet feed', () => {
  it('counts a bet’s stake once (not again after a rollback and resettlement) and shows a big win on the feed', async () => {
    const e = await seedTestEvent(app.db, tenantId);
    const p = await player();
    const away = sel(e, '1x2', '2');
    expect(away.odds).toBeGreaterThanOrEqual(20_000);
    const id = await bet(p, [away], 6_000);
    await feedTestEvent(app.db, tenantId, e, { result: [0, 2], ht: [0, 1] });
    await settleEvent(app.db, { tenantId, eventId: e.id });
    await app.events.drain();
    const vip = async () =>
      (await p.c.get('/api/profile/vip')).json() as { totalBet: number; points: number; level: number };
    expect(await vip()).toMatchObject({ totalBet: 6_000 });
    const feed = await app.db.query<{ type: string; amount: number; game: string }>(
      'select type, amount::int, game from bet_feed_recent where tenant_id = $1 and transaction = $2 order by id',
      [tenantId, `sports:${id}`],
    );
    expect(feed.rows).toEqual([
      { type: 'bet', amount: 6_000, game: 'Esportes' },
      { type: 'win', amount: floorPay(6_000, away.odds / 10_000), game: 'Esportes' },
    ]);
    await rollbackEventSettlement(app.db, { tenantId, eventId: e.id, reason: 'test' });
    await feedTestEvent(app.db, tenantId, e, { result: [0, 3], ht: [0, 1] });
    await settleEvent(app.db, { tenantId, eventId: e.id });
    await app.events.drain();
    expect(await vip()).toMatchObject({ totalBet: 6_000 });
    const again = await app.db.query('select 1 from bet_feed_recent where transaction = $1', [`sports:${id}`]);
    expect(again.rows.length).toBe(2);
    // The player's wallet heard every movement: the stake, the payout, its reversal, the payout of the corrected result.
    const balances = await app.db.query<{ n: number }>(
      `select count(*)::int as n from event_log where name = 'wallet.balance_updated' and user_id = $1`,
      [p.id],
    );
    expect(balances.rows[0]!.n).toBe(4);
  });
});
