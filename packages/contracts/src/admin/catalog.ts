import { z } from 'zod';
import { BOX_PRIZE_KINDS, BOX_RARITIES } from '../boxes/index';
import { Int, IsoTime, localized, replies, reply } from '../http';
import { Centavos } from '../money';
import { EVENT_STATUSES, MARKET_KINDS } from '../sports/index';
import { AdminIdParams, Cursor, Limit, Reason, TenantFilter } from './common';

/**
 * The back office's catalog: the lobby's games and providers (marketing), mystery boxes with an RTP preview before
 * publishing, and the sportsbook's trading desk (trader). Every call runs the same module functions the ops CLI's
 * games:*, providers:*, box:* and sports:* commands run.
 */

const yesNo = z.enum(['true', 'false']).transform((v) => v === 'true');
const Id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

// ---- Games and providers ---------------------------------------------------------------------------------------

export const GAME_SORTS = ['position', 'newest'] as const;

/** GET /api/admin/catalog/games?provider=&category=&enabled=&featured=&q=&sort=&cursor=&limit=&tenant=. */
export const AdminGamesQuery = z.object({
  provider: Id.optional().describe('A provider id.'),
  category: z.string().trim().min(1).max(60).optional().describe('A category slug.'),
  enabled: yesNo.optional(),
  featured: yesNo.optional().describe('Featured in the lobby or on the home page.'),
  q: z.string().trim().min(1).max(100).optional().describe('Part of the title or the game code.'),
  sort: z.enum(GAME_SORTS).default('position').describe('position: the lobby order; newest: newest first.'),
  cursor: Cursor.optional(),
  limit: Limit,
  tenant: TenantFilter,
});
export type AdminGamesQuery = z.input<typeof AdminGamesQuery>;

export const AdminGame = reply({
  id: Int,
  tenant_id: Int,
  provider_id: Int,
  provider_code: z.string(),
  provider_name: z.string(),
  game_code: z.string(),
  title: z.string(),
  category: z.string(),
  rtp_bp: Int.describe('RTP in basis points (9650 = 96.50 %).'),
  volatility: z.string(),
  image: z.string(),
  enabled: z.boolean(),
  featured: z.boolean(),
  featured_home: z.boolean(),
  position: Int.describe('Lobby order: lower first.'),
  views: Int,
});
export type AdminGame = z.infer<typeof AdminGame>;
export const AdminGamesReply = reply({ data: z.array(AdminGame), next_cursor: z.string().nullable() });
export type AdminGamesReply = z.infer<typeof AdminGamesReply>;
export const adminGamesCall = { querystring: AdminGamesQuery, response: replies({ 200: AdminGamesReply }) };

const noChange = localized({ pt: 'Informe ao menos um campo a alterar.', en: 'Give at least one field to change.' });

/** PATCH /api/admin/catalog/games/{id} {enabled?, featured?, featured_home?, position?, category?}: games:set/feature. */
export const UpdateGameBody = z
  .object({
    enabled: z.boolean().optional(),
    featured: z.boolean().optional(),
    featured_home: z.boolean().optional(),
    position: z.number().int().min(-100_000).max(100_000).optional(),
    category: z.string().trim().min(1).max(60).optional(),
  })
  .strict()
  .refine((b) => Object.keys(b).length > 0, { error: noChange });
export type UpdateGameBody = z.input<typeof UpdateGameBody>;
export const AdminGameReply = reply({ game: AdminGame });
export const updateGameCall = {
  params: AdminIdParams,
  body: UpdateGameBody,
  response: replies({ 200: AdminGameReply }),
};

export const AdminCategory = reply({ slug: z.string(), name_pt: z.string(), name_en: z.string() });
/** GET /api/admin/catalog/categories?tenant=: the tenant's enabled lobby categories (for the games filter). */
export const AdminCategoriesReply = reply({ data: z.array(AdminCategory) });
export type AdminCategoriesReply = z.infer<typeof AdminCategoriesReply>;
export const adminCategoriesCall = {
  querystring: z.object({ tenant: TenantFilter }),
  response: replies({ 200: AdminCategoriesReply }),
};

