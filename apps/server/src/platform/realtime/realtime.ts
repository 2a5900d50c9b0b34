import type { Sql } from '../db/index';
import type { Broadcaster } from './broadcaster';
import type { RealtimeHub } from './hub';
import type { RealtimeKeys } from './keys';

/**
 * Laravel names a broadcast after its event class, and Echo's listen('MessageSent') binds
 * 'App\\Events\\MessageSent': bare names get that namespace so the unchanged client hears them.
 */
export function wireEventName(event: string): string {
  return /^[A-Z][A-Za-z0-9]*$/.test(event) ? `App\\Events\\${event}` : event;
}

export class Realtime {
  /** Tests: hold this node's outbox and event delivery loops (explicit delivery calls still work). */
  dispatchPaused = false;
  /** Tests: hold only the delivery of domain events, so a test can read the events a call wrote. */
  domainEventsHeld = false;

  constructor(
    readonly hub: RealtimeHub,
    readonly broadcaster: Broadcaster,
    readonly keys: RealtimeKeys,
  ) {}

  /** Publishes to every subscriber of (tenant, channel) on every node. data is JSON-encoded once here. */
  async publish(o: { tenantId: number; channel: string; event: string; data: unknown; exceptSocketId?: string }) {
    await this.broadcaster.publish({
      t: o.tenantId,
      c: o.channel,
      e: wireEventName(o.event),
      d: typeof o.data === 'string' ? o.data : JSON.stringify(o.data),
      ...(o.exceptSocketId ? { x: o.exceptSocketId } : {}),
    });
  }

  async close() {
    instances.delete(this);
    await this.hub.close();
    await this.broadcaster.close();
  }
}

const instances = new Set<Realtime>();

export function registerInstance(r: Realtime) {
  instances.add(r);
}

/** The realtime server of this process, if it runs one (the API server does; the ops CLI does not). */
export function localRealtime(): Realtime | null {
  return instances.values().next().value ?? null;
}

/**
 * Publishes an event to a channel of a tenant, for the modules (chat, notifications, the bet feed, Originals' live
 * rounds). Goes through this process's Broadcaster (in memory, or Redis to every node). Resolves false
 * when this process runs no realtime server; use emit() with a database handle to be delivered anyway.
 */
export async function broadcast(tenantId: number, channel: string, event: string, data: unknown): Promise<boolean> {
  const r = localRealtime();
  if (!r) return false;
  await r.publish({ tenantId, channel, event, data });
  return true;
}

/**
 * Like broadcast(), but when this process runs no realtime server (an ops command with PostgreSQL), the event is
 * written to realtime_outbox and a running node publishes it within a second.
 */
export async function emit(sql: Sql, tenantId: number, channel: string, event: string, data: unknown) {
  if (await broadcast(tenantId, channel, event, data).catch(() => false)) return;
  await sql.query('insert into realtime_outbox (tenant_id, channel, event, data) values ($1, $2, $3, $4)', [
    tenantId,
    channel,
    event,
    JSON.stringify(data),
  ]);
}

/** Publishes what other processes left in realtime_outbox. Each row is claimed by one node and published once. */
export async function drainOutbox(sql: Sql, r: Realtime, limit = 200): Promise<number> {
  const { rows } = await sql.query<{ id: number; tenant_id: number; channel: string; event: string; data: unknown }>(
    `delete from realtime_outbox where id in (
       select id from realtime_outbox order by id limit $1 for update skip locked)
     returning id, tenant_id, channel, event, data`,
    [limit],
  );
  rows.sort((a, b) => a.id - b.id);
  for (const row of rows) {
    await r.publish({ tenantId: row.tenant_id, channel: row.channel, event: row.event, data: row.data });
  }
  return rows.length;
}
