import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { localRealtime } from '../../../platform/realtime/index';
import { client } from '../../../test/accounts';
import { testApp } from '../../../test/helpers';
import { cashOf, demoTenantId, fundedPlayer } from '../../casino/test-support';
import * as ledger from '../../ledger/index';
import { feedTestEvent, type SeededEvent, seedTestEvent } from '../catalog/test-support';
import { CASHOUT_MARGIN } from '../pricing/cashout';

/**
 * Cash-out through the real API: a quote on today's prices, its acceptance whole (the bet closes) or by percent (the
 * rest of the stake stays on), paid once through the ledger under replays and concurrent requests; refused for an
 * expired, used or moved quote and while a market is suspended; a player cannot quote or take another's bet.
 */

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
const key = () => `c-${Date.now()}-${++seq}`;
type Sel = { outcome_id: number; odds: number };
const sel = (e: SeededEvent, kind: Parameters<SeededEvent['outcome']>[0], code: string, spec = ''): Sel => {
  const o = e.outcome(kind, code, spec);
  return { outcome_id: o.id, odds: o.odds! };
};
async function placed(p: Player, selections: Sel[], stake: number): Promise<number> {
  const res = await p.c.post('/api/sports/bets', { selections, stake }, { 'idempotency-key': key() });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().bet.id;
}
const quote = (p: Player, id: number) => p.c.get(`/api/sports/bets/${id}/cashout`);
const take = (p: Player, id: number, quoteId: string, o: { percent?: number; key?: string } = {}) =>
  p.c.post(
    `/api/sports/bets/${id}/cashout`,
    { quote_id: quoteId, ...(o.percent ? { percent: o.percent } : {}) },
    { 'idempotency-key': o.key ?? key() },
  );
const setOdds = (outcomeId: number, odds: number) =>
  app.db.query('update sports_outcomes set odds = $2 where id = $1', [outcomeId, odds]);
const exposure = async (outcomeId: number) =>
  Number(
    (await app.db.query<{ l: number }>('select liability as l from sports_exposure where outcome_id = $1', [outcomeId]))
      .rows[0]?.l ?? 0,
  );

