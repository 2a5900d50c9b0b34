import type { Coupon, CouponErrorCode, Locale } from '@sorte/contracts';
import type { Db, Sql } from '../../platform/db/index';
import { AppError } from '../../platform/errors';
import type { Tenant } from '../../platform/tenancy';
import { findUserById } from '../auth/index';
import * as ledger from '../ledger/index';
import { bonusDto, grant, matchFor, refusalFor } from './bonuses';
import { syncCampaigns } from './freespins';
import { MSG, type Text } from './messages';
import { gamesOf, offerDto } from './offers';
import { kindAllowed } from './policies';
import * as repo from './repo';

/**
 * Coupons: a code (case-insensitive, stored upper-case) linked to an offer, with a validity window and a total
 * number of uses; each player uses a coupon once. A no-deposit coupon is redeemed at once; a deposit-match coupon
 * goes with a PIX charge and is granted when the charge is paid.
 */

type Who = { tenant: Tenant; userId: number };

const refuse = (code: CouponErrorCode, message: Text) => new AppError(code, message, { coupon: [message] });

function couponDto(
  c: repo.CouponRow,
  offer: repo.OfferRow,
  locale: Locale,
  games?: Map<string, repo.FreeSpinsGame>,
): Coupon {
  return {
    code: c.code,
    valid: true,
    offer: offerDto(offer, locale, games),
    min_deposit: offer.kind === 'deposit_match' ? offer.min_deposit : null,
    expires_at:
      (c.ends_at && offer.ends_at
        ? c.ends_at < offer.ends_at
          ? c.ends_at
          : offer.ends_at
        : (c.ends_at ?? offer.ends_at)
      )?.toISOString() ?? null,
    needs_deposit: offer.kind === 'deposit_match',
  };
}

const live = (c: repo.CouponRow, now: Date) =>
  c.active && (!c.starts_at || c.starts_at <= now) && (!c.ends_at || c.ends_at > now);

/** The player facts eligibility reads: their CPF and how many deposits they made. */
async function playerFacts(sql: Sql, w: Who) {
  const user = await findUserById(sql, w.tenant.id, w.userId);
  const wallet = await ledger.readWallet(sql, { tenantId: w.tenant.id, userId: w.userId });
  return { cpf: user?.cpf ?? null, depositCount: wallet.deposit_count };
}

/**
 * Everything that decides whether this player may use the coupon now, in the order a player would ask: does it
 * exist, is it valid now, may this site give it, is any use left, did I use it, am I eligible for its offer.
 * `depositCount` is the player's deposits before the one the coupon goes with.
 */
async function vet(
  sql: Sql,
  w: Who,
  code: string,
  now: Date,
  o: { depositCount?: number } = {},
): Promise<{ coupon: repo.CouponRow; offer: repo.OfferRow; cpf: string | null }> {
  const coupon = await repo.findCoupon(sql, w.tenant.id, code.trim().toUpperCase());
  if (!coupon) throw refuse('coupon_unknown', MSG.couponUnknown);
  const offer = (await repo.findOffer(sql, w.tenant.id, coupon.offer_id))!;
  if (!kindAllowed(w.tenant.settings, offer.kind)) throw refuse('bonus_regulated', MSG.regulated);
  if (!live(coupon, now)) throw refuse('coupon_expired', MSG.couponExpired);
  if (await repo.findRedemption(sql, { tenantId: w.tenant.id, couponId: coupon.id, userId: w.userId }))
    throw refuse('coupon_already_used', MSG.couponAlreadyUsed);
  if (coupon.max_uses !== null && coupon.uses >= coupon.max_uses) throw refuse('coupon_used_up', MSG.couponUsedUp);
  const facts = await playerFacts(sql, w);
  const refusal = await refusalFor(sql, {
    tenant: w.tenant,
    userId: w.userId,
    offer,
    cpf: facts.cpf,
    depositCount: o.depositCount ?? facts.depositCount,
    now,
  });
  if (refusal) throw refuse(refusal.code, refusal.message);
  return { coupon, offer, cpf: facts.cpf };
}

/** POST /bonuses/check-coupon: the coupon and its offer, or a 422 with the reason. */
export async function checkCoupon(db: Db, w: Who, code: string, locale: Locale, now = new Date()) {
  const { coupon, offer } = await vet(db, w, code, now);
  return { coupon: couponDto(coupon, offer, locale, await gamesOf(db, w.tenant.id, [offer])) };
}

