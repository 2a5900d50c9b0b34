import type {
  AdminCashbackReply,
  AdminCashbackRun,
  AdminCashbackRunReply,
  AdminCoupon,
  AdminCouponsReply,
  AdminPromoMission,
  AdminPromoMissionsReply,
  AdminPromoOffer,
  AdminPromoOffersReply,
  AdminReferral,
  AdminReferralsReply,
  AdminVipReply,
  CreateCoupon,
  CreateOffer,
  Locale,
} from '@sorte/contracts';
import type { Db } from '../../platform/db/index';
import { AppError, type Localized } from '../../platform/errors';
import type { Tenant } from '../../platform/tenancy';
import { disableMission, missionsForStaff, type StaffMission } from '../missions/index';
import {
  type CashbackRunRow,
  type CouponWithOffer,
  cashbackRunsForStaff,
  couponsForStaff,
  createCoupon,
  createOffer,
  describeOffer,
  findOfferForStaff,
  type OfferRow,
  offersForStaff,
  runCashback,
  setOfferActive,
} from '../promotions/index';
import {
  approveReferral,
  type ReferralStatus,
  referralsForStaff,
  rejectReferral,
  type StaffReferralRow,
} from '../referrals/index';
import { findTenantById } from '../tenants/index';
import { vipLadderForStaff } from '../vip/index';
import { auditStaffAct } from './audit';
import { tenantScope } from './permissions';
import type { StaffMember } from './staff';

/**
 * The back office's promotions over the promotions, missions, VIP and referrals modules' own functions (the ones
 * their ops commands call). Lists are one tenant's: a tenant's staff see their own; platform staff name one (without
 * it the lists are empty, and an act asks for it). Every act is audited: in the act's own transaction, except a
 * cashback week and a CPA payout, whose module functions commit their own money movement first (the audit row follows
 * at once; the ledger keeps the movement itself either way).
 */

const PICK_TENANT: Localized = {
  pt: 'Escolha a plataforma (tenant): as promoções são de uma plataforma.',
  en: 'Choose the platform (tenant) first: promotions belong to one platform.',
};
const BAD_CURSOR: Localized = {
  pt: 'Cursor de página inválido: use o next_cursor da página anterior.',
  en: 'Invalid page cursor: use the previous page’s next_cursor.',
};
const CASHBACK_OFF: Localized = {
  pt: 'O cashback está desligado nas configurações desta plataforma (ou com 0 %).',
  en: 'Cashback is off in this platform’s settings (or set to 0 %).',
};
const WEEK_OPEN: Localized = {
  pt: 'Essa semana ainda não terminou: o cashback é calculado depois do domingo.',
  en: 'That week has not ended yet: cashback is computed after its Sunday.',
};
const NOT_IN_REVIEW: Localized = {
  pt: 'Só um CPA em análise pode ser aprovado.',
  en: 'Only a CPA in review can be approved.',
};
const CLOSED: Localized = {
  pt: 'Esta indicação já foi paga, recusada ou rejeitada.',
  en: 'This referral was already paid, refused or rejected.',
};
const SHORT_REASON: Localized = {
  pt: 'Escreva o motivo (3 a 500 caracteres).',
  en: 'Write the reason (3 to 500 characters).',
};
const NO_REFERRAL: Localized = { pt: 'Indicação não encontrada.', en: 'Referral not found.' };

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The one tenant a list reads, or null (platform staff who named none). */
function listTenant(staff: StaffMember, requested?: number): number | null {
  return tenantScope(staff, requested) ?? null;
}

/** The tenant an act changes: the staff member's own, or the one platform staff name. */
async function actTenant(db: Db, staff: StaffMember, requested?: number): Promise<Tenant> {
  const id = tenantScope(staff, requested);
  if (id === undefined) throw new AppError('validation', PICK_TENANT, { tenant: [PICK_TENANT] });
  const t = await findTenantById(db, id);
  if (!t) throw new AppError('validation', PICK_TENANT, { tenant: [PICK_TENANT] });
  return t;
}

