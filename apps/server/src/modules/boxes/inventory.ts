import { createHash } from 'node:crypto';
import type { BoxOpening, BuyBoxReply, Locale, SellReply, UserBox, UserPrize } from '@sorte/contracts';
import { boxTicket } from '@sorte/fairness';
import type { Db, Sql } from '../../platform/db/index';
import { AppError, type Localized } from '../../platform/errors';
import { publish } from '../../platform/events/index';
import type { Tenant } from '../../platform/tenancy';
import { findUserById } from '../auth/index';
import { recordSettledRound } from '../casino/index';
import { isVerified } from '../kyc/index';
import * as ledger from '../ledger/index';
import { seedPairOf, takeNonce } from '../originals/index';
import { grantOffer } from '../promotions/index';
import * as rg from '../responsible-gaming/index';
import { type BoxVersion, liveVersion, loadVersion, prizeForTicket } from './catalog';
import * as repo from './inventory-repo';
import { type BoxLang, boxLang, prizeView } from './views';

/**
 * The openings are Sorte Originals rounds in the casino catalog's eyes: same provider, game code 'box', so history,
 * the bet feed, missions and VIP count them.
 */
const ROUND_PROVIDER = 'sorte-originals';
const ROUND_GAME = 'box';
const ROUND_TITLE = 'Caixas';

export const MSG = {
  notOnSale: { pt: 'Esta caixa não está à venda.', en: 'This box is not on sale.' },
  keyReused: {
    pt: 'Esta Idempotency-Key já foi usada com outra compra.',
    en: 'This Idempotency-Key was already used for another purchase.',
  },
  underage: {
    pt: 'As caixas são só para maiores de 18 anos.',
    en: 'Boxes are for players aged 18 or over only.',
  },
  unverified: {
    pt: 'Verifique sua identidade (KYC) para comprar caixas.',
    en: 'Verify your identity (KYC) to buy boxes.',
  },
  noUnopened: {
    pt: 'Você não tem caixas fechadas suficientes desta caixa.',
    en: 'You do not have enough unopened boxes of this box.',
  },
  boxNotFound: { pt: 'Caixa não encontrada.', en: 'Box not found.' },
  boxNotUnopened: { pt: 'Esta caixa já foi aberta ou vendida.', en: 'This box was already opened or sold.' },
  boxNotSellable: {
    pt: 'Esta caixa não pode ser vendida (caixas recebidas de presente não têm valor de venda).',
    en: 'This box cannot be sold (boxes received as rewards have no sell-back value).',
  },
  prizeNotFound: { pt: 'Prêmio não encontrado.', en: 'Prize not found.' },
  prizeSold: { pt: 'Este prêmio já foi vendido.', en: 'This prize was already sold.' },
  prizeNotSellable: {
    pt: 'Este prêmio já foi pago na sua conta e não pode ser vendido.',
    en: 'This prize was already paid to your account and cannot be sold.',
  },
  openingNotFound: { pt: 'Abertura não encontrada.', en: 'Opening not found.' },
} satisfies Record<string, Localized>;

export type Player = { tenant: Tenant; userId: number; locale: Locale };
const who = (p: Player): repo.Who => ({ tenantId: p.tenant.id, userId: p.userId });

function ageOn(birthDate: string, now: Date): number {
  const [y, m, d] = birthDate.split('-').map(Number) as [number, number, number];
  let age = now.getUTCFullYear() - y;
  if (now.getUTCMonth() + 1 < m || (now.getUTCMonth() + 1 === m && now.getUTCDate() < d)) age--;
  return age;
}

/** 18+ everywhere; on a regulated site only a KYC-verified player buys. */
async function checkEligible(tx: Sql, p: Player): Promise<void> {
  const user = await findUserById(tx, p.tenant.id, p.userId);
  if (!user) throw new AppError('unauthorized');
  if (user.birth_date && ageOn(user.birth_date, new Date()) < 18) throw new AppError('forbidden', MSG.underage);
  if (p.tenant.settings.is_regulated && !(await isVerified(tx, who(p))))
    throw new AppError('forbidden', MSG.unverified);
}

