import { type DomainEventInput, LEGACY_EVENT_NAMES } from '@sorte/contracts';
import type { Sql } from '../../platform/db/index';
import { publish } from '../../platform/events/index';

/**
 * Publishes a domain event in the caller's transaction (so it exists iff the change committed), under the bus name
 * of the module's event type: PaymentApproved, BalanceUpdated, FirstDeposit, DepositRefunded, WithdrawalRequested,
 * WithdrawalUpdated, WithdrawalDueSoon. Consumers (realtime, notifications ...) each get it at least once.
 */
export async function recordEvent(
  sql: Sql,
  e: { tenantId: number; userId: number | null; type: string; payload: Record<string, unknown> },
): Promise<void> {
  const name = LEGACY_EVENT_NAMES[e.type];
  if (!name) throw new Error(`unknown domain event type ${e.type}`);
  await publish(sql, { name, tenantId: e.tenantId, userId: e.userId, payload: e.payload } as DomainEventInput);
}
