import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client } from '../../test/accounts';
import { testApp } from '../../test/helpers';
import { fundedPlayer } from '../casino/test-support';
import { RESPONSIBLE_GAMING_JOBS } from './jobs';

/**
 * Limits bind every bet, in the stake's own statement or transaction: the Originals instant games (one SQL
 * statement), Mines (a transaction in TypeScript), each kind over each period; and 50 bets at once never pass a
 * limit that admits 3. Provider games: providers.test.ts beside this file.
 */

let app: FastifyInstance;
let seq = 0;

beforeAll(async () => {
  app = await testApp({ tenantCacheTtlMs: 0, tenantNegativeCacheTtlMs: 0 });
}, 60_000);
afterAll(() => app.close());

type Player = Awaited<ReturnType<typeof fundedPlayer>> & { c: ReturnType<typeof client> };

async function player(cents: number): Promise<Player> {
  const p = await fundedPlayer(app, cents);
  return { ...p, c: client(app, { token: p.token }) };
}

const key = (p: Player) => ({ 'idempotency-key': `rg-${p.id}-${++seq}` });
const dice = (p: Player, amount: number, target = 50) =>
  p.c.post('/api/originals/dice/bet', { amount, target, condition: 'over' }, key(p));
const limit = (p: Player, kind: string, period: string, amount: number) =>
  p.c.post('/api/responsible-gaming/limits', { kind, period, amount });

describe('wager limits', () => {
  for (const period of ['day', 'week', 'month'] as const) {
    it(`a ${period} wager limit refuses the dice bet that would pass it, and Mines too`, async () => {
      const p = await player(100_000);
      expect((await limit(p, 'wager', period, 1_000)).statusCode).toBe(200);
      expect((await dice(p, 600)).statusCode).toBe(200);
      const over = await dice(p, 500);
      expect(over.statusCode).toBe(422);
      expect(over.json().code).toBe('limit_wager');
      expect(over.json().message).toMatch(/^Esta aposta passaria do seu limite de apostas de R\$ 10,00 a cada /);
      expect(over.json().message).toMatch(/Ele se renova em \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}\.$/);
      const mines = await p.c.post('/api/originals/mines/start', { amount: 500, mines: 3 }, key(p));
      expect(mines.statusCode).toBe(422);
      expect(mines.json().code).toBe('limit_wager');
      // Nothing of the refused bets was taken; what fits still plays.
      expect((await dice(p, 400)).statusCode).toBe(200);
      const used = (await p.c.get('/api/responsible-gaming/limits')).json().limits[0];
      expect(used).toMatchObject({ kind: 'wager', period, used: 1_000 });
    });
  }
});

describe('loss limits', () => {
  for (const period of ['day', 'week', 'month'] as const) {
    it(`a ${period} loss limit refuses a stake that could pass it, counting wins against losses`, async () => {
      const p = await player(100_000);
      await limit(p, 'loss', period, 1_000);
      // Target 99 (over): almost always a loss of the whole stake.
      let lost = 0;
      while (lost < 800) {
        const r = await dice(p, 200, 98);
        expect(r.statusCode, r.body).toBe(200);
        lost += r.json().win ? 200 - r.json().payout : 200;
      }
      const over = await dice(p, 1_000 - lost + 1, 98);
      expect(over.statusCode).toBe(422);
      expect(over.json().code).toBe('limit_loss');
      expect(over.json().message).toMatch(/^Esta aposta poderia passar do seu limite de perdas de R\$ 10,00 /);
      const mines = await p.c.post('/api/originals/mines/start', { amount: 1_000 - lost + 1, mines: 3 }, key(p));
      expect(mines.json().code).toBe('limit_loss');
    });
  }
});

