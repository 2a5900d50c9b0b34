import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, registerPlayer } from '../../../test/accounts';
import { testApp } from '../../../test/helpers';
import { cashOf, demoTenantId, fundedPlayer } from '../../casino/test-support';
import * as ledger from '../../ledger/index';
import { feedTestEvent, type SeededEvent, seedTestEvent } from '../catalog/test-support';
import { settlePending } from './place';

/**
 * Bet placement and my bets through the real API: singles and accumulators, the replay of an Idempotency-Key, every
 * refusal in the player's language, concurrent placements against a changing price and against a market's liability
 * limit (never past it, every accepted stake debited once, the ledger balanced), the live delay's acceptance and its
 * rejection with the stake given back, and what one player (or tenant) can see of another's bets.
 */

let app: FastifyInstance;
let tenantId: number;

beforeAll(async () => {
  app = await testApp({ tenantCacheTtlMs: 0, tenantNegativeCacheTtlMs: 0 });
  tenantId = await demoTenantId(app);
}, 60_000);
afterAll(() => app.close());

type Player = Awaited<ReturnType<typeof fundedPlayer>> & { c: ReturnType<typeof client> };
async function player(cents = 100_000, host?: string): Promise<Player> {
  const p = await fundedPlayer(app, cents);
  return { ...p, c: client(app, { token: p.token, host }) };
}
let seq = 0;
const key = () => `k-${Date.now()}-${++seq}`;
type Sel = { outcome_id: number; odds: number };
const bet = (
  p: Player,
  selections: Sel[],
  stake: number,
  o: { accept?: 'none' | 'higher' | 'any'; key?: string; lang?: string } = {},
) =>
  p.c.post(
    '/api/sports/bets',
    { selections, stake, ...(o.accept ? { accept_odds: o.accept } : {}) },
    { 'idempotency-key': o.key ?? key(), ...(o.lang ? { 'accept-language': o.lang } : {}) },
  );
const sel = (e: SeededEvent, kind: Parameters<SeededEvent['outcome']>[0], code: string, spec = ''): Sel => {
  const o = e.outcome(kind, code, spec);
  return { outcome_id: o.id, odds: o.odds! };
};
const setting = (column: string, value: number) =>
  app.db.query(
    `insert into sports_settings (tenant_id, ${column}) values ($1, $2)
      on conflict (tenant_id) do update set ${column} = excluded.${column}`,
    [tenantId, value],
  );
const setOdds = (outcomeId: number, odds: number) =>
  app.db.query('update sports_outcomes set odds = $2 where id = $1', [outcomeId, odds]);
const exposure = async (outcomeId: number) =>
  Number(
    (await app.db.query<{ l: number }>('select liability as l from sports_exposure where outcome_id = $1', [outcomeId]))
      .rows[0]?.l ?? 0,
  );

