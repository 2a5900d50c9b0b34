import { z } from 'zod';
import { Int, IsoTime, localized, replies, reply } from '../http';
import { MISSION_AUDIENCES, MISSION_GOALS, MISSION_WINDOWS } from '../missions/index';
import { Centavos } from '../money';
import { CASHBACK_TYPES } from '../promotions/cashback';
import { CONTRIBUTION_CATEGORIES, OFFER_KINDS, WAGERING_BASES } from '../promotions/index';
import { AdminIdParams, Cursor, Limit, Reason, TenantFilter, When } from './common';

/**
 * The back office's promotions (marketing; CPA payouts by finance): bonus offers, coupons with their uses and the
 * offer's budget, cashback weeks, missions, the VIP ladder and refer-a-friend CPAs. Each act runs the same module
 * function as its ops command (offer:create, coupon:create, cashback:run, mission:disable, affiliate:approve|reject).
 * A tenant's staff see their own tenant; platform staff name one with `tenant` (absent: the lists are empty, and an
 * act asks for it).
 */

const TenantOnly = z.object({ tenant: TenantFilter });

// ---- Offers ----------------------------------------------------------------------------------------------------

export const AdminPromoOffer = reply({
  id: Int,
  tenant_id: Int,
  kind: z.enum(OFFER_KINDS),
  name_pt: z.string(),
  name_en: z.string(),
  rules: z.string().describe("The offer's rules in one line, in the staff member's language."),
  wagering: z.number(),
  granted_count: Int.describe('Bonuses granted so far.'),
  granted_amount: Centavos.describe('Bonus money granted so far (its cost before conversion).'),
  budget_count: Int.nullable().describe('Most grants allowed (null: no limit).'),
  budget_amount: Centavos.nullable().describe('Most bonus money allowed (null: no limit).'),
  new_players_only: z.boolean(),
  starts_at: IsoTime.nullable(),
  ends_at: IsoTime.nullable(),
  active: z.boolean().describe('Not ended by an operator.'),
  live: z.boolean().describe('Active and inside its dates now: players can take it.'),
  created_at: IsoTime,
});
export type AdminPromoOffer = z.infer<typeof AdminPromoOffer>;
export const AdminPromoOffersReply = reply({ data: z.array(AdminPromoOffer) });
export type AdminPromoOffersReply = z.infer<typeof AdminPromoOffersReply>;
/** GET /api/admin/promotions/offers?tenant=: offer:list (a tenant has tens of offers: one page). */
export const adminOffersCall = { querystring: TenantOnly, response: replies({ 200: AdminPromoOffersReply }) };

const money = localized({
  pt: 'Informe um valor inteiro em centavos, de 1 a 1.000.000.000.',
  en: 'Give a whole number of centavos, from 1 to 1,000,000,000.',
});
const Cents = z.number({ error: money }).int({ error: money }).min(1, { error: money }).max(1_000_000_000, {
  error: money,
});
const nameMessage = localized({ pt: 'O nome tem de 1 a 120 caracteres.', en: 'The name is 1 to 120 characters.' });
const Name = z.string({ error: nameMessage }).trim().min(1, { error: nameMessage }).max(120, { error: nameMessage });
const percentMessage = localized({
  pt: 'A porcentagem vai de 0,01 a 1000, com até 2 casas decimais.',
  en: 'The percentage is 0.01 to 1000, with at most 2 decimals.',
});
const wageringMessage = localized({
  pt: 'O rollover vai de 0 a 200 vezes, com até 2 casas decimais.',
  en: 'Wagering is 0 to 200 times, with at most 2 decimals.',
});
const twoDecimals = (v: number) => Math.round(v * 100) === v * 100;
const daysMessage = localized({ pt: 'A validade vai de 1 a 365 dias.', en: 'Validity is 1 to 365 days.' });
const spinsMessage = localized({ pt: 'De 1 a 1000 giros.', en: '1 to 1000 spins.' });
const gameMessage = localized({
  pt: 'Informe o código do jogo (letras minúsculas, dígitos e -).',
  en: 'Give the game code (lower-case letters, digits and -).',
});
const contributionMessage = localized({
  pt: 'A contribuição de cada categoria vai de 0 a 100 %.',
  en: 'Each category contributes 0 to 100 %.',
});
const needed = localized({ pt: 'Obrigatório para este tipo de oferta.', en: 'Required for this kind of offer.' });
const notForKind = localized({
  pt: 'Não se aplica a este tipo de oferta.',
  en: 'Does not apply to this kind of offer.',
});
const endsMessage = localized({ pt: 'O fim deve ser depois do início.', en: 'The end must be after the start.' });
const termsMessage = localized({ pt: 'Os termos têm até 2000 caracteres.', en: 'Terms are at most 2000 characters.' });
const Terms = z.string().max(2000, { error: termsMessage }).optional();

