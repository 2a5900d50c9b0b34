import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, registerPlayer } from '../../test/accounts';
import { testApp } from '../../test/helpers';
import { fundedPlayer } from '../casino/test-support';
import * as ledger from '../ledger/index';
import { PROMOTIONS_COMMANDS } from '../promotions/index';
import { findTenantByHost } from '../tenants/index';
import { MISSIONS_COMMANDS } from './ops';
import { countRound } from './progress';
import * as repo from './repo';

/**
 * Missions through the real API, the consumer and the operator commands: the demo missions for guests and players,
 * progress from real concurrent dice bets counted once each, a replayed event counted nothing, opt-in, deposits and
 * logins, claims paid once under concurrent requests through the ledger, the regulated tenant, tenant isolation and
 * the operator's validation.
 */

let app: FastifyInstance;

beforeAll(async () => {
  app = await testApp({ tenantCacheTtlMs: 0, tenantNegativeCacheTtlMs: 0 });
  // Real HTTP: the sandbox PSP posts its webhooks to this server.
  await app.listen({ host: '127.0.0.1', port: 0 });
}, 60_000);
afterAll(() => app.close());

type Player = Awaited<ReturnType<typeof fundedPlayer>> & { c: ReturnType<typeof client> };
type M = { id: number; name: string; state: string; progress: number; target: number; isClaimed: boolean };

async function player(cents = 0): Promise<Player> {
  const p = await fundedPlayer(app, cents);
  return { ...p, c: client(app, { token: p.token }) };
}
const tenant = async (host = 'localhost') => (await findTenantByHost(app.db, host))!;
const ops = (name: string, flags: Record<string, string | true>, positional: string[] = []) =>
  MISSIONS_COMMANDS[name]!.run({ db: app.db }, { flags, positional });
const create = async (flags: Record<string, string | true>) =>
  Number(await ops('mission:create', { host: 'localhost', name: `Missão ${Math.random()}`, ...flags }));