describe('placing a bet', () => {
  it('a single pre-match: the stake leaves the balance once, the bet is open with its names in Portuguese, a replay answers the first answer', async () => {
    const e = await seedTestEvent(app.db, tenantId, { home: 'Palmeiras', away: 'Santos' });
    const p = await player(10_000);
    const s = sel(e, '1x2', '1');
    const k = key();
    const res = await bet(p, [s], 1_000, { key: k });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.bet).toMatchObject({
      kind: 'single',
      status: 'open',
      stake: 1_000,
      original_stake: 1_000,
      odds: s.odds,
      potential_win: Math.floor((1_000 * s.odds) / 10_000),
      payout: 0,
      cashout_available: false,
      message: null,
    });
    expect(body.bet.legs).toEqual([
      expect.objectContaining({
        outcome_id: s.outcome_id,
        event_id: e.id,
        event_name: 'Palmeiras x Santos',
        market: 'Resultado final',
        outcome: 'Palmeiras',
        odds: s.odds,
        live: false,
        result: null,
        score: null,
      }),
    ]);
    expect(body.balance).toBe(9_000);
    expect(await cashOf(app, p.id)).toBe(9_000);

    const again = await bet(p, [s], 1_000, { key: k });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(body);
    expect(await cashOf(app, p.id)).toBe(9_000);

    const other = await bet(p, [s], 2_000, { key: k });
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toMatch(/Idempotency-Key/);

    const mine = await p.c.get('/api/sports/bets?status=open');
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ current_page: 1, last_page: 1, total: 1 });
    expect(mine.json().data[0].id).toBe(body.bet.id);
    // The list answers whether the bet may be cashed out now (a pre-match single with a price: yes).
    expect(mine.json().data[0].cashout_available).toBe(true);
    expect((await p.c.get('/api/sports/bets?status=settled')).json().data).toEqual([]);
    const one = await p.c.get(`/api/sports/bets/${body.bet.id}`, { 'accept-language': 'en' });
    expect(one.json().bet.legs[0].market).toBe('Match result');
  });

  it('an accumulator of three matches takes the product of the odds, rounded down, and counts on each leg', async () => {
    const es = await Promise.all([1, 2, 3].map(() => seedTestEvent(app.db, tenantId)));
    const p = await player(10_000);
    const legs = [sel(es[0]!, '1x2', '1'), sel(es[1]!, 'total', 'over', 'total=2.5'), sel(es[2]!, 'btts', 'yes')];
    const before = await Promise.all(legs.map((l) => exposure(l.outcome_id)));
    const res = await bet(p, legs, 500);
    expect(res.statusCode, res.body).toBe(201);
    const b = res.json().bet;
    const product = legs.reduce((a, l) => a * BigInt(l.odds), 1n) / 10_000n ** 2n;
    expect(b).toMatchObject({ kind: 'multiple', odds: Number(product), status: 'open' });
    expect(b.legs).toHaveLength(3);
    const win = Number((500n * legs.reduce((a, l) => a * BigInt(l.odds), 1n)) / 10_000n ** 3n);
    expect(b.potential_win).toBe(win);
    const after = await Promise.all(legs.map((l) => exposure(l.outcome_id)));
    for (const [i, a] of after.entries()) expect(a - before[i]!).toBe(win - 500);
  });

  it('a better price with "higher" or any price with "any" is taken at the current price; with "none" a change is refused', async () => {
    const e = await seedTestEvent(app.db, tenantId);
    const p = await player();
    const s = sel(e, '1x2', '2');
    await setOdds(s.outcome_id, s.odds + 500);
    const none = await bet(p, [s], 200, { lang: 'en' });
    expect(none.statusCode).toBe(422);
    expect(none.json().message).toMatch(/The odds changed to/);
    expect(none.json().errors['selections.0.odds']).toBeDefined();
    const higher = await bet(p, [s], 200, { accept: 'higher' });
    expect(higher.statusCode, higher.body).toBe(201);
    expect(higher.json().bet.odds).toBe(s.odds + 500);
    await setOdds(s.outcome_id, s.odds - 500);
    const lower = await bet(p, [s], 200, { accept: 'higher' });
    expect(lower.statusCode).toBe(422);
    expect(lower.json().message).toMatch(/A cotação mudou/);
    const any = await bet(p, [s], 200, { accept: 'any' });
    expect(any.statusCode).toBe(201);
    expect(any.json().bet.odds).toBe(s.odds - 500);
  });
});

