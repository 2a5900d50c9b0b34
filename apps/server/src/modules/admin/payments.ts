import type {
  AdminDepositReply,
  AdminDepositsReply,
  AdminKycDecisionReply,
  AdminKycDetailReply,
  AdminKycQueueReply,
  AdminPaymentSettingsReply,
  DepositStatusName,
  RefundDepositReply,
} from '@sorte/contracts';
import type { Db } from '../../platform/db/index';
import { AppError, type Localized } from '../../platform/errors';
import type { StoredFile } from '../../platform/storage';
import * as kyc from '../kyc/index';
import * as payments from '../payments/index';
import { auditStaffAct, staffActor } from './audit';
import { tenantScope } from './permissions';
import type { StaffMember } from './staff';

/** The back office's payments section over the payments and kyc modules' own API (the ops CLI's too). */

const BAD_CURSOR: Localized = {
  pt: 'Cursor de página inválido: use o next_cursor da página anterior.',
  en: 'Invalid page cursor: use the previous page’s next_cursor.',
};
const BAD_RANGE: Localized = {
  pt: 'O início do período deve ser antes do fim.',
  en: 'The start of the period must be before its end.',
};
const NO_PSP: Localized = {
  pt: 'O PSP de PIX não está disponível neste servidor.',
  en: 'The PIX PSP is not available on this server.',
};
const DEPOSIT_NOT_FOUND: Localized = { pt: 'Depósito não encontrado.', en: 'Deposit not found.' };
const DOCUMENT_NOT_FOUND: Localized = { pt: 'Documento não encontrado.', en: 'Document not found.' };

const badCursor = () => new AppError('validation', BAD_CURSOR, { cursor: [BAD_CURSOR] });

// ---- Deposits ----------------------------------------------------------------------------------------------------

const depositCursor = (k: payments.DepositKey) => `${k.key.toString(36)}_${k.id.toString(36)}`;
function depositKey(cursor: string): payments.DepositKey {
  const m = /^([0-9a-z]{1,12})_([0-9a-z]{1,11})$/.exec(cursor);
  const key = m ? Number.parseInt(m[1]!, 36) : Number.NaN;
  const id = m ? Number.parseInt(m[2]!, 36) : Number.NaN;
  if (!Number.isSafeInteger(key) || !Number.isSafeInteger(id)) throw badCursor();
  return { key, id };
}

/** What the one search box means: a player id (digits), an amount in reais (two decimals), or a txid / E2E id. */
export function parseDepositQuery(
  q: string | undefined,
): Pick<payments.DepositSearch, 'playerId' | 'amount' | 'pspId'> {
  const v = q?.trim();
  if (!v) return {};
  if (/^\d{1,15}$/.test(v)) return { playerId: Number(v) };
  const money = /^(?:R\$\s?)?(\d{1,3}(?:\.?\d{3})*)[,.](\d{2})$/.exec(v);
  if (money) return { amount: Number(money[1]!.replace(/\./g, '')) * 100 + Number(money[2]) };
  return { pspId: v };
}

export type DepositsQuery = {
  q?: string;
  status: DepositStatusName | 'all';
  from?: string;
  to?: string;
  cursor?: string;
  limit: number;
  tenant?: number;
};

/** GET /api/admin/deposits: one page, newest first, of the staff member's tenant (or the named one, or all). */
export async function listDeposits(db: Db, staff: StaffMember, q: DepositsQuery): Promise<AdminDepositsReply> {
  const from = q.from ? new Date(q.from) : undefined;
  const to = q.to ? new Date(q.to) : undefined;
  if (from && to && from >= to) throw new AppError('validation', BAD_RANGE, { from: [BAD_RANGE] });
  const { rows, next } = await payments.searchDeposits(db, {
    tenantId: tenantScope(staff, q.tenant),
    ...parseDepositQuery(q.q),
    status: q.status === 'all' ? undefined : q.status,
    from,
    to,
    after: q.cursor ? depositKey(q.cursor) : undefined,
    limit: q.limit,
  });
  return { data: rows, next_cursor: next ? depositCursor(next) : null };
}

/** GET /api/admin/deposits/{id}: another tenant's deposit is "not found". */
export async function getDeposit(db: Db, staff: StaffMember, id: number): Promise<AdminDepositReply> {
  const deposit = await payments.findDeposit(db, { id, tenantId: tenantScope(staff) });
  if (!deposit) throw new AppError('not_found', DEPOSIT_NOT_FOUND);
  return { deposit };
}

