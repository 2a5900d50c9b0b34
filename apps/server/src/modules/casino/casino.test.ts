import { gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, registerPlayer } from '../../test/accounts';
import { testApp } from '../../test/helpers';
import { createTenant } from '../tenants/index';
import * as repo from './repo';
import { cashOf, demoTenantId, fundedPlayer, gameByCode } from './test-support';

let app: FastifyInstance;
let base: string;
beforeAll(async () => {
  app = await testApp();
  // The stand-in provider is reached over real HTTP, so the server listens (on a free port).
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address() as { port: number };
  base = `http://127.0.0.1:${addr.port}`;
  // 40 more games from a second provider so paging has more than one page.
  const tenantId = await demoTenantId(app);
  await app.db.transaction(async (tx) => {
    const pid = await repo.insertProvider(tx, {
      tenant_id: tenantId,
      code: 'bulk',
      name: 'Bulk Studio',
      protocol: 'generic',
      api_url: 'https://bulk.invalid/api',
      operator_id: 'op',
      secret: 'x'.repeat(32),
      sort: 9,
    });
    for (let i = 0; i < 40; i++)
      await repo.upsertGame(tx, tenantId, {
        provider_id: pid,
        provider_game_id: `bulk-${i}`,
        game_code: `bulk-game-${i}`,
        title: `Bulk Game ${String(i).padStart(2, '0')}`,
        category_slug: 'slots',
        type: 'slots',
        has_tables: false,
        only_demo: i === 0,
        demo_allowed: i !== 1,
        bonus_allowed: i % 2 === 0,
        rtp_bp: 9500,
        volatility: 'medium',
        image: '/static/games/tigre-da-fortuna.svg',
        image_mobile: null,
      });
    await repo.bumpCatalogRevision(tx, tenantId);
  });
});
afterAll(() => app.close());

type Game = Record<string, unknown> & { id: number; title: string };