describe('refusals', () => {
  let e: SeededEvent;
  let p: Player;
  beforeAll(async () => {
    e = await seedTestEvent(app.db, tenantId);
    p = await player(1_000_000);
  });

  it('a guest gets 401; a bet without an Idempotency-Key gets 400', async () => {
    const guest = await client(app).post(
      '/api/sports/bets',
      { selections: [sel(e, '1x2', '1')], stake: 100 },
      { 'idempotency-key': key() },
    );
    expect(guest.statusCode).toBe(401);
    const nokey = await p.c.post('/api/sports/bets', { selections: [sel(e, '1x2', '1')], stake: 100 });
    expect(nokey.statusCode).toBe(400);
  });

  it('stakes under the minimum or over the maximum, and a win over the maximum payout, say the limit', async () => {
    const s = sel(e, '1x2', '1');
    const low = await bet(p, [s], 99);
    expect(low.statusCode).toBe(422);
    expect(low.json().message).toBe('A aposta mínima é R$ 1,00.');
    expect(low.json().errors.stake).toBeDefined();
    const high = await bet(p, [s], 500_001, { lang: 'en' });
    expect(high.json().message).toBe('The maximum stake is R$5,000.00.');
    await setting('max_payout', 50_000);
    try {
      const big = await bet(p, [sel(e, 'correct_score', '3:3')], 100_000);
      expect(big.statusCode).toBe(422);
      expect(big.json().message).toMatch(/O ganho máximo por aposta é R\$ 500,00: aposte até R\$/);
    } finally {
      await setting('max_payout', 10_000_000);
    }
  });

  it('20 legs at long prices: even the minimum stake would win past the maximum payout, refused as too long a price', async () => {
    const events = await Promise.all(Array.from({ length: 20 }, () => seedTestEvent(app.db, tenantId)));
    const legs = events.map((x) => sel(x, 'correct_score', '3:3'));
    const res = await bet(p, legs, 100);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().message).toBe(
      'Cotação alta demais: com a aposta mínima o ganho passaria do máximo de R$ 100.000,00. Tire seleções do bilhete.',
    );
    expect(res.json().errors.selections).toBeDefined();
  });

  it('an unknown outcome, two legs of one match, more than 20 legs', async () => {
    const unknown = await bet(p, [{ outcome_id: 999_999_999, odds: 20_000 }], 100);
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors['selections.0.outcome_id']).toEqual([
      'Esta seleção não existe ou não está mais disponível.',
    ]);
    const same = await bet(p, [sel(e, '1x2', '1'), sel(e, 'btts', 'yes')], 100);
    expect(same.statusCode).toBe(422);
    expect(same.json().message).toBe('Uma múltipla não pode ter duas seleções do mesmo jogo.');
    const many = await bet(
      p,
      Array.from({ length: 21 }, (_, i) => ({ outcome_id: i + 1, odds: 20_000 })),
      100,
    );
    expect(many.statusCode).toBe(422);
  });

  it('a suspended market, a bet stop, a finished match, a started match at its pre-match price, a quiet live feed', async () => {
    const s = sel(e, '1x2', 'X');
    await app.db.query("update sports_markets set status = 'suspended' where id = $1", [
      e.outcome('1x2', 'X').marketId,
    ]);
    const suspended = await bet(p, [s], 100);
    expect(suspended.statusCode).toBe(422);
    expect(suspended.json().message).toMatch(/Mercado suspenso/);
    await app.db.query("update sports_markets set status = 'active' where id = $1", [e.outcome('1x2', 'X').marketId]);

    const stopped = await seedTestEvent(app.db, tenantId, { live: { minute: 30 } });
    await feedTestEvent(app.db, tenantId, stopped, { betStop: true });
    const stop = await bet(p, [sel(stopped, '1x2', '1')], 100, { lang: 'en' });
    expect(stop.statusCode).toBe(422);
    expect(stop.json().message).toMatch(/dangerous moment/);

    const ended = await seedTestEvent(app.db, tenantId, { live: { minute: 80 } });
    const endedSel = sel(ended, '1x2', '1');
    await feedTestEvent(app.db, tenantId, ended, { result: [1, 0] });
    const after = await bet(p, [endedSel], 100);
    expect(after.statusCode).toBe(422);

    const late = await seedTestEvent(app.db, tenantId, { startsAt: new Date(Date.now() - 60_000) });
    const started = await bet(p, [sel(late, '1x2', '1')], 100);
    expect(started.statusCode).toBe(422);
    expect(started.json().message).toMatch(/já começou/);

    const quiet = await seedTestEvent(app.db, tenantId, { live: { minute: 10 } });
    await app.db.query("update sports_events set heartbeat_at = now() - interval '1 minute' where id = $1", [quiet.id]);
    const feedDown = await bet(p, [sel(quiet, '1x2', '1')], 100);
    expect(feedDown.statusCode).toBe(422);
    expect(feedDown.json().message).toMatch(/ao vivo deste jogo estão paradas/);
  });

  it('more than the balance is 402 and moves nothing; a refusal leaves no bet behind', async () => {
    const poor = await player(500);
    const res = await bet(poor, [sel(e, '1x2', '1')], 1_000);
    expect(res.statusCode).toBe(402);
    expect(await cashOf(app, poor.id)).toBe(500);
    expect((await poor.c.get('/api/sports/bets')).json().total).toBe(0);
  });
});

