import type { Sql } from '../../platform/db/index';
import { AppError, type Localized } from '../../platform/errors';
import type { Tenant } from '../../platform/tenancy';
import * as cashbackRepo from './cashback/repo';
import { kindAllowed } from './policies';
import * as repo from './repo';

/**
 * What the back office reads and does in promotions, beside the ops commands: the offers, the coupons with their
 * offer's budget, the computed cashback weeks, and a coupon's creation (which coupon:create runs too).
 */

export type { OfferRow } from './repo';
export type CouponWithOffer = repo.CouponRow & { offer: repo.OfferRow };

export const offersForStaff = (sql: Sql, tenantId: number) => repo.listOffers(sql, tenantId);

const NO_OFFER: Localized = { pt: 'Oferta não encontrada.', en: 'Offer not found.' };

export async function setOfferActive(sql: Sql, o: { tenantId: number; id: number; active: boolean }) {
  const offer = await repo.setOfferActive(sql, o);
  if (!offer) throw new AppError('not_found', NO_OFFER);
  return offer;
}

export const findOfferForStaff = (sql: Sql, tenantId: number, id: number) => repo.findOffer(sql, tenantId, id);

/** The tenant's coupons, each with its offer (for the offer's name and budget). */
export async function couponsForStaff(sql: Sql, tenantId: number): Promise<CouponWithOffer[]> {
  const [coupons, offers] = await Promise.all([repo.listCoupons(sql, tenantId), repo.listOffers(sql, tenantId)]);
  const byId = new Map(offers.map((o) => [o.id, o]));
  return coupons.flatMap((c) => {
    const offer = byId.get(Number(c.offer_id));
    return offer ? [{ ...c, offer }] : [];
  });
}

export type CouponInput = {
  code: string;
  offerId: number;
  maxUses: number | null;
  startsAt: Date | null;
  endsAt: Date | null;
  listed: boolean;
};

const BAD_CODE: Localized = {
  pt: 'O código tem de 3 a 40 letras, dígitos, - ou _.',
  en: 'The code is 3 to 40 letters, digits, - or _.',
};
const REGULATED: Localized = {
  pt: 'Esta plataforma é regulada: este tipo de oferta não pode ter cupom.',
  en: 'This platform is regulated: this kind of offer cannot have a coupon.',
};
const OFFER_ENDED: Localized = {
  pt: 'Esta oferta foi encerrada: reative-a antes de criar um cupom.',
  en: 'This offer has ended: turn it back on before making a coupon.',
};
const TAKEN: Localized = { pt: 'Este código de cupom já existe.', en: 'This coupon code already exists.' };
const BAD_DATES: Localized = { pt: 'O fim deve ser depois do início.', en: 'The end must be after the start.' };
const BAD_USES: Localized = { pt: 'O limite de usos é pelo menos 1.', en: 'The use limit is at least 1.' };

/** A coupon code (kept upper-case, so matching is case-insensitive) for one of the tenant's offers. */
export async function createCoupon(sql: Sql, tenant: Tenant, i: CouponInput): Promise<CouponWithOffer> {
  const code = i.code.trim().toUpperCase();
  if (!/^[A-Z0-9_-]{3,40}$/.test(code)) throw new AppError('validation', BAD_CODE, { code: [BAD_CODE] });
  if (i.maxUses !== null && !(Number.isSafeInteger(i.maxUses) && i.maxUses >= 1))
    throw new AppError('validation', BAD_USES, { max_uses: [BAD_USES] });
  if (i.startsAt && i.endsAt && i.endsAt <= i.startsAt)
    throw new AppError('validation', BAD_DATES, { ends_at: [BAD_DATES] });
  const offer = await repo.findOffer(sql, tenant.id, i.offerId);
  if (!offer) throw new AppError('validation', NO_OFFER, { offer_id: [NO_OFFER] });
  // A code for an ended offer could never be used: say so now rather than to the first player who types it.
  if (!offer.active) throw new AppError('validation', OFFER_ENDED, { offer_id: [OFFER_ENDED] });
  if (!kindAllowed(tenant.settings, offer.kind)) throw new AppError('validation', REGULATED, { offer_id: [REGULATED] });
  const c = await repo.insertCoupon(sql, {
    tenant_id: tenant.id,
    code,
    offer_id: offer.id,
    max_uses: i.maxUses,
    starts_at: i.startsAt,
    ends_at: i.endsAt,
    listed: i.listed,
  });
  if (!c) throw new AppError('conflict', TAKEN, { code: [TAKEN] });
  return { ...c, offer };
}

export type CashbackRunRow = cashbackRepo.RunRow;
/** The tenant's computed cashback weeks, newest first. */
export const cashbackRunsForStaff = (sql: Sql, tenantId: number, limit: number) =>
  cashbackRepo.listRuns(sql, tenantId, limit);
