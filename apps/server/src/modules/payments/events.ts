import type { Sql } from '../../platform/db/index';

/**
 * Writes a domain event to the outbox in the caller's transaction (so it exists iff the change committed). The
 * realtime/notifications dispatcher delivers `domain_events` at least once; handlers must be idempotent.
 * Events of this module: PaymentApproved, BalanceUpdated, FirstDeposit, DepositRefunded, WithdrawalRequested,
 * WithdrawalUpdated, WithdrawalDueSoon, DocumentReviewed.
 */
/** Events the player's browser listens to on its private user channel (spec section 7). */
const USER_CHANNEL_EVENTS = new Set(['PaymentApproved', 'BalanceUpdated']);

export async function recordEvent(
  sql: Sql,
  e: { tenantId: number; userId: number | null; type: string; payload: Record<string, unknown> },
): Promise<void> {
  await sql.query('insert into domain_events (tenant_id, user_id, type, payload) values ($1, $2, $3, $4)', [
    e.tenantId,
    e.userId,
    e.type,
    JSON.stringify(e.payload),
  ]);
  // Pushed through the realtime outbox in the same transaction: a running node publishes it once committed.
  if (e.userId !== null && USER_CHANNEL_EVENTS.has(e.type))
    await sql.query('insert into realtime_outbox (tenant_id, channel, event, data) values ($1, $2, $3, $4)', [
      e.tenantId,
      `private-user.${e.userId}`,
      e.type,
      JSON.stringify(e.payload),
    ]);
}