describe('responsible gaming and my bets', () => {
  it('a wager limit binds sports stakes: the stake that would pass it is refused with the limit, nothing moves', async () => {
    const e = await seedTestEvent(app.db, tenantId);
    const p = await player(10_000);
    const set = await p.c.post('/api/responsible-gaming/limits', { kind: 'wager', period: 'day', amount: 1_500 });
    expect(set.statusCode, set.body).toBeLessThan(300);
    expect((await bet(p, [sel(e, '1x2', '1')], 1_000)).statusCode).toBe(201);
    const over = await bet(p, [sel(e, '1x2', '2')], 1_000);
    expect(over.statusCode).toBe(422);
    expect(over.json().code).toBe('limit_wager');
    expect(await cashOf(app, p.id)).toBe(9_000);
    expect((await p.c.get('/api/sports/bets')).json().total).toBe(1);
  });

  it('my bets come 20 a page, newest first', async () => {
    const events = await Promise.all(Array.from({ length: 3 }, () => seedTestEvent(app.db, tenantId)));
    const p = await player(100_000);
    const ids: number[] = [];
    for (let i = 0; i < 21; i++) {
      const r = await bet(p, [sel(events[i % 3]!, '1x2', ['1', 'X', '2'][i % 3]!)], 100);
      ids.push(r.json().bet.id);
    }
    const first = (await p.c.get('/api/sports/bets?status=open')).json();
    expect(first).toMatchObject({ current_page: 1, last_page: 2, per_page: 20, total: 21 });
    expect(first.data.map((b: { id: number }) => b.id)).toEqual([...ids].reverse().slice(0, 20));
    const second = (await p.c.get('/api/sports/bets?status=open&page=2')).json();
    expect(second.data.map((b: { id: number }) => b.id)).toEqual([ids[0]]);
  });
});

describe('concurrency', () => {
  it('20 placements at once against a price that keeps changing: each accepted at the price it saw, each stake debited once', async () => {
    const e = await seedTestEvent(app.db, tenantId);
    const s = sel(e, '1x2', '1');
    const players = await Promise.all(Array.from({ length: 20 }, () => player(10_000)));
    let moving = true;
    const mover = (async () => {
      for (let i = 0; moving; i++) {
        await setOdds(s.outcome_id, i % 2 === 0 ? s.odds + 100 : s.odds);
        await new Promise((r) => setTimeout(r, 2));
      }
    })();
    const results = await Promise.all(players.map((p) => bet(p, [s], 1_000)));
    moving = false;
    await mover;
    const codes = results.map((r) => r.statusCode);
    expect(
      codes.every((c) => c === 201 || c === 422),
      codes.join(),
    ).toBe(true);
    for (const [i, r] of results.entries()) {
      const cash = await cashOf(app, players[i]!.id);
      if (r.statusCode === 201) {
        expect(r.json().bet.odds).toBe(s.odds);
        expect(cash).toBe(9_000);
      } else {
        expect(r.json().message).toMatch(/A cotação mudou/);
        expect(cash).toBe(10_000);
      }
    }
    expect((await ledger.checkLedger(app.db, tenantId)).ok).toBe(true);
  });

  it('20 placements at once against a market liability limit: never past it, every accepted stake debited once', async () => {
    const e = await seedTestEvent(app.db, tenantId);
    const s = sel(e, '1x2', '2');
    const perBet = Math.floor((1_000 * s.odds) / 10_000) - 1_000;
    const limit = perBet * 7 + perBet / 2;
    await setting('market_liability', limit);
    try {
      const players = await Promise.all(Array.from({ length: 20 }, () => player(5_000)));
      const results = await Promise.all(players.map((p) => bet(p, [s], 1_000)));
      const accepted = results.filter((r) => r.statusCode === 201);
      expect(accepted).toHaveLength(7);
      for (const r of results.filter((x) => x.statusCode !== 201)) {
        expect(r.statusCode).toBe(422);
        expect(r.json().message).toMatch(/Limite de apostas deste mercado/);
      }
      expect(await exposure(s.outcome_id)).toBe(perBet * 7);
      const cash = await Promise.all(players.map((p) => cashOf(app, p.id)));
      expect(cash.filter((c) => c === 4_000)).toHaveLength(7);
      expect(cash.filter((c) => c === 5_000)).toHaveLength(13);
      expect((await ledger.checkLedger(app.db, tenantId)).ok).toBe(true);
    } finally {
      await setting('market_liability', 5_000_000);
    }
  });

  it('the same Idempotency-Key sent 10 times at once places one bet and answers it to all', async () => {
    const e = await seedTestEvent(app.db, tenantId);
    const p = await player(10_000);
    const k = key();
    const s = sel(e, '1x2', '1');
    const results = await Promise.all(Array.from({ length: 10 }, () => bet(p, [s], 700, { key: k })));
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(201));
    expect(new Set(results.map((r) => r.json().bet.id)).size).toBe(1);
    expect(await cashOf(app, p.id)).toBe(9_300);
  });
});