// ---- Offers ----------------------------------------------------------------------------------------------------

function offerOf(o: OfferRow, lang: Locale, now: Date): AdminPromoOffer {
  return {
    id: Number(o.id),
    tenant_id: Number(o.tenant_id),
    kind: o.kind,
    name_pt: o.name_pt,
    name_en: o.name_en,
    rules: describeOffer(o, lang),
    wagering: Number(o.wagering),
    granted_count: Number(o.granted_count),
    granted_amount: Number(o.granted_amount),
    budget_count: o.budget_count === null ? null : Number(o.budget_count),
    budget_amount: o.budget_amount === null ? null : Number(o.budget_amount),
    new_players_only: o.new_players_only,
    starts_at: iso(o.starts_at),
    ends_at: iso(o.ends_at),
    active: o.active,
    live: o.active && (!o.starts_at || o.starts_at <= now) && (!o.ends_at || o.ends_at > now),
    created_at: o.created_at.toISOString(),
  };
}

export async function listOffers(
  db: Db,
  staff: StaffMember,
  q: { tenant?: number; lang: Locale },
): Promise<AdminPromoOffersReply> {
  const t = listTenant(staff, q.tenant);
  if (t === null) return { data: [] };
  const now = new Date();
  return { data: (await offersForStaff(db, t)).reverse().map((o) => offerOf(o, q.lang, now)) };
}

/** offer:create from the console: the same validation, then the offer and its audit row together. */
export async function newOffer(
  db: Db,
  staff: StaffMember,
  o: { body: CreateOffer; lang: Locale; ip: string | null },
): Promise<{ offer: AdminPromoOffer }> {
  const tenant = await actTenant(db, staff, o.body.tenant);
  const b = o.body;
  return db.transaction(async (tx) => {
    const row = await createOffer(tx, tenant, {
      kind: b.kind,
      name: b.name_pt,
      nameEn: b.name_en,
      termsPt: b.terms_pt,
      termsEn: b.terms_en,
      percent: b.percent,
      maxBonus: b.max_bonus,
      amount: b.amount,
      freeSpins: b.free_spins,
      freeSpinsGame: b.free_spins_game,
      freeSpinsBet: b.free_spins_bet,
      minDeposit: b.min_deposit,
      wagering: b.wagering,
      wageringBase: b.wagering_base,
      maxBet: b.max_bet,
      maxConversion: b.max_conversion,
      days: b.days,
      contributions: b.contributions,
      newPlayersOnly: b.new_players_only,
      oncePerCpf: b.once_per_cpf,
      budgetAmount: b.budget_amount,
      budgetCount: b.budget_count,
      startsAt: b.starts_at ? new Date(b.starts_at) : undefined,
      endsAt: b.ends_at ? new Date(b.ends_at) : undefined,
    });
    const offer = offerOf(row, o.lang, new Date());
    await auditStaffAct(tx, {
      staff,
      action: 'offer.create',
      tenantId: tenant.id,
      userId: null,
      before: null,
      after: offer,
      ip: o.ip,
    });
    return { offer };
  });
}

/** Ends an offer or brings it back. */
export async function changeOffer(
  db: Db,
  staff: StaffMember,
  o: { id: number; active: boolean; tenant?: number; lang: Locale; ip: string | null },
): Promise<{ offer: AdminPromoOffer }> {
  const tenant = await actTenant(db, staff, o.tenant);
  return db.transaction(async (tx) => {
    const before = await findOfferForStaff(tx, tenant.id, o.id);
    const row = await setOfferActive(tx, { tenantId: tenant.id, id: o.id, active: o.active });
    const now = new Date();
    const offer = offerOf(row, o.lang, now);
    await auditStaffAct(tx, {
      staff,
      action: o.active ? 'offer.resume' : 'offer.end',
      tenantId: tenant.id,
      userId: null,
      before: before ? offerOf(before, o.lang, now) : null,
      after: offer,
      ip: o.ip,
    });
    return { offer };
  });
}

