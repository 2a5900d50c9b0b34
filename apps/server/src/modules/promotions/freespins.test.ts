import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client } from '../../test/accounts';
import { testApp } from '../../test/helpers';
import { findProviderByCode } from '../casino/index';
import { demoTenantId, fundedPlayer, gameByCode } from '../casino/test-support';
import * as ledger from '../ledger/index';
import { SIGNATURE_HEADER, sign } from '../providers/index';
import { findTenantByHost } from '../tenants/index';
import { PROMOTIONS_COMMANDS } from './ops';
import * as repo from './repo';
import { expireDue, grantOffer } from './service';

/**
 * Free spins end to end over real HTTP: a coupon creates the campaign at the sandbox provider, the sandbox's game
 * page plays the spins at no stake and reports each win to our wallet, the wins land in the bonus balance and,
 * after the last spin, wager like any bonus. Also: a replayed spin pays once, 20 concurrent spins never pass the
 * count, another player's or game's spin is refused, expiry cancels the campaign at the provider, a regulated tenant
 * refuses, and the ledger stays balanced.
 */

let app: FastifyInstance;
let base = '';
const PG = process.env.TEST_DATABASE_URL;

beforeAll(async () => {
  app = await testApp({ tenantCacheTtlMs: 0, tenantNegativeCacheTtlMs: 0, logLevel: 'error' });
  await app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
}, 60_000);
afterAll(() => app.close());

const GAME = 'tigre-da-fortuna';
const ops = (name: string, flags: Record<string, string | true>) =>
  PROMOTIONS_COMMANDS[name]!.run({ db: app.db }, { flags, positional: [] });
let seq = 0;
const code = (prefix: string) => `${prefix}${Date.now().toString(36).toUpperCase()}${++seq}`;
const tenant = async () => (await findTenantByHost(app.db, 'localhost'))!;

async function freeSpinsOffer(spins = 10) {
  return Number(
    await ops('offer:create', {
      host: 'localhost',
      name: `${spins} giros grátis`,
      'name-en': `${spins} free spins`,
      kind: 'free_spins',
      spins: String(spins),
      game: GAME,
      bet: '50',
      wagering: '20',
      days: '7',
    }),
  );
}

async function player(cents = 0) {
  const p = await fundedPlayer(app, cents);
  await app.db.query('update users set email_verified_at = now(), phone_verified_at = now() where id = $1', [p.id]);
  return { ...p, c: client(app, { token: p.token }) };
}
type Player = Awaited<ReturnType<typeof player>>;

const balances = async (p: Player) => ledger.getBalance(app.db, { tenantId: (await tenant()).id, userId: p.id });
const bonusOf = async (id: number) => (await repo.findBonus(app.db, (await tenant()).id, id))!;

/** Opens the free-spins game for real money, as the site does: the sandbox page's token. */
async function openGame(p: Player) {
  const game = await gameByCode(app, GAME);
  const res = await p.c.post('/api/games/url', { game_id: game.id, demo: false });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().url as string).split('/').pop()!;
}