describe('live delay', () => {
  const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
  /**
   * Runs the live-delay job's work until the bet is decided (or 10 s went by): the app's scheduler also runs the job
   * every second, so either may be the one that decides it. Answers the bet's status.
   */
  async function decided(betId: number): Promise<string> {
    for (let i = 0; i < 100; i++) {
      await settlePending(app.db);
      const { rows } = await app.db.query<{ status: string }>('select status from sports_bets where id = $1', [betId]);
      if (rows[0]!.status !== 'pending') return rows[0]!.status;
      await wait(100);
    }
    return 'pending';
  }

  it('an in-play bet waits as pending, then is accepted at its price and published', async () => {
    await setting('live_delay_ms', 2_000);
    try {
      const e = await seedTestEvent(app.db, tenantId, { live: { minute: 20 } });
      const p = await player(10_000);
      const s = sel(e, '1x2', '1');
      const res = await bet(p, [s], 1_000);
      expect(res.statusCode, res.body).toBe(201);
      const b = res.json().bet;
      expect(b.status).toBe('pending');
      expect(b.legs[0].live).toBe(true);
      expect(b.legs[0].score).toEqual([0, 0]);
      expect(await cashOf(app, p.id)).toBe(9_000);
      // Before its delay is over the job leaves it alone.
      await settlePending(app.db);
      expect((await p.c.get(`/api/sports/bets/${b.id}`)).json().bet.status).toBe('pending');
      expect(await decided(b.id)).toBe('open');
      const after = (await p.c.get(`/api/sports/bets/${b.id}`)).json().bet;
      expect(after.status).toBe('open');
      const placed = await app.db.query(
        "select 1 from event_log where name = 'sports.bet_placed' and (payload->>'bet_id')::int = $1",
        [b.id],
      );
      expect(placed.rows).toHaveLength(1);
    } finally {
      await setting('live_delay_ms', 5_000);
    }
  });

  it("a price change during the delay rejects the bet: the stake comes back through the ledger, with the reason in the player's language", async () => {
    await setting('live_delay_ms', 2_000);
    try {
      const e = await seedTestEvent(app.db, tenantId, { live: { minute: 60, score: [1, 0] } });
      const p = await player(10_000);
      const s = sel(e, '1x2', '2');
      const res = await bet(p, [s], 2_000);
      expect(res.json().bet.status).toBe('pending');
      const before = await exposure(s.outcome_id);
      await setOdds(s.outcome_id, s.odds + 1_000);
      expect(await decided(res.json().bet.id)).toBe('rejected');
      const after = (await p.c.get(`/api/sports/bets/${res.json().bet.id}`)).json().bet;
      expect(after.status).toBe('rejected');
      expect(after.message).toMatch(/a cotação mudou durante a confirmação/);
      const en = (await p.c.get(`/api/sports/bets/${res.json().bet.id}`, { 'accept-language': 'en' })).json().bet;
      expect(en.message).toMatch(/the odds changed while it was being confirmed/);
      expect(await cashOf(app, p.id)).toBe(10_000);
      expect(before - (await exposure(s.outcome_id))).toBe(Math.floor((2_000 * s.odds) / 10_000) - 2_000);
      const pushed = await app.db.query(
        "select payload from event_log where name = 'wallet.balance_updated' and user_id = $1 order by id",
        [p.id],
      );
      expect(pushed.rows.at(-1)).toEqual({ payload: { balance: 10_000, bonus: 0 } });
      // Rejected once: running the job again changes nothing.
      await settlePending(app.db);
      expect(await cashOf(app, p.id)).toBe(10_000);
      expect((await ledger.checkLedger(app.db, tenantId)).ok).toBe(true);
    } finally {
      await setting('live_delay_ms', 5_000);
    }
  });

  it('with "any", a price that moved during the delay is taken: the odds, the win and the exposure follow it', async () => {
    await setting('live_delay_ms', 2_000);
    try {
      const e = await seedTestEvent(app.db, tenantId, { live: { minute: 50 } });
      const p = await player(10_000);
      const s = sel(e, '1x2', 'X');
      const res = await bet(p, [s], 1_000, { accept: 'any' });
      expect(res.json().bet.status).toBe('pending');
      const before = await exposure(s.outcome_id);
      const moved = s.odds - 1_000;
      await setOdds(s.outcome_id, moved);
      expect(await decided(res.json().bet.id)).toBe('open');
      const after = (await p.c.get(`/api/sports/bets/${res.json().bet.id}`)).json().bet;
      expect(after).toMatchObject({ status: 'open', odds: moved, potential_win: Math.floor((1_000 * moved) / 10_000) });
      expect(after.legs[0].odds).toBe(moved);
      expect(before - (await exposure(s.outcome_id))).toBe(
        Math.floor((1_000 * s.odds) / 10_000) - Math.floor((1_000 * moved) / 10_000),
      );
      expect(await cashOf(app, p.id)).toBe(9_000);
    } finally {
      await setting('live_delay_ms', 5_000);
    }
  });

  it('a bet stop during the delay rejects the bet with the stake given back', async () => {
    await setting('live_delay_ms', 2_000);
    try {
      const e = await seedTestEvent(app.db, tenantId, { live: { minute: 70 } });
      const p = await player(10_000);
      const res = await bet(p, [sel(e, '1x2', 'X')], 1_500, { accept: 'any' });
      await feedTestEvent(app.db, tenantId, e, { betStop: true });
      expect(await decided(res.json().bet.id)).toBe('rejected');
      const after = (await p.c.get(`/api/sports/bets/${res.json().bet.id}`)).json().bet;
      expect(after.status).toBe('rejected');
      expect(after.message).toMatch(/lance perigoso/);
      expect(await cashOf(app, p.id)).toBe(10_000);
    } finally {
      await setting('live_delay_ms', 5_000);
    }
  });
});

