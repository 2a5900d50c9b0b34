import { z } from 'zod';
import { Int, IsoTime, localized, replies, reply } from '../http';
import { Centavos } from '../money';
import { AdminIdParams, Cursor, Limit, Reason, TenantFilter } from './common';

/**
 * The back office's players: search, the player's page (one call for the header and one per tab, each keyset-paged)
 * and the staff acts on a player (block, balance adjustment, bonus grant, ending sessions, lifting a limit, notes).
 */

const queryMessage = localized({
  pt: 'Busca inválida: de 1 a 100 caracteres (nome, CPF, celular, e-mail ou id).',
  en: 'Invalid search: 1 to 100 characters (name, CPF, phone, e-mail or id).',
});
const idempotencyMessage = localized({
  pt: 'Envie o cabeçalho Idempotency-Key (1 a 100 letras, dígitos, _ ou -).',
  en: 'Send the Idempotency-Key header (1 to 100 letters, digits, _ or -).',
});
const amountMessage = localized({
  pt: 'Valor inválido: centavos inteiros, diferente de zero (negativo debita), até R$ 1.000.000,00.',
  en: 'Invalid amount: whole centavos, not zero (negative debits), up to R$ 1,000,000.00.',
});
const noteMessage = localized({
  pt: 'Escreva a nota (até 2000 caracteres).',
  en: 'Write the note (up to 2000 characters).',
});

export const PLAYER_STATUSES = ['active', 'blocked', 'self_excluded', 'paused', 'closed'] as const;
export type PlayerStatus = (typeof PLAYER_STATUSES)[number];

/** GET /api/admin/players?q=&cursor=&limit=&tenant=: newest players first; q narrows (see docs/admin-players.md). */
export const AdminPlayersQuery = z.object({
  q: z
    .string({ error: queryMessage })
    .trim()
    .min(1, { error: queryMessage })
    .max(100, { error: queryMessage })
    .optional()
    .describe(
      'Digits: the exact id, CPF (11 digits) or mobile number; with "@": e-mail prefix; words: name (substring with pg_trgm, else each word a name prefix) or e-mail prefix.',
    ),
  cursor: Cursor.optional(),
  limit: Limit,
  tenant: TenantFilter,
});
export type AdminPlayersQuery = z.input<typeof AdminPlayersQuery>;

export const AdminPlayerRow = reply({
  id: Int,
  tenant_id: Int,
  name: z.string(),
  cpf: z.string().nullable().describe('Masked: ***.456.789-** (the middle digits a caller can confirm).'),
  email: z.string().describe('Masked: the first letter and the domain.'),
  phone: z.string().describe('Masked: the last four digits.'),
  status: z.enum(PLAYER_STATUSES),
  balance: Centavos.nullable().describe('Cash + bonus; null for a role that cannot read wallets.'),
  created_at: IsoTime,
});
export type AdminPlayerRow = z.infer<typeof AdminPlayerRow>;
export const AdminPlayersReply = reply({ data: z.array(AdminPlayerRow), next_cursor: z.string().nullable() });
export type AdminPlayersReply = z.infer<typeof AdminPlayersReply>;
export const adminPlayersCall = { querystring: AdminPlayersQuery, response: replies({ 200: AdminPlayersReply }) };

// ---- The player's page ------------------------------------------------------------------------------------------

export const RiskFlag = reply({
  code: z.enum([
    'blocked',
    'self_excluded',
    'paused',
    'closed',
    'national_list',
    'under_age',
    'shared_device',
    'kyc_rejected',
    'unverified_contacts',
  ]),
  detail: z.string().nullable(),
});
export type RiskFlag = z.infer<typeof RiskFlag>;

export const AdminPlayerReply = reply({
  player: reply({
    id: Int,
    tenant_id: Int,
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    phone: z.string(),
    cpf: z.string().nullable().describe('Masked as in the search.'),
    birth_date: z.string().nullable(),
    language: z.enum(['pt', 'en']),
    created_at: IsoTime,
    email_verified: z.boolean(),
    phone_verified: z.boolean(),
    status: z.enum(PLAYER_STATUSES),
    blocked_at: IsoTime.nullable(),
    blocked_reason: z.string().nullable(),
  }),
  wallet: reply({ cash: Centavos, bonus: Centavos, pending: Centavos })
    .nullable()
    .describe('Null without read Wallet.'),
  vip: reply({ level: Int, points: Int }),
  kyc_status: z.enum(['none', 'pending', 'approved', 'rejected']),
  risk_flags: z.array(RiskFlag),
});
export type AdminPlayerReply = z.infer<typeof AdminPlayerReply>;
export const adminPlayerCall = {
  params: AdminIdParams,
  querystring: z.object({ tenant: TenantFilter }),
  response: replies({ 200: AdminPlayerReply }),
};