/** GET /bonuses/coupons: the listed coupons this player may use now. */
export async function listUsableCoupons(db: Db, w: Who, locale: Locale, now = new Date()) {
  const all = (await repo.listCoupons(db, w.tenant.id)).filter((c) => c.listed && live(c, now));
  const out: Coupon[] = [];
  for (const c of all) {
    try {
      const { coupon, offer } = await vet(db, w, c.code, now);
      out.push(couponDto(coupon, offer, locale, await gamesOf(db, w.tenant.id, [offer])));
    } catch (err) {
      if (!(err instanceof AppError) || err.status !== 422) throw err;
    }
  }
  return { coupons: out };
}

/**
 * POST /bonuses/redeem: a no-deposit coupon grants its bonus at once (active, or queued behind the active one).
 * One transaction: the player's use is recorded first (a second redeem, even concurrent, finds it and answers the
 * same bonus), then one use of the coupon is taken by a conditional update (never past max uses).
 */
export async function redeemCoupon(db: Db, w: Who, code: string, locale: Locale, now = new Date()) {
  const upper = code.trim().toUpperCase();
  const existing = await repeatOf(db, w, upper);
  if (existing) return { bonus: await dtoOf(db, w, existing, locale), message: MSG.redeemedAgain[locale] };
  const bonus = await db
    .transaction(async (tx) => {
      const { coupon, offer, cpf } = await vet(tx, w, upper, now);
      if (offer.kind === 'deposit_match') throw refuse('coupon_not_eligible', MSG.couponNeedsDeposit);
      const redemption = await repo.insertRedemption(tx, {
        tenantId: w.tenant.id,
        couponId: coupon.id,
        userId: w.userId,
        txid: null,
      });
      if (!redemption) throw refuse('coupon_already_used', MSG.couponAlreadyUsed);
      if (!(await repo.useCoupon(tx, w.tenant.id, coupon.id))) throw refuse('coupon_used_up', MSG.couponUsedUp);
      await repo.lockPlayer(tx, w.tenant.id, w.userId);
      const g = await grant(tx, {
        tenant: w.tenant,
        userId: w.userId,
        offer,
        amount: offer.kind === 'free_spins' ? 0 : offer.amount!,
        deposit: 0,
        cpf,
        source: 'coupon',
        sourceRef: coupon.code,
        key: `coupon:${coupon.id}:${w.userId}`,
        now,
      });
      await repo.setRedemptionBonus(tx, { tenantId: w.tenant.id, id: redemption.id, bonusId: g.bonus.id });
      return g.bonus;
    })
    .catch(async (err) => {
      // A concurrent redeem of the same code by the same player committed first: answer its bonus.
      const again = err instanceof AppError && err.code === 'coupon_already_used' ? await repeatOf(db, w, upper) : null;
      if (again) return again;
      throw err;
    });
  // Free spins that activated are created at the game's provider now (the job retries if it is not reachable).
  if (bonus.free_spins !== null) await syncCampaigns(db, { tenantId: w.tenant.id, userId: w.userId });
  const dto = await dtoOf(db, w, (await repo.findBonus(db, w.tenant.id, bonus.id)) ?? bonus, locale);
  const message =
    bonus.state !== 'active'
      ? MSG.redeemedQueued[locale]
      : dto.free_spins
        ? MSG.redeemedSpins(dto.free_spins.total, dto.free_spins.game?.title ?? '')[locale]
        : MSG.redeemed[locale];
  return { bonus: dto, message };
}

async function repeatOf(sql: Sql, w: Who, code: string): Promise<repo.BonusRow | null> {
  const coupon = await repo.findCoupon(sql, w.tenant.id, code);
  if (!coupon) return null;
  const r = await repo.findRedemption(sql, { tenantId: w.tenant.id, couponId: coupon.id, userId: w.userId });
  return r?.bonus_id ? repo.findBonus(sql, w.tenant.id, r.bonus_id) : null;
}

async function dtoOf(sql: Sql, w: Who, b: repo.BonusRow, locale: Locale) {
  const offer = (await repo.findOffer(sql, w.tenant.id, b.offer_id)) ?? undefined;
  const balance = (await ledger.getBalance(sql, { tenantId: w.tenant.id, userId: w.userId })).bonus;
  return bonusDto(b, offer, balance, locale, await gamesOf(sql, w.tenant.id, [offer]));
}