export function userBoxView(r: repo.UserBoxRow, lang: BoxLang): UserBox {
  return {
    id: r.id,
    box_id: r.box_id,
    name: r.name,
    title: r.titles[lang] || r.titles.pt,
    image: r.image,
    version: r.version,
    source: r.source,
    status: r.status,
    price_paid: r.price_paid,
    sell_price: r.sell_price,
    created_at: new Date(r.created_at).toISOString(),
  };
}

export function userPrizeView(r: repo.UserPrizeRow, lang: BoxLang): UserPrize {
  return {
    id: r.id,
    prize_id: r.prize_id,
    box_id: r.box_id,
    box_name: r.box_name,
    box_title: r.box_titles[lang] || r.box_titles.pt,
    name: r.names[lang] || r.names.pt,
    kind: r.kind,
    rarity: r.rarity,
    image: r.image,
    value: r.value,
    status: r.status,
    sellable: r.status === 'kept',
    won_at: new Date(r.created_at).toISOString(),
    sold_at: r.sold_at ? new Date(r.sold_at).toISOString() : null,
    opening_id: r.opening_id,
  };
}

const hashOf = (v: unknown) => createHash('sha256').update(JSON.stringify(v)).digest('hex');

/**
 * Buys `quantity` boxes of the live version under the player's Idempotency-Key: one cash debit (type box, counted as
 * a stake), the purchase and its boxes in one transaction. A repeat of the key with the same body answers the stored
 * reply (replayed); with another body, 409.
 */
export async function buyBoxes(
  db: Db,
  p: Player,
  o: { boxId: number; quantity: number; key: string },
): Promise<{ body: BuyBoxReply; replayed: boolean }> {
  const w = who(p);
  const hash = hashOf(['boxes:buy', o.boxId, o.quantity]);
  return db.transaction(async (tx) => {
    const earlier = await repo.findPurchase(tx, w, o.key);
    if (earlier) return replayOf(earlier, hash);
    const live = await liveVersion(tx, w.tenantId, o.boxId);
    if (!live) throw new AppError('not_found', MSG.notOnSale);
    const price = live.version.price;
    const amount = price * o.quantity;
    const purchaseId = await repo.claimPurchase(tx, w, {
      key: o.key,
      hash,
      boxId: o.boxId,
      version: live.version.version,
      quantity: o.quantity,
      amount,
    });
    if (purchaseId === null) {
      // A concurrent request with the same key committed first: answer as its repeat.
      const first = await repo.findPurchase(tx, w, o.key);
      if (!first) throw new AppError('conflict', MSG.keyReused);
      return replayOf(first, hash);
    }
    await rg.play(tx, { ...w, stake: amount });
    await checkEligible(tx, p);
    // Cash only: a box sold back, or a collectible won, pays cash, so bonus money must never buy one.
    const r = await ledger.debit(tx, {
      ...w,
      type: 'box',
      account: 'cash',
      amount,
      idempotencyKey: `boxes:buy:${purchaseId}`,
      reference: `boxes:purchase:${purchaseId}`,
      metadata: { box_id: o.boxId, version: live.version.version, quantity: o.quantity },
    });
    const ids = await repo.insertPurchasedBoxes(tx, w, {
      purchaseId,
      boxId: o.boxId,
      version: live.version.version,
      quantity: o.quantity,
      price,
    });
    const lang = boxLang(p.locale);
    const boxes = await repo.findUserBoxes(tx, w, ids);
    const body: BuyBoxReply = { data: boxes.map((b) => userBoxView(b, lang)), amount, balance: r.balance.cash };
    await repo.storePurchaseResponse(tx, purchaseId, body);
    return { body, replayed: false };
  });
}

function replayOf(earlier: { hash: string; response: unknown }, hash: string) {
  if (earlier.hash !== hash || !earlier.response) throw new AppError('conflict', MSG.keyReused);
  return { body: earlier.response as BuyBoxReply, replayed: true };
}

type Opened = { openingId: number; prizeRowId: number; kind: string; offerId: number | null };

/**
 * Opens `quantity` of the player's unopened boxes of a box, oldest first, in one transaction: each takes the next
 * nonce of the player's Originals seed pair, draws its ticket, pays or keeps its prize and is recorded as a round.
 * Bonus and free-spins prizes are granted by promotions after the commit (it runs its own transaction); one it
 * refuses stays with the player as a prize to sell.
 */