// ---- Coupons ---------------------------------------------------------------------------------------------------

const couponOf = (c: CouponWithOffer, lang: Locale): AdminCoupon => ({
  id: Number(c.id),
  tenant_id: Number(c.tenant_id),
  code: c.code,
  offer_id: Number(c.offer_id),
  offer_name: lang === 'en' ? c.offer.name_en : c.offer.name_pt,
  uses: Number(c.uses),
  max_uses: c.max_uses === null ? null : Number(c.max_uses),
  starts_at: iso(c.starts_at),
  ends_at: iso(c.ends_at),
  listed: c.listed,
  active: c.active && c.offer.active,
  budget_count: c.offer.budget_count === null ? null : Number(c.offer.budget_count),
  budget_amount: c.offer.budget_amount === null ? null : Number(c.offer.budget_amount),
  granted_count: Number(c.offer.granted_count),
  granted_amount: Number(c.offer.granted_amount),
  created_at: c.created_at.toISOString(),
});

export async function listCoupons(
  db: Db,
  staff: StaffMember,
  q: { tenant?: number; lang: Locale },
): Promise<AdminCouponsReply> {
  const t = listTenant(staff, q.tenant);
  if (t === null) return { data: [] };
  return { data: (await couponsForStaff(db, t)).reverse().map((c) => couponOf(c, q.lang)) };
}

/** coupon:create from the console. */
export async function newCoupon(
  db: Db,
  staff: StaffMember,
  o: { body: CreateCoupon; lang: Locale; ip: string | null },
): Promise<{ coupon: AdminCoupon }> {
  const tenant = await actTenant(db, staff, o.body.tenant);
  const b = o.body;
  return db.transaction(async (tx) => {
    const c = await createCoupon(tx, tenant, {
      code: b.code,
      offerId: b.offer_id,
      maxUses: b.max_uses ?? null,
      startsAt: b.starts_at ? new Date(b.starts_at) : null,
      endsAt: b.ends_at ? new Date(b.ends_at) : null,
      listed: b.listed,
    });
    const coupon = couponOf(c, o.lang);
    await auditStaffAct(tx, {
      staff,
      action: 'coupon.create',
      tenantId: tenant.id,
      userId: null,
      before: null,
      after: coupon,
      ip: o.ip,
    });
    return { coupon };
  });
}

// ---- Cashback --------------------------------------------------------------------------------------------------

const runOf = (r: CashbackRunRow): AdminCashbackRun => ({
  id: Number(r.id),
  tenant_id: Number(r.tenant_id),
  period_start: r.period_start,
  period_end: r.period_end,
  entries: Number(r.entries),
  total: Number(r.total),
  percentage: Number(r.percentage),
  type: r.type,
  available_at: r.available_at.toISOString(),
  source: r.source,
  created_at: r.created_at.toISOString(),
});

/** About a year of weeks. */
const RUNS_SHOWN = 60;

export async function listCashback(db: Db, staff: StaffMember, tenant?: number): Promise<AdminCashbackReply> {
  const t = listTenant(staff, tenant);
  if (t === null) return { enabled: false, percentage: 0, type: 'calendar', data: [] };
  const row = await findTenantById(db, t);
  const s = row?.settings;
  return {
    enabled: Boolean(s?.cashback) && (s?.cashback_conversion_percentage ?? 0) > 0,
    percentage: Number(s?.cashback_conversion_percentage ?? 0),
    type: s?.cashback_type ?? 'calendar',
    data: (await cashbackRunsForStaff(db, t, RUNS_SHOWN)).map(runOf),
  };
}

/**
 * cashback:run from the console: the week is computed once (a second run answers the first). The audit row is
 * written only when this call computed it.
 */