const mine = async (p: Player, id: number): Promise<M> => {
  const res = await p.c.get(`/api/missions/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().mission;
};
const cash = async (p: Player) =>
  (await ledger.getBalance(app.db, { tenantId: (await tenant()).id, userId: p.id })).cash;
let seq = 0;
const dice = (p: Player, amount = 100) =>
  p.c.post(
    '/api/originals/dice/bet',
    { amount, target: 50.5, condition: 'over' },
    { 'idempotency-key': `m-${p.id}-${++seq}` },
  );

describe('listing', () => {
  it('a guest sees the demo missions open to everyone (pt and en), with no progress; a player sees the same with progress', async () => {
    const guest = await client(app).get('/api/missions', { 'guest-id': 'guest-abcdef123' });
    expect(guest.statusCode, guest.body).toBe(200);
    const body = guest.json();
    expect(body.guest).toBe(true);
    const dice = body.data.find((m: M) => m.name === 'Jogue 10 rodadas no Dice');
    expect(dice).toMatchObject({
      description: 'Jogue 10 rodadas no Dice hoje',
      goal: 'rounds',
      target: 10,
      progress: 0,
      window: 'daily',
      reward: { type: 'cash', amount: 200 },
      isClaimed: false,
    });
    expect(body.data.map((m: M) => m.name)).toEqual(
      expect.arrayContaining(['Aposte R$ 50 em slots esta semana', 'Multiplicador 5x']),
    );
    const en = (await client(app).get('/api/missions', { 'accept-language': 'en' })).json();
    expect(en.data.find((m: M) => m.id === dice.id)).toMatchObject({
      name: 'Play 10 rounds of Dice',
      description: 'Play 10 rounds on Dice today',
    });
    const p = await player();
    const list = (await p.c.get('/api/missions')).json();
    expect(list.guest).toBe(false);
    expect(list.data.find((m: M) => m.id === dice.id)).toMatchObject({ state: 'active', progress: 0 });
    expect(list.data.find((m: M) => m.name === 'Multiplicador 5x')).toMatchObject({ state: 'available', opt_in: true });
  });

  it('a mission of one tenant is not found from another, and a regulated tenant refuses deposit missions', async () => {
    const id = await create({ goal: 'rounds', target: '3', 'reward-cash': '100' });
    const other = await client(app, { host: 'regulado.localhost' }).get(`/api/missions/${id}`);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('Missão não encontrada.');
    const list = (await client(app, { host: 'regulado.localhost' }).get('/api/missions')).json();
    expect(list.data.some((m: M) => m.id === id)).toBe(false);
    const t = await tenant('regulado.localhost');
    const before = (await repo.listDefinitions(app.db, t.id, { activeOnly: false })).length;
    await expect(
      ops('mission:create', {
        host: 'regulado.localhost',
        name: 'Deposite',
        goal: 'deposit',
        target: '5000',
        'reward-cash': '500',
      }),
    ).rejects.toThrow(/regulated/);
    expect((await repo.listDefinitions(app.db, t.id, { activeOnly: false })).length).toBe(before);
    // Play-based missions stay allowed there.
    expect(
      Number(
        await ops('mission:create', {
          host: 'regulado.localhost',
          name: 'Rodadas',
          goal: 'rounds',
          target: '5',
          'reward-cash': '100',
        }),
      ),
    ).toBeGreaterThan(0);
  });
});

describe('progress', () => {
  it('30 dice bets placed at once count exactly 30 rounds and their stakes, and a replayed event counts nothing', async () => {
    const rounds = await create({ goal: 'rounds', target: '40', game: 'dice', 'reward-cash': '250' });
    const wager = await create({ goal: 'wager', target: '100000', category: 'originals', 'reward-cash': '250' });
    const slots = await create({ goal: 'wager', target: '1000', category: 'slots', 'reward-cash': '250' });
    const p = await player(10_000);
    const replies = await Promise.all(Array.from({ length: 30 }, () => dice(p)));
    for (const r of replies) expect(r.statusCode, r.body).toBe(200);
    await app.events.drain();
    expect(await mine(p, rounds)).toMatchObject({ state: 'active', progress: 30, target: 40 });
    expect(await mine(p, wager)).toMatchObject({ progress: 3_000 });
    // Dice is an Original, not a slot.
    expect(await mine(p, slots)).toMatchObject({ progress: 0 });

    // The same settled-round event handed to the consumer again (a redelivery) moves nothing.
    const t = await tenant();
    const { rows } = await app.db.query<{ id: number; payload: unknown; created_at: Date }>(
      `select id, payload, created_at from event_log where tenant_id = $1 and user_id = $2 and name = 'casino.round_settled'
        order by id desc limit 1`,
      [t.id, p.id],
    );
    const e = rows[0]!;
    await app.db.transaction((tx) =>
      countRound(
        { tx, afterCommit: () => {} },
        {
          id: Number(e.id),
          name: 'casino.round_settled',
          tenantId: t.id,
          userId: p.id,
          payload: e.payload as never,
          createdAt: e.created_at,
        },
      ),
    );
    expect(await mine(p, rounds)).toMatchObject({ progress: 30 });
  });

  it('an opt-in mission counts only after it is accepted, and announces itself to the player', async () => {
    const id = await create({ goal: 'rounds', target: '2', game: 'dice', 'opt-in': true, 'reward-cash': '150' });
    const p = await player(1_000);
    expect((await dice(p)).statusCode).toBe(200);
    await app.events.drain();
    expect(await mine(p, id)).toMatchObject({ state: 'available', progress: 0, accepted: false });
    const accepted = await p.c.post(`/api/missions/${id}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({
      message: 'Missão aceita! Boa sorte.',
      mission: { state: 'active', accepted: true },
    });
    // A second accept changes nothing.
    expect((await p.c.post(`/api/missions/${id}/accept`)).statusCode).toBe(200);
    expect((await dice(p)).statusCode).toBe(200);
    expect((await dice(p)).statusCode).toBe(200);
    await app.events.drain();
    expect(await mine(p, id)).toMatchObject({ state: 'completed', progress: 2 });
    // The accept is announced to the player's channel (MissionAssigned) through the realtime consumer.
    const pushed = await app.db.query<{ payload: { id: number; assigned: boolean; state: string } }>(
      `select payload from event_log where user_id = $1 and name = 'missions.mission_updated' order by id`,
      [p.id],
    );
    expect(pushed.rows.map((r) => r.payload).filter((x) => x.id === id)).toEqual([
      { id, state: 'active', progress: 0, target: 2, assigned: true },
    ]);
    // An automatic mission cannot be accepted.
    const auto = await create({ goal: 'rounds', target: '2', 'reward-cash': '150' });
    expect((await p.c.post(`/api/missions/${auto}/accept`)).statusCode).toBe(422);
  });

  it('a multiplier mission keeps the best win multiplier; a deposit mission counts a paid PIX; logins count distinct days', async () => {
    const mult = await create({ goal: 'multiplier', target: '1.5', 'reward-cash': '100' });
    const dep = await create({ goal: 'deposit', target: '3000', 'reward-cash': '100' });
    const login = await create({ goal: 'login_days', target: '2', 'reward-cash': '100' });
    const p = await player(5_000);
    // 2x wins are about half the rolls: play until one wins.
    for (let i = 0; i < 40; i++) {
      const r = (await dice(p)).json();
      if (r.win === true) break;
    }
    await app.db.query('update users set email_verified_at = now(), phone_verified_at = now() where id = $1', [p.id]);
    const charge = await p.c.post('/api/main-gateway/qrcode-pix', { amount: 2_000 });
    expect(charge.statusCode, charge.body).toBe(200);
    expect((await p.c.post(`/api/dev/pix/${charge.json().txid}/pay`, {})).statusCode).toBe(200);
    // A login today (the registration's session started the first day).
    const again = await client(app).post('/api/auth/login', { login: p.phone, password: p.password });
    expect(again.statusCode, again.body).toBe(200);
    await app.events.drain();
    const m = await mine(p, mult);
    expect(m.state).toBe('completed');
    expect(m.progress).toBeGreaterThanOrEqual(1.5);
    expect(await mine(p, dep)).toMatchObject({ progress: 2_000, state: 'active' });
    expect(await mine(p, login)).toMatchObject({ progress: 1, state: 'active' });
  });
});