/**
 * Before a PIX charge is created with a coupon: the coupon must be a deposit match this player may use, and the
 * amount at least its minimum deposit. It is remembered under the charge's txid; the bonus is granted when the
 * charge is paid (grantForDeposit). Nothing is reserved: a charge left unpaid uses nothing.
 */
export async function attachCouponToCharge(
  db: Db,
  o: { tenant: Tenant; userId: number; amount: number; coupon: string; txid: string; now?: Date },
): Promise<void> {
  const w = { tenant: o.tenant, userId: o.userId };
  const { coupon, offer } = await vet(db, w, o.coupon, o.now ?? new Date());
  if (offer.kind !== 'deposit_match') throw refuse('coupon_not_eligible', MSG.couponNoDeposit);
  if (offer.min_deposit !== null && o.amount < offer.min_deposit)
    throw refuse('coupon_min_deposit', MSG.minDeposit(offer.min_deposit));
  await repo.insertChargeCoupon(db, {
    tenantId: o.tenant.id,
    txid: o.txid,
    userId: o.userId,
    couponId: coupon.id,
    amount: o.amount,
  });
}

/**
 * A paid PIX charge that carried a deposit-match coupon: the match (the offer's percent of the amount, up to its
 * cap) is granted, once. When the coupon can no longer be used (its uses ran out meanwhile, the offer ended, the
 * player got it another way) the charge's coupon is marked refused with the reason and nothing is granted.
 */
export async function grantForDeposit(
  tx: Sql,
  o: { tenant: Tenant; userId: number; txid: string; amount: number; depositCount: number; now: Date },
): Promise<repo.BonusRow | null> {
  const pending = await repo.lockChargeCoupon(tx, o.tenant.id, o.txid);
  if (!pending || pending.outcome !== null || pending.user_id !== o.userId) return null;
  const coupon = (await repo.findCouponById(tx, o.tenant.id, pending.coupon_id))!;
  const w = { tenant: o.tenant, userId: o.userId };
  const refused = async (reason: string) => {
    await repo.setChargeOutcome(tx, { tenantId: o.tenant.id, txid: o.txid, outcome: 'refused', reason, bonusId: null });
    return null;
  };
  let vetted: Awaited<ReturnType<typeof vet>>;
  try {
    // Valid when the charge was made counts: the player paid within its five minutes.
    vetted = await vet(tx, w, coupon.code, new Date(Math.min(o.now.getTime(), Date.now())), {
      depositCount: Math.max(0, o.depositCount - 1),
    });
  } catch (err) {
    if (err instanceof AppError && err.status === 422) return refused(err.code);
    throw err;
  }
  const amount = matchFor(vetted.offer, o.amount);
  if (amount <= 0) return refused('no_match');
  // A refusal found while granting (uses or budget ran out meanwhile) undoes the grant's rows but keeps the record
  // of why, so the delivery commits and is not retried.
  await tx.query('savepoint promo_deposit_grant');
  let g: Awaited<ReturnType<typeof grant>>;
  let redemption: repo.RedemptionRow | null;
  try {
    redemption = await repo.insertRedemption(tx, {
      tenantId: o.tenant.id,
      couponId: coupon.id,
      userId: o.userId,
      txid: o.txid,
    });
    if (!redemption) throw refuse('coupon_already_used', MSG.couponAlreadyUsed);
    if (!(await repo.useCoupon(tx, o.tenant.id, coupon.id))) throw refuse('coupon_used_up', MSG.couponUsedUp);
    await repo.lockPlayer(tx, o.tenant.id, o.userId);
    g = await grant(tx, {
      tenant: o.tenant,
      userId: o.userId,
      offer: vetted.offer,
      amount,
      deposit: o.amount,
      cpf: vetted.cpf,
      source: 'deposit',
      sourceRef: o.txid,
      key: `deposit:${o.txid}`,
      now: o.now,
    });
  } catch (err) {
    if (!(err instanceof AppError && err.status === 422)) throw err;
    await tx.query('rollback to savepoint promo_deposit_grant');
    return refused(err.code);
  }
  await repo.setRedemptionBonus(tx, { tenantId: o.tenant.id, id: redemption.id, bonusId: g.bonus.id });
  await repo.setChargeOutcome(tx, {
    tenantId: o.tenant.id,
    txid: o.txid,
    outcome: 'granted',
    reason: null,
    bonusId: g.bonus.id,
  });
  return g.bonus;
}
