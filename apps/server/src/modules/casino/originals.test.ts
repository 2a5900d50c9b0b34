// Sorte Originals as a provider of the casino catalog: in the lobby, launched in-site, and every settled bet in the
// player's casino history, recent games and the settled-round events with the catalog's game id.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client } from '../../test/accounts';
import { testApp } from '../../test/helpers';
import { createTenant, defaultTenantSettings, setTenantSettings } from '../tenants/index';
import { ORIGINALS_GAMES, originalsRtpBp } from './originals';
import { fundedPlayer } from './test-support';

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
  // These tests read the domain events a call wrote: the queue's dispatcher (which takes them off) is held.
  app.realtime.domainEventsHeld = true;
});
afterAll(() => app.close());

type G = { id: number; gamecode: string; providercode: string; provider_name: string; rtp: number; image: string };
let seq = 0;
const key = () => `orig-casino-${Date.now()}-${++seq}`;

async function originalsOf(host = 'localhost'): Promise<G[]> {
  const res = await client(app, { host }).get('/api/casinos/games?provider=sorte-originals');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

describe('Sorte Originals in the casino catalog', () => {
  it('lists the provider, its category and its eight games with the exact RTP of packages/fairness', async () => {
    const providers = (await client(app).get('/api/games/providers')).json().data as { code: string; name: string }[];
    expect(providers).toContainEqual(
      expect.objectContaining({ code: 'sorte-originals', name: 'Sorte Originals', games_count: 8 }),
    );
    const cats = (await client(app).get('/api/categories')).json().data as { slug: string; name: string }[];
    expect(cats).toContainEqual(expect.objectContaining({ slug: 'originals', name: 'Originais', games_count: 8 }));
    const games = await originalsOf();
    expect(games.map((g) => g.gamecode).sort()).toEqual(ORIGINALS_GAMES.map((g) => g.code).sort());
    const rtp = originalsRtpBp();
    for (const g of games) {
      expect(g.rtp).toBe(rtp.get(g.gamecode)! / 100);
      // Regulated mode (Portaria 1.207): at least 85 %.
      expect(g.rtp).toBeGreaterThanOrEqual(85);
      expect(g.image).toBe(`/static/games/originals-${g.gamecode}.svg`);
      const art = await app.inject({ method: 'GET', url: g.image });
      expect(art.statusCode).toBe(200);
      expect(art.body).toContain('<svg');
    }
    // The slot's figure is its exact RTP from the full cycle (96.48 %), the dice's its lowest over every target.
    expect(rtp.get('slot')).toBe(9648);
    expect(rtp.get('dice')).toBeGreaterThanOrEqual(9800);
  });

  it("search 'dice' finds Dice of Sorte Originals (and 'onca' the slot, accent-insensitively)", async () => {
    const found = (await client(app).get('/api/casinos/games?searchTerm=dice')).json().data as G[];
    expect(found).toContainEqual(
      expect.objectContaining({ gamecode: 'dice', providercode: 'sorte-originals', provider_name: 'Sorte Originals' }),
    );
    const slot = (await client(app).get('/api/casinos/games?searchTerm=onca')).json().data as G[];
    expect(slot.map((g) => g.gamecode)).toContain('slot');
    const cat = (await client(app).get('/api/casinos/games?category=originals')).json();
    expect(cat.total).toBe(8);
  });

  it('launches in-site: POST games/url answers the originals page, demo for guests, no provider session', async () => {
    const dice = (await originalsOf()).find((g) => g.gamecode === 'dice')!;
    const guest = await client(app).post('/api/games/url', { game_id: dice.id, demo: true });
    expect(guest.statusCode, guest.body).toBe(200);
    expect(guest.json()).toMatchObject({ url: '/originals/dice?demo=1', demo: true, game_id: dice.id });
    const noLogin = await client(app).post('/api/games/url', { game_id: dice.id });
    expect(noLogin.statusCode).toBe(401);
    const p = await fundedPlayer(app, 0);
    const real = await client(app, { token: p.token }).post('/api/games/url', { game_id: dice.id });
    expect(real.statusCode, real.body).toBe(200);
    expect(real.json()).toMatchObject({ url: '/originals/dice', demo: false });
    const { rows } = await app.db.query('select 1 from game_sessions where user_id = $1', [p.id]);
    expect(rows).toHaveLength(0);
    // The launch counts as a recent game, as for any provider.
    const recent = (await client(app, { token: p.token }).get('/api/games/recent')).json().data as G[];
    expect(recent.map((g) => g.id)).toEqual([dice.id]);
  });

  it('refuses seamless-wallet callbacks for the Originals provider (they settle in-process)', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/providers/sorte-originals/bet',
      headers: { host: 'localhost', 'content-type': 'application/json' },
      payload: JSON.stringify({ session_token: 'x', player_id: '1', transaction_id: 't', round_id: 'r', amount: 1 }),
    });
    expect(res.statusCode).not.toBe(200);
    const { rows } = await app.db.query(
      "select reason from provider_security_events where provider_code = 'sorte-originals'",
    );
    expect(rows).toContainEqual({ reason: 'bad_signature' });
  });
});

