import type { Sql } from '../db/index';
import { AppError } from '../errors';

/** events:status, one row per consumer. */
export type ConsumerStatus = {
  consumer: string;
  /** The last event passed: `<transaction id>:<event id>`. */
  position: string;
  /** Events in the log this consumer has not passed yet (of every name: it passes the ones it does not handle). */
  lagEvents: number;
  /** Age of the oldest of those, in seconds; 0 when there is none. */
  lagSeconds: number;
  /** Set aside after a failure, waiting for their next attempt. */
  retrying: number;
  parked: number;
};

/** events:failed, one row per parked event. */
export type ParkedEvent = {
  consumer: string;
  eventId: number;
  name: string;
  tenantId: number;
  userId: number | null;
  attempts: number;
  lastError: string;
  createdAt: Date;
  parkedAt: Date;
};

export async function readConsumerStatus(sql: Sql): Promise<ConsumerStatus[]> {
  const { rows } = await sql.query<{
    name: string;
    position: string;
    lag_events: number;
    lag_seconds: number | null;
    retrying: number;
    parked: number;
  }>(
    `select c.name, c.pos_xid::text || ':' || c.pos_id as position, l.lag_events, l.lag_seconds,
        (select count(*)::int from event_retries r where r.consumer = c.name and r.parked_at is null) as retrying,
        (select count(*)::int from event_retries r where r.consumer = c.name and r.parked_at is not null) as parked
      from event_consumers c
      cross join lateral (
        select count(*)::int as lag_events, extract(epoch from now() - min(e.created_at))::float8 as lag_seconds
          from event_log e where (e.xid, e.id) > (c.pos_xid, c.pos_id)
      ) l
      order by c.name`,
  );
  return rows.map((r) => ({
    consumer: r.name,
    position: r.position,
    lagEvents: r.lag_events,
    lagSeconds: Math.max(0, Math.round((r.lag_seconds ?? 0) * 10) / 10),
    retrying: r.retrying,
    parked: r.parked,
  }));
}

async function requireConsumer(sql: Sql, consumer: string) {
  const { rows } = await sql.query('select 1 from event_consumers where name = $1', [consumer]);
  if (rows.length === 0) throw new AppError('not_found', `no event consumer named "${consumer}"`);
}

/** `tenantId` holds the list to one tenant's events (a tenant's staff); `eventId` to one event. */
export async function listParkedEvents(
  sql: Sql,
  o: { consumer?: string; tenantId?: number; eventId?: number; limit?: number } = {},
): Promise<ParkedEvent[]> {
  if (o.consumer !== undefined) await requireConsumer(sql, o.consumer);
  const { rows } = await sql.query<{
    consumer: string;
    event_id: number;
    name: string;
    tenant_id: number;
    user_id: number | null;
    attempts: number;
    last_error: string;
    created_at: Date;
    parked_at: Date;
  }>(
    `select consumer, event_id, name, tenant_id, user_id, attempts, last_error, created_at, parked_at
      from event_retries where parked_at is not null and ($1::text is null or consumer = $1)
        and ($3::bigint is null or tenant_id = $3) and ($4::bigint is null or event_id = $4)
      order by parked_at, consumer, event_id limit $2`,
    [o.consumer ?? null, o.limit ?? 100, o.tenantId ?? null, o.eventId ?? null],
  );
  return rows.map((r) => ({
    consumer: r.consumer,
    eventId: Number(r.event_id),
    name: r.name,
    tenantId: Number(r.tenant_id),
    userId: r.user_id === null ? null : Number(r.user_id),
    attempts: r.attempts,
    lastError: r.last_error,
    createdAt: new Date(r.created_at),
    parkedAt: new Date(r.parked_at),
  }));
}

/**
 * events:retry: parked events of one consumer (one by its event id, or all of them) become due at once, with a
 * fresh set of attempts. Returns how many; an id that is not parked for that consumer is an error.
 */
export async function retryParkedEvents(sql: Sql, o: { consumer: string; eventId?: number }): Promise<number> {
  await requireConsumer(sql, o.consumer);
  const { rowCount } = await sql.query(
    `update event_retries set parked_at = null, attempts = 0, next_attempt_at = now()
      where consumer = $1 and parked_at is not null and ($2::bigint is null or event_id = $2)`,
    [o.consumer, o.eventId ?? null],
  );
  if (o.eventId !== undefined && rowCount === 0)
    throw new AppError('not_found', `event ${o.eventId} is not parked for consumer "${o.consumer}"`);
  return rowCount;
}

/**
 * Removes a retired consumer: its position (which would otherwise keep every later event in the log for ever)
 * and its set-aside events. A consumer still in the code registers again on its next start, from then on.
 */
export async function forgetConsumer(sql: Sql, consumer: string): Promise<void> {
  await requireConsumer(sql, consumer);
  await sql.query('delete from event_consumers where name = $1', [consumer]);
}