describe('claims', () => {
  it('20 claims at once pay the reward once, through the ledger, and the rest are told it was already claimed', async () => {
    const id = await create({ goal: 'rounds', target: '3', game: 'dice', 'reward-cash': '700' });
    const p = await player(1_000);
    const early = await p.c.post(`/api/missions/${id}/claim`);
    expect(early.statusCode).toBe(422);
    expect(early.json().message).toBe('Complete a missão antes de resgatar a recompensa.');
    for (let i = 0; i < 3; i++) expect((await dice(p)).statusCode).toBe(200);
    await app.events.drain();
    const before = await cash(p);
    const replies = await Promise.all(Array.from({ length: 20 }, () => p.c.post(`/api/missions/${id}/claim`)));
    const ok = replies.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(1);
    expect(ok[0]!.json()).toMatchObject({
      message: 'Recompensa de R$ 7,00 creditada no seu saldo.',
      balance: before + 700,
      mission: { state: 'claimed', isClaimed: true },
    });
    for (const r of replies.filter((x) => x.statusCode !== 200)) {
      expect(r.statusCode).toBe(409);
      expect(r.json().message).toBe('Você já resgatou a recompensa desta missão.');
    }
    expect(await cash(p)).toBe(before + 700);
    const t = await tenant();
    const paid = await app.db.query<{ n: number }>(
      `select count(*)::int as n from ledger_transactions where tenant_id = $1 and user_id = $2 and idempotency_key like 'missions:claim:%'`,
      [t.id, p.id],
    );
    expect(paid.rows[0]!.n).toBe(1);
    expect((await ledger.checkLedger(app.db, t.id)).ok).toBe(true);
    const en = await p.c.post(`/api/missions/${id}/claim`, undefined, { 'accept-language': 'en' });
    expect(en.json().message).toBe('You have already claimed this reward.');
  });

  it("a player cannot claim another player's completed mission, nor one of another tenant", async () => {
    const id = await create({ goal: 'rounds', target: '1', game: 'dice', 'reward-cash': '900' });
    const a = await player(1_000);
    const b = await player(1_000);
    expect((await dice(a)).statusCode).toBe(200);
    await app.events.drain();
    expect(await mine(a, id)).toMatchObject({ state: 'completed' });
    const bBefore = await cash(b);
    const stolen = await b.c.post(`/api/missions/${id}/claim`);
    expect(stolen.statusCode).toBe(422);
    expect(await cash(b)).toBe(bBefore);
    expect(await mine(a, id)).toMatchObject({ state: 'completed', isClaimed: false });
    const r = await registerPlayer(app, { host: 'regulado.localhost' });
    const foreign = await client(app, { host: 'regulado.localhost', token: r.token }).post(`/api/missions/${id}/claim`);
    expect(foreign.statusCode).toBe(404);
    expect((await client(app).post(`/api/missions/${id}/claim`)).statusCode).toBe(401);
    expect((await a.c.post(`/api/missions/${id}/claim`)).statusCode).toBe(200);
  });
});

