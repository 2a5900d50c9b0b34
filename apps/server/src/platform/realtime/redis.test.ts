import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import Echo from 'laravel-echo';
import type PusherJs from 'pusher-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { registerPlayer } from '../../test/accounts';
import { testConfig, testDb } from '../../test/helpers';
import type { Db } from '../db/index';
import { publish } from '../events/index';
import { connected, listen, pusherClient, tenantKey, waitFor } from './test-support';

const REDIS = process.env.TEST_REDIS_URL;

/**
 * Two server processes' worth of app (each its own Broadcaster, hub and port) sharing one database and one Redis,
 * like two nodes behind a load balancer. Skipped when TEST_REDIS_URL is not set.
 */
describe.skipIf(!REDIS)('Redis fan-out across two nodes (TEST_REDIS_URL)', () => {
  let db: Db;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let portA: number;
  let portB: number;
  let key: string;
  let tenantId: number;
  const clients: PusherJs[] = [];
  const track = (p: PusherJs) => {
    clients.push(p);
    return p;
  };

  beforeAll(async () => {
    db = await testDb();
    const cfg = testConfig({
      redisUrl: REDIS,
      realtimeRedisPrefix: `t${randomBytes(4).toString('hex')}:`,
      realtimeNodeTtlMs: 1500,
    });
    a = await buildApp(cfg, { db });
    b = await buildApp(cfg, { db });
    portA = await listen(a);
    portB = await listen(b);
    ({ key, tenantId } = await tenantKey(a, '127.0.0.1'));
  });

  afterAll(async () => {
    for (const c of clients) c.disconnect();
    await a?.close();
    await b?.close().catch(() => {});
    await db?.close();
  });

  it('delivers a message published on node B to a client connected to node A', async () => {
    expect(a.realtime.broadcaster.kind).toBe('redis');
    const p = track(pusherClient({ port: portA, key }));
    await connected(p);
    const echo = new Echo({ broadcaster: 'pusher', client: p });
    const got: unknown[] = [];
    echo.channel('chat.30').listen('MessageSent', (e: unknown) => got.push(e));
    await waitFor(() => p.channel('chat.30')?.subscribed);
    await b.realtime.publish({ tenantId, channel: 'chat.30', event: 'MessageSent', data: { from: 'B' } });
    await waitFor(() => got.length === 1);
    expect(got[0]).toEqual({ from: 'B' });
  });

  it('a deposit approved on node A reaches its player on node B live, with its notification, each once', async () => {
    const u = await registerPlayer(a, { host: '127.0.0.1' });
    const userId = Number(u.user.id);
    const onB = track(pusherClient({ port: portB, key, token: u.token }));
    const got: [string, unknown][] = [];
    const ch = onB.subscribe(`private-user.${userId}`);
    ch.bind_global((event: string, data: unknown) => {
      if (!event.startsWith('pusher')) got.push([event, data]);
    });
    await waitFor(() => ch.subscribed);
    const payload = {
      txid: `n${userId}abcdefghijklmnopqrstuvwxy`,
      amount: 1_000,
      balance: 1_000,
      bonus: 0,
      deposit_count: 1,
    };
    // Both nodes deliver; each consumer's position row lets one of them handle the event.
    await a.db.transaction((tx) => publish(tx, { name: 'payments.deposit_approved', tenantId, userId, payload }));
    await waitFor(() => (got.length >= 2 ? true : undefined), 8000);
    await new Promise((r) => setTimeout(r, 500));
    const names = got.map(([event]) => event).sort();
    expect(names).toEqual(['App\\Events\\NotificationSent', 'App\\Events\\PaymentApproved']);
    expect(got.find(([event]) => event === 'App\\Events\\PaymentApproved')![1]).toEqual(payload);
  });

  it('relays client events between nodes without echoing them to the sender', async () => {
    const u = await registerPlayer(a, { host: '127.0.0.1' });
    const pa = track(pusherClient({ port: portA, key, token: u.token }));
    const pb = track(pusherClient({ port: portB, key, token: u.token }));
    const ca = pa.subscribe(`private-user.${u.user.id}`);
    const cb = pb.subscribe(`private-user.${u.user.id}`);
    await waitFor(() => ca.subscribed && cb.subscribed);
    const atA: unknown[] = [];
    const atB: unknown[] = [];
    ca.bind('client-hi', (d: unknown) => atA.push(d));
    cb.bind('client-hi', (d: unknown) => atB.push(d));
    ca.trigger('client-hi', { n: 1 });
    await waitFor(() => atB.length === 1);
    await new Promise((r) => setTimeout(r, 150));
    expect(atA).toHaveLength(0);
  });

  it('shares presence across nodes and sweeps the members of a node that died', async () => {
    const u1 = await registerPlayer(a, { host: '127.0.0.1' });
    const u2 = await registerPlayer(a, { host: '127.0.0.1' });
    const onA = track(pusherClient({ port: portA, key, token: u1.token }));
    const echo = new Echo({ broadcaster: 'pusher', client: onA });
    const joining: unknown[] = [];
    const leaving: unknown[] = [];
    const here: unknown[][] = [];
    echo
      .join('chat.30')
      .here((m: unknown[]) => here.push(m))
      .joining((m: unknown) => joining.push(m))
      .leaving((m: unknown) => leaving.push(m));
    await waitFor(() => here.length === 1);

    const onB = track(pusherClient({ port: portB, key, token: u2.token }));
    const ch = onB.subscribe('presence-chat.30') as unknown as { subscribed: boolean; members: { count: number } };
    await waitFor(() => ch.subscribed);
    expect(ch.members.count).toBe(2); // B sees A's member
    await waitFor(() => joining.length === 1); // A hears B's member join

    // Node B dies without a goodbye: after its heartbeat expires, A's sweeper announces the departure.
    b.realtime.hub.crash();
    onB.disconnect();
    await waitFor(() => leaving.length === 1, 8000);
  });
});