export async function openBoxes(db: Db, p: Player, o: { boxId: number; quantity: number }) {
  const w = who(p);
  const opened = await db.transaction(async (tx) => {
    const boxes = await repo.lockUnopened(tx, w, o.boxId, o.quantity);
    if (boxes.length < o.quantity) throw new AppError('conflict', MSG.noUnopened);
    const versions = new Map<number, BoxVersion>();
    const out: Opened[] = [];
    for (const b of boxes) {
      let v = versions.get(b.version);
      if (!v) {
        v = (await loadVersion(tx, w.tenantId, o.boxId, b.version))!;
        versions.set(b.version, v);
      }
      const pair = await takeNonce(tx, w);
      const nonce = Number(pair.nonce);
      const ticket = boxTicket({ serverSeed: pair.server_seed, clientSeed: pair.client_seed, nonce });
      const prize = prizeForTicket(v.prizes, ticket);
      const openingId = await repo.insertOpening(tx, w, {
        userBoxId: b.id,
        boxId: o.boxId,
        version: b.version,
        prizeId: prize.id,
        pairId: Number(pair.id),
        nonce,
        ticket,
        bet: b.pricePaid,
        value: prize.value,
      });
      await repo.markBoxOpened(tx, b.id);
      // An offer prize is marked granted now and put back to kept if promotions refuses it after the commit, so it
      // can never be both granted and sold.
      const status = prize.kind === 'cash' ? 'credited' : prize.kind === 'collectible' ? 'kept' : 'granted';
      const prizeRowId = await repo.insertPrize(tx, w, {
        openingId,
        prizeId: prize.id,
        kind: prize.kind,
        value: prize.value,
        status,
      });
      if (prize.kind === 'cash') {
        await rg.play(tx, { ...w, win: prize.value });
        await ledger.creditWin(tx, {
          ...w,
          type: 'prize',
          amount: prize.value,
          idempotencyKey: `boxes:prize:${openingId}`,
          reference: `boxes:opening:${openingId}`,
        });
      }
      await recordRound(tx, w, { openingId, bet: b.pricePaid, win: prize.value });
      out.push({ openingId, prizeRowId, kind: prize.kind, offerId: prize.offer_id });
    }
    return out;
  });
  for (const x of opened) {
    if (x.kind !== 'bonus' && x.kind !== 'free_spins') continue;
    try {
      if (x.offerId === null) throw new AppError('conflict', 'prize without an offer');
      await grantOffer(db, {
        tenant: p.tenant,
        userId: p.userId,
        offerId: x.offerId,
        key: `boxes:prize:${x.openingId}`,
      });
    } catch {
      // Promotions said no (an active bonus, the offer ended, a rule of the offer): the prize stays sellable.
      await repo.keepPrize(db, x.prizeRowId);
    }
  }
  const data = await openingViews(
    db,
    p,
    opened.map((x) => x.openingId),
  );
  const balance = await ledger.getBalance(db, w);
  return { data, balance: balance.cash };
}

/** The opening as a settled round: the casino's round row and recent game, then casino.round_settled. */
async function recordRound(tx: Sql, w: repo.Who, o: { openingId: number; bet: number; win: number }) {
  const roundId = `${ROUND_GAME}:${o.openingId}`;
  const gameId = await recordSettledRound(tx, {
    ...w,
    providerCode: ROUND_PROVIDER,
    gameCode: ROUND_GAME,
    roundId,
    bet: o.bet,
    win: o.win,
  });
  await publish(tx, {
    name: 'casino.round_settled',
    tenantId: w.tenantId,
    userId: w.userId,
    payload: {
      provider: ROUND_PROVIDER,
      round_id: roundId,
      transaction: `boxes:opening:${o.openingId}`,
      game_id: gameId,
      game: ROUND_TITLE,
      game_code: ROUND_GAME,
      user_id: w.userId,
      bet: o.bet,
      win: o.win,
      multiplier: o.bet > 0 ? Math.round((o.win / o.bet) * 10_000) / 10_000 : 0,
    },
  });
}