export const AdminProvider = reply({
  id: Int,
  tenant_id: Int,
  code: z.string(),
  name: z.string(),
  protocol: z.string(),
  enabled: z.boolean(),
  max_single_win: Centavos,
  games: Int,
});
export type AdminProvider = z.infer<typeof AdminProvider>;
/** GET /api/admin/catalog/providers?tenant=: every provider (a tenant has a handful), with its game count. */
export const AdminProvidersReply = reply({ data: z.array(AdminProvider) });
export type AdminProvidersReply = z.infer<typeof AdminProvidersReply>;
export const adminProvidersCall = {
  querystring: z.object({ tenant: TenantFilter }),
  response: replies({ 200: AdminProvidersReply }),
};
/** PATCH /api/admin/catalog/providers/{id} {enabled}: providers:set --enabled. */
export const UpdateProviderBody = z.object({ enabled: z.boolean() }).strict();
export const AdminProviderReply = reply({ provider: AdminProvider });
export const updateProviderCall = {
  params: AdminIdParams,
  body: UpdateProviderBody,
  response: replies({ 200: AdminProviderReply }),
};

/**
 * POST /api/admin/catalog/providers/import {tenant?}: providers:connect-sandbox, the provider stand-in's studios and
 * their whole game list into the tenant's catalog (again: games updated in place, none duplicated).
 */
export const ImportProvidersBody = z.object({ tenant: TenantFilter }).strict();
export const AdminImportReply = reply({ games: Int.describe('Stand-in games now in the catalog.') });
export const importProvidersCall = { body: ImportProvidersBody, response: replies({ 200: AdminImportReply }) };

// ---- Boxes -----------------------------------------------------------------------------------------------------

export const AdminBox = reply({
  id: Int,
  name: z.string(),
  status: z.enum(['draft', 'published', 'retired']),
  live_version: Int.nullable(),
  latest_version: Int,
  draft: z.boolean().describe('The newest version is an unpublished draft.'),
  price: Centavos,
  sell_price: Centavos,
  rtp_e6: Int.nullable().describe('The published RTP x 1,000,000 (null for a draft).'),
  prizes: Int,
});
export type AdminBox = z.infer<typeof AdminBox>;
/** GET /api/admin/catalog/boxes?tenant=: every box of the tenant (box:list); platform staff name the tenant. */
export const AdminBoxesReply = reply({ data: z.array(AdminBox) });
export type AdminBoxesReply = z.infer<typeof AdminBoxesReply>;
export const adminBoxesCall = {
  querystring: z.object({ tenant: TenantFilter }),
  response: replies({ 200: AdminBoxesReply }),
};

export const AdminBoxPrize = reply({
  position: Int,
  names: z.object({ pt: z.string(), en: z.string() }),
  kind: z.enum(BOX_PRIZE_KINDS),
  value: Centavos,
  ticket_from: Int,
  ticket_to: Int,
  offer_id: Int.nullable(),
  rarity: z.enum(BOX_RARITIES),
});
export const AdminBoxVersion = reply({
  version: Int,
  price: Centavos,
  sell_price: Centavos,
  rtp_e6: Int.nullable(),
  published_at: IsoTime.nullable(),
  prizes: z.array(AdminBoxPrize),
});
export type AdminBoxVersion = z.infer<typeof AdminBoxVersion>;
/** GET /api/admin/catalog/boxes/{id}: the box and every version with its prize table, newest first. */
export const AdminBoxDetailReply = reply({
  box: reply({
    id: Int,
    tenant_id: Int,
    name: z.string(),
    titles: z.object({ pt: z.string(), en: z.string() }),
    image: z.string(),
    status: z.enum(['draft', 'published', 'retired']),
    live_version: Int.nullable(),
  }),
  versions: z.array(AdminBoxVersion),
});
export type AdminBoxDetailReply = z.infer<typeof AdminBoxDetailReply>;
export const adminBoxCall = { params: AdminIdParams, response: replies({ 200: AdminBoxDetailReply }) };

/** A box spec as box:create reads it (checked by the boxes module itself: the errors are its own). */
export const BoxDraftBody = z.object({
  spec: z.record(z.string(), z.unknown()).describe('The box spec of box:create --file (see docs/boxes.md).'),
  tenant: TenantFilter,
});
export type BoxDraftBody = z.input<typeof BoxDraftBody>;

/** POST /api/admin/catalog/boxes/preview {spec}: what box:create would say, nothing written. */
export const AdminBoxPreviewReply = reply({
  ok: z.boolean(),
  problem: z
    .object({ pt: z.string(), en: z.string() })
    .nullable()
    .describe('Why it cannot be saved or published, in both languages; null when it can.'),
  ranges: z.array(z.object({ from: Int, to: Int })).describe('Each prize’s tickets (of 1-100,000), in order.'),
  rtp_e6: Int.nullable().describe('The exact RTP x 1,000,000 (null when the table does not cover the tickets).'),
});
export type AdminBoxPreviewReply = z.infer<typeof AdminBoxPreviewReply>;
export const previewBoxCall = { body: BoxDraftBody, response: replies({ 200: AdminBoxPreviewReply }) };

