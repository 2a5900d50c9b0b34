import type { AdminParkedEvent, AdminParkedEventsReply } from '@sorte/contracts';
import type { Db } from '../../platform/db/index';
import { AppError, type Localized } from '../../platform/errors';
import { listParkedEvents, type ParkedEvent, retryParkedEvents } from '../../platform/events/index';
import { auditStaffAct } from './audit';
import { tenantScope } from './permissions';
import type { StaffMember } from './staff';

const NOT_PARKED: Localized = {
  pt: 'Este evento não está mais parado: já foi tentado de novo, ou não é desta plataforma.',
  en: 'This event is no longer parked: it was retried already, or it is not this platform’s.',
};

const rowOf = (e: ParkedEvent): AdminParkedEvent => ({
  consumer: e.consumer,
  event_id: e.eventId,
  name: e.name,
  tenant_id: e.tenantId,
  user_id: e.userId,
  attempts: e.attempts,
  last_error: e.lastError,
  created_at: e.createdAt.toISOString(),
  parked_at: e.parkedAt.toISOString(),
});

/** events:failed for the console: the staff member's tenant's parked events (platform staff: any or every tenant). */
export async function listFailedEvents(db: Db, staff: StaffMember, tenant?: number): Promise<AdminParkedEventsReply> {
  const rows = await listParkedEvents(db, { tenantId: tenantScope(staff, tenant), limit: 100 });
  return { data: rows.map(rowOf) };
}

/**
 * events:retry of one event, held to the staff member's tenant. An event another tenant's, unknown or already
 * retried is the same 404, so a tenant's staff learn nothing of another tenant's events.
 */
export async function retryFailedEvent(
  db: Db,
  staff: StaffMember,
  o: { consumer: string; eventId: number; ip: string | null },
): Promise<{ retried: number }> {
  return db.transaction(async (tx) => {
    const [before] = await listParkedEvents(tx, {
      tenantId: tenantScope(staff),
      eventId: o.eventId,
      limit: 100,
    }).then((rows) => rows.filter((e) => e.consumer === o.consumer));
    if (!before) throw new AppError('not_found', NOT_PARKED);
    // Two retries at once both read the row parked; the second update then finds it taken, and its operator gets
    // the same words as for any event no longer parked, not the ops command's English one.
    const retried = await retryParkedEvents(tx, { consumer: o.consumer, eventId: o.eventId }).catch((e: unknown) => {
      throw e instanceof AppError && e.code === 'not_found' ? new AppError('not_found', NOT_PARKED) : e;
    });
    await auditStaffAct(tx, {
      staff,
      action: 'event.retry',
      tenantId: before.tenantId,
      userId: before.userId,
      before: rowOf(before),
      after: { consumer: o.consumer, event_id: o.eventId, attempts: 0 },
      ip: o.ip,
    });
    return { retried };
  });
}