const sandbox = async (path: string, body?: unknown) => {
  const res = await fetch(`${base}/provider-sandbox${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
};

/** A signed wallet call of the aurora provider, as its server makes it. */
async function wallet(op: string, body: Record<string, unknown>) {
  const provider = (await findProviderByCode(app.db, await demoTenantId(app), 'aurora'))!;
  const raw = JSON.stringify(body);
  const res = await fetch(`${base}/api/providers/aurora/${op}`, {
    method: 'POST',
    headers: { host: 'localhost', 'content-type': 'application/json', [SIGNATURE_HEADER]: sign(raw, provider.secret) },
    body: raw,
  });
  return (await res.json()) as Record<string, unknown>;
}

/** A free-round win as the provider reports it, for the player's open game session `token` (the sandbox's). */
async function freeWin(token: string, p: Player, o: { campaign: string; tx: string; amount: number; game?: string }) {
  const { rows } = await app.db.query<{ session_token: string; game_id: string }>(
    'select session_token, game_id from provider_sandbox_sessions where token = $1',
    [token],
  );
  return wallet('win', {
    session_token: rows[0]!.session_token,
    player_id: String(p.id),
    transaction_id: o.tx,
    round_id: `r-${o.tx}`,
    game_id: o.game ?? rows[0]!.game_id,
    amount: o.amount,
    round_closed: true,
    free_round_id: o.campaign,
  });
}

describe(`free spins (${PG ? 'postgres' : 'pglite'})`, () => {
  it('a coupon creates the campaign at the provider; the game plays the spins at no stake and the wins become a wagering bonus', async () => {
    const offer = await freeSpinsOffer(10);
    const c = code('GIROS');
    await ops('coupon:create', { host: 'localhost', code: c, offer: String(offer) });
    const p = await player(5_000);
    const redeemed = await p.c.post('/api/bonuses/redeem', { coupon: c });
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    const bonus = redeemed.json().bonus;
    expect(redeemed.json().message).toBe('10 giros grátis liberados em Tigre da Fortuna!');
    expect(bonus).toMatchObject({
      kind: 'free_spins',
      state: 'active',
      amount: 0,
      free_spins: {
        total: 10,
        used: 0,
        bet: 50,
        ready: true,
        game: { code: GAME, title: 'Tigre da Fortuna', provider: 'aurora', path: `/casino/aurora/${GAME}` },
      },
    });
    // The provider holds the campaign: this player, this slot, 10 rounds of R$ 0,50.
    const { rows: at } = await app.db.query(
      'select player_id, game_id, rounds, played, bet, cancelled from provider_sandbox_free_rounds where campaign_id = $1',
      [`fs-${bonus.id}`],
    );
    expect(at).toEqual([
      { player_id: String(p.id), game_id: expect.any(String), rounds: 10, played: 0, bet: 50, cancelled: false },
    ]);

    const token = await openGame(p);
    const state = await sandbox(`/api/state/${token}`);
    expect(state.json).toMatchObject({ balance: 5_000, free_rounds: { rounds: 10, played: 0, bet: 50 } });
    let won = 0;
    for (let i = 1; i <= 10; i++) {
      // The page sends its selected stake; a free round is played at the campaign's, at no cost.
      const spin = await sandbox(`/api/play/${token}`, { bet: 1000 });
      expect(spin.status, JSON.stringify(spin.json)).toBe(200);
      expect(spin.json).toMatchObject({ stake: 0, free_round: { played: i, rounds: 10, bet: 50 } });
      won += spin.json.win as number;
      if (i === 7) expect((await bonusOf(bonus.id)).free_spins_used).toBe(7);
    }
    // Cash untouched; every win in the bonus balance.
    const after = await balances(p);
    expect(after.cash).toBe(5_000);
    const b = await bonusOf(bonus.id);
    expect(b.free_spins_used).toBe(10);
    expect(b.amount).toBe(won);
    if (won > 0) {
      expect(after.bonus).toBe(won);
      expect(b).toMatchObject({ state: 'active', wagering_required: won * 20, free_spins_campaign: 'closed' });
    } else {
      expect(after.bonus).toBe(0);
      expect(b).toMatchObject({ state: 'completed', end_reason: 'no_winnings', converted: 0 });
    }
    // The spins are used up: the next spin is a paid one.
    const paid = await sandbox(`/api/play/${token}`, { bet: 1000 });
    expect(paid.status).toBe(200);
    expect(paid.json.stake).toBe(1000);
    expect(paid.json.free_round).toBeUndefined();
    expect((await sandbox(`/api/state/${token}`)).json.free_rounds).toBeNull();

    // Each spin is in the bet history: Tigre da Fortuna, stake R$ 0,00, its win.
    const bets = (await p.c.get('/api/wallet/bets')).json().data as { bet: number; win: number; status: string }[];
    expect(bets.filter((r) => r.bet === 0).length).toBe(10);
    expect(bets.filter((r) => r.bet === 0).reduce((sum, r) => sum + r.win, 0)).toBe(won);
    const list = (await p.c.get('/api/wallet/bonuses')).json();
    expect(list.data[0]).toMatchObject({ id: bonus.id, free_spins: { total: 10, used: 10 } });
    expect((await ledger.checkLedger(app.db, (await tenant()).id)).ok).toBe(true);
  });

  it('a replayed free-round win pays once; another game or player, or a made-up campaign, is refused', async () => {
    const offer = await freeSpinsOffer(5);
    const p = await player();
    const g = await grantOffer(app.db, {
      tenant: await tenant(),
      userId: p.id,
      offerId: offer,
      key: `test:${code('K')}`,
    });
    expect(g).toMatchObject({ state: 'active', replayed: false });
    const campaign = `fs-${g.bonusId}`;
    const token = await openGame(p);
    const first = await freeWin(token, p, { campaign, tx: 'replay-1', amount: 300 });
    expect(first).toMatchObject({ status: 'OK', balance: 300 });
    const again = await freeWin(token, p, { campaign, tx: 'replay-1', amount: 300 });
    expect(again).toEqual(first);
    expect((await balances(p)).bonus).toBe(300);
    expect(await bonusOf(g.bonusId)).toMatchObject({ amount: 300, free_spins_used: 1, wagering_required: 6_000 });

    expect(await freeWin(token, p, { campaign, tx: 'other-game', amount: 100, game: 'frutas-de-ouro' })).toMatchObject({
      status: 'ERROR',
      error_code: 'FREE_ROUNDS_NOT_FOUND',
    });
    const q = await player();
    const qToken = await openGame(q);
    expect(await freeWin(qToken, q, { campaign, tx: 'other-player', amount: 100 })).toMatchObject({
      status: 'ERROR',
      error_code: 'FREE_ROUNDS_NOT_FOUND',
    });
    expect(await freeWin(token, p, { campaign: 'fs-999999999', tx: 'made-up', amount: 100 })).toMatchObject({
      error_code: 'FREE_ROUNDS_NOT_FOUND',
    });
    expect((await balances(q)).bonus).toBe(0);
    expect((await balances(p)).bonus).toBe(300);
    // The same reward key answers the first grant.
    expect(
      await grantOffer(app.db, {
        tenant: await tenant(),
        userId: p.id,
        offerId: offer,
        key: `test:replay:${g.bonusId}`,
      }),
    ).toMatchObject({ state: 'available', replayed: false });
  });

  it('bonus:grant gives free spins and creates their campaign at the provider; bonus:cancel cancels it', async () => {
    const offer = await freeSpinsOffer(4);
    const p = await player();
    const out = await ops('bonus:grant', { host: 'localhost', user: String(p.id), offer: String(offer) });
    expect(out).toMatch(new RegExp(`4 free spins for player ${p.id}, active \\(campaign live\\)`));
    const id = Number(/^bonus (\d+)/.exec(String(out))![1]);
    const rounds = async () =>
      (
        await app.db.query<{ rounds: number; cancelled: boolean }>(
          'select rounds, cancelled from provider_sandbox_free_rounds where campaign_id = $1',
          [`fs-${id}`],
        )
      ).rows;
    expect(await rounds()).toEqual([{ rounds: 4, cancelled: false }]);
    await PROMOTIONS_COMMANDS['bonus:cancel']!.run(
      { db: app.db },
      { flags: { host: 'localhost' }, positional: [String(id)] },
    );
    expect(await bonusOf(id)).toMatchObject({ state: 'cancelled', free_spins_campaign: 'closed' });
    expect(await rounds()).toEqual([{ rounds: 4, cancelled: true }]);
  });

  it('free spins granted behind an active bonus wait, and get their campaign when that bonus ends', async () => {
    const t = await tenant();
    const credit = Number(
      await ops('offer:create', {
        host: 'localhost',
        name: 'Crédito',
        kind: 'no_deposit',
        amount: '700',
        wagering: '5',
      }),
    );
    const p = await player();
    const first = await grantOffer(app.db, { tenant: t, userId: p.id, offerId: credit, key: `test:${code('Q')}` });
    const spins = await grantOffer(app.db, {
      tenant: t,
      userId: p.id,
      offerId: await freeSpinsOffer(5),
      key: `test:${code('Q')}`,
    });
    expect(spins.state).toBe('available');
    expect(await bonusOf(spins.bonusId)).toMatchObject({ free_spins_campaign: null });
    const queued = (await p.c.get('/api/wallet/bonuses')).json();
    expect(queued.data.find((b: { id: number }) => b.id === spins.bonusId)).toMatchObject({
      state: 'available',
      free_spins: { total: 5, used: 0, ready: false },
    });
    await PROMOTIONS_COMMANDS['bonus:cancel']!.run(
      { db: app.db },
      { flags: { host: 'localhost' }, positional: [String(first.bonusId)] },
    );
    expect(await bonusOf(spins.bonusId)).toMatchObject({ state: 'active', free_spins_campaign: 'live' });
    const token = await openGame(p);
    expect((await sandbox(`/api/state/${token}`)).json.free_rounds).toMatchObject({ rounds: 5, played: 0 });
  });

  it('20 concurrent spin reports on a campaign of 10 pay exactly 10', async () => {
    const offer = await freeSpinsOffer(10);
    const p = await player();
    const g = await grantOffer(app.db, {
      tenant: await tenant(),
      userId: p.id,
      offerId: offer,
      key: `test:${code('C')}`,
    });
    const token = await openGame(p);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        freeWin(token, p, { campaign: `fs-${g.bonusId}`, tx: `c-${g.bonusId}-${i}`, amount: 100 }),
      ),
    );
    expect(answers.filter((a) => a.status === 'OK').length).toBe(10);
    expect(answers.filter((a) => a.error_code === 'FREE_ROUNDS_USED_UP').length).toBe(10);
    expect((await balances(p)).bonus).toBe(1_000);
    expect(await bonusOf(g.bonusId)).toMatchObject({
      amount: 1_000,
      free_spins_used: 10,
      wagering_required: 20_000,
      state: 'active',
    });
    const { rows } = await app.db.query(
      'select rounds_used, win_total from provider_free_rounds where campaign_id = $1',
      [`fs-${g.bonusId}`],
    );
    expect(rows).toEqual([{ rounds_used: 10, win_total: 1_000 }]);
    expect((await ledger.checkLedger(app.db, (await tenant()).id)).ok).toBe(true);
  });

  it('expiry ends the bonus and cancels the rounds left at the provider', async () => {
    const offer = await freeSpinsOffer(10);
    const p = await player();
    const g = await grantOffer(app.db, {
      tenant: await tenant(),
      userId: p.id,
      offerId: offer,
      key: `test:${code('E')}`,
    });
    const token = await openGame(p);
    expect((await sandbox(`/api/play/${token}`, { bet: 100 })).json.free_round).toMatchObject({ played: 1 });
    const later = new Date(Date.now() + 8 * 86_400_000);
    await expireDue(app.db, later);
    expect(await bonusOf(g.bonusId)).toMatchObject({ state: 'expired', free_spins_campaign: 'closed' });
    const { rows } = await app.db.query<{ cancelled: boolean; played: number }>(
      'select cancelled, played from provider_sandbox_free_rounds where campaign_id = $1',
      [`fs-${g.bonusId}`],
    );
    expect(rows[0]).toEqual({ cancelled: true, played: 1 });
    expect((await balances(p)).bonus).toBe(0);
    // The page plays for money again.
    expect((await sandbox(`/api/state/${token}`)).json.free_rounds).toBeNull();
    expect(
      await freeWin(token, p, { campaign: `fs-${g.bonusId}`, tx: `late-${g.bonusId}`, amount: 100 }),
    ).toMatchObject({
      error_code: 'FREE_ROUNDS_NOT_FOUND',
    });
  });

  it("the provider's free-rounds calls are signed: unsigned or mis-signed calls are refused, status tells the rounds played", async () => {
    const offer = await freeSpinsOffer(3);
    const p = await player();
    const g = await grantOffer(app.db, {
      tenant: await tenant(),
      userId: p.id,
      offerId: offer,
      key: `test:${code('S')}`,
    });
    const provider = (await findProviderByCode(app.db, await demoTenantId(app), 'aurora'))!;
    const body = JSON.stringify({ operator_id: provider.operator_id, campaign_id: `fs-${g.bonusId}` });
    const post = (path: string, raw: string, signature: string) =>
      fetch(`${base}/provider-sandbox${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signature },
        body: raw,
      });
    expect((await post('/freerounds/status', body, sign(body, 'not-the-secret'))).status).toBe(401);
    expect((await post('/freerounds/cancel', body, '')).status).toBe(401);
    const status = await post('/freerounds/status', body, sign(body, provider.secret));
    expect(await status.json()).toMatchObject({ status: 'OK', rounds: 3, played: 0, bet: 50, state: 'active' });
    // A campaign id reused for another player is refused for good.
    const other = JSON.stringify({
      operator_id: provider.operator_id,
      campaign_id: `fs-${g.bonusId}`,
      player_id: 'someone-else',
      game_id: (await gameByCode(app, GAME)).game_id,
      rounds: 3,
      bet: 50,
      currency: 'BRL',
      expires_at: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect((await post('/freerounds', other, sign(other, provider.secret))).status).toBe(409);
  });

  it('a regulated tenant refuses free spins (a pre-bet reward)', async () => {
    const t = (await findTenantByHost(app.db, 'regulado.localhost'))!;
    const offer = await repo.insertOffer(app.db, {
      tenant_id: t.id,
      kind: 'free_spins',
      name_pt: 'Giros',
      name_en: 'Spins',
      terms_pt: '',
      terms_en: '',
      percent: null,
      max_bonus: null,
      amount: null,
      free_spins: 10,
      free_spins_game: GAME,
      free_spins_bet: 50,
      min_deposit: null,
      wagering: 20,
      wagering_base: 'bonus',
      max_bet: null,
      days: 7,
      max_conversion: null,
      contributions: { slots: 100, table: 15, live: 10, originals: 100, other: 50, sports: 100 },
      excluded_game_ids: [],
      new_players_only: false,
      once_per_cpf: false,
      budget_amount: null,
      budget_count: null,
      starts_at: null,
      ends_at: null,
    });
    // Refused before anything about the player is looked at.
    const userId = 1;
    await expect(
      grantOffer(app.db, { tenant: t, userId: Number(userId), offerId: offer.id, key: 'test:regulated' }),
    ).rejects.toMatchObject({
      code: 'bonus_regulated',
    });
    await expect(
      ops('offer:create', {
        host: 'regulado.localhost',
        name: 'G',
        kind: 'free_spins',
        spins: '5',
        game: GAME,
        bet: '50',
        wagering: '20',
      }),
    ).rejects.toThrow(/regulated/i);
  });

  it('the demo tenant offers GIROS10: 10 free spins of R$ 0,50 on Tigre da Fortuna, 20x the winnings', async () => {
    const offers = (await client(app).get('/api/promotions/offers')).json().offers as Record<string, unknown>[];
    expect(
      offers.find(
        (o) => o.kind === 'free_spins' && String(o.terms && (o.terms as { pt: string }).pt).includes('GIROS10'),
      ),
    ).toMatchObject({
      name: '10 giros grátis no Tigre da Fortuna',
      free_spins: 10,
      free_spins_bet: 50,
      wagering: 20,
      days: 7,
      free_spins_game: { code: GAME, title: 'Tigre da Fortuna', path: `/casino/aurora/${GAME}` },
    });
    const p = await player();
    const check = await p.c.post('/api/bonuses/check-coupon', { coupon: 'giros10' }, { 'accept-language': 'en' });
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json().coupon).toMatchObject({
      code: 'GIROS10',
      needs_deposit: false,
      offer: { name: '10 free spins on Tigre da Fortuna' },
    });
    const regulated = await client(app, { host: 'regulado.localhost' }).get('/api/promotions/offers');
    expect(regulated.json().offers).toEqual([]);
  });
});
