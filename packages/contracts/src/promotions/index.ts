import { z } from 'zod';
import { form, Int, IsoTime, localized, replies, reply } from '../http';
import { Centavos } from '../money';

/**
 * Bonuses and coupons. An offer is the tenant's definition (deposit match, no-deposit credit, free spins); a bonus
 * is one player's instance of it: available (queued) -> active (wagering) -> completed | expired | cancelled |
 * forfeited. One bonus is active per player; its money sits in the player's bonus balance and must be staked
 * `wagering_required` centavos (each stake times its game's contribution) before, up to the offer's conversion cap,
 * it becomes cash. Money in centavos.
 */

export const OFFER_KINDS = ['deposit_match', 'no_deposit', 'free_spins'] as const;
export type OfferKind = (typeof OFFER_KINDS)[number];

export const BONUS_STATES = ['available', 'active', 'completed', 'expired', 'cancelled', 'forfeited'] as const;
export type BonusState = (typeof BONUS_STATES)[number];

/** What the wagering multiplier multiplies: the bonus alone, or the bonus plus the deposit that earned it. */
export const WAGERING_BASES = ['bonus', 'bonus_deposit'] as const;
export type WageringBase = (typeof WAGERING_BASES)[number];

/**
 * Game categories an offer's contribution table names (a game's category comes from the catalogue; `sports` is a
 * settled sportsbook bet).
 */
export const CONTRIBUTION_CATEGORIES = ['slots', 'table', 'live', 'originals', 'other', 'sports'] as const;
export type ContributionCategory = (typeof CONTRIBUTION_CATEGORIES)[number];

const Bilingual = reply({ pt: z.string(), en: z.string() });

export const Contribution = reply({
  category: z.enum(CONTRIBUTION_CATEGORIES),
  percent: z.number().describe('Share of each stake that counts towards the wagering (0 to 100).'),
});

/** The game a free-spins offer is played on, with the site path of its page (/casino/<provider>/<game>). */
export const FreeSpinsGame = reply({
  code: z.string(),
  title: z.string(),
  provider: z.string().describe("The provider's code."),
  path: z.string().describe('Where the game opens on the site.'),
});
export type FreeSpinsGame = z.infer<typeof FreeSpinsGame>;

/** An offer as players see it (GET /api/promotions/offers, and inside a bonus or coupon). */
export const Offer = reply({
  id: Int,
  kind: z.enum(OFFER_KINDS),
  name: z.string().describe('In the request language.'),
  names: Bilingual.describe('The name in both languages.'),
  terms: Bilingual.describe("The operator's own terms text, in both languages (may be empty)."),
  percent: z.number().nullable().describe('Deposit match: percent of the deposit given as bonus.'),
  max_bonus: Centavos.nullable().describe('Deposit match: the largest bonus.'),
  amount: Centavos.nullable().describe('No-deposit: the credit.'),
  free_spins: Int.nullable().describe('Free spins: how many.'),
  free_spins_bet: Centavos.nullable().describe('Free spins: the stake of each spin.'),
  free_spins_game: FreeSpinsGame.nullable().describe('Free spins: the game they are played on.'),
  min_deposit: Centavos.nullable().describe('Deposit match: the smallest deposit that earns it.'),
  wagering: z.number().describe('Wagering multiplier (0: none).'),
  wagering_base: z.enum(WAGERING_BASES),
  max_bet: Centavos.nullable().describe('Largest stake that counts while wagering; a larger one counts nothing.'),
  days: Int.describe('Days to complete the wagering once active.'),
  max_conversion: Centavos.nullable().describe('Most of the bonus balance that becomes cash; null: all of it.'),
  contributions: z.array(Contribution),
  new_players_only: z.boolean(),
  starts_at: IsoTime.nullable(),
  ends_at: IsoTime.nullable(),
});
export type Offer = z.infer<typeof Offer>;

/** GET /api/promotions/offers: the tenant's live offers (public; empty for a regulated tenant). */
export const OffersReply = reply({ offers: z.array(Offer) });
export type OffersReply = z.infer<typeof OffersReply>;
export const offersCall = { response: replies({ 200: OffersReply }) };

/** A player's bonus (GET /api/wallet/bonuses and the BonusUpdated event). */
export const Bonus = reply({
  id: Int,
  offer_id: Int,
  offer_name: z.string().describe('In the request language.'),
  kind: z.enum(OFFER_KINDS),
  state: z.enum(BONUS_STATES),
  amount: Centavos.describe('The bonus granted.'),
  balance: Centavos.describe('What is left of it in the bonus balance (0 unless active).'),
  wagering_required: Centavos,
  wagering_done: Centavos,
  max_bet: Centavos.nullable(),
  max_conversion: Centavos.nullable(),
  converted: Centavos.describe('Cash it became on completion.'),
  created_at: IsoTime,
  activated_at: IsoTime.nullable(),
  expires_at: IsoTime.nullable().describe('When an active bonus expires; null while queued.'),
  ended_at: IsoTime.nullable(),
  free_spins: reply({
    total: Int,
    used: Int.describe('Spins played so far; their wins are the bonus `amount`.'),
    bet: Centavos.describe('The stake of each spin.'),
    game: FreeSpinsGame.nullable(),
    ready: z.boolean().describe('The spins are waiting in the game (the provider has them).'),
  })
    .nullable()
    .describe(
      'A free-spins bonus (null for other kinds): played first at no cost in its game; their wins go to the bonus balance and, after the last spin, must be wagered `wagering_required`.',
    ),
});
export type Bonus = z.infer<typeof Bonus>;