describe('offer rewards and audiences', () => {
  it('a bonus-offer reward is granted through promotions once claimed; a VIP audience sees its levels only', async () => {
    const offer = Number(
      await PROMOTIONS_COMMANDS['offer:create']!.run(
        { db: app.db },
        {
          flags: {
            host: 'localhost',
            name: 'Bônus da missão',
            'name-en': 'Mission bonus',
            kind: 'no_deposit',
            amount: '500',
            wagering: '5',
          },
          positional: [],
        },
      ),
    );
    const id = await create({ goal: 'rounds', target: '1', game: 'dice', 'reward-offer': String(offer) });
    const p = await player(1_000);
    expect((await dice(p)).statusCode).toBe(200);
    await app.events.drain();
    const res = await p.c.post(`/api/missions/${id}/claim`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Bônus da missão concedido!',
      balance: null,
      mission: { isClaimed: true },
    });
    const bonuses = (await p.c.get('/api/wallet/bonuses')).json();
    expect(bonuses.data.filter((b: { offer_id: number }) => b.offer_id === offer)).toHaveLength(1);
    expect((await p.c.post(`/api/missions/${id}/claim`)).statusCode).toBe(409);
    expect(
      (await p.c.get('/api/wallet/bonuses')).json().data.filter((b: { offer_id: number }) => b.offer_id === offer),
    ).toHaveLength(1);

    const vip0 = await create({
      goal: 'rounds',
      target: '5',
      audience: 'vip',
      'vip-min': '0',
      'vip-max': '0',
      'reward-cash': '100',
    });
    const vip3 = await create({
      goal: 'rounds',
      target: '5',
      audience: 'vip',
      'vip-min': '3',
      'vip-max': '9',
      'reward-cash': '100',
    });
    expect((await p.c.get(`/api/missions/${vip0}`)).statusCode).toBe(200);
    expect((await p.c.get(`/api/missions/${vip3}`)).statusCode).toBe(404);
    // A guest never sees a VIP mission.
    expect((await client(app).get(`/api/missions/${vip0}`)).statusCode).toBe(404);
  });
});

describe('operator', () => {
  it('mission:create refuses bad input with the reason and writes nothing; list and disable', async () => {
    const t = await tenant();
    const before = (await repo.listDefinitions(app.db, t.id, { activeOnly: false })).length;
    const bad: [Record<string, string | true>, RegExp][] = [
      [{ goal: 'jump', target: '1', 'reward-cash': '1' }, /--goal/],
      [{ goal: 'rounds', target: '-3', 'reward-cash': '1' }, /--target/],
      [{ goal: 'multiplier', target: '1', 'reward-cash': '1' }, /multiplier/],
      [{ goal: 'rounds', target: '3' }, /one reward/],
      [{ goal: 'rounds', target: '3', 'reward-cash': '1', 'reward-offer': '1' }, /one reward/],
      [{ goal: 'rounds', target: '3', 'reward-cash': '1', game: 'nope' }, /no game "nope"/],
      [{ goal: 'rounds', target: '3', 'reward-cash': '1', category: 'nope' }, /no game category/],
      [{ goal: 'login_days', target: '3', 'reward-cash': '1', game: 'dice' }, /--category and --game/],
      [{ goal: 'rounds', target: '3', 'reward-cash': '1', window: 'monthly' }, /--window/],
      [{ goal: 'rounds', target: '3', 'reward-cash': '1', from: '2026-12-01' }, /--from and --to/],
      [{ goal: 'rounds', target: '3', 'reward-cash': '1', from: '2026-12-02', to: '2026-12-01' }, /after/],
      [{ goal: 'rounds', target: '3', 'reward-cash': '1', audience: 'vip' }, /--vip-min/],
      [{ goal: 'rounds', target: '3', 'reward-cash': '1', audience: 'x' }, /--audience/],
      [{ goal: 'rounds', target: '3', 'reward-offer': '999999' }, /no active bonus offer/],
    ];
    for (const [flags, why] of bad)
      await expect(ops('mission:create', { host: 'localhost', name: 'X', ...flags })).rejects.toThrow(why);
    await expect(
      ops('mission:create', { host: 'nowhere.test', name: 'X', goal: 'rounds', target: '1', 'reward-cash': '1' }),
    ).rejects.toThrow(/no tenant/);
    expect((await repo.listDefinitions(app.db, t.id, { activeOnly: false })).length).toBe(before);

    const id = await create({
      goal: 'wager',
      target: '5000',
      category: 'slots',
      window: 'weekly',
      audience: 'vip',
      'vip-min': '2',
      'vip-max': '5',
      'reward-cash': '500',
    });
    const listed = await ops('mission:list', { host: 'localhost' });
    expect(listed).toContain('Wager R$50.00 on slots this week');
    expect(listed).toContain('vip 2-5');
    // Not VIP enough: a level-0 player does not see it.
    const p = await player();
    expect((await p.c.get(`/api/missions/${id}`)).statusCode).toBe(404);
    expect(await ops('mission:disable', {}, [String(id)])).toContain('disabled');
    expect((await repo.findDefinition(app.db, t.id, id))!.active).toBe(false);
    await expect(ops('mission:disable', {}, ['99999999'])).rejects.toThrow(/no mission/);
  });
});