/** POST /api/admin/deposits/{id}/refund: payments' refund, audited in the transaction that moves the money. */
export async function refundDeposit(
  db: Db,
  staff: StaffMember,
  o: { id: number; reason: string; ip: string | null },
): Promise<RefundDepositReply> {
  const rt = payments.runtimeFor(db);
  if (!rt) throw new AppError('unavailable', NO_PSP);
  return payments.refundDeposit(rt.pix, {
    id: o.id,
    tenantId: tenantScope(staff),
    operator: staffActor(staff),
    reason: o.reason,
    onRefunded: (tx, { before, after }) =>
      auditStaffAct(tx, {
        staff,
        action: 'deposit.refund',
        tenantId: after.tenant_id,
        userId: after.player_id,
        before,
        after: { ...after, reason: o.reason },
        ip: o.ip,
      }),
  });
}

// ---- KYC -----------------------------------------------------------------------------------------------------------

export type KycQuery = {
  status: 'pending' | 'approved' | 'rejected' | 'cancelled' | 'all';
  type?: kyc.DocumentType;
  cursor?: string;
  limit: number;
  tenant?: number;
};

/** GET /api/admin/kyc: documents in a status, oldest first (the order they are reviewed in). */
export async function listKyc(db: Db, staff: StaffMember, q: KycQuery): Promise<AdminKycQueueReply> {
  let afterId: number | undefined;
  if (q.cursor) {
    afterId = /^[0-9a-z]{1,11}$/.test(q.cursor) ? Number.parseInt(q.cursor, 36) : Number.NaN;
    if (!Number.isSafeInteger(afterId)) throw badCursor();
  }
  const { rows, next } = await kyc.listReviewDocuments(db, {
    tenantId: tenantScope(staff, q.tenant),
    status: q.status === 'all' ? null : q.status,
    type: q.type,
    afterId,
    limit: q.limit,
  });
  return { data: rows, next_cursor: next === null ? null : next.toString(36) };
}

export async function getKyc(db: Db, staff: StaffMember, id: number): Promise<AdminKycDetailReply> {
  const found = await kyc.findReviewDocument(db, { id, tenantId: tenantScope(staff) });
  if (!found) throw new AppError('not_found', DOCUMENT_NOT_FOUND);
  return found;
}

export function kycFile(db: Db, staff: StaffMember, o: { id: number; dataDir: string }): Promise<StoredFile> {
  return kyc.readDocumentFile(db, kyc.documentStorage(o.dataDir), { id: o.id, tenantId: tenantScope(staff) });
}

/** POST /api/admin/kyc/{id}/approve|reject: the kyc module's review (it notifies the player), audited. */
export async function decideKyc(
  db: Db,
  staff: StaffMember,
  o: { id: number; approve: boolean; reason?: string; ip: string | null },
): Promise<AdminKycDecisionReply> {
  const tenantId = tenantScope(staff);
  await kyc.reviewDocument(db, {
    id: o.id,
    approve: o.approve,
    reason: o.reason,
    tenantId,
    onReviewed: async (tx, { before, after }) => {
      const doc = await kyc.findReviewDocument(tx, { id: o.id });
      await auditStaffAct(tx, {
        staff,
        action: o.approve ? 'kyc.approve' : 'kyc.reject',
        tenantId: doc?.document.tenant_id ?? null,
        userId: doc?.document.player_id ?? null,
        before,
        after,
        ip: o.ip,
      });
    },
  });
  const found = await kyc.findReviewDocument(db, { id: o.id, tenantId });
  return { document: found!.document };
}

// ---- Settings ------------------------------------------------------------------------------------------------------

export async function paymentSettings(
  db: Db,
  staff: StaffMember,
  requested?: number,
): Promise<AdminPaymentSettingsReply> {
  const tenantId = tenantScope(staff, requested) ?? null;
  return {
    tenant_id: tenantId,
    two_person_above:
      tenantId === null ? payments.DEFAULT_TWO_PERSON_ABOVE : await payments.twoPersonAbove(db, tenantId),
    default_two_person_above: payments.DEFAULT_TWO_PERSON_ABOVE,
  };
}
