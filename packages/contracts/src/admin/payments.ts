import { z } from 'zod';
import { Int, IsoTime, localized, replies, reply } from '../http';
import { Centavos } from '../money';
import { AdminIdParams, Cursor, Limit, Reason, TenantFilter, When } from './common';

/**
 * The back office's payments section: deposit search, a deposit's detail and an operator's refund (PIX devolução),
 * and the KYC review queue with its documents. Withdrawals are in queues.ts (their two-person approval included).
 */

// ---- Deposits --------------------------------------------------------------------------------------------------

export const DEPOSIT_STATUSES = [
  'waiting_payment',
  'paid',
  'pending',
  'refused',
  'refunded',
  'chargebacked',
  'expired',
] as const;
export type DepositStatusName = (typeof DEPOSIT_STATUSES)[number];

const qMessage = localized({
  pt: 'Busque por id do jogador (só dígitos), valor (ex.: 150,00), txid ou id fim a fim (E2E).',
  en: 'Search by player id (digits only), amount (e.g. 150.00), txid or end-to-end id (E2E).',
});

/** GET /api/admin/deposits?q=&status=&from=&to=&cursor=&limit=&tenant=: newest first. */
export const AdminDepositsQuery = z.object({
  q: z
    .string()
    .trim()
    .max(40, { error: qMessage })
    .regex(/^(\d{1,15}|(R\$\s?)?\d{1,3}(\.?\d{3})*[,.]\d{2}|[A-Za-z0-9]{26,35})?$/, { error: qMessage })
    .optional()
    .describe(
      'Digits: the player id. With two decimals (150,00 or 150.00): the amount in reais. Else a txid or E2E id.',
    ),
  status: z.enum([...DEPOSIT_STATUSES, 'all']).default('all'),
  from: When.optional().describe('Created from this instant (inclusive); a date alone is its midnight UTC.'),
  to: When.optional().describe('Created before this instant (exclusive).'),
  cursor: Cursor.optional(),
  limit: Limit,
  tenant: TenantFilter,
});
export type AdminDepositsQuery = z.input<typeof AdminDepositsQuery>;

export const AdminDeposit = reply({
  id: Int,
  tenant_id: Int,
  player_id: Int,
  player_name: z.string().describe('First name and the last name’s initial.'),
  txid: z.string(),
  end_to_end_id: z.string().nullable().describe('The PIX payment’s end-to-end id, once paid.'),
  amount: Centavos,
  status: z.enum(DEPOSIT_STATUSES),
  created_at: IsoTime,
  paid_at: IsoTime.nullable(),
  payer_document: z.string().nullable().describe('The payer’s CPF, masked (***.456.789-**).'),
  refund_reason: z.string().nullable().describe('Why it was refunded (third_party_payer, or the operator’s reason).'),
  refunded_by: z.string().nullable().describe('The staff member who refunded it (null: refunded automatically).'),
  refund_requested_at: IsoTime.nullable(),
  refunded_at: IsoTime.nullable().describe('When the PSP confirmed the devolução (null: not yet).'),
  refund_error: z.string().nullable().describe('The PSP’s last error on the refund, while unconfirmed.'),
});
export type AdminDeposit = z.infer<typeof AdminDeposit>;

export const AdminDepositsReply = reply({ data: z.array(AdminDeposit), next_cursor: z.string().nullable() });
export type AdminDepositsReply = z.infer<typeof AdminDepositsReply>;
export const adminDepositsCall = { querystring: AdminDepositsQuery, response: replies({ 200: AdminDepositsReply }) };

export const AdminDepositReply = reply({ deposit: AdminDeposit });
export type AdminDepositReply = z.infer<typeof AdminDepositReply>;
export const adminDepositCall = { params: AdminIdParams, response: replies({ 200: AdminDepositReply }) };

/**
 * POST /api/admin/deposits/{id}/refund {reason}: sends a paid deposit back to its payer. The player's cash is
 * debited by the deposit's amount (409 when it no longer holds it); repeating the call never refunds twice.
 */