/** POST /api/admin/catalog/boxes {spec}: box:create (a new box, or a new draft version of the named one). */
export const AdminBoxSavedReply = reply({ id: Int, name: z.string(), version: Int, created: z.boolean() });
export const createBoxCall = { body: BoxDraftBody, response: replies({ 200: AdminBoxSavedReply }) };

/** POST /api/admin/catalog/boxes/{id}/publish and /retire: box:publish, box:retire. */
export const AdminBoxActReply = reply({
  id: Int,
  status: z.enum(['draft', 'published', 'retired']),
  version: Int.nullable(),
  rtp_e6: Int.nullable(),
});
export const boxActCall = { params: AdminIdParams, response: replies({ 200: AdminBoxActReply }) };

// ---- Sportsbook ------------------------------------------------------------------------------------------------

/** GET /api/admin/catalog/events?live=&status=&tournament=&cursor=&limit=&tenant=: by kick-off, open ones default. */
export const AdminEventsQuery = z.object({
  live: yesNo.optional().describe('true: live events only.'),
  status: z.enum(EVENT_STATUSES).optional().describe('Absent: the open events (not started and live).'),
  tournament: Id.optional(),
  cursor: Cursor.optional(),
  limit: Limit,
  tenant: TenantFilter,
});
export type AdminEventsQuery = z.input<typeof AdminEventsQuery>;

export const AdminEvent = reply({
  id: Int,
  tenant_id: Int,
  tournament_id: Int,
  tournament: z.string(),
  home: z.string(),
  away: z.string(),
  starts_at: IsoTime,
  status: z.enum(EVENT_STATUSES),
  period: z.string(),
  minute: Int,
  score_home: Int,
  score_away: Int,
  result_home: Int.nullable(),
  result_away: Int.nullable(),
  operator_hold: z.boolean().describe('Suspended by the desk until resumed.'),
  bet_stop: z.boolean().describe('The feed stopped betting for a moment.'),
  settled_at: IsoTime.nullable(),
  active_markets: Int,
  markets: Int,
});
export type AdminEvent = z.infer<typeof AdminEvent>;
export const AdminEventsReply = reply({ data: z.array(AdminEvent), next_cursor: z.string().nullable() });
export type AdminEventsReply = z.infer<typeof AdminEventsReply>;
export const adminEventsCall = { querystring: AdminEventsQuery, response: replies({ 200: AdminEventsReply }) };

export const AdminMarket = reply({
  id: Int,
  kind: z.string(),
  specifiers: z.string(),
  name: z.string().describe("The market's name as players read it, in the caller's language."),
  status: z.string(),
  outcomes: z.array(
    z.object({ id: Int, code: z.string(), name: z.string(), odds: Int.nullable(), active: z.boolean() }),
  ),
});
export const AdminLiability = reply({
  market: z.string().describe('The market kind and line, as sports:liability prints it.'),
  outcome: z.string(),
  market_name: z.string(),
  outcome_name: z.string(),
  bets: Int,
  stakes: Centavos,
  potential: Centavos.describe('What the open bets on this outcome would pay.'),
  book_if_wins: z.number().int().describe('What the book keeps (negative: loses) on the market if this outcome wins.'),
});
/** GET /api/admin/catalog/events/{id}: the event, its markets with odds (x 10,000) and its liability. */
export const AdminEventDetailReply = reply({
  event: AdminEvent,
  markets: z.array(AdminMarket),
  liability: z.array(AdminLiability),
});
export type AdminEventDetailReply = z.infer<typeof AdminEventDetailReply>;
export const adminEventCall = { params: AdminIdParams, response: replies({ 200: AdminEventDetailReply }) };

/** POST /api/admin/catalog/events/{id}/suspend and /resume: sports:suspend [--resume]. */
export const AdminEventReply = reply({ event: AdminEvent, changed: Int.describe('Markets whose status changed.') });
export const holdEventCall = { params: AdminIdParams, response: replies({ 200: AdminEventReply }) };

const scoreMessage = localized({
  pt: 'Placar inválido: use algo como 2-1.',
  en: 'Invalid score: use something like 2-1.',
});
const Score = z.string().regex(/^\d{1,2}-\d{1,2}$/, { error: scoreMessage });
const htMessage = localized({
  pt: 'O placar do intervalo não pode ser maior que o placar final.',
  en: 'The half-time score cannot be above the final score.',
});
const windowMessage = localized({
  pt: 'A janela começa depois de terminar.',
  en: 'The window starts after it ends.',
});

