import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { publish, readConsumerStatus } from '../../platform/events/index';
import { client, registerPlayer } from '../../test/accounts';
import { testApp } from '../../test/helpers';
import { fundedPlayer } from '../casino/test-support';
import * as ledger from '../ledger/index';
import { findTenantByHost } from '../tenants/index';
import { applyStake, contributionPercent } from './bonuses';
import { PROMOTIONS_COMMANDS } from './ops';
import * as repo from './repo';
import { expireDue } from './service';

/**
 * The bonus engine and coupons through the real API and the operator commands: grants, the one active bonus and
 * its queue, wagering with contributions and the max bet, completion up to the conversion cap, expiry by the
 * clock, forfeit on withdrawal, every coupon refusal, concurrent redemptions of a limited coupon, a paid PIX charge
 * with a deposit-match coupon, the regulated tenant, and a clean ledger after a randomised run.
 */

let app: FastifyInstance;
const DAY = 86_400_000;

beforeAll(async () => {
  app = await testApp({ tenantCacheTtlMs: 0, tenantNegativeCacheTtlMs: 0 });
  // Real HTTP: the sandbox PSP posts its webhooks to this server.
  await app.listen({ host: '127.0.0.1', port: 0 });
}, 60_000);
afterAll(() => app.close());

type Player = Awaited<ReturnType<typeof fundedPlayer>> & { c: ReturnType<typeof client> };

async function player(cents = 0): Promise<Player> {
  const p = await fundedPlayer(app, cents);
  await app.db.query('update users set email_verified_at = now(), phone_verified_at = now() where id = $1', [p.id]);
  return { ...p, c: client(app, { token: p.token }) };
}

const tenant = async (host = 'localhost') => (await findTenantByHost(app.db, host))!;
const ops = (name: string, argv: { flags: Record<string, string | true>; positional?: string[] }) =>
  PROMOTIONS_COMMANDS[name]!.run({ db: app.db }, { flags: argv.flags, positional: argv.positional ?? [] });
const balances = async (p: Player) => ledger.getBalance(app.db, { tenantId: (await tenant()).id, userId: p.id });
let seq = 0;
const code = (prefix: string) => `${prefix}${Date.now().toString(36).toUpperCase()}${++seq}`;

async function noDepositOffer(flags: Record<string, string | true> = {}) {
  return Number(
    await ops('offer:create', {
      flags: {
        host: 'localhost',
        name: 'Bônus grátis',
        'name-en': 'Free bonus',
        kind: 'no_deposit',
        amount: '1000',
        wagering: '5',
        ...flags,
      },
    }),
  );
}

async function coupon(offer: number, flags: Record<string, string | true> = {}) {
  const c = code('C');
  await ops('coupon:create', { flags: { host: 'localhost', code: c, offer: String(offer), ...flags } });
  return c;
}

async function activeOf(p: Player) {
  return repo.activeBonus(app.db, (await tenant()).id, p.id);
}

/** A settled stake as the consumer sees it, counted straight away (the event's key makes it once). */
async function stake(p: Player, o: { gameId: number | null; bet: number; key?: string; now?: Date }) {
  const t = await tenant();
  return app.db.transaction(async (tx) => {
    await repo.lockPlayer(tx, t.id, p.id);
    return applyStake(tx, {
      tenantId: t.id,
      userId: p.id,
      eventKey: o.key ?? `test:${++seq}`,
      gameId: o.gameId,
      bet: o.bet,
      now: o.now ?? new Date(),
    });
  });
}