/**
 * POST /api/admin/promotions/offers: offer:create. A deposit match needs percent and max_bonus; a no-deposit offer
 * amount; free spins free_spins, free_spins_game and free_spins_bet. Checked in full before anything is written.
 */
export const CreateOfferBody = z
  .object({
    kind: z.enum(OFFER_KINDS),
    name_pt: Name,
    name_en: Name.optional(),
    terms_pt: Terms,
    terms_en: Terms,
    percent: z
      .number({ error: percentMessage })
      .gt(0, { error: percentMessage })
      .max(1000, { error: percentMessage })
      .refine(twoDecimals, { error: percentMessage })
      .optional(),
    max_bonus: Cents.optional(),
    amount: Cents.optional(),
    free_spins: z
      .number({ error: spinsMessage })
      .int({ error: spinsMessage })
      .min(1, { error: spinsMessage })
      .max(1000, { error: spinsMessage })
      .optional(),
    free_spins_game: z
      .string()
      .regex(/^[a-z0-9-]{1,100}$/, { error: gameMessage })
      .optional(),
    free_spins_bet: Cents.optional(),
    min_deposit: Cents.optional(),
    wagering: z
      .number({ error: wageringMessage })
      .min(0, { error: wageringMessage })
      .max(200, { error: wageringMessage })
      .refine(twoDecimals, { error: wageringMessage }),
    wagering_base: z.enum(WAGERING_BASES).default('bonus'),
    max_bet: Cents.optional(),
    max_conversion: Cents.optional(),
    days: z
      .number({ error: daysMessage })
      .int({ error: daysMessage })
      .min(1, { error: daysMessage })
      .max(365, { error: daysMessage })
      .default(30),
    contributions: z
      .partialRecord(
        z.enum(CONTRIBUTION_CATEGORIES),
        z.number({ error: contributionMessage }).min(0, { error: contributionMessage }).max(100, {
          error: contributionMessage,
        }),
      )
      .optional(),
    new_players_only: z.boolean().default(false),
    once_per_cpf: z.boolean().default(false),
    budget_amount: Cents.optional(),
    budget_count: z.number().int().min(1).max(10_000_000).optional(),
    starts_at: When.optional(),
    ends_at: When.optional(),
    tenant: TenantFilter,
  })
  .strict()
  .superRefine((b, ctx) => {
    const need = (field: keyof typeof b) => {
      if (b[field] === undefined) ctx.addIssue({ code: 'custom', path: [field], message: needed });
    };
    const refuse = (field: keyof typeof b) => {
      if (b[field] !== undefined) ctx.addIssue({ code: 'custom', path: [field], message: notForKind });
    };
    if (b.kind === 'deposit_match') {
      need('percent');
      need('max_bonus');
      refuse('amount');
    } else {
      for (const f of ['percent', 'max_bonus', 'min_deposit'] as const) refuse(f);
    }
    if (b.kind === 'no_deposit') need('amount');
    if (b.kind === 'free_spins') {
      need('free_spins');
      need('free_spins_game');
      need('free_spins_bet');
      refuse('amount');
    } else {
      for (const f of ['free_spins', 'free_spins_game', 'free_spins_bet'] as const) refuse(f);
    }
    if (b.starts_at && b.ends_at && Date.parse(b.ends_at) <= Date.parse(b.starts_at))
      ctx.addIssue({ code: 'custom', path: ['ends_at'], message: endsMessage });
  });
export type CreateOfferBody = z.input<typeof CreateOfferBody>;
export type CreateOffer = z.infer<typeof CreateOfferBody>;
export const AdminPromoOfferReply = reply({ offer: AdminPromoOffer });
export type AdminPromoOfferReply = z.infer<typeof AdminPromoOfferReply>;
export const createOfferCall = { body: CreateOfferBody, response: replies({ 201: AdminPromoOfferReply }) };

/**
 * PATCH /api/admin/promotions/offers/{id} {active}: ends an offer (or brings it back). An ended offer is not taken
 * any more (its coupons stop working); bonuses already granted run their course.
 */
export const SetOfferBody = z.object({ active: z.boolean(), tenant: TenantFilter }).strict();
export const setOfferCall = {
  params: AdminIdParams,
  body: SetOfferBody,
  response: replies({ 200: AdminPromoOfferReply }),
};

// ---- Coupons ---------------------------------------------------------------------------------------------------