export const RefundDepositBody = z.object({ reason: Reason });
export const RefundDepositReply = reply({
  deposit: AdminDeposit,
  psp_confirmed: z.boolean().describe('false: booked, the PSP did not confirm yet; call again to retry it.'),
});
export type RefundDepositReply = z.infer<typeof RefundDepositReply>;
export const refundDepositCall = {
  params: AdminIdParams,
  body: RefundDepositBody,
  response: replies({ 200: RefundDepositReply }),
};

// ---- KYC -------------------------------------------------------------------------------------------------------

export const KYC_DOCUMENT_TYPES = ['id_front', 'id_back', 'selfie', 'proof_of_address'] as const;
export const KYC_STATUSES = ['pending', 'approved', 'rejected', 'cancelled'] as const;

/** GET /api/admin/kyc?status=pending&type=&cursor=&limit=&tenant=: oldest first (the queue's order). */
export const AdminKycQuery = z.object({
  status: z.enum([...KYC_STATUSES, 'all']).default('pending'),
  type: z.enum(KYC_DOCUMENT_TYPES).optional(),
  cursor: Cursor.optional(),
  limit: Limit,
  tenant: TenantFilter,
});
export type AdminKycQuery = z.input<typeof AdminKycQuery>;

export const AdminKycDocument = reply({
  id: Int,
  tenant_id: Int,
  player_id: Int,
  player_name: z.string(),
  type: z.enum(KYC_DOCUMENT_TYPES),
  status: z.enum(KYC_STATUSES),
  reject_reason: z.string().nullable(),
  created_at: IsoTime,
  reviewed_at: IsoTime.nullable(),
  content_type: z.string().describe('image/jpeg, image/png, image/webp or application/pdf.'),
  size: Int,
});
export type AdminKycDocument = z.infer<typeof AdminKycDocument>;

export const AdminKycQueueReply = reply({ data: z.array(AdminKycDocument), next_cursor: z.string().nullable() });
export type AdminKycQueueReply = z.infer<typeof AdminKycQueueReply>;
export const adminKycCall = { querystring: AdminKycQuery, response: replies({ 200: AdminKycQueueReply }) };

/** GET /api/admin/kyc/{id}: the document and the player's latest document of each type, for the side-by-side view. */
export const AdminKycDetailReply = reply({ document: AdminKycDocument, set: z.array(AdminKycDocument) });
export type AdminKycDetailReply = z.infer<typeof AdminKycDetailReply>;
export const adminKycDetailCall = { params: AdminIdParams, response: replies({ 200: AdminKycDetailReply }) };

/** GET /api/admin/kyc/{id}/file: the document's bytes (staff of its tenant only; never cached, never public). */
export const adminKycFileCall = {
  params: AdminIdParams,
  response: replies({ 200: z.string().meta({ format: 'binary' }).describe('The image or PDF.') }),
};

/** POST /api/admin/kyc/{id}/approve and /reject {reason}: the kyc module's review; the player is notified. */
export const AdminKycDecisionReply = reply({ document: AdminKycDocument });
export type AdminKycDecisionReply = z.infer<typeof AdminKycDecisionReply>;
export const approveKycCall = { params: AdminIdParams, response: replies({ 200: AdminKycDecisionReply }) };
export const RejectKycBody = z.object({ reason: Reason });
export const rejectKycCall = {
  params: AdminIdParams,
  body: RejectKycBody,
  response: replies({ 200: AdminKycDecisionReply }),
};

// ---- Settings --------------------------------------------------------------------------------------------------

/** GET /api/admin/payments/settings: the tenant's two-person amount (set with ops withdrawal:two-person). */
export const AdminPaymentSettingsQuery = z.object({ tenant: TenantFilter });
export const AdminPaymentSettingsReply = reply({
  tenant_id: Int.nullable().describe('null: platform staff without a tenant filter (the default is shown).'),
  two_person_above: Centavos.describe('Above this amount two different people must approve a withdrawal.'),
  default_two_person_above: Centavos,
});
export type AdminPaymentSettingsReply = z.infer<typeof AdminPaymentSettingsReply>;
export const adminPaymentSettingsCall = {
  querystring: AdminPaymentSettingsQuery,
  response: replies({ 200: AdminPaymentSettingsReply }),
};