describe('offers', () => {
  it('the demo tenant lists its welcome offer in pt and en; the regulated demo tenant lists none', async () => {
    const pt = (await client(app).get('/api/promotions/offers')).json();
    const welcome = pt.offers.find((o: { kind: string }) => o.kind === 'deposit_match');
    expect(welcome).toMatchObject({
      name: 'Bônus de boas-vindas: 100% até R$ 500',
      names: { en: 'Welcome bonus: 100% up to R$ 500' },
      percent: 100,
      max_bonus: 50_000,
      wagering: 30,
      wagering_base: 'bonus',
      days: 30,
      new_players_only: true,
    });
    expect(welcome.terms.en).toContain('BEMVINDO');
    const en = (await client(app).get('/api/promotions/offers', { 'accept-language': 'en' })).json();
    expect(en.offers.some((o: { name: string }) => o.name === 'Welcome bonus: 100% up to R$ 500')).toBe(true);
    const regulated = await client(app, { host: 'regulado.localhost' }).get('/api/promotions/offers');
    expect(regulated.statusCode).toBe(200);
    expect(regulated.json().offers).toEqual([]);
  });

  it('offer:create validates everything and writes nothing on bad input; a regulated tenant refuses pre-bet offers', async () => {
    const before = (await repo.listOffers(app.db, (await tenant()).id)).length;
    await expect(
      ops('offer:create', { flags: { host: 'localhost', name: 'X', kind: 'deposit_match', wagering: '30' } }),
    ).rejects.toThrow(/--percent/);
    await expect(
      ops('offer:create', { flags: { host: 'localhost', name: 'X', kind: 'cash_drop', wagering: '1' } }),
    ).rejects.toThrow(/--kind/);
    await expect(
      ops('offer:create', { flags: { host: 'localhost', name: 'X', kind: 'no_deposit', amount: '-5', wagering: '1' } }),
    ).rejects.toThrow(/--amount/);
    await expect(
      ops('offer:create', {
        flags: { host: 'localhost', name: 'X', kind: 'no_deposit', amount: '100', wagering: '500' },
      }),
    ).rejects.toThrow(/--wagering/);
    expect((await repo.listOffers(app.db, (await tenant()).id)).length).toBe(before);
    for (const kind of ['deposit_match', 'no_deposit', 'free_spins'])
      await expect(
        ops('offer:create', {
          flags: {
            host: 'regulado.localhost',
            name: 'X',
            kind,
            percent: '100',
            max: '1000',
            amount: '1000',
            spins: '10',
            game: 'slot',
            wagering: '1',
          },
        }),
      ).rejects.toThrow(/Law 14,790\/2023/);
    const id = await noDepositOffer();
    expect(id).toBeGreaterThan(0);
    expect(await ops('offer:list', { flags: { host: 'localhost' } })).toContain('Bônus grátis');
  });
});