export async function computeCashback(
  db: Db,
  staff: StaffMember,
  o: { period?: string; tenant?: number; ip: string | null },
): Promise<AdminCashbackRunReply> {
  const tenant = await actTenant(db, staff, o.tenant);
  const s = tenant.settings;
  if (!tenant.active || !s.cashback || !(s.cashback_conversion_percentage > 0))
    throw new AppError('conflict', CASHBACK_OFF);
  const now = new Date();
  const r = await runCashback(db, tenant, { now, day: o.period, source: 'ops' }).catch((err: unknown) => {
    // The service's own refusal of a week not over yet, in the staff member's language.
    if (err instanceof AppError && err.status === 400 && /is not over/.test(err.message))
      throw new AppError('validation', WEEK_OPEN, { period: [WEEK_OPEN] });
    throw err;
  });
  const run = runOf(r.run);
  if (r.created)
    await auditStaffAct(db, {
      staff,
      action: 'cashback.run',
      tenantId: tenant.id,
      userId: null,
      before: null,
      after: run,
      ip: o.ip,
    });
  return { created: r.created, run };
}

// ---- Missions --------------------------------------------------------------------------------------------------

const missionOf = (m: StaffMission, lang: Locale): AdminPromoMission => ({
  id: m.id,
  tenant_id: m.tenant_id,
  name_pt: m.name_pt,
  name_en: m.name_en,
  goal: m.goal,
  description: m.description[lang],
  window: m.time_window,
  starts_at: iso(m.starts_at),
  ends_at: iso(m.ends_at),
  audience: m.audience,
  vip_min: m.vip_min,
  vip_max: m.vip_max,
  opt_in: m.opt_in,
  reward:
    m.reward_cash !== null
      ? { kind: 'cash', amount: m.reward_cash }
      : m.reward_box_id !== null
        ? { kind: 'box', id: m.reward_box_id }
        : { kind: 'offer', id: m.reward_offer_id ?? 0 },
  active: m.active,
  players: m.players,
  completed: m.completed,
  claimed: m.claimed,
  created_at: m.created_at.toISOString(),
});

export async function listMissions(
  db: Db,
  staff: StaffMember,
  q: { tenant?: number; lang: Locale },
): Promise<AdminPromoMissionsReply> {
  const t = listTenant(staff, q.tenant);
  if (t === null) return { data: [] };
  return { data: (await missionsForStaff(db, t)).reverse().map((m) => missionOf(m, q.lang)) };
}

export async function stopMission(
  db: Db,
  staff: StaffMember,
  o: { id: number; tenant?: number; lang: Locale; ip: string | null },
): Promise<{ mission: AdminPromoMission }> {
  const tenant = await actTenant(db, staff, o.tenant);
  return db.transaction(async (tx) => {
    const before = (await missionsForStaff(tx, tenant.id)).find((m) => m.id === o.id);
    const mission = missionOf(await disableMission(tx, tenant.id, o.id), o.lang);
    await auditStaffAct(tx, {
      staff,
      action: 'mission.disable',
      tenantId: tenant.id,
      userId: null,
      before: before ? missionOf(before, o.lang) : null,
      after: mission,
      ip: o.ip,
    });
    return { mission };
  });
}

// ---- VIP -------------------------------------------------------------------------------------------------------

export async function vipLadder(db: Db, staff: StaffMember, tenant?: number): Promise<AdminVipReply> {
  const t = listTenant(staff, tenant);
  if (t === null) return { season: 1, points_per_real: 1, levels: [], players: 0 };
  const v = await vipLadderForStaff(db, t);
  return {
    season: Number(v.season),
    points_per_real: v.points_per_real,
    players: v.players,
    levels: v.levels.map((l) => ({
      level: Number(l.level),
      name_pt: l.name_pt,
      name_en: l.name_en,
      color: l.color,
      threshold: Number(l.threshold),
      reward_cash: Number(l.reward_cash),
      reward_offer_id: l.reward_offer_id,
      reward_box_id: l.reward_box_id,
      players: l.players,
    })),
  };
}