describe('settled Originals bets in the casino history', () => {
  it('a dice bet appears in wallet/bets and games/recent with its game, and its events carry game_id', async () => {
    const p = await fundedPlayer(app, 50_000);
    const c = client(app, { token: p.token });
    const dice = (await originalsOf()).find((g) => g.gamecode === 'dice')!;
    const bet = await c.post(
      '/api/originals/dice/bet',
      { amount: 1000, target: 50, condition: 'over' },
      { 'idempotency-key': key() },
    );
    expect(bet.statusCode, bet.body).toBe(200);
    const b = bet.json() as { id: number; payout: number; multiplier: number };

    const hist = await c.get('/api/wallet/bets');
    expect(hist.statusCode, hist.body).toBe(200);
    expect(hist.json().total).toBe(1);
    expect(hist.json().data[0]).toMatchObject({
      round_id: `dice:${b.id}`,
      game: { id: dice.id, title: 'Dice', providercode: 'sorte-originals', gamecode: 'dice' },
      bet: 1000,
      win: b.payout,
      profit: b.payout - 1000,
      status: 'closed',
    });
    expect(hist.json().data[0].closed_at).not.toBeNull();

    const recent = (await c.get('/api/games/recent')).json().data as G[];
    expect(recent[0]).toMatchObject({ id: dice.id, gamecode: 'dice' });

    const { rows } = await app.db.query<{ type: string; game_id: string | null }>(
      "select name as type, payload->>'game_id' as game_id from event_log where user_id = $1 and name like 'casino.%' order by id",
      [p.id],
    );
    // The bet's one settled-round event names the catalog's game.
    expect(rows.map((r) => r.type)).toEqual(['casino.round_settled']);
    expect(Number(rows[0]!.game_id)).toBe(dice.id);

    // One bet, one round line.
    const { rows: before } = await app.db.query('select 1 from casino_rounds where user_id = $1', [p.id]);
    expect(before).toHaveLength(1);
  });

  it('a mines round (settled outside the one-statement path) is there too', async () => {
    const p = await fundedPlayer(app, 50_000);
    const c = client(app, { token: p.token });
    const start = await c.post('/api/originals/mines/start', { amount: 500, mines: 24 }, { 'idempotency-key': key() });
    expect(start.statusCode, start.body).toBe(200);
    // 24 mines: the first tile is a mine or the only safe one; both end the round.
    const reveal = await c.post('/api/originals/mines/reveal', { tile: 0 }, { 'idempotency-key': key() });
    expect(reveal.statusCode, reveal.body).toBe(200);
    expect(reveal.json().status).toBe('settled');
    const hist = (await c.get('/api/wallet/bets')).json();
    expect(hist.data[0]).toMatchObject({ game: { gamecode: 'mines' }, bet: 500, win: reveal.json().payout });
    const { rows } = await app.db.query<{ game_id: string }>(
      "select payload->>'game_id' as game_id from event_log where user_id = $1 and name = 'casino.round_settled'",
      [p.id],
    );
    expect(Number(rows[0]!.game_id)).toBe(hist.data[0].game.id);
    const { rows: tb } = await app.db.query<{ total_bet: number }>(
      'select total_bet from player_wagers where user_id = $1',
      [p.id],
    );
    expect(Number(tb[0]!.total_bet)).toBe(500);
  });
});

describe('tenants', () => {
  it('a tenant created later gets the Originals; a regulated one shows Crash and Double only once opted in', async () => {
    const host = `reg-${Date.now()}.example.com`;
    const settings = { ...defaultTenantSettings({ name: 'Regulada', host }), is_regulated: true };
    await createTenant(app.db, { name: 'Regulada', host, settings });
    const codes = async () => (await originalsOf(host)).map((g) => g.gamecode).sort();
    expect(await codes()).toEqual(['dice', 'keno', 'limbo', 'mines', 'plinko', 'slot']);
    await setTenantSettings(app.db, { host, assignments: ['originals_multiplayer.regulated_opt_in=true'] });
    // The catalog notices within a second (its revision check).
    await new Promise((r) => setTimeout(r, 1100));
    expect(await codes()).toEqual(['crash', 'dice', 'double', 'keno', 'limbo', 'mines', 'plinko', 'slot']);
  });
});