describe('bonuses', () => {
  it('a no-deposit coupon activates at once into the bonus balance; redeeming again grants nothing more', async () => {
    // The event is read from the log below: the dispatcher (which delivers it, after which the log may drop it) waits.
    app.realtime.dispatchPaused = true;
    onTestFinished(() => {
      app.realtime.dispatchPaused = false;
    });
    const p = await player();
    const c = await coupon(await noDepositOffer());
    const res = await p.c.post('/api/bonuses/redeem', { coupon: c.toLowerCase() });
    expect(res.statusCode, res.body).toBe(200);
    const { bonus } = res.json();
    expect(bonus).toMatchObject({
      state: 'active',
      amount: 1000,
      balance: 1000,
      wagering_required: 5000,
      wagering_done: 0,
    });
    const again = await p.c.post('/api/bonuses/redeem', { coupon: c });
    expect(again.statusCode).toBe(200);
    expect(again.json().bonus.id).toBe(bonus.id);
    expect((await balances(p)).bonus).toBe(1000);
    // The player's browser hears it (BonusUpdated on their channel, from this event).
    const events = await app.db.query<{ payload: { state: string; balance: number } }>(
      `select payload from event_log where user_id = $1 and name = 'promotions.bonus_updated' order by id`,
      [p.id],
    );
    expect(events.rows.map((e) => e.payload)).toEqual([expect.objectContaining({ state: 'active', balance: 1000 })]);
    const wallet = (await p.c.get('/api/profile/wallet')).json();
    expect(wallet).toMatchObject({ balance: 0, bonus: 1000 });
    const list = (await p.c.get('/api/wallet/bonuses?page=1')).json();
    expect(list).toMatchObject({ current_page: 1, last_page: 1, total: 1 });
    expect(list.active.id).toBe(bonus.id);
    expect(list.data[0].offer_name).toBe('Bônus grátis');
    expect((await client(app).get('/api/wallet/bonuses')).statusCode).toBe(401);
  });

  it('a second bonus queues as available and activates when the active one ends', async () => {
    const p = await player();
    const first = await ops('bonus:grant', {
      flags: { host: 'localhost', user: String(p.id), offer: String(await noDepositOffer({ amount: '700' })) },
    });
    expect(first).toMatch(/active/);
    const second = await ops('bonus:grant', {
      flags: { host: 'localhost', user: String(p.id), offer: String(await noDepositOffer({ amount: '300' })) },
    });
    expect(second).toMatch(/available/);
    expect((await balances(p)).bonus).toBe(700);
    const active = (await activeOf(p))!;
    await ops('bonus:cancel', { flags: {}, positional: [String(active.id)] });
    const next = (await activeOf(p))!;
    expect(next.amount).toBe(300);
    // The bonus balance only ever holds the active bonus's money.
    expect((await balances(p)).bonus).toBe(300);
    await expect(ops('bonus:cancel', { flags: {}, positional: [String(active.id)] })).rejects.toThrow(/cancelled/);
  });

  it('counts stakes by game contribution, nothing above the max bet, and each event once', async () => {
    const p = await player();
    const offer = await noDepositOffer({ amount: '10000', wagering: '10', 'max-bet': '2000' });
    await ops('bonus:grant', { flags: { host: 'localhost', user: String(p.id), offer: String(offer) } });
    const t = await tenant();
    const slot = (
      await app.db.query<{ id: number }>(
        `select id from games where tenant_id = $1 and type = 'slots' and bonus_allowed limit 1`,
        [t.id],
      )
    ).rows.map((r) => ({ id: Number(r.id) }))[0];
    const slotGame = slot ? await repo.gameForWagering(app.db, t.id, slot.id) : null;
    const dice = (
      await app.db.query<{ id: number }>(
        `select g.id from games g join game_providers p on p.id = g.provider_id
        where g.tenant_id = $1 and p.code = 'sorte-originals' and g.game_code = 'dice'`,
        [t.id],
      )
    ).rows[0];
    const o = (await repo.findOffer(app.db, t.id, offer))!;
    if (slot && slotGame) {
      expect(contributionPercent(o, slot.id, slotGame)).toBe(100);
      await stake(p, { gameId: slot.id, bet: 1000, key: 'same-event' });
      await stake(p, { gameId: slot.id, bet: 1000, key: 'same-event' });
      expect((await activeOf(p))!.wagering_done).toBe(1000);
    }
    if (dice) {
      const d = (await repo.gameForWagering(app.db, t.id, Number(dice.id)))!;
      const pct = contributionPercent(o, Number(dice.id), d);
      // Originals count their house edge against 4%: dice (1% edge) counts a quarter.
      expect(pct).toBeCloseTo(((10_000 - d.rtp_bp) / 400) * 100, 5);
      expect(pct).toBeLessThan(100);
    }
    const before = (await activeOf(p))!.wagering_done;
    await stake(p, { gameId: slot?.id ?? null, bet: 2001 });
    expect((await activeOf(p))!.wagering_done).toBe(before);
    // A game not in the catalog, or one barred from bonus play, counts nothing.
    await stake(p, { gameId: null, bet: 1000 });
    expect((await activeOf(p))!.wagering_done).toBe(before);
    expect(
      contributionPercent(o, 1, {
        type: 'roulette',
        category_slug: 'roulette',
        provider: 'x',
        rtp_bp: 9730,
        bonus_allowed: true,
      }),
    ).toBe(15);
    expect(
      contributionPercent(o, 1, {
        type: 'live-blackjack',
        category_slug: 'live',
        provider: 'x',
        rtp_bp: 9950,
        bonus_allowed: true,
      }),
    ).toBe(10);
    expect(
      contributionPercent(o, 1, {
        type: 'slots',
        category_slug: 'slots',
        provider: 'x',
        rtp_bp: 9600,
        bonus_allowed: false,
      }),
    ).toBe(0);
  });

  it('a real dice bet spends cash first, then bonus, and its settled stake moves the wagering by its contribution', async () => {
    const p = await player(1_000);
    const offer = await noDepositOffer({ amount: '1000', wagering: '10' });
    await ops('bonus:grant', { flags: { host: 'localhost', user: String(p.id), offer: String(offer) } });
    const t = await tenant();
    const res = await p.c.post(
      '/api/originals/dice/bet',
      { amount: 1_500, target: 50.5, condition: 'over' },
      { 'idempotency-key': `cash-first-${p.id}` },
    );
    expect(res.statusCode, res.body).toBe(200);
    const legs = await app.db.query<{ kind: string; amount: number }>(
      `select a.kind, e.amount from ledger_transactions x join ledger_entries e on e.transaction_id = x.id
        join ledger_accounts a on a.id = e.account_id
        where x.tenant_id = $1 and x.user_id = $2 and x.type = 'bet' and a.user_id = $2 order by a.kind`,
      [t.id, p.id],
    );
    expect(legs.rows.map((r) => [r.kind, Number(r.amount)])).toEqual([
      ['bonus', -500],
      ['cash', -1_000],
    ]);
    await app.events.drain();
    const dice = (await repo.gameForWagering(app.db, t.id, Number((await gameIdOf('dice', t.id))!)))!;
    const pct = contributionPercent((await repo.findOffer(app.db, t.id, offer))!, 1, dice);
    const bonus = (await repo.listBonuses(app.db, { tenantId: t.id, userId: p.id, limit: 1, offset: 0 }))[0]!;
    expect(bonus.wagering_done).toBe(Math.floor((1_500 * pct) / 100));
  });

  it('announces progress when it moves the bar by a tenth of a percent, not on every centavo', async () => {
    const p = await player();
    await ops('bonus:grant', {
      flags: {
        host: 'localhost',
        user: String(p.id),
        offer: String(await noDepositOffer({ amount: '10000', wagering: '10' })),
      },
    });
    const t = await tenant();
    const slot = (
      await app.db.query<{ id: number }>(
        `select id from games where tenant_id = $1 and type = 'slots' and bonus_allowed limit 1`,
        [t.id],
      )
    ).rows[0]!;
    const updates = async () =>
      (
        await app.db.query<{ payload: { wagering_done: number } }>(
          `select payload from event_log where user_id = $1 and name = 'promotions.bonus_updated' order by id`,
          [p.id],
        )
      ).rows.map((r) => r.payload.wagering_done);
    // 100,000 to wager: 50 is 0.05%, 100 is the first tenth of a percent.
    await stake(p, { gameId: Number(slot.id), bet: 50 });
    expect(await updates()).toEqual([0]);
    await stake(p, { gameId: Number(slot.id), bet: 50 });
    expect(await updates()).toEqual([0, 100]);
    await stake(p, { gameId: Number(slot.id), bet: 5_000 });
    expect(await updates()).toEqual([0, 100, 5_100]);
  });

  it('a spent bonus is lost, but not while a provider round staked with bonus money is still open', async () => {
    const p = await player();
    await ops('bonus:grant', {
      flags: {
        host: 'localhost',
        user: String(p.id),
        offer: String(await noDepositOffer({ amount: '600', wagering: '50' })),
      },
    });
    const t = await tenant();
    const slot = (
      await app.db.query<{ id: number; provider_id: number }>(
        `select id, provider_id from games where tenant_id = $1 and type = 'slots' limit 1`,
        [t.id],
      )
    ).rows[0]!;
    // The whole bonus staked in a provider round that stays open (the player has no cash).
    await app.db.transaction((tx) =>
      ledger.debitBet(tx, {
        tenantId: t.id,
        userId: p.id,
        amount: 600,
        idempotencyKey: `open-${p.id}`,
        reference: 'open',
      }),
    );
    await app.db.query(
      `insert into casino_rounds (tenant_id, provider_id, round_id, user_id, game_id, bet_total, bonus_staked)
        values ($1, $2, $3, $4, $5, 600, 600)`,
      [t.id, slot.provider_id, `open-${p.id}`, p.id, slot.id],
    );
    expect((await balances(p)).bonus).toBe(0);
    await stake(p, { gameId: Number(slot.id), bet: 100 });
    expect((await activeOf(p))?.state).toBe('active');
    await app.db.query(`update casino_rounds set status = 'closed', closed_at = now() where round_id = $1`, [
      `open-${p.id}`,
    ]);
    const ended = await stake(p, { gameId: Number(slot.id), bet: 100 });
    expect(ended).toMatchObject({ state: 'forfeited', end_reason: 'balance_spent' });
    expect(await activeOf(p)).toBeNull();
  });

  it('completes when wagering is done: the bonus balance up to the cap becomes cash, the rest goes back', async () => {
    const p = await player();
    const offer = await noDepositOffer({ amount: '5000', wagering: '1', 'max-conversion': '3000' });
    const queued = await noDepositOffer({ amount: '200' });
    await ops('bonus:grant', { flags: { host: 'localhost', user: String(p.id), offer: String(offer) } });
    await ops('bonus:grant', { flags: { host: 'localhost', user: String(p.id), offer: String(queued) } });
    const t = await tenant();
    const slot = (
      await app.db.query<{ id: number }>(
        `select id from games where tenant_id = $1 and type = 'slots' and bonus_allowed limit 1`,
        [t.id],
      )
    ).rows[0]!;
    const promotionsBefore = await promotionsTotal(t.id);
    const done = await stake(p, { gameId: Number(slot.id), bet: 5000 });
    expect(done).toMatchObject({ state: 'completed', converted: 3000 });
    const b = await balances(p);
    expect(b.cash).toBe(3000);
    // The next queued bonus is the only money in the bonus balance now.
    expect(b.bonus).toBe(200);
    expect((await activeOf(p))!.amount).toBe(200);
    // 2000 of the first bonus returned, 200 of the next left: promotions moved by +2000 - 200.
    expect((await promotionsTotal(t.id)) - promotionsBefore).toBe(2000 - 200);
    const tx = await app.db.query<{ type: string }>(
      `select type from ledger_transactions where tenant_id = $1 and user_id = $2 and type = 'rollover'`,
      [t.id, p.id],
    );
    expect(tx.rows.length).toBe(1);
  });

  it('expires an active bonus past its days (injected clock): its money goes back, the state is expired', async () => {
    const p = await player();
    const offer = await noDepositOffer({ amount: '800', days: '3' });
    await ops('bonus:grant', { flags: { host: 'localhost', user: String(p.id), offer: String(offer) } });
    const b = (await activeOf(p))!;
    expect(await expireDue(app.db, new Date(Date.now() + 2 * DAY))).toBe(0);
    expect(await expireDue(app.db, new Date(Date.now() + 3 * DAY + 60_000))).toBeGreaterThanOrEqual(1);
    expect((await repo.findBonus(app.db, b.tenant_id, b.id))!.state).toBe('expired');
    expect((await balances(p)).bonus).toBe(0);
  });

  it('a withdrawal with an active bonus is refused with bonus_active until the player forfeits it', async () => {
    const p = await player(20_000);
    await ops('bonus:grant', {
      flags: { host: 'localhost', user: String(p.id), offer: String(await noDepositOffer({ amount: '900' })) },
    });
    const key = await p.c.post('/api/wallet/withdraw/method', { type: 'cpf', key: p.cpf });
    expect(key.statusCode, key.body).toBe(200);
    const methodId = key.json().method.id;
    const refused = await p.c.post(
      '/api/wallet/withdraw/request',
      { amount: 5_000, method_id: methodId },
      { 'idempotency-key': `bonus-${p.id}-1` },
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('bonus_active');
    expect(refused.json().message).toMatch(/bônus .* serão perdidos/);
    expect((await balances(p)).cash).toBe(20_000);
    const en = await p.c.post(
      '/api/wallet/withdraw/request',
      { amount: 5_000, method_id: methodId },
      { 'idempotency-key': `bonus-${p.id}-2`, 'accept-language': 'en' },
    );
    expect(en.json().message).toMatch(/will be lost/);
    const ok = await p.c.post(
      '/api/wallet/withdraw/request',
      { amount: 5_000, method_id: methodId, forfeit_bonus: true },
      { 'idempotency-key': `bonus-${p.id}-3` },
    );
    expect(ok.statusCode, ok.body).toBe(200);
    const b = await balances(p);
    expect(b).toMatchObject({ cash: 15_000, bonus: 0, pending: 5_000 });
    const list = (await p.c.get('/api/wallet/bonuses')).json();
    expect(list.active).toBeNull();
    expect(list.data[0].state).toBe('forfeited');
  });
});

describe('coupons', () => {
  it('answers each refusal with its reason in pt and en', async () => {
    const p = await player();
    const check = (c: string, headers?: Record<string, string>) =>
      p.c.post('/api/bonuses/check-coupon', { coupon: c }, headers);
    const unknown = await check('NAOEXISTE');
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toMatchObject({ code: 'coupon_unknown', message: 'Cupom não encontrado.' });
    expect((await check('NAOEXISTE', { 'accept-language': 'en' })).json().message).toBe('Coupon not found.');

    const expired = await coupon(await noDepositOffer(), {
      ends: new Date(Date.now() - DAY).toISOString(),
      starts: new Date(Date.now() - 2 * DAY).toISOString(),
    });
    expect((await check(expired)).json().code).toBe('coupon_expired');

    const limited = await coupon(await noDepositOffer(), { 'max-uses': '1' });
    const other = await player();
    expect((await other.c.post('/api/bonuses/redeem', { coupon: limited })).statusCode).toBe(200);
    expect((await check(limited)).json().code).toBe('coupon_used_up');
    expect((await other.c.post('/api/bonuses/check-coupon', { coupon: limited })).json().code).toBe(
      'coupon_already_used',
    );

    const valid = await coupon(await noDepositOffer({ amount: '1234' }));
    const ok = await check(valid.toLowerCase());
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().coupon).toMatchObject({ code: valid, valid: true, min_deposit: null, needs_deposit: false });
    expect(ok.json().coupon.offer.amount).toBe(1234);
    const listed = (await p.c.get('/api/bonuses/coupons')).json().coupons.map((c: { code: string }) => c.code);
    expect(listed).toContain(valid);
    expect(listed).not.toContain(limited);

    // New players only: a player who has deposited is not eligible.
    const welcome = await check('bemvindo');
    expect(welcome.statusCode).toBe(200);
    expect(welcome.json().coupon).toMatchObject({ code: 'BEMVINDO', min_deposit: 2_000, needs_deposit: true });
    expect((await p.c.post('/api/bonuses/redeem', { coupon: 'BEMVINDO' })).json().code).toBe('coupon_not_eligible');
    await app.db.query('update player_wallets set deposit_count = 1 where user_id = $1', [p.id]);
    const notNew = await check('BEMVINDO');
    expect(notNew.json()).toMatchObject({ code: 'coupon_not_eligible' });
    expect(notNew.json().message).toMatch(/novos jogadores/);

    const bad = await check('');
    expect(bad.statusCode).toBe(422);
  });

  it("an offer's budget is never passed: once it is spent, its coupon answers that the offer ran out", async () => {
    const offer = await noDepositOffer({ amount: '400', budget: '800' });
    const c = await coupon(offer);
    const [a, b, d] = await Promise.all([player(), player(), player()]);
    expect((await a.c.post('/api/bonuses/redeem', { coupon: c })).statusCode).toBe(200);
    expect((await b.c.post('/api/bonuses/redeem', { coupon: c })).statusCode).toBe(200);
    const late = await d.c.post('/api/bonuses/redeem', { coupon: c });
    expect(late.statusCode).toBe(422);
    expect(late.json()).toMatchObject({ code: 'coupon_not_eligible', message: 'Esta oferta esgotou.' });
    expect((await d.c.post('/api/bonuses/check-coupon', { coupon: c })).json().message).toBe('Esta oferta esgotou.');
    const o = (await repo.findOffer(app.db, (await tenant()).id, offer))!;
    expect([o.granted_count, o.granted_amount]).toEqual([2, 800]);
    // The refused redemption took no use of the coupon.
    expect((await repo.findCoupon(app.db, (await tenant()).id, c))!.uses).toBe(2);
  });

  it('50 concurrent redemptions of a coupon with 3 uses grant exactly 3 bonuses', async () => {
    const c = await coupon(await noDepositOffer({ amount: '500' }), { 'max-uses': '3' });
    const players: Player[] = [];
    for (let i = 0; i < 50; i += 10) players.push(...(await Promise.all(Array.from({ length: 10 }, () => player()))));
    const answers = await Promise.all(players.map((p) => p.c.post('/api/bonuses/redeem', { coupon: c })));
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((s) => s === 200).length).toBe(3);
    expect(answers.filter((r) => r.statusCode === 422).every((r) => r.json().code === 'coupon_used_up')).toBe(true);
    const t = await tenant();
    const row = (await repo.findCoupon(app.db, t.id, c))!;
    expect(row.uses).toBe(3);
    const granted = await app.db.query<{ n: number }>(
      `select count(*)::int as n from promo_bonuses where tenant_id = $1 and source_ref = $2`,
      [t.id, c],
    );
    expect(granted.rows[0]!.n).toBe(3);
    expect((await ledger.checkLedger(app.db, t.id)).ok).toBe(true);
  }, 120_000);

  it('a deposit-match coupon goes with the PIX charge and grants the match when it is paid', async () => {
    const r = await registerPlayer(app);
    const p: Player = { ...r, id: Number(r.user.id), c: client(app, { token: r.token }) };
    const low = await p.c.post('/api/main-gateway/qrcode-pix', { amount: 1_500, coupon: 'bemvindo' });
    expect(low.statusCode).toBe(422);
    expect(low.json().code).toBe('coupon_min_deposit');
    const unknown = await p.c.post('/api/main-gateway/qrcode-pix', { amount: 5_000, coupon: 'NADA' });
    expect(unknown.json().code).toBe('coupon_unknown');
    const charge = await p.c.post('/api/main-gateway/qrcode-pix', { amount: 5_000, coupon: 'bemvindo' });
    expect(charge.statusCode, charge.body).toBe(200);
    const paid = await p.c.post(`/api/dev/pix/${charge.json().txid}/pay`, {});
    expect(paid.statusCode, paid.body).toBe(200);
    await app.events.drain();
    const list = (await p.c.get('/api/wallet/bonuses')).json();
    expect(list.active).toMatchObject({ amount: 5_000, wagering_required: 150_000, state: 'active', balance: 5_000 });
    expect(await balances(p)).toMatchObject({ cash: 5_000, bonus: 5_000 });
    // The welcome offer is once per player.
    expect((await p.c.post('/api/bonuses/check-coupon', { coupon: 'BEMVINDO' })).json().code).toBe(
      'coupon_already_used',
    );
  });

  it('a regulated tenant refuses a pre-bet coupon at redemption and at the charge', async () => {
    const t = await tenant('regulado.localhost');
    // Defined directly: the operator commands refuse it (see above), as if the tenant turned regulated later.
    const offer = await repo.insertOffer(app.db, {
      tenant_id: t.id,
      kind: 'no_deposit',
      name_pt: 'Antigo',
      name_en: 'Old',
      terms_pt: '',
      terms_en: '',
      percent: null,
      max_bonus: null,
      amount: 1000,
      free_spins: null,
      free_spins_game: null,
      free_spins_bet: null,
      min_deposit: null,
      wagering: 1,
      wagering_base: 'bonus',
      max_bet: null,
      days: 30,
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
    await repo.insertCoupon(app.db, {
      tenant_id: t.id,
      code: 'ANTIGO',
      offer_id: offer.id,
      max_uses: null,
      starts_at: null,
      ends_at: null,
      listed: true,
    });
    const r = await registerPlayer(app, { host: 'regulado.localhost' });
    const c = client(app, { token: r.token, host: 'regulado.localhost' });
    const redeem = await c.post('/api/bonuses/redeem', { coupon: 'antigo' });
    expect(redeem.statusCode).toBe(422);
    expect(redeem.json().code).toBe('bonus_regulated');
    expect(redeem.json().message).toMatch(/Lei 14\.790\/2023/);
    expect((await c.get('/api/bonuses/coupons')).json().coupons).toEqual([]);
    const charge = await c.post('/api/main-gateway/qrcode-pix', { amount: 5_000, coupon: 'ANTIGO' });
    expect(charge.statusCode).toBe(422);
    expect(charge.json().code).toBe('bonus_regulated');
    expect(await app.db.query('select 1 from pix_charges where user_id = $1', [r.user.id])).toMatchObject({ rows: [] });
    await expect(
      ops('coupon:create', { flags: { host: 'regulado.localhost', code: 'OUTRO', offer: String(offer.id) } }),
    ).rejects.toThrow(/regulated/);
    await expect(
      ops('bonus:grant', { flags: { host: 'regulado.localhost', user: String(r.user.id), offer: String(offer.id) } }),
    ).rejects.toThrow(/bonus_regulated/);
  });
});

async function gameIdOf(code: string, tenantId: number) {
  const { rows } = await app.db.query<{ id: number }>(
    `select g.id from games g join game_providers p on p.id = g.provider_id
      where g.tenant_id = $1 and p.code = 'sorte-originals' and g.game_code = $2`,
    [tenantId, code],
  );
  return rows[0]?.id ?? null;
}

/** What the tenant's promotions account holds, summed from its ledger entries. */
async function promotionsTotal(tenantId: number) {
  const { rows } = await app.db.query<{ total: number }>(
    `select coalesce(sum(e.amount), 0)::bigint as total from ledger_entries e
      join ledger_accounts a on a.id = e.account_id where a.tenant_id = $1 and a.kind = 'promotions'`,
    [tenantId],
  );
  return Number(rows[0]!.total);
}

describe('ledger', () => {
  it('stays clean after a randomised run of grants, real dice bets, conversions, forfeits and expiries', async () => {
    const t = await tenant();
    const players = await Promise.all(Array.from({ length: 6 }, () => player(5_000)));
    let rnd = 42;
    const rand = (n: number) => {
      rnd = (rnd * 1_103_515_245 + 12_345) % 2 ** 31;
      return rnd % n;
    };
    const offers = await Promise.all([
      noDepositOffer({ amount: '2000', wagering: '1' }),
      noDepositOffer({ amount: '1500', wagering: '2', 'max-conversion': '500' }),
      noDepositOffer({ amount: '1000', wagering: '3' }),
    ]);
    for (const p of players)
      for (const o of offers)
        if (rand(2) === 0)
          await ops('bonus:grant', { flags: { host: 'localhost', user: String(p.id), offer: String(o) } });
    for (let round = 0; round < 40; round++) {
      const p = players[rand(players.length)]!;
      const action = rand(10);
      if (action < 7) {
        const res = await p.c.post(
          '/api/originals/dice/bet',
          { amount: 100 + rand(400), target: 50.5, condition: rand(2) ? 'over' : 'under' },
          { 'idempotency-key': `dice-${p.id}-${round}` },
        );
        expect([200, 402, 422]).toContain(res.statusCode);
        await app.events.drain();
      } else if (action === 7) {
        const a = await repo.activeBonus(app.db, t.id, p.id);
        if (a) await ops('bonus:cancel', { flags: {}, positional: [String(a.id)] });
      } else if (action === 8) {
        await expireDue(app.db, new Date(Date.now() + 31 * DAY));
      } else {
        const a = await repo.activeBonus(app.db, t.id, p.id);
        if (a) await stake(p, { gameId: null, bet: 100 });
      }
    }
    const check = await ledger.checkLedger(app.db, t.id);
    expect(check.problems).toEqual([]);
    // No player holds bonus money without an active bonus, and an active bonus's balance is in their bonus account.
    for (const p of players) {
      const a = await repo.activeBonus(app.db, t.id, p.id);
      if (!a) expect((await balances(p)).bonus).toBe(0);
    }
  }, 120_000);
});

describe('sports bets and the bonus wagering', () => {
  /** Waits until the promotions consumer has passed every event of the log. */
  async function counted() {
    for (let i = 0; i < 500; i++) {
      const lag = (await readConsumerStatus(app.db)).find((c) => c.consumer === 'promotions')?.lagEvents;
      if (lag === 0) return;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error('the promotions consumer did not catch up');
  }
  const settled = async (
    p: Player,
    o: {
      betId: number;
      stake: number;
      odds: number;
      status?: 'won' | 'lost' | 'void';
      version?: number;
      rollback?: boolean;
    },
  ) => {
    // The tenant is read before the transaction: PGlite has one connection, which the transaction holds.
    const tenantId = (await tenant()).id;
    await app.db.transaction(async (tx) =>
      publish(tx, {
        name: 'sports.bet_settled',
        tenantId,
        userId: p.id,
        payload: {
          bet_id: o.betId,
          status: o.status ?? 'lost',
          stake: o.stake,
          payout: 0,
          odds: o.odds,
          legs: 1,
          settlement_version: o.version ?? 0,
          ...(o.rollback ? { rollback: true } : {}),
        },
      }),
    );
  };

  it('a settled sports bet counts its stake once, at odds of 1.50 or more; voids, rollbacks and resettlements do not', async () => {
    const p = await player();
    const offer = await noDepositOffer({ amount: '10000', wagering: '10' });
    await ops('bonus:grant', { flags: { host: 'localhost', user: String(p.id), offer: String(offer) } });
    const base = 800_000_000 + (Date.now() % 1_000_000) * 10;
    await settled(p, { betId: base + 1, stake: 1_000, odds: 18_500 });
    await counted();
    expect((await activeOf(p))!.wagering_done).toBe(1_000);
    // Below the minimum odds, given back, taken back or settled again after a rollback: nothing more counts.
    await settled(p, { betId: base + 2, stake: 5_000, odds: 14_900 });
    await settled(p, { betId: base + 3, stake: 5_000, odds: 30_000, status: 'void' });
    await settled(p, { betId: base + 1, stake: 1_000, odds: 18_500, rollback: true, version: 0 });
    await settled(p, { betId: base + 1, stake: 1_000, odds: 18_500, status: 'won', version: 1 });
    await counted();
    expect((await activeOf(p))!.wagering_done).toBe(1_000);
  });
});
