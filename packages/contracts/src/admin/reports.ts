import { z } from 'zod';
import { Int, localized, replies, reply } from '../http';
import { TenantFilter } from './common';
import { periodOk, STATS_PRODUCTS, StatsDay } from './dashboard';

/**
 * The back office's reports: play and money per day or month and product, exportable as CSV (pt-BR or en headers,
 * BRL as a decimal), and the realised RTP of each game and mystery box against its theoretical one. Read from the
 * same rollups as the dashboard.
 */

const periodMessage = localized({
  pt: 'Período inválido: o início deve vir antes do fim, em até 366 dias.',
  en: 'Invalid period: the start must come before the end, at most 366 days apart.',
});

const ReportPeriod = {
  from: StatsDay.describe('First day (included), YYYY-MM-DD (America/Sao_Paulo).'),
  to: StatsDay.describe('Last day (included).'),
  tenant: TenantFilter,
  format: z.enum(['json', 'csv']).default('json').describe('csv: a text/csv download in the caller’s language.'),
};

/** GET /api/admin/reports/products?from=&to=&group=day|month&tenant=&format=json|csv */
export const ProductReportQuery = z
  .object({ ...ReportPeriod, group: z.enum(['day', 'month']).default('day') })
  .refine(periodOk, { error: periodMessage, path: ['to'] });
export type ProductReportQuery = z.input<typeof ProductReportQuery>;

const Money = z.number().int().describe('Centavos.');

export const ProductReportRow = reply({
  period: z.string().describe('YYYY-MM-DD (day) or YYYY-MM (month).'),
  product: z.enum(STATS_PRODUCTS),
  rounds: Int,
  stakes: Money.describe('Stakes, cash and bonus.'),
  wins: Money,
  cash_stakes: Money,
  cash_wins: Money,
  ggr: Money.describe('cash_stakes - cash_wins.'),
  hold: z.number().nullable(),
});
export type ProductReportRow = z.infer<typeof ProductReportRow>;

export const ProductReportReply = reply({
  from: z.string(),
  to: z.string(),
  group: z.enum(['day', 'month']),
  data: z.array(ProductReportRow),
});
export type ProductReportReply = z.infer<typeof ProductReportReply>;

const csvNote = 'With format=csv: text/csv (UTF-8, a header row in the caller’s language, BRL with a decimal point).';

export const productReportCall = {
  querystring: ProductReportQuery,
  response: replies({ 200: ProductReportReply.describe(csvNote) }),
};

/** GET /api/admin/reports/rtp?from=&to=&tenant=&product=&format=json|csv */
export const RtpReportQuery = z
  .object({ ...ReportPeriod, product: z.enum([...STATS_PRODUCTS, 'all']).default('all') })
  .refine(periodOk, { error: periodMessage, path: ['to'] });
export type RtpReportQuery = z.input<typeof RtpReportQuery>;

export const RtpRow = reply({
  product: z.enum(STATS_PRODUCTS),
  game: z.string().describe('casino: the game’s id; originals: its code; boxes: the box’s id.'),
  name: z.string(),
  rounds: Int.describe('Stakes taken (casino, originals) or boxes opened.'),
  stakes: Money,
  wins: Money.describe('Paid back (boxes: the value of the prizes drawn).'),
  realised_rtp: z.number().nullable().describe('wins / stakes (0.97 = 97 %); null without stakes.'),
  theoretical_rtp: z
    .number()
    .nullable()
    .describe('Originals: the game’s exact RTP; casino: the provider’s declared RTP; boxes: computed at publish.'),
});
export type RtpRow = z.infer<typeof RtpRow>;

export const RtpReportReply = reply({ from: z.string(), to: z.string(), data: z.array(RtpRow) });
export type RtpReportReply = z.infer<typeof RtpReportReply>;
export const rtpReportCall = {
  querystring: RtpReportQuery,
  response: replies({ 200: RtpReportReply.describe(csvNote) }),
};