/** Openings as the player sees them: the prize, the item won and the fairness (server seed once rotated). */
export async function openingViews(sql: Sql, p: Player, ids: readonly number[]): Promise<BoxOpening[]> {
  const w = who(p);
  const lang = boxLang(p.locale);
  const openings = await repo.findOpenings(sql, w, ids);
  if (openings.length === 0) return [];
  const prizes = new Map((await repo.findPrizes(sql, w, { openingIds: ids })).map((x) => [x.opening_id, x]));
  const pairs = await seedPairOf(sql, w, [...new Set(openings.map((x) => x.seed_pair_id))]);
  const versions = new Map<string, BoxVersion>();
  const out: BoxOpening[] = [];
  for (const op of openings) {
    const vk = `${op.box_id}:${op.version}`;
    let v = versions.get(vk);
    if (!v) {
      v = (await loadVersion(sql, w.tenantId, op.box_id, op.version))!;
      versions.set(vk, v);
    }
    const prize = v.prizes.find((x) => x.id === op.prize_id)!;
    const pair = pairs.get(op.seed_pair_id)!;
    out.push({
      id: op.id,
      user_box_id: op.user_box_id,
      box_id: op.box_id,
      version: op.version,
      ticket: op.ticket,
      prize: prizeView(prize, v.version.price, lang),
      item: userPrizeView(prizes.get(op.id)!, lang),
      bet: op.bet,
      fairness: {
        server_seed_hash: pair.server_seed_hash,
        client_seed: pair.client_seed,
        nonce: op.nonce,
        server_seed: pair.server_seed,
      },
      created_at: new Date(op.created_at).toISOString(),
    });
  }
  return out;
}

/** Sells an unopened bought box back at its version's sell price (a stake given back: type refund). */
export async function sellBox(db: Db, p: Player, id: number): Promise<SellReply> {
  const w = who(p);
  return db.transaction(async (tx) => {
    const box = await repo.lockUserBox(tx, w, id);
    if (!box) throw new AppError('not_found', MSG.boxNotFound);
    if (box.status !== 'unopened') throw new AppError('conflict', MSG.boxNotUnopened);
    if (box.source !== 'purchase' || box.sellPrice <= 0) throw new AppError('conflict', MSG.boxNotSellable);
    await repo.markBoxSold(tx, id, box.sellPrice);
    await rg.play(tx, { ...w, refund: box.sellPrice });
    const r = await ledger.creditWin(tx, {
      ...w,
      type: 'refund',
      amount: box.sellPrice,
      idempotencyKey: `boxes:sell:${id}`,
      reference: `boxes:user-box:${id}`,
    });
    return { data: { id, amount: box.sellPrice }, balance: r.balance.cash };
  });
}

/** Sells a kept prize (a collectible, or an offer promotions refused) at its value, once. */
export async function sellPrize(db: Db, p: Player, id: number): Promise<SellReply> {
  const w = who(p);
  return db.transaction(async (tx) => {
    const prize = await repo.lockUserPrize(tx, w, id);
    if (!prize) throw new AppError('not_found', MSG.prizeNotFound);
    if (prize.status === 'sold') throw new AppError('conflict', MSG.prizeSold);
    if (prize.status !== 'kept') throw new AppError('conflict', MSG.prizeNotSellable);
    await repo.markPrizeSold(tx, id);
    await rg.play(tx, { ...w, win: prize.value });
    const r = await ledger.creditWin(tx, {
      ...w,
      type: 'prize',
      amount: prize.value,
      idempotencyKey: `boxes:prize-sale:${id}`,
      reference: `boxes:user-prize:${id}`,
    });
    return { data: { id, amount: prize.value }, balance: r.balance.cash };
  });
}

const page = (total: number, perPage: number, current: number) => ({
  current_page: current,
  last_page: Math.max(1, Math.ceil(total / perPage)),
  per_page: perPage,
  total,
});

export async function listBoxes(sql: Sql, p: Player, o: { status?: string; page: number }) {
  const r = await repo.listUserBoxes(sql, who(p), o);
  const lang = boxLang(p.locale);
  return { data: r.rows.map((x) => userBoxView(x, lang)), ...page(r.total, r.perPage, o.page) };
}

export async function listPrizes(sql: Sql, p: Player, o: { status?: string; page: number }) {
  const r = await repo.listUserPrizes(sql, who(p), o);
  const lang = boxLang(p.locale);
  return { data: r.rows.map((x) => userPrizeView(x, lang)), ...page(r.total, r.perPage, o.page) };
}

export async function openingReceipt(sql: Sql, p: Player, id: number) {
  const [opening] = await openingViews(sql, p, [id]);
  if (!opening) throw new AppError('not_found', MSG.openingNotFound);
  return { data: opening };
}