/**
 * POST /api/admin/catalog/events/{id}/settle: exactly sports:settle. {mode: score, score, ht?} settles (a different
 * earlier result is rolled back first); void cancels the event; rollback reopens its bets; cancel_window voids the
 * legs placed between from and to.
 */
export const SettleEventBody = z
  .discriminatedUnion('mode', [
    z.object({ mode: z.literal('score'), score: Score, ht: Score.optional(), reason: Reason.optional() }),
    z.object({ mode: z.literal('void'), reason: Reason }),
    z.object({ mode: z.literal('rollback'), reason: Reason }),
    z.object({
      mode: z.literal('cancel_window'),
      from: z.iso.datetime({ offset: true }),
      to: z.iso.datetime({ offset: true }),
      reason: Reason,
    }),
  ])
  .superRefine((b, ctx) => {
    if (b.mode === 'score' && b.ht) {
      const [h, a] = b.score.split('-').map(Number);
      const [hh, ha] = b.ht.split('-').map(Number);
      if (hh! > h! || ha! > a!) ctx.addIssue({ code: 'custom', path: ['ht'], message: htMessage });
    }
    if (b.mode === 'cancel_window' && Date.parse(b.from) > Date.parse(b.to))
      ctx.addIssue({ code: 'custom', path: ['from'], message: windowMessage });
  });
export type SettleEventBody = z.input<typeof SettleEventBody>;
export const AdminSettleReply = reply({
  event: AdminEvent,
  settled: Int.describe('Bets closed by this act.'),
  won: Int,
  paid: Centavos,
  reopened: Int.describe('Bets reopened by a rollback.'),
  voided: Int.describe('Legs voided by a cancelled window.'),
  kept: z.array(Int).describe('Bets kept settled: their payout was already spent (settle them by hand).'),
});
export type AdminSettleReply = z.infer<typeof AdminSettleReply>;
export const settleEventCall = {
  params: AdminIdParams,
  body: SettleEventBody,
  response: replies({ 200: AdminSettleReply }),
};

// ---- The book's limits and margins -----------------------------------------------------------------------------

export const AdminBookLimits = reply({
  min_stake: Centavos,
  max_stake: Centavos,
  max_payout: Centavos,
  market_liability: Centavos.describe('The most the book may lose on one market.'),
  live_delay_ms: Int,
  margins: z.record(z.string(), z.number()).describe('Margin overrides by market kind (e.g. {"1x2": 0.07}).'),
});
export type AdminBookLimits = z.infer<typeof AdminBookLimits>;
export const AdminBookLimitsReply = reply({ limits: AdminBookLimits });
export type AdminBookLimitsReply = z.infer<typeof AdminBookLimitsReply>;
/** GET /api/admin/catalog/sportsbook/limits?tenant=: sports:limits (platform staff name the tenant). */
export const adminBookLimitsCall = {
  querystring: z.object({ tenant: TenantFilter }),
  response: replies({ 200: AdminBookLimitsReply }),
};

const centsMessage = localized({
  pt: 'Informe um valor inteiro em centavos, maior que zero.',
  en: 'Give a whole number of centavos above zero.',
});
const marginMessage = localized({
  pt: 'A margem é uma fração de 0 a 0,5 (ex.: 0.07) por tipo de mercado conhecido.',
  en: 'A margin is a fraction from 0 to 0.5 (e.g. 0.07) per known market kind.',
});
const Cents = z.number({ error: centsMessage }).int({ error: centsMessage }).min(1, { error: centsMessage }).max(1e12);
/** PUT /api/admin/catalog/sportsbook/limits {...}: sports:limits with flags; only the fields given change. */
export const SetBookLimitsBody = z
  .object({
    min_stake: Cents.optional(),
    max_stake: Cents.optional(),
    max_payout: Cents.optional(),
    market_liability: Cents.optional(),
    live_delay_ms: z.number().int().min(0).max(60_000).optional(),
    margins: z
      .partialRecord(
        z.enum(MARKET_KINDS, { error: marginMessage }),
        z.number({ error: marginMessage }).min(0).lt(0.5, { error: marginMessage }),
      )
      .optional(),
    tenant: TenantFilter,
  })
  .strict();
export type SetBookLimitsBody = z.input<typeof SetBookLimitsBody>;
export type SetBookLimits = z.infer<typeof SetBookLimitsBody>;
export const setBookLimitsCall = { body: SetBookLimitsBody, response: replies({ 200: AdminBookLimitsReply }) };
