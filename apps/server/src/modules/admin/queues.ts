import type {
  AdminWithdrawalReply,
  AdminWithdrawalsReply,
  WithdrawalSort,
  WithdrawalStatusName,
} from '@sorte/contracts';
import type { Db } from '../../platform/db/index';
import { AppError, type Localized } from '../../platform/errors';
import { listReviewQueue, type QueueKey, reviewWithdrawal, WITHDRAW_STATUS } from '../payments/index';
import { auditStaffAct, staffActor } from './audit';
import { tenantScope } from './permissions';
import type { StaffMember } from './staff';

/** The review queues of the back office, over the same payments API the ops CLI's withdrawal:* commands call. */

const BAD_CURSOR: Localized = {
  pt: 'Cursor de página inválido: use o next_cursor da página anterior.',
  en: 'Invalid page cursor: use the previous page’s next_cursor.',
};

// The cursor names the last row's sort value and id; the sort itself comes with each request, as the console
// keeps it in the address.
const cursorOf = (k: QueueKey) => `${k.key.toString(36)}_${k.id.toString(36)}`;
function keyOfCursor(cursor: string): QueueKey {
  const m = /^([0-9a-z]{1,12})_([0-9a-z]{1,11})$/.exec(cursor);
  const key = m ? Number.parseInt(m[1]!, 36) : Number.NaN;
  const id = m ? Number.parseInt(m[2]!, 36) : Number.NaN;
  if (!Number.isSafeInteger(key) || !Number.isSafeInteger(id))
    throw new AppError('validation', BAD_CURSOR, { cursor: [BAD_CURSOR] });
  return { key, id };
}

export type WithdrawalsQuery = {
  status: WithdrawalStatusName | 'all';
  sort: WithdrawalSort;
  cursor?: string;
  limit: number;
  tenant?: number;
};

/** GET /api/admin/withdrawals: one page of the staff member's tenant (or the named one, or all, for the platform). */
export async function listWithdrawals(db: Db, staff: StaffMember, q: WithdrawalsQuery): Promise<AdminWithdrawalsReply> {
  const { rows, next } = await listReviewQueue(db, {
    tenantId: tenantScope(staff, q.tenant),
    status: q.status === 'all' ? null : WITHDRAW_STATUS[q.status],
    sort: q.sort,
    after: q.cursor ? keyOfCursor(q.cursor) : undefined,
    limit: q.limit,
  });
  return { data: rows, next_cursor: next ? cursorOf(next) : null };
}

/**
 * POST /api/admin/withdrawals/{id}/approve|reject: the decision of payments' reviewWithdrawal (the player is told
 * live by its withdrawal_updated event), with the audit row written in the same transaction. Another tenant's
 * withdrawal is "not found" to a tenant's staff; a second decision on one is a 409.
 */
export async function decideWithdrawal(
  db: Db,
  staff: StaffMember,
  o: { id: number; approve: boolean; reason?: string; ip: string | null },
): Promise<AdminWithdrawalReply> {
  const decided: { row?: AdminWithdrawalReply['withdrawal'] } = {};
  await reviewWithdrawal(db, {
    id: o.id,
    approve: o.approve,
    reason: o.reason,
    operator: staffActor(staff),
    tenantId: tenantScope(staff),
    onReviewed: async (tx, { before, after }) => {
      decided.row = after;
      await auditStaffAct(tx, {
        staff,
        action: o.approve ? 'withdrawal.approve' : 'withdrawal.reject',
        tenantId: after.tenant_id,
        userId: after.player_id,
        before,
        after,
        ip: o.ip,
      });
    },
    // Above the tenant's two-person amount the first approval is recorded and audited; the row stays in the queue.
    onFirstApproval: async (tx, { before, after }) => {
      decided.row = after;
      await auditStaffAct(tx, {
        staff,
        action: 'withdrawal.approve_first',
        tenantId: after.tenant_id,
        userId: after.player_id,
        before,
        after,
        ip: o.ip,
      });
    },
  });
  if (!decided.row) throw new AppError('conflict');
  return { withdrawal: decided.row };
}