export const AdminCoupon = reply({
  id: Int,
  tenant_id: Int,
  code: z.string(),
  offer_id: Int,
  offer_name: z.string().describe("The offer's name in the staff member's language."),
  uses: Int,
  max_uses: Int.nullable().describe('null: no limit (each player still uses it once).'),
  starts_at: IsoTime.nullable(),
  ends_at: IsoTime.nullable(),
  listed: z.boolean().describe("Shown in the player's coupon list (unlisted: only typed in)."),
  active: z.boolean(),
  budget_count: Int.nullable(),
  budget_amount: Centavos.nullable(),
  granted_count: Int.describe("The offer's grants so far (by this coupon and any other way)."),
  granted_amount: Centavos,
  created_at: IsoTime,
});
export type AdminCoupon = z.infer<typeof AdminCoupon>;
export const AdminCouponsReply = reply({ data: z.array(AdminCoupon) });
export type AdminCouponsReply = z.infer<typeof AdminCouponsReply>;
/** GET /api/admin/promotions/coupons?tenant=: coupon:list with each coupon's offer budget. */
export const adminCouponsCall = { querystring: TenantOnly, response: replies({ 200: AdminCouponsReply }) };

const codeMessage = localized({
  pt: 'O código tem de 3 a 40 letras, dígitos, - ou _.',
  en: 'The code is 3 to 40 letters, digits, - or _.',
});
/** POST /api/admin/promotions/coupons: coupon:create (the code is kept upper-case; each player uses it once). */
export const CreateCouponBody = z
  .object({
    code: z
      .string({ error: codeMessage })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9_-]{3,40}$/, { error: codeMessage }),
    offer_id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    max_uses: z.number().int().min(1).max(100_000_000).optional(),
    starts_at: When.optional(),
    ends_at: When.optional(),
    listed: z.boolean().default(true),
    tenant: TenantFilter,
  })
  .strict()
  .superRefine((b, ctx) => {
    if (b.starts_at && b.ends_at && Date.parse(b.ends_at) <= Date.parse(b.starts_at))
      ctx.addIssue({ code: 'custom', path: ['ends_at'], message: endsMessage });
  });
export type CreateCouponBody = z.input<typeof CreateCouponBody>;
export type CreateCoupon = z.infer<typeof CreateCouponBody>;
export const AdminCouponReply = reply({ coupon: AdminCoupon });
export const createCouponCall = { body: CreateCouponBody, response: replies({ 201: AdminCouponReply }) };

// ---- Cashback --------------------------------------------------------------------------------------------------

export const AdminCashbackRun = reply({
  id: Int,
  tenant_id: Int,
  period_start: z.string().describe('The Monday of the week (YYYY-MM-DD, the tenant’s time zone).'),
  period_end: z.string(),
  entries: Int.describe('Players given a cashback.'),
  total: Centavos,
  percentage: z.number(),
  type: z.enum(CASHBACK_TYPES),
  available_at: IsoTime.describe('When players can claim it.'),
  source: z.enum(['job', 'ops']).describe('job: the weekly job; ops: an operator (CLI or console).'),
  created_at: IsoTime,
});
export type AdminCashbackRun = z.infer<typeof AdminCashbackRun>;
export const AdminCashbackReply = reply({
  enabled: z.boolean().describe('Cashback is on in the tenant’s settings.'),
  percentage: z.number(),
  type: z.enum(CASHBACK_TYPES),
  data: z.array(AdminCashbackRun),
});
export type AdminCashbackReply = z.infer<typeof AdminCashbackReply>;
/** GET /api/admin/promotions/cashback?tenant=: cashback:runs, the computed weeks, newest first (about a year). */
export const adminCashbackCall = { querystring: TenantOnly, response: replies({ 200: AdminCashbackReply }) };

const dayMessage = localized({ pt: 'Informe um dia (AAAA-MM-DD).', en: 'Give a day (YYYY-MM-DD).' });
/**
 * POST /api/admin/promotions/cashback/runs {period?}: cashback:run, the week containing `period` (default: the last
 * week that ended). A week already computed is not computed again: the reply is the first run, created false.
 */
export const RunCashbackBody = z
  .object({
    period: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: dayMessage })
      .refine((v) => !Number.isNaN(Date.parse(v)), { error: dayMessage })
      .optional(),
    tenant: TenantFilter,
  })
  .strict();
export type RunCashbackBody = z.input<typeof RunCashbackBody>;
export const AdminCashbackRunReply = reply({ created: z.boolean(), run: AdminCashbackRun });
export type AdminCashbackRunReply = z.infer<typeof AdminCashbackRunReply>;
export const runCashbackCall = { body: RunCashbackBody, response: replies({ 200: AdminCashbackRunReply }) };

// ---- Missions --------------------------------------------------------------------------------------------------

