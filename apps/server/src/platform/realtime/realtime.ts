import type { Sql } from '../db/index';
import { type Consumer, defineConsumer } from '../events/bus';
import { publish } from '../events/publish';
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
  /** Tests: hold this node's event delivery loop, so explicit delivery calls are the only ones. */
  dispatchPaused = false;
  /** Tests: the same hold, for tests that read the events a call wrote before any consumer passes them. */
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
 * Like broadcast(), but when this process runs no realtime server (an ops command with PostgreSQL), the message is
 * published as an event and a running node's realtime relay pushes it within a second.
 */
export async function emit(sql: Sql, tenantId: number, channel: string, event: string, data: unknown) {
  if (await broadcast(tenantId, channel, event, data).catch(() => false)) return;
  await publish(sql, { name: 'realtime.push_requested', tenantId, userId: null, payload: { channel, event, data } });
}

/** Pushes what a process without a realtime server asked for (emit()); registered by the app with the others. */
export const realtimeRelayConsumer: Consumer = defineConsumer({
  name: 'realtime-relay',
  handlers: {
    'realtime.push_requested': async (e, ctx) => {
      const { channel, event, data } = e.payload;
      ctx.afterCommit(() => void broadcast(e.tenantId, channel, event, data));
    },
  },
});
