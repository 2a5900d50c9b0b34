import { z } from 'zod';
import { form, Int, IsoTime, localized, replies, reply } from '../http';
import { Centavos } from '../money';

/**
 * Cashback: a share (the tenant's `cashback_conversion_percentage`) of a player's net loss over a week (stakes minus
 * wins minus refunds, Monday to Sunday in the tenant's time zone), released on `cashback_release_day` at
 * `cashback_release_hour`. A calendar entry opens one claim at 12:01, a second at 18:01 and a third at 23:59 of its
 * day (tenant's time zone); an immediate entry opens its single claim at its release. Each claim credits one part
 * of the amount to the cash balance (equal parts in centavos, the last takes the remainder).
 */

export const CASHBACK_TYPES = ['calendar', 'immediate'] as const;
export type CashbackType = (typeof CASHBACK_TYPES)[number];

/** Claims a calendar entry has (one per daily window: 12:01, 18:01, 23:59); an immediate entry has one. */
export const CALENDAR_CLAIMS = 3;

export const CashbackEntry = reply({
  id: Int,
  available_at: IsoTime.describe(
    'When the entry is released (the release day and hour in the tenant time zone). Before then it counts in the ' +
      'total but has nothing available; a calendar entry belongs to the calendar day of this instant.',
  ),
  type: z.enum(CASHBACK_TYPES),
  amount: Centavos.describe('The whole entry, all claims together.'),
  allowed: Int.describe(
    'Claims opened by now: 0 before available_at; a calendar entry 1 from 12:01, 2 from 18:01, 3 from 23:59 of its ' +
      'day (all 3 on later days); an immediate entry 1.',
  ),
  claimed: Int.describe('Claims already credited.'),
  available: Int.describe('allowed - claimed, never below 0: claims the player may take now.'),
  claims: Int.describe('Claims the entry has in all: 3 for a calendar entry, 1 for an immediate one.'),
  claimed_amount: Centavos.describe('Credited so far.'),
  next_claim_amount: Centavos.describe('What the next claim credits; 0 when every claim is taken.'),
  next_unlock_at: IsoTime.nullable().describe('When the next claim opens; null when every claim has opened.'),
  period_start: z
    .string()
    .describe('First day (YYYY-MM-DD, a Monday) of the week whose losses this returns (of a grant: when granted).'),
  period_end: z.string().describe('Last day (YYYY-MM-DD, a Sunday) of that week.'),
  net_loss: Centavos.describe('The net loss of that week the amount was computed from (0 for a grant).'),
  percentage: z.number().describe('The conversion percentage applied (0 for a grant).'),
  reason: z
    .string()
    .nullable()
    .describe("Why the operator granted it by hand (support's goodwill cashback); null for a weekly entry."),
});
export type CashbackEntry = z.infer<typeof CashbackEntry>;

/** GET /api/bonuses/cashback: the player's entries (the 50 newest), newest release first. */
export const CashbackListReply = reply({
  entries: z.array(CashbackEntry),
  total: Centavos.describe('What is left to claim over every entry listed, future ones included.'),
  available_amount: Centavos.describe('What the claims open now would credit together.'),
  timezone: z.string().describe('The tenant time zone the windows are counted in (IANA, e.g. America/Sao_Paulo).'),
  windows: z.array(z.string()).describe('The daily unlock times, "12:01", "18:01", "23:59".'),
});
export type CashbackListReply = z.infer<typeof CashbackListReply>;

export const cashbackListCall = { response: replies({ 200: CashbackListReply }) };

const idMessage = localized({ pt: 'Informe um cashback válido.', en: 'Choose a valid cashback.' });

export const CashbackClaimBody = form(
  z.object({
    cashback_id: z
      .union([z.number({ error: idMessage }).int({ error: idMessage }).positive({ error: idMessage }), z.string()], {
        error: idMessage,
      })
      .refine((v) => (typeof v === 'number' ? Number.isSafeInteger(v) : /^\d{1,15}$/.test(v.trim())), {
        error: idMessage,
      })
      .transform((v) => Number(typeof v === 'number' ? v : v.trim()))
      .describe('The entry id (a number, or its digits as a string).'),
  }),
);
export type CashbackClaimBody = z.input<typeof CashbackClaimBody>;

/** The reply of a claim: what was credited and the entry as it now stands. */
export const CashbackClaimReply = reply({
  claimed: reply({
    cashback_id: Int,
    claim: Int.describe('Which claim of the entry this was (1, 2 or 3).'),
    amount: Centavos.describe('Credited to the cash balance.'),
    transaction_id: Int.describe('The ledger transaction that credited it.'),
  }),
  entry: CashbackEntry,
  balance: Centavos.describe('The cash balance after the credit.'),
  message: z.string().describe('A confirmation in the request language.'),
});
export type CashbackClaimReply = z.infer<typeof CashbackClaimReply>;

/**
 * Error codes of a refused claim (422, message in the request language): `cashback_not_available` nothing is open
 * now (a future entry, or the next window has not come); `cashback_claimed` every claim of the entry is taken. An
 * entry that is not the player's (or does not exist) is a 404. Turning cashback off for a tenant stops new weeks
 * being computed; entries already computed stay claimable (the player earned them).
 */
export const CASHBACK_ERROR_CODES = ['cashback_not_available', 'cashback_claimed'] as const;
export type CashbackErrorCode = (typeof CASHBACK_ERROR_CODES)[number];

/**
 * POST /api/bonuses/cashback/claim: credits the next open claim of the entry once. A repeat or a claim beyond what
 * is available is refused (422); the web reloads the list after a claim, as the spec says.
 */
export const cashbackClaimCall = { body: CashbackClaimBody, response: replies({ 200: CashbackClaimReply }) };

/** Domain event payloads (packages/contracts/src/events.ts maps their names); the player is the event's user. */
export const CASHBACK_EVENT_PAYLOADS = {
  /** A cashback claim was credited to the player's cash balance. */
  'promotions.cashback_claimed': z.object({
    cashback_id: z.number().int().positive(),
    claim: z.number().int().positive(),
    amount: z.number().int().positive(),
    transaction_id: z.number().int().positive(),
  }),
  /** An entry's release time came: the player may start claiming it (the notification says so once). */
  'promotions.cashback_released': z.object({
    cashback_id: z.number().int().positive(),
    amount: z.number().int().positive(),
    type: z.enum(CASHBACK_TYPES),
  }),
} as const;