describe('cash-out', () => {
  it('a single at a shorter price: stake x placed / current x (1 - margin), paid once, the bet closed and its exposure released', async () => {
    const e = await seedTestEvent(app.db, tenantId);
    const p = await player(10_000);
    const s = sel(e, '1x2', '1');
    const id = await placed(p, [s], 2_000);
    expect(await exposure(s.outcome_id)).toBeGreaterThan(0);
    const now = s.odds - 2_000;
    await setOdds(s.outcome_id, now);
    const q = await quote(p, id);
    expect(q.statusCode, q.body).toBe(200);
    const expected = Math.floor(2_000 * (1 - CASHOUT_MARGIN) * (s.odds / now) + 1e-9);
    expect(q.json().amount).toBe(expected);
    expect(new Date(q.json().expires_at).getTime()).toBeGreaterThan(Date.now());

    const k = key();
    const res = await take(p, id, q.json().quote_id, { key: k });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      paid: expected,
      balance: 8_000 + expected,
      bet: { status: 'cashed_out', payout: expected, cashed_out: expected, cashout_available: false },
    });
    expect(await cashOf(app, p.id)).toBe(8_000 + expected);
    expect(await exposure(s.outcome_id)).toBe(0);

    const again = await take(p, id, q.json().quote_id, { key: k });
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(res.json());
    const otherKey = await take(p, id, q.json().quote_id);
    expect(otherKey.statusCode).toBe(409);
    expect(await cashOf(app, p.id)).toBe(8_000 + expected);

    const settled = await app.db.query<{ payload: { status: string; payout: number } }>(
      "select payload from event_log where name = 'sports.bet_settled' and (payload->>'bet_id')::int = $1",
      [id],
    );
    expect(settled.rows.map((r) => r.payload)).toEqual([
      expect.objectContaining({ status: 'cashed_out', payout: expected }),
    ]);
    const closed = await quote(p, id);
    expect(closed.statusCode).toBe(422);
    expect(closed.json().message).toBe('Só é possível encerrar uma aposta em aberto.');
  });

  it('partial: 40% pays 40% of the quote and leaves 60% of the stake on the bet; then the rest closes it', async () => {
    const e = await seedTestEvent(app.db, tenantId);
    const p = await player(10_000);
    const s = sel(e, '1x2', '2');
    const id = await placed(p, [s], 1_000);
    const q1 = (await quote(p, id)).json();
    const part = await take(p, id, q1.quote_id, { percent: 40 });
    expect(part.statusCode, part.body).toBe(200);
    const paid1 = Math.floor((q1.amount * 40) / 100);
    expect(part.json()).toMatchObject({ paid: paid1, bet: { status: 'open', stake: 600, original_stake: 1_000 } });
    expect(part.json().bet.potential_win).toBe(Math.floor((600 * s.odds) / 10_000));
    expect(await exposure(s.outcome_id)).toBe(Math.floor((600 * s.odds) / 10_000) - 600);
    // The old quote was for the whole stake: it no longer stands.
    const stale = await take(p, id, q1.quote_id, { percent: 50 });
    expect(stale.statusCode).toBe(409);
    const q2 = (await quote(p, id)).json();
    const rest = await take(p, id, q2.quote_id);
    expect(rest.json()).toMatchObject({ paid: q2.amount, bet: { status: 'cashed_out', payout: paid1 + q2.amount } });
    expect(await cashOf(app, p.id)).toBe(9_000 + paid1 + q2.amount);
    expect(await exposure(s.outcome_id)).toBe(0);
    expect((await ledger.checkLedger(app.db, tenantId)).ok).toBe(true);
  });

  it("an accumulator: the open legs' placed odds x their fair probabilities, less the margin", async () => {
    const es = await Promise.all([1, 2, 3].map(() => seedTestEvent(app.db, tenantId)));
    const p = await player(10_000);
    const legs = [sel(es[0]!, '1x2', '1'), sel(es[1]!, 'btts', 'no'), sel(es[2]!, 'total', 'under', 'total=3.5')];
    const id = await placed(p, legs, 1_000);
    const { rows } = await app.db.query<{ id: number; probability: number }>(
      'select id::int, probability from sports_outcomes where id = any($1::bigint[])',
      [legs.map((l) => l.outcome_id)],
    );
    const prob = new Map(rows.map((r) => [r.id, r.probability]));
    let value = 1_000 * (1 - CASHOUT_MARGIN);
    for (const l of legs) value *= (l.odds / 10_000) * prob.get(l.outcome_id)!;
    const q = await quote(p, id);
    expect(q.statusCode, q.body).toBe(200);
    expect(q.json().amount).toBe(Math.floor(value + 1e-9));
  });

  it('an accumulator with a settled leg: the won leg counts at its odds, the open legs at placed odds x fair probability', async () => {
    const es = await Promise.all([1, 2].map(() => seedTestEvent(app.db, tenantId)));
    const p = await player(10_000);
    const legs = [sel(es[0]!, '1x2', '1'), sel(es[1]!, 'btts', 'yes')];
    const id = await placed(p, legs, 1_000);
    // The first match is over and its leg settled won (as settlement writes it).
    await app.db.query("update sports_markets set status = 'settled' where id = $1", [
      es[0]!.outcome('1x2', '1').marketId,
    ]);
    await app.db.query("update sports_bet_legs set result = 'won' where bet_id = $1 and outcome_id = $2", [
      id,
      legs[0]!.outcome_id,
    ]);
    const { rows } = await app.db.query<{ probability: number }>(
      'select probability from sports_outcomes where id = $1',
      [legs[1]!.outcome_id],
    );
    const settledValue = Math.floor((1_000 * legs[0]!.odds) / 10_000);
    const expected = Math.floor(
      settledValue * (1 - CASHOUT_MARGIN) * (legs[1]!.odds / 10_000) * rows[0]!.probability + 1e-9,
    );
    const q = await quote(p, id);
    expect(q.statusCode, q.body).toBe(200);
    expect(q.json().amount).toBe(expected);
    const res = await take(p, id, q.json().quote_id);
    expect(res.json()).toMatchObject({ paid: expected, bet: { status: 'cashed_out' } });
    // The bet counted on both legs' outcomes until it closed: both are released.
    expect(await exposure(legs[0]!.outcome_id)).toBe(0);
    expect(await exposure(legs[1]!.outcome_id)).toBe(0);
  });

  it('refused: an expired quote, a price that moved against the quote, a suspended market, a quote of another bet', async () => {
    const e = await seedTestEvent(app.db, tenantId, { live: { minute: 30 } });
    const p = await player(10_000);
    const s = sel(e, '1x2', '1');
    await app.db.query(
      `insert into sports_settings (tenant_id, live_delay_ms) values ($1, 0)
        on conflict (tenant_id) do update set live_delay_ms = 0`,
      [tenantId],
    );
    let id: number;
    try {
      id = await placed(p, [s], 1_000);
    } finally {
      await app.db.query('update sports_settings set live_delay_ms = 5000 where tenant_id = $1', [tenantId]);
    }

    const q1 = (await quote(p, id)).json();
    await app.db.query("update sports_cashout_quotes set expires_at = now() - interval '1 second' where id = $1", [
      q1.quote_id,
    ]);
    const expired = await take(p, id, q1.quote_id);
    expect(expired.statusCode).toBe(422);
    expect(expired.json().message).toBe('A oferta de encerramento expirou. Peça uma nova.');

    const q2 = (await quote(p, id)).json();
    await setOdds(s.outcome_id, s.odds + 3_000);
    const moved = await p.c.post(
      `/api/sports/bets/${id}/cashout`,
      { quote_id: q2.quote_id },
      { 'idempotency-key': key(), 'accept-language': 'en' },
    );
    expect(moved.statusCode).toBe(422);
    expect(moved.json().message).toBe('The odds moved and the offer no longer stands. Ask for a new one.');
    await setOdds(s.outcome_id, s.odds);

    const q3 = (await quote(p, id)).json();
    await feedTestEvent(app.db, tenantId, e, { betStop: true });
    const suspended = await take(p, id, q3.quote_id);
    expect(suspended.statusCode).toBe(422);
    expect(suspended.json().message).toMatch(/Encerrar aposta não está disponível agora/);
    expect((await quote(p, id)).statusCode).toBe(422);
    expect((await p.c.get(`/api/sports/bets/${id}`)).json().bet.cashout_available).toBe(false);
    await feedTestEvent(app.db, tenantId, e, { betStart: true });

    const other = await placed(p, [sel(await seedTestEvent(app.db, tenantId), '1x2', 'X')], 100);
    const q4 = (await quote(p, other)).json();
    const wrongBet = await take(p, id, q4.quote_id);
    expect(wrongBet.statusCode).toBe(422);
    expect(wrongBet.json().errors.quote_id).toBeDefined();
    expect(await cashOf(app, p.id)).toBe(10_000 - 1_000 - 100);
    expect((await p.c.get(`/api/sports/bets/${id}`)).json().bet.status).toBe('open');
  });

  it('the player hears BetUpdated on their private channel when a cash-out closes the bet', async () => {
    const r = localRealtime();
    expect(r).not.toBeNull();
    const spy = vi.spyOn(r!, 'publish');
    try {
      const e = await seedTestEvent(app.db, tenantId);
      const p = await player(10_000);
      const id = await placed(p, [sel(e, '1x2', '1')], 1_000);
      const q = (await quote(p, id)).json();
      expect((await take(p, id, q.quote_id)).statusCode).toBe(200);
      await expect
        .poll(() => spy.mock.calls.map((c) => c[0]).filter((m) => m.event === 'BetUpdated'))
        .toEqual([
          expect.objectContaining({
            tenantId,
            channel: `private-user.${p.id}`,
            data: { id, status: 'cashed_out', payout: q.amount },
          }),
        ]);
    } finally {
      spy.mockRestore();
    }
  });

  it('another player can neither quote nor take a bet that is not theirs', async () => {
    const e = await seedTestEvent(app.db, tenantId);
    const a = await player(10_000);
    const b = await player(10_000);
    const id = await placed(a, [sel(e, '1x2', '1')], 1_000);
    expect((await quote(b, id)).statusCode).toBe(404);
    const q = (await quote(a, id)).json();
    const stolen = await take(b, id, q.quote_id);
    expect(stolen.statusCode).toBe(404);
    expect(await cashOf(app, b.id)).toBe(10_000);
  });

  it('10 acceptances of one quote at once under different keys pay once', async () => {
    const e = await seedTestEvent(app.db, tenantId);
    const p = await player(10_000);
    const id = await placed(p, [sel(e, '1x2', '1')], 3_000);
    const q = (await quote(p, id)).json();
    const results = await Promise.all(Array.from({ length: 10 }, () => take(p, id, q.quote_id)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(9);
    expect(await cashOf(app, p.id)).toBe(7_000 + q.amount);
    expect((await ledger.checkLedger(app.db, tenantId)).ok).toBe(true);
  });
});