const pageMessage = localized({ pt: 'Página inválida.', en: 'Invalid page.' });

/** GET /api/wallet/bonuses?page=: newest first, 15 a page; the active one (if any) first. */
export const BonusesQuery = form(
  z.object({
    page: z
      .string({ error: pageMessage })
      .regex(/^\d{1,5}$/, { error: pageMessage })
      .optional()
      .transform((p) => (p ? Math.max(1, Number(p)) : 1))
      .describe('1 or more; default 1.'),
  }),
);
export const BonusesReply = reply({
  data: z.array(Bonus),
  current_page: Int,
  last_page: Int,
  per_page: Int,
  total: Int,
  active: Bonus.nullable().describe('The active bonus, whatever the page.'),
});
export type BonusesReply = z.infer<typeof BonusesReply>;
export const bonusesCall = { querystring: BonusesQuery, response: replies({ 200: BonusesReply }) };

const couponMessage = localized({ pt: 'Informe um cupom válido.', en: 'Enter a valid coupon.' });
/** A coupon code as typed: letters, digits, - and _, 3 to 40; case does not matter (stored upper-case). */
export const CouponCode = z
  .string({ error: couponMessage })
  .trim()
  .min(1, { error: couponMessage })
  .max(40, { error: couponMessage })
  .regex(/^[A-Za-z0-9_-]+$/, { error: couponMessage })
  .transform((c) => c.toUpperCase());

export const CouponBody = form(z.object({ coupon: CouponCode }));
export type CouponBody = z.input<typeof CouponBody>;

export const Coupon = reply({
  code: z.string(),
  valid: z.boolean(),
  offer: Offer,
  min_deposit: Centavos.nullable().describe('Deposit match: the smallest deposit it applies to.'),
  expires_at: IsoTime.nullable(),
  needs_deposit: z.boolean().describe('Deposit match: goes with the next PIX charge; otherwise redeem grants it.'),
});
export type Coupon = z.infer<typeof Coupon>;

/**
 * Error codes of a refused coupon (422, message in the request language): `coupon_unknown`, `coupon_expired` (or
 * not started), `coupon_used_up` (total uses reached), `coupon_already_used` (the player's uses reached),
 * `coupon_not_eligible` (new players only, budget spent, needs a deposit when redeemed directly ...),
 * `bonus_regulated` (a regulated tenant gives no bonus before a bet), `coupon_min_deposit` (the charge is below it).
 */
export const COUPON_ERROR_CODES = [
  'coupon_unknown',
  'coupon_expired',
  'coupon_used_up',
  'coupon_already_used',
  'coupon_not_eligible',
  'coupon_min_deposit',
  'bonus_regulated',
] as const;
export type CouponErrorCode = (typeof COUPON_ERROR_CODES)[number];

/** POST /api/bonuses/check-coupon {coupon} */
export const CheckCouponReply = reply({ coupon: Coupon });
export type CheckCouponReply = z.infer<typeof CheckCouponReply>;
export const checkCouponCall = { body: CouponBody, response: replies({ 200: CheckCouponReply }) };

/**
 * POST /api/bonuses/redeem {coupon}: a no-deposit coupon grants its bonus at once (active, or queued behind the
 * active one); redeeming the same coupon again answers the same bonus. A deposit-match coupon is refused here
 * (`coupon_not_eligible`): it goes with a PIX charge.
 */
export const RedeemReply = reply({ bonus: Bonus, message: z.string() });
export type RedeemReply = z.infer<typeof RedeemReply>;
export const redeemCall = { body: CouponBody, response: replies({ 200: RedeemReply }) };

/** GET /api/bonuses/coupons: the public codes the player may use now (valid, uses left, eligible). */
export const CouponsReply = reply({ coupons: z.array(Coupon) });
export type CouponsReply = z.infer<typeof CouponsReply>;
export const couponsCall = { response: replies({ 200: CouponsReply }) };

/**
 * A withdrawal while a bonus is active is refused with 422 `bonus_active` (the message says the bonus will be
 * lost); sent again with `forfeit_bonus: true` the bonus is forfeited first, then the withdrawal proceeds.
 */
export const BONUS_ERROR_CODES = ['bonus_active'] as const;

/** Domain event payloads (events.ts maps their names); the player is the event's user. */
export const PROMOTIONS_EVENT_PAYLOADS = {
  /** A bonus changed: granted, activated, wagered on, completed, expired, cancelled or forfeited. */
  'promotions.bonus_updated': z.object({
    id: z.number().int().positive(),
    offer_id: z.number().int().positive(),
    state: z.enum(BONUS_STATES),
    amount: Centavos,
    balance: Centavos,
    wagering_required: Centavos,
    wagering_done: Centavos,
    converted: Centavos,
    expires_at: z.string().nullable(),
  }),
} as const;