// ---- Refer a friend --------------------------------------------------------------------------------------------

const referralOf = (r: StaffReferralRow): AdminReferral => ({
  id: Number(r.id),
  tenant_id: Number(r.tenant_id),
  referrer_id: Number(r.referrer_id),
  referrer_name: r.referrer_name,
  referred_id: Number(r.referred_id),
  referred_name: r.referred_name,
  status: r.status,
  reason: r.reason,
  reason_note: r.reason_note,
  first_deposit: r.first_deposit === null ? null : Number(r.first_deposit),
  wagered: Number(r.wagered),
  cpa_amount: r.cpa_amount === null ? null : Number(r.cpa_amount),
  review_until: iso(r.review_until),
  paid_at: iso(r.paid_at),
  created_at: r.created_at.toISOString(),
});

function decodeCursor(cursor: string): number {
  const n = Number(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!Number.isSafeInteger(n) || n <= 0) throw new AppError('validation', BAD_CURSOR, { cursor: [BAD_CURSOR] });
  return n;
}

export async function listReferrals(
  db: Db,
  staff: StaffMember,
  q: { status?: ReferralStatus; cursor?: string; limit: number; tenant?: number },
): Promise<AdminReferralsReply> {
  const before = q.cursor ? decodeCursor(q.cursor) : undefined;
  const t = listTenant(staff, q.tenant);
  if (t === null) return { data: [], next_cursor: null, in_review: 0, in_review_amount: 0 };
  const { rows, review } = await referralsForStaff(db, {
    tenantId: t,
    status: q.status ?? null,
    before,
    limit: q.limit + 1,
  });
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  return {
    data: page.map(referralOf),
    next_cursor: rows.length > q.limit && last ? Buffer.from(String(last.id)).toString('base64url') : null,
    in_review: review.count,
    in_review_amount: review.amount,
  };
}

/** The referral as the list shows it (with the players' names), for the reply and the audit row. */
async function referralRow(db: Db, tenantId: number, id: number): Promise<AdminReferral | null> {
  const { rows } = await referralsForStaff(db, { tenantId, status: null, before: id + 1, limit: 1 });
  return rows[0] && Number(rows[0].id) === id ? referralOf(rows[0]) : null;
}

/** affiliate:approve and affiliate:reject from the console (finance): the CPA is paid now or never. */
export async function reviewReferral(
  db: Db,
  staff: StaffMember,
  o: { id: number; act: 'approve' | 'reject'; reason?: string; tenant?: number; ip: string | null },
): Promise<{ referral: AdminReferral }> {
  const reason = o.reason?.trim() ?? '';
  if (o.act === 'reject' && reason.length < 3)
    throw new AppError('validation', SHORT_REASON, { reason: [SHORT_REASON] });
  const tenant = await actTenant(db, staff, o.tenant);
  const before = await referralRow(db, tenant.id, o.id);
  if (!before) throw new AppError('not_found', NO_REFERRAL);
  if (o.act === 'approve' && before.status !== 'review') throw new AppError('conflict', NOT_IN_REVIEW);
  if (o.act === 'reject' && ['paid', 'rejected', 'refused'].includes(before.status))
    throw new AppError('conflict', CLOSED);
  const now = new Date();
  if (o.act === 'approve') await approveReferral(db, { tenantId: tenant.id, id: o.id, now });
  else await rejectReferral(db, { tenantId: tenant.id, id: o.id, reason, now });
  const after = (await referralRow(db, tenant.id, o.id))!;
  await auditStaffAct(db, {
    staff,
    action: o.act === 'approve' ? 'affiliate.approve' : 'affiliate.reject',
    tenantId: tenant.id,
    userId: after.referrer_id,
    before,
    after: o.reason ? { ...after, note: o.reason } : after,
    ip: o.ip,
  });
  return { referral: after };
}