/** A tab's page: `cursor` from the previous page's next_cursor. */
export const AdminTabQuery = z.object({ cursor: Cursor.optional(), limit: Limit });
const page = <T extends z.ZodType>(row: T) => reply({ data: z.array(row), next_cursor: z.string().nullable() });

export const AdminLedgerRow = reply({
  id: Int,
  type: z.string(),
  reference: z.string(),
  cash: z.number().int().describe('Change of the player’s cash (signed centavos).'),
  bonus: z.number().int().describe('Change of the player’s bonus (signed centavos).'),
  created_at: IsoTime,
});
export const AdminLedgerReply = page(AdminLedgerRow);
export type AdminLedgerReply = z.infer<typeof AdminLedgerReply>;
export const adminPlayerLedgerCall = {
  params: AdminIdParams,
  querystring: AdminTabQuery,
  response: replies({ 200: AdminLedgerReply }),
};

export const BET_PRODUCTS = ['casino', 'originals', 'sports', 'boxes'] as const;
export type BetProduct = (typeof BET_PRODUCTS)[number];
export const AdminBetRow = reply({
  id: Int,
  product: z.enum(BET_PRODUCTS),
  game: z.string(),
  stake: Centavos,
  payout: Centavos,
  status: z.string(),
  created_at: IsoTime,
});
export const AdminBetsReply = page(AdminBetRow);
export type AdminBetsReply = z.infer<typeof AdminBetsReply>;
export const adminPlayerBetsCall = {
  params: AdminIdParams,
  querystring: AdminTabQuery.extend({ product: z.enum(BET_PRODUCTS).default('casino') }),
  response: replies({ 200: AdminBetsReply }),
};

export const AdminBonusRow = reply({
  id: Int,
  offer: z.string(),
  state: z.string(),
  amount: Centavos,
  wagering_required: Centavos,
  wagering_done: Centavos,
  created_at: IsoTime,
});
export const AdminBonusesReply = page(AdminBonusRow);
export type AdminBonusesReply = z.infer<typeof AdminBonusesReply>;
export const adminPlayerBonusesCall = {
  params: AdminIdParams,
  querystring: AdminTabQuery,
  response: replies({ 200: AdminBonusesReply }),
};

export const AdminMissionRow = reply({
  id: Int,
  mission: z.string(),
  state: z.string(),
  progress: Int,
  target: Int,
  ends_at: IsoTime.nullable(),
});
export const AdminMissionsReply = page(AdminMissionRow);
export type AdminMissionsReply = z.infer<typeof AdminMissionsReply>;
export const adminPlayerMissionsCall = {
  params: AdminIdParams,
  querystring: AdminTabQuery,
  response: replies({ 200: AdminMissionsReply }),
};