describe('whose bets', () => {
  it("a player cannot see another player's bet; a player of another tenant cannot bet on or see this tenant's book", async () => {
    const e = await seedTestEvent(app.db, tenantId);
    const a = await player(10_000);
    const b = await player(10_000);
    const placed = await bet(a, [sel(e, '1x2', '1')], 100);
    const id = placed.json().bet.id;
    expect((await b.c.get(`/api/sports/bets/${id}`)).statusCode).toBe(404);
    expect((await b.c.get('/api/sports/bets')).json().data).toEqual([]);
    expect((await client(app).get(`/api/sports/bets/${id}`)).statusCode).toBe(401);

    const foreign = client(app, { host: 'regulado.localhost' });
    const reg = await registerPlayer(app, { host: 'regulado.localhost' });
    const fc = client(app, { host: 'regulado.localhost', token: reg.token });
    const cross = await fc.post(
      '/api/sports/bets',
      { selections: [sel(e, '1x2', '1')], stake: 100 },
      { 'idempotency-key': key() },
    );
    expect(cross.statusCode).toBe(422);
    expect(cross.json().errors['selections.0.outcome_id']).toBeDefined();
    expect((await fc.get(`/api/sports/bets/${id}`)).statusCode).toBe(404);
    // A token of one tenant opens nothing on another's host.
    expect((await foreign.get('/api/sports/bets', { authorization: `Bearer ${a.token}` })).statusCode).toBe(401);
  });
});
