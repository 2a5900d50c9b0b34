import { type DomainEventInput, type EventName, parseDomainEvent } from '@sorte/contracts';
import type { Sql } from '../db/index';

// Outside production every event is checked against the map, so a wrong payload fails the publisher's own test;
// production skips the parse because a bet's publish is on the hot path.
const VALIDATE = process.env.NODE_ENV !== 'production';

const INSERT_EVENT = 'insert into event_log (tenant_id, user_id, name, payload) values ($1, $2, $3, $4)';

/**
 * Publishes a domain event in the caller's transaction: it exists exactly when the change it describes committed.
 * One insert (the row and its primary key); every consumer that handles the name gets it after the commit.
 */
export async function publish<N extends EventName>(tx: Sql, event: DomainEventInput<N>): Promise<void> {
  const e = VALIDATE ? parseDomainEvent(event) : event;
  await tx.query(INSERT_EVENT, [e.tenantId, e.userId, e.name, JSON.stringify(e.payload)], 'events_publish');
}
