import { z } from 'zod';
import { Int, IsoTime, replies, reply } from '../http';
import { Centavos } from '../money';
import { AdminIdParams, Cursor, Limit, Reason, TenantFilter, When } from './common';

/**
 * The back office's review queues (withdrawals first) and its audit log. Lists are keyset-paginated: a reply's
 * `next_cursor` is passed back as `cursor` for the next page (null: no more), so a page costs the same on the
 * millionth row as on the first.
 */

// ---- Withdrawals -----------------------------------------------------------------------------------------------

/** The payments module's withdrawal statuses, by name (the player's API sends their numbers: spec section 3). */
export const WITHDRAWAL_STATUSES = [
  'pending',
  'approved',
  'cancelled',
  'invalid_key',
  'processing',
  'under_review',
] as const;
export type WithdrawalStatusName = (typeof WITHDRAWAL_STATUSES)[number];

export const WITHDRAWAL_SORTS = ['due_at', '-due_at', 'requested_at', '-requested_at', 'amount', '-amount'] as const;
export type WithdrawalSort = (typeof WITHDRAWAL_SORTS)[number];

/** GET /api/admin/withdrawals?status=&sort=&cursor=&limit=&tenant=. */
export const AdminWithdrawalsQuery = z.object({
  status: z
    .enum([...WITHDRAWAL_STATUSES, 'all'])
    .default('under_review')
    .describe('Default under_review: the queue waiting for a decision.'),
  sort: z
    .enum(WITHDRAWAL_SORTS)
    .default('due_at')
    .describe('A leading "-" sorts descending. Default due_at: the nearest payout deadline first.'),
  cursor: Cursor.optional(),
  limit: Limit,
  tenant: TenantFilter,
});
export type AdminWithdrawalsQuery = z.input<typeof AdminWithdrawalsQuery>;

export const AdminWithdrawal = reply({
  id: Int,
  tenant_id: Int,
  player_id: Int,
  player_name: z.string().describe('First name and the last name’s initial: enough to tell players apart.'),
  amount: Centavos,
  pix_key_type: z.enum(['cpf', 'email', 'phone', 'evp']).describe('The key itself stays with payments.'),
  requested_at: IsoTime,
  due_at: IsoTime.describe('The 120-minute payout deadline (regulated mode): requested_at + 120 min.'),
  status: z.enum(WITHDRAWAL_STATUSES),
  review_reason: z
    .string()
    .nullable()
    .describe('Why it waits (amount_above_threshold, payout_failed) or why it was rejected.'),
  reviewed_by: z.string().nullable(),
  last_error: z.string().nullable().describe('The PSP’s last refusal, if any.'),
  two_person: z.boolean().describe('Above the tenant’s two-person amount: two different people must approve it.'),
  first_approved_by: z.string().nullable().describe('Who gave the first of its two approvals, if anyone yet.'),
  first_approved_at: IsoTime.nullable(),
});
export type AdminWithdrawal = z.infer<typeof AdminWithdrawal>;

export const AdminWithdrawalsReply = reply({
  data: z.array(AdminWithdrawal),
  next_cursor: z.string().nullable(),
});
export type AdminWithdrawalsReply = z.infer<typeof AdminWithdrawalsReply>;
export const adminWithdrawalsCall = {
  querystring: AdminWithdrawalsQuery,
  response: replies({ 200: AdminWithdrawalsReply }),
};

/**
 * POST /api/admin/withdrawals/{id}/approve: releases it to the payout job. A sensitive act: the session must have
 * confirmed a fresh TOTP code (POST /api/admin/auth/step-up) within STAFF_STEP_UP_MS, else 403 step_up_required.
 */
export const AdminWithdrawalReply = reply({ withdrawal: AdminWithdrawal });
export type AdminWithdrawalReply = z.infer<typeof AdminWithdrawalReply>;
export const approveWithdrawalCall = {
  params: AdminIdParams,
  response: replies({ 200: AdminWithdrawalReply }),
};

/** POST /api/admin/withdrawals/{id}/reject {reason}: the amount returns to the player's cash (step-up, as approve). */
export const RejectWithdrawalBody = z.object({
  reason: Reason,
});
export const rejectWithdrawalCall = {
  params: AdminIdParams,
  body: RejectWithdrawalBody,
  response: replies({ 200: AdminWithdrawalReply }),
};

// ---- Audit log -------------------------------------------------------------------------------------------------

/** GET /api/admin/audit?actor=&action=&user_id=&from=&to=&cursor=&limit=&tenant=: newest first. */
export const AdminAuditQuery = z.object({
  actor: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .optional()
    .describe('Exact actor, or its first word: "staff:12" finds every row of staff member 12; "player", "system".'),
  action: z.string().trim().min(1).max(100).optional().describe('Exact action, e.g. withdrawal.approve.'),
  user_id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional().describe('The player.'),
  from: When.optional().describe('From this instant (inclusive); a date alone is its midnight UTC.'),
  to: When.optional().describe('Before this instant (exclusive).'),
  cursor: Cursor.optional(),
  limit: Limit,
  tenant: TenantFilter,
});
export type AdminAuditQuery = z.input<typeof AdminAuditQuery>;

export const AdminAuditEntry = reply({
  id: Int,
  tenant_id: Int.nullable(),
  user_id: Int.nullable().describe('The player the act concerns, if any.'),
  actor: z.string().describe('"staff:<id> <email>" for staff, "player", "system", an ops operator ...'),
  action: z.string(),
  before: z.unknown().describe('The state before the act (JSON), or null.'),
  after: z.unknown().describe('The state after the act (JSON), or null.'),
  ip: z.string().nullable(),
  created_at: IsoTime,
});
export type AdminAuditEntry = z.infer<typeof AdminAuditEntry>;

export const AdminAuditReply = reply({ data: z.array(AdminAuditEntry), next_cursor: z.string().nullable() });
export type AdminAuditReply = z.infer<typeof AdminAuditReply>;
export const adminAuditCall = { querystring: AdminAuditQuery, response: replies({ 200: AdminAuditReply }) };
