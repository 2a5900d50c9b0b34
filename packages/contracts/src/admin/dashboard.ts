import { z } from 'zod';
import { Int, localized, replies, reply } from '../http';
import { TenantFilter } from './common';

/**
 * The back office's dashboard: a period's figures per tenant (or every tenant, for platform staff), the same figures
 * for today, per product and per day, and the queues waiting for someone. Money is integer centavos; days are
 * calendar days in America/Sao_Paulo. Figures come from rollups the server keeps as the ledger grows (a few seconds
 * behind it: `as_of`), never from the ledger per request.
 */

export const STATS_PRODUCTS = ['casino', 'originals', 'sports', 'boxes'] as const;
export type StatsProduct = (typeof STATS_PRODUCTS)[number];

const dayMessage = localized({
  pt: 'Data inválida: use AAAA-MM-DD.',
  en: 'Invalid date: use YYYY-MM-DD.',
});
/** A calendar day, YYYY-MM-DD (America/Sao_Paulo). */
export const StatsDay = z
  .string({ error: dayMessage })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: dayMessage })
  .refine(
    (v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
    {
      error: dayMessage,
    },
  );

const periodMessage = localized({
  pt: 'Período inválido: o início deve vir antes do fim, em até 366 dias.',
  en: 'Invalid period: the start must come before the end, at most 366 days apart.',
});

/** The longest period a call takes (days). */
export const STATS_MAX_DAYS = 366;

/** from <= to, at most STATS_MAX_DAYS days (both days included). */
export function periodOk(q: { from?: string; to?: string }): boolean {
  if (!q.from || !q.to) return true;
  const days = (Date.parse(`${q.to}T00:00:00Z`) - Date.parse(`${q.from}T00:00:00Z`)) / 86_400_000;
  return days >= 0 && days < STATS_MAX_DAYS;
}

/** GET /api/admin/dashboard?from=&to=&tenant=: absent from/to mean today. */
export const DashboardQuery = z
  .object({
    from: StatsDay.optional().describe('First day (included), YYYY-MM-DD. Default: today (America/Sao_Paulo).'),
    to: StatsDay.optional().describe('Last day (included). Default: `from`, or today.'),
    tenant: TenantFilter,
  })
  .refine(periodOk, { error: periodMessage, path: ['to'] });
export type DashboardQuery = z.input<typeof DashboardQuery>;

const Money = z.number().int().describe('Centavos (may be negative: a GGR the players won).');

/** The figures of a period (or a day). */
export const StatsFigures = reply({
  deposits: Money,
  deposit_count: Int,
  withdrawals: Money.describe('Withdrawals paid out to the players (centavos).'),
  withdrawal_count: Int,
  stakes: Money.describe('Real-money stakes: cash staked less stakes given back.'),
  wins: Money.describe('Real-money wins: cash paid for wins and prizes.'),
  ggr: Money.describe('stakes - wins.'),
  bonus_cost: Money.describe('Promotional money that became cash: bonuses converted, cashback, mission and CPA cash.'),
  tax: Money.describe('GGR tax: the tenant’s rate (12 % when regulated) on a positive GGR.'),
  ngr: Money.describe('ggr - bonus_cost - tax.'),
  hold: z.number().nullable().describe('ggr / stakes (0.05 = 5 %); null without stakes.'),
  first_deposits: Int,
  active_players: Int.describe('Distinct players who staked in the period.'),
});
export type StatsFigures = z.infer<typeof StatsFigures>;

export const ProductFigures = reply({
  product: z.enum(STATS_PRODUCTS),
  stakes: Money,
  wins: Money,
  ggr: Money,
  rounds: Int,
  hold: z.number().nullable(),
});
export type ProductFigures = z.infer<typeof ProductFigures>;

export const DayFigures = reply({
  day: z.string(),
  deposits: Money,
  withdrawals: Money,
  stakes: Money,
  ggr: Money,
  ngr: Money,
  first_deposits: Int,
  active_players: Int,
});
export type DayFigures = z.infer<typeof DayFigures>;

export const DashboardQueues = reply({
  withdrawals_under_review: Int,
  kyc_pending: Int.describe('KYC documents waiting for a review.'),
  events_failed: Int.describe('Domain events whose delivery failed (retrying or parked).'),
  events_parked: Int,
  affiliate_payouts_pending: Int.describe('Refer-a-friend CPA payouts waiting for a review.'),
});
export type DashboardQueues = z.infer<typeof DashboardQueues>;

export const DashboardReply = reply({
  tenant_id: Int.nullable().describe('null: every tenant (platform staff without a filter).'),
  from: z.string(),
  to: z.string(),
  today: z.string(),
  tax_rate: z.number().describe('The GGR tax rate applied (0.12 = 12 %); with several tenants, their own each.'),
  as_of: z.string().nullable().describe('When the rollups last moved (ISO 8601).'),
  period: StatsFigures,
  today_figures: StatsFigures,
  products: z.array(ProductFigures),
  days: z.array(DayFigures),
  queues: DashboardQueues,
});
export type DashboardReply = z.infer<typeof DashboardReply>;
export const dashboardCall = { querystring: DashboardQuery, response: replies({ 200: DashboardReply }) };