export const AdminPromoMission = reply({
  id: Int,
  tenant_id: Int,
  name_pt: z.string(),
  name_en: z.string(),
  goal: z.enum(MISSION_GOALS),
  description: z.string().describe('The goal in words, in the staff member’s language.'),
  window: z.enum(MISSION_WINDOWS),
  starts_at: IsoTime.nullable(),
  ends_at: IsoTime.nullable(),
  audience: z.enum(MISSION_AUDIENCES),
  vip_min: Int.nullable(),
  vip_max: Int.nullable(),
  opt_in: z.boolean(),
  reward: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('cash'), amount: Centavos }),
    z.object({ kind: z.literal('offer'), id: Int }),
    z.object({ kind: z.literal('box'), id: Int }),
  ]),
  active: z.boolean(),
  players: Int.describe('Players who started it (every window).'),
  completed: Int.describe('Completed, claimed or not.'),
  claimed: Int,
  created_at: IsoTime,
});
export type AdminPromoMission = z.infer<typeof AdminPromoMission>;
export const AdminPromoMissionsReply = reply({ data: z.array(AdminPromoMission) });
export type AdminPromoMissionsReply = z.infer<typeof AdminPromoMissionsReply>;
/** GET /api/admin/promotions/missions?tenant=: mission:list with how far players got. */
export const adminMissionsCall = { querystring: TenantOnly, response: replies({ 200: AdminPromoMissionsReply }) };
/** POST /api/admin/promotions/missions/{id}/disable: mission:disable (rewards already completed stay claimable). */
export const disableMissionCall = {
  params: AdminIdParams,
  body: TenantOnly.strict(),
  response: replies({ 200: reply({ mission: AdminPromoMission }) }),
};

// ---- VIP -------------------------------------------------------------------------------------------------------

export const AdminVipLevel = reply({
  level: Int,
  name_pt: z.string(),
  name_en: z.string(),
  color: z.string(),
  threshold: Centavos.describe('Season wagering to reach it.'),
  reward_cash: Centavos,
  reward_offer_id: Int.nullable(),
  reward_box_id: Int.nullable(),
  players: Int.describe('Players at this level in the current season.'),
});
export type AdminVipLevel = z.infer<typeof AdminVipLevel>;
export const AdminVipReply = reply({
  season: Int,
  points_per_real: z.number(),
  levels: z.array(AdminVipLevel),
  players: Int.describe('Players with any wagering this season (level 0 included).'),
});
export type AdminVipReply = z.infer<typeof AdminVipReply>;
/** GET /api/admin/promotions/vip?tenant=: vip:levels with the players at each level. */
export const adminVipCall = { querystring: TenantOnly, response: replies({ 200: AdminVipReply }) };

// ---- Refer a friend (affiliates) -------------------------------------------------------------------------------

export const ADMIN_REFERRAL_STATES = ['refused', 'registered', 'qualifying', 'review', 'paid', 'rejected'] as const;

export const AdminReferral = reply({
  id: Int,
  tenant_id: Int,
  referrer_id: Int,
  referrer_name: z.string(),
  referred_id: Int,
  referred_name: z.string(),
  status: z.enum(ADMIN_REFERRAL_STATES),
  reason: z.string().nullable().describe('Why it was refused or rejected.'),
  reason_note: z.string().nullable(),
  first_deposit: Centavos.nullable(),
  wagered: Centavos,
  cpa_amount: Centavos.nullable(),
  review_until: IsoTime.nullable().describe('In review: when the CPA is paid unless rejected first.'),
  paid_at: IsoTime.nullable(),
  created_at: IsoTime,
});
export type AdminReferral = z.infer<typeof AdminReferral>;
/** GET /api/admin/promotions/affiliates?status=&cursor=&limit=&tenant=: affiliate:list, newest first. */
export const AdminReferralsQuery = z.object({
  status: z.enum(ADMIN_REFERRAL_STATES).optional(),
  cursor: Cursor.optional(),
  limit: Limit,
  tenant: TenantFilter,
});
export type AdminReferralsQuery = z.input<typeof AdminReferralsQuery>;
export const AdminReferralsReply = reply({
  data: z.array(AdminReferral),
  next_cursor: z.string().nullable(),
  in_review: Int.describe('CPAs waiting for review, with their amount below.'),
  in_review_amount: Centavos,
});
export type AdminReferralsReply = z.infer<typeof AdminReferralsReply>;
export const adminReferralsCall = { querystring: AdminReferralsQuery, response: replies({ 200: AdminReferralsReply }) };

export const AdminReferralReply = reply({ referral: AdminReferral });
/** POST /api/admin/promotions/affiliates/{id}/approve: affiliate:approve, pays the CPA now (once, through the ledger). */
export const approveReferralCall = {
  params: AdminIdParams,
  body: TenantOnly.strict(),
  response: replies({ 200: AdminReferralReply }),
};
/** POST /api/admin/promotions/affiliates/{id}/reject {reason}: affiliate:reject (not once paid). */
export const rejectReferralCall = {
  params: AdminIdParams,
  body: z.object({ reason: Reason, tenant: TenantFilter }).strict(),
  response: replies({ 200: AdminReferralReply }),
};