describe('catalog', () => {
  it('lists categories with slugs and providers with game counts', async () => {
    const cats = (await client(app).get('/api/categories')).json().data;
    // Sorte Originals (every tenant) come first.
    expect(cats.map((c: { slug: string }) => c.slug)).toEqual(['originals', 'slots', 'roulette', 'instant']);
    expect(cats[1].name).toBe('Slots');
    const en = (await client(app).get('/api/categories', { 'accept-language': 'en' })).json().data;
    expect(en[3].name).toBe('Instant games');
    const provs = (await client(app).get('/api/games/providers')).json().data;
    expect(provs.map((p: { code: string }) => p.code)).toEqual(['sorte-originals', 'aurora', 'mesa-viva', 'bulk']);
    expect(provs[0].games_count).toBe(8);
    expect(provs[1].games_count).toBe(8);
  });

  it('pages by 24 with data, current_page, last_page and total', async () => {
    const p1 = (await client(app).get('/api/casinos/games')).json();
    expect(p1.data).toHaveLength(24);
    expect(p1).toMatchObject({ current_page: 1, last_page: 3, total: 58 });
    const p3 = (await client(app).get('/api/casinos/games?page=3')).json();
    expect(p3.data).toHaveLength(10);
    const ids = new Set([...p1.data, ...p3.data].map((g: Game) => g.id));
    expect(ids.size).toBe(34);
  });

  it('sends a lobby page asked for again gzipped to a browser: the same JSON as the plain page', async () => {
    const url = '/api/casinos/games?category=slots&page=1&sort=az';
    const browser = { 'accept-encoding': 'gzip, deflate, br' };
    const plain = await client(app).get(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(plain.json().data.length).toBeGreaterThan(0);
    // The first time a page is asked for it is computed and sent as it is; from then on it is kept, and a client
    // that takes gzip gets it compressed (the second time: from the page cache; then: from the URL cache).
    const first = await client(app).get(url.replace('sort=az', 'sort=za'), browser);
    expect(first.headers['content-encoding']).toBeUndefined();
    for (let i = 0; i < 3; i++) {
      const zipped = await client(app).get(url, browser);
      expect(zipped.statusCode).toBe(200);
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(zipped.headers.vary).toBe('accept-encoding');
      expect(JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8'))).toEqual(plain.json());
      expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length);
      expect((await client(app).get(url)).rawPayload.equals(plain.rawPayload)).toBe(true);
    }
    // A client that refuses gzip (q=0) gets the plain page.
    const refused = await client(app).get(url, { 'accept-encoding': 'gzip;q=0, identity' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.rawPayload.equals(plain.rawPayload)).toBe(true);
  });

  it('sends a tiny page (a search that matches nothing) as it is, even to a browser, and asked for again', async () => {
    const browser = { 'accept-encoding': 'gzip, deflate, br' };
    for (let i = 0; i < 3; i++) {
      const r = await client(app).get('/api/casinos/games?searchTerm=zzqx', browser);
      expect(r.statusCode).toBe(200);
      expect(r.headers['content-encoding']).toBeUndefined();
      expect(r.json()).toMatchObject({ data: [], total: 0, current_page: 1, last_page: 1 });
    }
  });

  it('returns every Game field plus RTP and volatility', async () => {
    const g = (await client(app).get('/api/casinos/games?searchTerm=tigre')).json().data[0];
    expect(Object.keys(g).sort()).toEqual(
      [
        'id',
        'game_id',
        'title',
        'gamecode',
        'providercode',
        'provider_name',
        'category_slug',
        'type',
        'has_tables',
        'only_demo',
        'demo_allowed',
        'bonus_allowed',
        'views',
        'image',
        'image_mobile',
        'hasFavorite',
        'rtp',
        'volatility',
      ].sort(),
    );
    expect(g).toMatchObject({ title: 'Tigre da Fortuna', providercode: 'aurora', provider_name: 'Aurora Slots' });
    expect(g.rtp).toBeGreaterThanOrEqual(85);
  });

  it('searches accent- and case-insensitively', async () => {
    const titles = async (q: string) =>
      (await client(app).get(`/api/casinos/games?searchTerm=${encodeURIComponent(q)}`))
        .json()
        .data.map((g: Game) => g.title);
    expect(await titles('tigre')).toEqual(['Tigre da Fortuna']);
    expect(await titles('TIGRE')).toEqual(['Tigre da Fortuna']);
    expect(await titles('farao')).toEqual(['Tesouro do Faraó']);
    expect(await titles('Faraó')).toEqual(['Tesouro do Faraó']);
    expect(await titles('mesa viva')).toEqual(expect.arrayContaining(['Roleta Europeia', 'Dados Sete']));
    expect(await titles('nada disso existe')).toEqual([]);
  });

  it('filters by category, provider, type and bonuses, and sorts', async () => {
    const get = async (qs: string) => (await client(app).get(`/api/casinos/games?${qs}`)).json();
    expect((await get('category=roulette')).data.map((g: Game) => g.title)).toEqual(['Roleta Europeia']);
    expect((await get('provider=mesa-viva')).total).toBe(2);
    expect((await get('type=instant&sort=az')).data.map((g: Game) => g.title)).toEqual([
      'Dados Sete',
      'Dice',
      'Keno',
      'Limbo',
      'Mines',
      'Plinko',
    ]);
    expect((await get('provider=bulk&bonuses=1')).total).toBe(20);
    expect((await get('category=slots&searchTerm=bulk&sort=za')).data[0].title).toBe('Bulk Game 39');
    expect((await get('category=all')).total).toBe(58);
  });

  it('rejects bad query values with a localized 422', async () => {
    const res = await client(app).get('/api/casinos/games?page=abc');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.page[0]).toBe('Página inválida.');
    const en = await client(app).get('/api/casinos/games?sort=weird', { 'accept-language': 'en' });
    expect(en.statusCode).toBe(422);
    expect(en.json().errors.sort[0]).toBe('Invalid value.');
  });

  it('hides games of a disabled provider and disabled games at once', async () => {
    const tenantId = await demoTenantId(app);
    const prov = await repo.findProviderByCode(app.db, tenantId, 'bulk');
    await repo.setProviderFields(app.db, tenantId, prov!.id, { enabled: false });
    await repo.bumpCatalogRevision(app.db, tenantId);
    await new Promise((r) => setTimeout(r, 1100));
    expect((await client(app).get('/api/casinos/games')).json().total).toBe(18);
    await repo.setProviderFields(app.db, tenantId, prov!.id, { enabled: true });
    await repo.bumpCatalogRevision(app.db, tenantId);
    await new Promise((r) => setTimeout(r, 1100));
    expect((await client(app).get('/api/casinos/games')).json().total).toBe(58);
  });

  it('games/get counts a view and finds a game by its page codes; getRelated excludes it', async () => {
    const c = client(app);
    const first = (await c.post('/api/games/get', { provider: 'aurora', game: 'tigre-da-fortuna' })).json().data;
    const again = (await c.post('/api/games/get', { game_id: first.id })).json().data;
    expect(again.views).toBe(first.views + 1);
    const related = (await c.post('/api/games/getRelated', { game_id: first.id })).json().data;
    expect(related.length).toBeGreaterThan(0);
    expect(related.every((g: Game) => g.id !== first.id && g.category_slug === 'slots')).toBe(true);
    expect((await c.post('/api/games/get', { game_id: 999999 })).statusCode).toBe(404);
    const other = await createTenant(app.db, { host: 'outra.example', name: 'Outra' });
    expect(other.id).toBeGreaterThan(0);
    const foreign = await client(app, { host: 'outra.example' }).post('/api/games/get', { game_id: first.id });
    expect(foreign.statusCode).toBe(404);
  });

  it('featured/home-games gives rails and featured/games the operator picks', async () => {
    const home = (await client(app).get('/api/featured/home-games')).json().data;
    expect(home[0].slug).toBe('featured');
    expect(home.map((r: { slug: string }) => r.slug)).toEqual([
      'featured',
      'popular',
      'new',
      'originals',
      'slots',
      'roulette',
      'instant',
    ]);
    const views = home[1].games.map((g: Game) => g.views as number);
    expect(views).toEqual([...views].sort((x, y) => y - x));
    expect(home[1].games.length).toBeLessThanOrEqual(12);
    const featured = (await client(app).get('/api/featured/games')).json().data;
    expect(featured.map((g: Game) => g.title)).toContain('Roleta Europeia');
  });
});

describe('favourites and likes', () => {
  it('adds and removes favourites; lists them paged; marks hasFavorite for the player only', async () => {
    const p = await registerPlayer(app);
    const c = client(app, { token: p.token });
    const tigre = await gameByCode(app, 'tigre-da-fortuna');
    const roleta = await gameByCode(app, 'roleta-europeia');
    expect((await c.post(`/api/games/favorite/${tigre.id}`, { action: 'add' })).json()).toMatchObject({
      hasFavorite: true,
    });
    await c.post(`/api/games/favorite/${roleta.id}`, { action: 'add' });
    await c.post(`/api/games/favorite/${roleta.id}`, { action: 'add' });
    let favs = (await c.get('/api/profile/favorites?page=1')).json();
    expect(favs.total).toBe(2);
    expect(favs).toMatchObject({ current_page: 1, last_page: 1 });
    await c.post(`/api/games/favorite/${roleta.id}`, { action: 'remove' });
    favs = (await c.get('/api/profile/favorites')).json();
    expect(favs.data.map((g: Game) => g.id)).toEqual([tigre.id]);
    const mine = (await c.get('/api/casinos/games?searchTerm=tigre')).json().data[0];
    expect(mine.hasFavorite).toBe(true);
    const guest = (await client(app).get('/api/casinos/games?searchTerm=tigre')).json().data[0];
    expect(guest.hasFavorite).toBe(false);
    expect((await c.post(`/api/games/favorite/${tigre.id}`, { action: 'toggle' })).statusCode).toBe(422);
    expect((await client(app).post(`/api/games/favorite/${tigre.id}`, { action: 'add' })).statusCode).toBe(401);
  });

  it('the lobby follows favourite changes at once and stops serving a token the moment it is revoked', async () => {
    const p = await registerPlayer(app);
    const c = client(app, { token: p.token });
    const tigre = await gameByCode(app, 'tigre-da-fortuna');
    const lobbyFav = async () =>
      ((await c.get('/api/casinos/games?searchTerm=tigre')).json().data as Game[]).find((g) => g.id === tigre.id)
        ?.hasFavorite;
    // Cached session and favourites on this process...
    expect(await lobbyFav()).toBe(false);
    expect(await lobbyFav()).toBe(false);
    // ...yet a change shows on the very next page.
    await c.post(`/api/games/favorite/${tigre.id}`, { action: 'add' });
    expect(await lobbyFav()).toBe(true);
    await c.post(`/api/games/favorite/${tigre.id}`, { action: 'remove' });
    expect(await lobbyFav()).toBe(false);
    await c.post(`/api/games/favorite/${tigre.id}`, { action: 'add' });
    expect(await lobbyFav()).toBe(true);
    // A revoked token (logout) is refused at once, though its session was cached a moment ago.
    expect((await c.get('/api/games/likes')).statusCode).toBe(200);
    expect((await c.get('/api/auth/logout')).statusCode).toBe(200);
    expect((await c.get('/api/games/likes')).statusCode).toBe(401);
    // The lobby treats the token as a guest's now.
    expect(await lobbyFav()).toBe(false);
  });

  it('keeps the latest like by opId: a stale send never overwrites a newer one', async () => {
    const p = await registerPlayer(app);
    const c = client(app, { token: p.token });
    const g = await gameByCode(app, 'frutas-de-ouro');
    expect((await c.post(`/api/games/like/${g.id}`, { liked: true, opId: 5 })).json()).toMatchObject({
      liked: true,
      applied: true,
    });
    const stale = (await c.post(`/api/games/like/${g.id}`, { liked: false, opId: 3 })).json();
    expect(stale).toMatchObject({ liked: true, opId: 5, applied: false });
    expect((await c.get('/api/games/likes')).json().user_likes).toEqual([g.id]);
    await c.post(`/api/games/like/${g.id}`, { liked: false, opId: 6 });
    expect((await c.get('/api/games/likes')).json().user_likes).toEqual([]);
    expect((await c.post(`/api/games/like/${g.id}`, { liked: 'yes', opId: 7 })).statusCode).toBe(422);
    expect((await c.post(`/api/games/like/${g.id}`, { liked: true, opId: -1 })).statusCode).toBe(422);
  });

  it("fills the player's user_likes in /auth/me and /profile, and only with their own likes", async () => {
    const p = await registerPlayer(app);
    const other = await registerPlayer(app);
    const c = client(app, { token: p.token });
    const a = await gameByCode(app, 'frutas-de-ouro');
    const b = await gameByCode(app, 'tigre-da-fortuna');
    expect((await c.get('/api/auth/me')).json().user.user_likes).toEqual([]);
    await c.post(`/api/games/like/${b.id}`, { liked: true, opId: 1 });
    await c.post(`/api/games/like/${a.id}`, { liked: true, opId: 2 });
    await client(app, { token: other.token }).post(`/api/games/like/${a.id}`, { liked: false, opId: 9 });
    const me = (await c.get('/api/auth/me')).json().user;
    expect(me.user_likes).toEqual([a.id, b.id].sort((x, y) => x - y));
    await c.post(`/api/games/like/${b.id}`, { liked: false, opId: 3 });
    expect((await c.get('/api/auth/me')).json().user.user_likes).toEqual([a.id]);
    expect((await c.get('/api/profile')).json().user.user_likes).toEqual([a.id]);
    expect((await client(app, { token: other.token }).get('/api/auth/me')).json().user.user_likes).toEqual([]);
  });
});

describe('launch and play through the provider stand-in', () => {
  it('guests get demo only; only_demo games have no real mode; a real launch records a recent', async () => {
    const g = await gameByCode(app, 'tigre-da-fortuna');
    const guestReal = await client(app).post('/api/games/url', { game_id: g.id });
    expect(guestReal.statusCode).toBe(401);
    expect(guestReal.json().message).toBe('Entre na sua conta para jogar com dinheiro real.');
    const demo = await client(app).post('/api/games/url', { game_id: g.id, demo: true });
    expect(demo.statusCode, demo.body).toBe(200);
    expect(demo.json()).toMatchObject({ demo: true });
    const page = await fetch(`${base}${demo.json().url}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Tigre da Fortuna');

    const p = await registerPlayer(app);
    const c = client(app, { token: p.token });
    const onlyDemo = await gameByCode(app, 'bulk-game-0');
    const forced = await c.post('/api/games/url', { game_id: onlyDemo.id });
    // The bulk provider does not exist: a launch failure is maintenance to the player.
    expect(forced.statusCode).toBe(503);
    const noDemo = await gameByCode(app, 'bulk-game-1');
    expect((await c.post('/api/games/url', { game_id: noDemo.id, demo: true })).statusCode).toBe(422);

    const real = await c.post('/api/games/url', { game_id: g.id });
    expect(real.statusCode, real.body).toBe(200);
    expect(real.json().demo).toBe(false);
    const recent = (await c.get('/api/games/recent')).json();
    expect(recent.data.map((x: Game) => x.id)).toEqual([g.id]);
    expect((await client(app).get('/api/games/recent')).statusCode).toBe(401);
  });

  it('a real spin moves money through the signed wallet API and shows in bet history', async () => {
    const p = await fundedPlayer(app, 10_000);
    const c = client(app, { token: p.token });
    const g = await gameByCode(app, 'roleta-europeia');
    const { url } = (await c.post('/api/games/url', { game_id: g.id })).json();
    const token = url.split('/').pop();
    const state = await (await fetch(`${base}/provider-sandbox/api/state/${token}`)).json();
    expect(state).toEqual({ balance: 10_000, demo: false, free_rounds: null });
    const res = await fetch(`${base}/provider-sandbox/api/play/${token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ bets: [{ type: 'red', amount: 1000 }] }),
    });
    const spin = (await res.json()) as { balance: number; win: number };
    expect(res.status, JSON.stringify(spin)).toBe(200);
    expect(spin.balance).toBe(10_000 - 1000 + spin.win);
    expect(await cashOf(app, p.id)).toBe(spin.balance);
    const bets = (await c.get('/api/wallet/bets')).json();
    expect(bets.data[0]).toMatchObject({ bet: 1000, win: spin.win, status: 'closed' });
    expect(bets.data[0].game.title).toBe('Roleta Europeia');
    const me = (await c.get('/api/auth/me')).json();
    expect(me.user?.totalBet ?? me.totalBet).toBe(1000);
    const tooMuch = await fetch(`${base}/provider-sandbox/api/play/${token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ bets: [{ type: 'black', amount: 100_000 }] }),
    });
    expect(tooMuch.status).toBe(402);
    expect(await cashOf(app, p.id)).toBe(spin.balance);
  });
});