export const AdminSessionRow = reply({
  id: Int,
  created_at: IsoTime,
  last_used_at: IsoTime,
  expires_at: IsoTime,
  revoked_at: IsoTime.nullable(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  live: z.boolean(),
});
export const AdminSessionsReply = page(AdminSessionRow);
export type AdminSessionsReply = z.infer<typeof AdminSessionsReply>;
export const adminPlayerSessionsCall = {
  params: AdminIdParams,
  querystring: AdminTabQuery,
  response: replies({ 200: AdminSessionsReply }),
};

export const AdminNoteRow = reply({ id: Int, author: z.string(), body: z.string(), created_at: IsoTime });
export const AdminNotesReply = page(AdminNoteRow);
export type AdminNotesReply = z.infer<typeof AdminNotesReply>;
export const adminPlayerNotesCall = {
  params: AdminIdParams,
  querystring: AdminTabQuery,
  response: replies({ 200: AdminNotesReply }),
};

export const AdminKycReply = reply({
  status: z.enum(['none', 'pending', 'approved', 'rejected']),
  documents: z.array(
    reply({
      id: Int,
      type: z.string(),
      status: z.string(),
      reject_reason: z.string().nullable(),
      created_at: IsoTime,
      reviewed_at: IsoTime.nullable(),
    }),
  ),
});
export type AdminKycReply = z.infer<typeof AdminKycReply>;
export const adminPlayerKycCall = { params: AdminIdParams, response: replies({ 200: AdminKycReply }) };

export const AdminLimitsReply = reply({
  limits: z.array(
    reply({
      kind: z.enum(['deposit', 'loss', 'wager', 'time']),
      period: z.enum(['day', 'week', 'month']),
      amount: Int.nullable(),
      pending_amount: Int.nullable(),
      pending_effective_at: IsoTime.nullable(),
    }),
  ),
  restrictions: z.array(
    reply({ reason: z.string(), period: z.string().nullable(), start_at: IsoTime, end_at: IsoTime.nullable() }),
  ),
});
export type AdminLimitsReply = z.infer<typeof AdminLimitsReply>;
export const adminPlayerLimitsCall = { params: AdminIdParams, response: replies({ 200: AdminLimitsReply }) };

export const AdminOffersReply = reply({
  data: z.array(reply({ id: Int, name: z.string(), kind: z.string(), amount: Centavos.nullable() })),
});
export type AdminOffersReply = z.infer<typeof AdminOffersReply>;
export const adminGrantableOffersCall = { params: AdminIdParams, response: replies({ 200: AdminOffersReply }) };

// ---- Acts ------------------------------------------------------------------------------------------------------

const IdempotencyHeaders = z.looseObject({
  'idempotency-key': z
    .string({ error: idempotencyMessage })
    .regex(/^[A-Za-z0-9_-]{1,100}$/, { error: idempotencyMessage })
    .describe('Required: a repeat with the same key answers the first result (no second movement).'),
});

/** POST /api/admin/players/{id}/block {reason} and /unblock {reason} (risk). A block ends every session. */
export const BlockPlayerBody = z.object({ reason: Reason });
export const AdminPlayerActReply = reply({ player: AdminPlayerReply.shape.player });
export type AdminPlayerActReply = z.infer<typeof AdminPlayerActReply>;
export const blockPlayerCall = {
  params: AdminIdParams,
  body: BlockPlayerBody,
  response: replies({ 200: AdminPlayerActReply }),
};

/** POST /api/admin/players/{id}/adjust {amount, reason} + Idempotency-Key (finance, step-up). */
export const AdjustBalanceBody = z.object({
  amount: z
    .number({ error: amountMessage })
    .int({ error: amountMessage })
    .min(-100_000_000, { error: amountMessage })
    .max(100_000_000, { error: amountMessage })
    .refine((v) => v !== 0, { error: amountMessage })
    .describe('Signed centavos into (positive) or out of (negative) the player’s cash; never below zero (402).'),
  reason: Reason,
});
export const AdjustBalanceReply = reply({
  transaction_id: Int,
  balance: reply({ cash: Centavos, bonus: Centavos, pending: Centavos }),
  replayed: z.boolean(),
});
export type AdjustBalanceReply = z.infer<typeof AdjustBalanceReply>;
export const adjustBalanceCall = {
  params: AdminIdParams,
  headers: IdempotencyHeaders,
  body: AdjustBalanceBody,
  response: replies({ 200: AdjustBalanceReply }),
};

/** POST /api/admin/players/{id}/bonuses {offer_id, reason} + Idempotency-Key (marketing, step-up). */
export const GrantBonusBody = z.object({
  offer_id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  reason: Reason,
});
export const GrantBonusReply = reply({ bonus_id: Int, state: z.string(), replayed: z.boolean() });
export type GrantBonusReply = z.infer<typeof GrantBonusReply>;
export const grantBonusCall = {
  params: AdminIdParams,
  headers: IdempotencyHeaders,
  body: GrantBonusBody,
  response: replies({ 200: GrantBonusReply }),
};

/** POST /api/admin/players/{id}/sessions/end {reason} (support): logs the player out everywhere. */
export const EndSessionsReply = reply({ ended: Int });
export const endSessionsCall = {
  params: AdminIdParams,
  body: BlockPlayerBody,
  response: replies({ 200: EndSessionsReply }),
};

/**
 * POST /api/admin/players/{id}/limits/lift {kind, period, amount, reason} (risk, step-up): the player's own
 * raise-or-remove path with its cooling-off; see docs/admin-players.md.
 */
export const LiftLimitBody = z.object({
  kind: z.enum(['deposit', 'loss', 'wager', 'time']),
  period: z.enum(['day', 'week', 'month']),
  amount: z
    .number()
    .int()
    .positive()
    .max(Number.MAX_SAFE_INTEGER)
    .nullable()
    .describe('The new, higher amount; null removes.'),
  reason: Reason,
});
export const LiftLimitReply = reply({ status: z.enum(['applied', 'pending', 'unchanged']), effective_at: IsoTime });
export type LiftLimitReply = z.infer<typeof LiftLimitReply>;
export const liftLimitCall = { params: AdminIdParams, body: LiftLimitBody, response: replies({ 200: LiftLimitReply }) };

/** POST /api/admin/players/{id}/notes {body} (support and up). */
export const AddNoteBody = z.object({
  body: z.string({ error: noteMessage }).trim().min(1, { error: noteMessage }).max(2000, { error: noteMessage }),
});
export const addNoteCall = {
  params: AdminIdParams,
  body: AddNoteBody,
  response: replies({ 200: reply({ note: AdminNoteRow }) }),
};
