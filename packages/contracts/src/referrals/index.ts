import { z } from 'zod';
import { form, Int, IsoTime, localized, replies, reply } from '../http';
import { Centavos } from '../money';

/**
 * Refer a friend (/refers) and the player's affiliates list (GET /api/profile/affiliates). A friend who registers
 * with the player's link is linked to them; once the friend's qualifying activity is met the player earns the
 * tenant's CPA, held for a review period, then paid into their cash. Money in centavos.
 */

/** What the referrer sees of one friend: registered -> qualifying -> review -> paid, or rejected. */
export const REFERRAL_STATES = ['registered', 'qualifying', 'review', 'paid', 'rejected'] as const;
export type ReferralState = (typeof REFERRAL_STATES)[number];

export const Referral = reply({
  id: Int,
  name: z.string().describe('The friend\'s first name, masked as the site masks names ("Joã***").'),
  status: z.enum(REFERRAL_STATES),
  joined_at: IsoTime,
  deposited: z.boolean().describe('Whether the friend has made the qualifying deposit (always true when not counted).'),
  wagered: Centavos.describe('What the friend has wagered so far, up to the qualifying amount.'),
  earnings: Centavos.describe('The CPA earned from this friend (in review or paid); 0 otherwise.'),
  review_until: IsoTime.nullable().describe('When a CPA in review is paid at the latest.'),
  paid_at: IsoTime.nullable(),
});
export type Referral = z.infer<typeof Referral>;

/** The tenant's programme as it is applied (regulated tenants count no deposit). */
export const ReferralProgram = reply({
  active: z.boolean().describe("affiliate_regular_user_active: whether players' referrals earn."),
  cpa_value: Centavos,
  min_deposit: Centavos.nullable().describe('First deposit the friend must make; null when deposits do not count.'),
  min_wager: Centavos.describe('What the friend must wager.'),
  review_days: Int,
});
export type ReferralProgram = z.infer<typeof ReferralProgram>;

const pageMessage = localized({ pt: 'Página inválida.', en: 'Invalid page.' });

export const AffiliatesQuery = form(
  z.object({
    page: z
      .string({ error: pageMessage })
      .regex(/^\d{1,5}$/, { error: pageMessage })
      .optional()
      .transform((p) => (p ? Math.max(1, Number(p)) : 1))
      .describe('1 or more; default 1.'),
  }),
);

/** GET /api/profile/affiliates?page=: the player's own referred friends, newest first, 10 a page. */
export const AffiliatesReply = reply({
  data: z.array(Referral),
  current_page: Int,
  last_page: Int,
  per_page: Int,
  total: Int,
  totals: reply({
    earned: Centavos.describe('In review plus paid.'),
    pending: Centavos.describe('In review, not paid yet.'),
    paid: Centavos,
  }),
  referral_code: z.string(),
  program: ReferralProgram,
});
export type AffiliatesReply = z.infer<typeof AffiliatesReply>;
export const affiliatesCall = { querystring: AffiliatesQuery, response: replies({ 200: AffiliatesReply }) };