describe('time limits', () => {
  // The session job logs out a player whose time ran out; held here so the stake meets the bet's own check, which
  // is what these tests are about (the job's logout has its own tests).
  const sessionJob = RESPONSIBLE_GAMING_JOBS.filter((j) => j.name === 'rg-sessions');
  beforeAll(() => app.jobs.remove(['rg-sessions']));
  afterAll(() => app.jobs.add(sessionJob));

  for (const period of ['day', 'week', 'month'] as const) {
    it(`a ${period} time limit that has run out refuses every stake`, async () => {
      const p = await player(10_000);
      await limit(p, 'time', period, 1);
      expect((await dice(p, 100)).statusCode).toBe(200);
      // The session began two minutes ago: the minute is used up.
      await app.db.query(
        "update rg_sessions set started_at = now() - interval '2 minutes' where user_id = $1 and ended_at is null",
        [p.id],
      );
      await limit(p, 'time', period, 1);
      await app.db.query("update rg_players set time_ends_at = now() - interval '1 second' where user_id = $1", [p.id]);
      const r = await dice(p, 100);
      expect(r.statusCode).toBe(422);
      expect(r.json()).toMatchObject({ code: 'limit_time' });
      expect(r.json().message).toMatch(/^Você atingiu seu limite de tempo de jogo de 1 minutos /);
      // The session job may log the player out meanwhile (the limit ran out): either way no stake is taken.
      const mines = await p.c.post('/api/originals/mines/start', { amount: 100, mines: 3 }, key(p));
      expect(['limit_time', 'unauthorized']).toContain(mines.json().code);
      const { rows } = await app.db.query("select 1 from originals_bets where user_id = $1 and game = 'mines'", [p.id]);
      expect(rows).toHaveLength(0);
    });
  }
});

describe('stops', () => {
  it('a pause refuses every stake; self-exclusion refunds the open Mines round', async () => {
    const p = await player(10_000);
    const round = await p.c.post('/api/originals/mines/start', { amount: 1_000, mines: 3 }, key(p));
    expect(round.statusCode, round.body).toBe(200);
    const balanceAfterStake = round.json().balance;
    const q = await player(10_000);
    await q.c.post('/api/responsible-gaming/pause', { period: '24h' });
    const paused = await dice(q, 100);
    expect(paused.statusCode).toBe(403);
    expect(paused.json().code).toBe('rg_paused');

    const ex = await p.c.post('/api/responsible-gaming/self-exclusion', { period: '30d' });
    expect(ex.json().settlement).toEqual({ refunded_bets: 1, refunded: 1_000, balance: balanceAfterStake + 1_000 });
    const login = await client(app).post('/api/auth/login', { login: p.email, password: p.password });
    const c = client(app, { token: login.json().token });
    expect((await c.get('/api/originals/mines/active')).json()).toMatchObject({ round: null });
    const bet = await c.post('/api/originals/dice/bet', { amount: 100, target: 50, condition: 'over' }, key(p));
    expect(bet.json().code).toBe('rg_self_excluded');
  });

  it('closing the account refunds open bets', async () => {
    const p = await player(10_000);
    await p.c.post('/api/originals/mines/start', { amount: 700, mines: 3 }, key(p));
    const r = await p.c.post('/api/responsible-gaming/close-account', { confirm: true });
    expect(r.json().settlement).toMatchObject({ refunded_bets: 1, refunded: 700, balance: 10_000 });
  });
});

describe('concurrency', () => {
  it('50 bets at once against a limit that admits 3: exactly 3 pass, on every driver', async () => {
    const p = await player(100_000);
    await limit(p, 'wager', 'day', 300);
    const results = await Promise.all(Array.from({ length: 50 }, () => dice(p, 100)));
    const codes = results.map((r) => (r.statusCode === 200 ? 'ok' : r.json().code));
    expect(codes.filter((c) => c === 'ok')).toHaveLength(3);
    expect(codes.filter((c) => c === 'limit_wager')).toHaveLength(47);
    const used = (await p.c.get('/api/responsible-gaming/limits')).json().limits[0];
    expect(used.used).toBe(300);
    const { rows } = await app.db.query<{ n: number }>(
      "select count(*)::int as n from originals_bets where user_id = $1 and game = 'dice'",
      [p.id],
    );
    expect(rows[0]!.n).toBe(3);
  });

  it('50 bets at once of two games against a loss limit never take the net loss past it', async () => {
    const p = await player(100_000);
    await limit(p, 'loss', 'day', 500);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        i % 2 ? dice(p, 100, 98) : p.c.post('/api/originals/limbo/bet', { amount: 100, target: 50 }, key(p)),
      ),
    );
    const ok = results.filter((r) => r.statusCode === 200).map((r) => r.json());
    // Net loss (stakes minus wins) never passes the limit, whatever order the bets ran in.
    const net = ok.reduce((n, b) => n + b.amount - b.payout, 0);
    expect(net).toBeLessThanOrEqual(500);
    expect(ok.length).toBeGreaterThanOrEqual(5);
    for (const r of results.filter((x) => x.statusCode !== 200)) expect(r.json().code).toBe('limit_loss');
  });
});
