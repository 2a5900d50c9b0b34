import type { AdminAuditEntry, AdminAuditReply } from '@sorte/contracts';
import type { Db, Sql } from '../../platform/db/index';
import { AppError, type Localized } from '../../platform/errors';
import { appendAudit, listAudit } from '../responsible-gaming/index';
import { tenantScope } from './permissions';
import type { StaffMember } from './staff';

/**
 * Every staff act is written to the responsible-gaming module's audit log (append-only), in the act's own
 * transaction: an act and its audit row exist together or not at all.
 */

/** How a staff member is named in the log: the id stays true if the e-mail later changes. */
export const staffActor = (staff: Pick<StaffMember, 'id' | 'email'>) => `staff:${staff.id} ${staff.email}`;

export async function auditStaffAct(
  tx: Sql,
  a: {
    staff: StaffMember;
    action: string;
    tenantId: number | null;
    userId: number | null;
    before: unknown;
    after: unknown;
    ip: string | null;
  },
): Promise<void> {
  await appendAudit(tx, {
    tenantId: a.tenantId,
    userId: a.userId,
    actor: staffActor(a.staff),
    action: a.action,
    before: a.before,
    after: a.after,
    ip: a.ip,
  });
}

const BAD_CURSOR: Localized = {
  pt: 'Cursor de página inválido: use o next_cursor da página anterior.',
  en: 'Invalid page cursor: use the previous page’s next_cursor.',
};
const BAD_RANGE: Localized = {
  pt: 'O início do período deve ser antes do fim.',
  en: 'The start of the period must be before its end.',
};

/** A page's cursor: the last id, in base 36 (the log is newest first, so the next page is below it). */
const cursorOf = (id: number) => id.toString(36);
function idOfCursor(cursor: string): number {
  const id = /^[0-9a-z]{1,11}$/.test(cursor) ? Number.parseInt(cursor, 36) : Number.NaN;
  if (!Number.isSafeInteger(id) || id <= 0) throw new AppError('validation', BAD_CURSOR, { cursor: [BAD_CURSOR] });
  return id;
}

export type AuditQuery = {
  actor?: string;
  action?: string;
  user_id?: number;
  from?: string;
  to?: string;
  cursor?: string;
  limit: number;
  tenant?: number;
};

/** GET /api/admin/audit: one page of the log the staff member may see, filtered on the server, newest first. */
export async function readAudit(db: Db, staff: StaffMember, q: AuditQuery): Promise<AdminAuditReply> {
  const from = q.from ? new Date(q.from) : undefined;
  const to = q.to ? new Date(q.to) : undefined;
  if (from && to && from >= to) throw new AppError('validation', BAD_RANGE, { from: [BAD_RANGE] });
  const rows = await listAudit(db, {
    tenantId: tenantScope(staff, q.tenant),
    actor: q.actor,
    action: q.action,
    userId: q.user_id,
    from,
    to,
    beforeId: q.cursor ? idOfCursor(q.cursor) : undefined,
    limit: q.limit + 1,
  });
  const page = rows.slice(0, q.limit);
  const data: AdminAuditEntry[] = page.map((r) => ({
    id: r.id,
    tenant_id: r.tenant_id,
    user_id: r.user_id,
    actor: r.actor,
    action: r.action,
    before: r.before ?? null,
    after: r.after ?? null,
    ip: r.ip,
    created_at: new Date(r.created_at).toISOString(),
  }));
  const last = page[page.length - 1];
  return { data, next_cursor: rows.length > q.limit && last ? cursorOf(last.id) : null };
}
