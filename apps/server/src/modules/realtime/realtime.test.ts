import type { FastifyInstance } from 'fastify';
import Echo from 'laravel-echo';
import Pusher from 'pusher';
import type PusherJs from 'pusher-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publish, readConsumerStatus } from '../../platform/events/index';
import { signChannel } from '../../platform/realtime/index';
import { connected, listen, pusherClient, rawClient, tenantKey, waitFor } from '../../platform/realtime/test-support';
import { registerPlayer } from '../../test/accounts';
import { testApp } from '../../test/helpers';
import { MISSIONS_COMMANDS } from '../missions/index';
import { createTenant } from '../tenants/index';
import { broadcast, channels } from './index';

let app: FastifyInstance;
let port: number;
let key: string;
let tenantId: number;
const clients: PusherJs[] = [];
const track = (p: PusherJs) => {
  clients.push(p);
  return p;
};

beforeAll(async () => {
  app = await testApp();
  // A second tenant served from another loopback address: its sockets must never see tenant 1's events.
  await createTenant(app.db, { name: 'Outra', host: '127.0.0.2' });
  port = await listen(app);
  ({ key, tenantId } = await tenantKey(app, '127.0.0.1'));
});

afterAll(async () => {
  for (const c of clients) c.disconnect();
  await app?.close();
});

describe('Pusher protocol v7 with the real pusher-js', () => {
  it('connects, subscribes to a public channel and receives broadcast() through laravel-echo', async () => {
    const pusher = track(pusherClient({ port, key }));
    const socketId = await connected(pusher);
    expect(socketId).toMatch(/^\d+\.\d+$/);
    const echo = new Echo({ broadcaster: 'pusher', client: pusher });
    const got: unknown[] = [];
    echo.channel('chat.30').listen('MessageSent', (e: unknown) => got.push(e));
    await waitFor(() => (pusher.channel('chat.30')?.subscribed ? true : undefined));
    expect(await broadcast(tenantId, channels.chat('30'), 'MessageSent', { message: { id: 1, text: 'olá' } })).toBe(
      true,
    );
    await waitFor(() => got.length > 0);
    expect(got[0]).toEqual({ message: { id: 1, text: 'olá' } });
  });

  it('announces activity_timeout 120 and answers pusher:ping with pusher:pong', async () => {
    const c = rawClient(port, key);
    const est = await c.next('pusher:connection_established');
    expect(JSON.parse(est.data)).toMatchObject({ activity_timeout: 120 });
    c.send('pusher:ping', {});
    await c.next('pusher:pong');
    c.ws.close();
  });

  it('refuses an unknown key with 4001 and an old protocol with 4007', async () => {
    const bad = rawClient(port, 'sorte-999');
    expect(JSON.parse((await bad.next('pusher:error')).data)).toMatchObject({ code: 4001 });
    expect((await bad.closed).code).toBe(4001);
    const old = rawClient(port, key, '127.0.0.1', 'protocol=4');
    expect((await old.closed).code).toBe(4007);
  });

  it('authorises private-user only for its own user and private-guest only for its own Guest-ID', async () => {
    const a = await registerPlayer(app, { host: '127.0.0.1' });
    const b = await registerPlayer(app, { host: '127.0.0.1' });
    const pa = track(pusherClient({ port, key, token: a.token }));
    await connected(pa);
    const mine = pa.subscribe(`private-user.${a.user.id}`);
    await waitFor(() => mine.subscribed);
    const theirs = pa.subscribe(`private-user.${b.user.id}`);
    const failure = await new Promise<{ type: string; status: number }>((resolve) =>
      theirs.bind('pusher:subscription_error', resolve),
    );
    expect(failure.status).toBe(403);
    expect(theirs.subscribed).toBe(false);

    const got: unknown[] = [];
    mine.bind('App\\Events\\BalanceUpdated', (d: unknown) => got.push(d));
    await broadcast(tenantId, channels.user(a.user.id as number), 'BalanceUpdated', { balance: 1000 });
    await waitFor(() => got.length === 1);

    const guest = track(pusherClient({ port, key, guestId: 'guest-abcdef123' }));
    await connected(guest);
    const ok = guest.subscribe('private-guest.guest-abcdef123');
    await waitFor(() => ok.subscribed);
    const other = guest.subscribe('private-guest.guest-zzzzzz999');
    const err = await new Promise<{ status: number }>((resolve) => other.bind('pusher:subscription_error', resolve));
    expect(err.status).toBe(403);
  });

  it('tells connected guests and players of a new mission open to everyone, and guests nothing of a VIP one', async () => {
    const guest = track(pusherClient({ port, key, guestId: 'guest-mission01' }));
    await connected(guest);
    const ch = guest.subscribe('private-guest.guest-mission01');
    await waitFor(() => ch.subscribed);
    const heard: { id: number }[] = [];
    ch.bind('App\\Events\\MissionAssigned', (d: { id: number }) => heard.push(d));

    const create = (extra: Record<string, string>) =>
      MISSIONS_COMMANDS['mission:create']!.run(
        { db: app.db },
        {
          flags: { host: '127.0.0.1', goal: 'rounds', target: '5', 'reward-cash': '100', window: 'daily', ...extra },
          positional: [],
        },
      );
    const id = Number(await create({ name: 'Jogue 5 rodadas' }));
    await app.events.drain();
    await waitFor(() => heard.length === 1);
    expect(heard[0]).toEqual({ id });

    await create({ name: 'Só para VIP', audience: 'vip', 'vip-min': '2', 'vip-max': '8' });
    await app.events.drain();
    await new Promise((r) => setTimeout(r, 200));
    expect(heard).toHaveLength(1);
  });

  it('answers 403 from /broadcasting/auth for channels outside the rules', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/broadcasting/auth',
      headers: { host: 'localhost', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'socket_id=1.2&channel_name=private-admin',
    });
    expect(res.statusCode).toBe(403);
  });

  it('rejects a forged subscription signature with pusher:subscription_error', async () => {
    const c = rawClient(port, key);
    const est = JSON.parse((await c.next('pusher:connection_established')).data);
    // Signed with the wrong secret.
    const auth = signChannel({ key, secret: 'not-the-secret' }, est.socket_id, 'private-user.1');
    c.send('pusher:subscribe', { channel: 'private-user.1', auth });
    const e = await c.next('pusher:subscription_error');
    expect(JSON.parse(e.data)).toMatchObject({ type: 'AuthError', status: 401 });
    // The right signature for another socket is no good either.
    const stolen = signChannel(app.realtime.keys.forTenant(tenantId), '1.1', 'private-user.1');
    c.send('pusher:subscribe', { channel: 'private-user.1', auth: stolen });
    await c.next('pusher:subscription_error');
    c.ws.close();
  });

  it('sends presence member_added / member_removed once per user and counts members', async () => {
    const a = await registerPlayer(app, { host: '127.0.0.1' });
    const b = await registerPlayer(app, { host: '127.0.0.1' });
    const pa = track(pusherClient({ port, key, token: a.token }));
    const echoA = new Echo({ broadcaster: 'pusher', client: pa });
    const here: unknown[][] = [];
    const joining: { name: string }[] = [];
    const leaving: unknown[] = [];
    echoA
      .join('chat.30')
      .here((m: unknown[]) => here.push(m))
      .joining((m: { name: string }) => joining.push(m))
      .leaving((m: unknown) => leaving.push(m));
    await waitFor(() => here.length === 1);
    expect(here[0]).toEqual([{ name: 'Maria S.', avatar: null, vip_level: 0 }]);

    const pb1 = track(pusherClient({ port, key, token: b.token }));
    const pb2 = track(pusherClient({ port, key, token: b.token }));
    const chB1 = pb1.subscribe('presence-chat.30') as unknown as { members: { count: number } };
    await waitFor(() => joining.length === 1);
    const chB2 = pb2.subscribe('presence-chat.30') as unknown as { subscribed: boolean; members: { count: number } };
    await waitFor(() => chB2.subscribed);
    expect(chB2.members.count).toBe(2);
    expect(chB1.members.count).toBe(2);
    await new Promise((r) => setTimeout(r, 150));
    expect(joining).toHaveLength(1); // a second tab of the same user is not a new member

    pb1.disconnect();
    await new Promise((r) => setTimeout(r, 150));
    expect(leaving).toHaveLength(0); // b still has a tab open
    pb2.disconnect();
    await waitFor(() => leaving.length === 1);
  });

  it('relays client events on private channels to others only, refuses them on public ones, rate limits', async () => {
    const a = await registerPlayer(app, { host: '127.0.0.1' });
    const p1 = track(pusherClient({ port, key, token: a.token }));
    const p2 = track(pusherClient({ port, key, token: a.token }));
    const c1 = p1.subscribe(`private-user.${a.user.id}`);
    const c2 = p2.subscribe(`private-user.${a.user.id}`);
    await waitFor(() => c1.subscribed && c2.subscribed);
    const at1: unknown[] = [];
    const at2: unknown[] = [];
    c1.bind('client-typing', (d: unknown) => at1.push(d));
    c2.bind('client-typing', (d: unknown) => at2.push(d));
    expect(c1.trigger('client-typing', { on: true })).toBe(true);
    await waitFor(() => at2.length === 1);
    await new Promise((r) => setTimeout(r, 100));
    expect(at1).toHaveLength(0);

    const raw = rawClient(port, key);
    await raw.next('pusher:connection_established');
    raw.send('pusher:subscribe', { channel: 'chat.30' });
    await raw.next('pusher_internal:subscription_succeeded');
    raw.send('client-x', {}, 'chat.30');
    expect(JSON.parse((await raw.next('pusher:error')).data).message).toMatch(/private and presence/);

    // More than 10 a second: 4301.
    const est = JSON.parse(raw.frames.find((f) => f.event === 'pusher:connection_established')?.data ?? '{}');
    void est;
    const sock = rawClient(port, key);
    const id = JSON.parse((await sock.next('pusher:connection_established')).data).socket_id as string;
    const channel = `private-user.${a.user.id}`;
    sock.send('pusher:subscribe', { channel, auth: signChannel(app.realtime.keys.forTenant(tenantId), id, channel) });
    await sock.next('pusher_internal:subscription_succeeded');
    for (let i = 0; i < 12; i++) sock.send('client-flood', { i }, channel);
    const err = await sock.next('pusher:error');
    expect(JSON.parse(err.data).code).toBe(4301);
    raw.ws.close();
    sock.ws.close();
  });

  it('keeps tenants apart: other tenant key on this host is refused; same channel name never crosses tenants', async () => {
    const other = await tenantKey(app, '127.0.0.2');
    expect(other.tenantId).not.toBe(tenantId);
    const wrong = rawClient(port, other.key, '127.0.0.1');
    expect((await wrong.closed).code).toBe(4001);

    const pA = track(pusherClient({ port, key }));
    const pB = track(pusherClient({ port, key: other.key, host: '127.0.0.2' }));
    const gotA: unknown[] = [];
    const gotB: unknown[] = [];
    pA.subscribe('chat.30').bind('App\\Events\\MessageSent', (d: unknown) => gotA.push(d));
    pB.subscribe('chat.30').bind('App\\Events\\MessageSent', (d: unknown) => gotB.push(d));
    await waitFor(() => pA.channel('chat.30').subscribed && pB.channel('chat.30').subscribed);
    await broadcast(tenantId, 'chat.30', 'MessageSent', { t: 'A' });
    await broadcast(other.tenantId, 'chat.30', 'MessageSent', { t: 'B' });
    await waitFor(() => gotA.length === 1 && gotB.length === 1);
    await new Promise((r) => setTimeout(r, 100));
    expect(gotA).toEqual([{ t: 'A' }]);
    expect(gotB).toEqual([{ t: 'B' }]);

    // Another tenant's player cannot get a channel signature here either.
    const res = await app.inject({
      method: 'POST',
      url: '/api/broadcasting/auth',
      headers: {
        host: '127.0.0.2',
        'content-type': 'application/x-www-form-urlencoded',
        'guest-id': 'guest-abcdef123',
      },
      payload: 'socket_id=1.2&channel_name=private-guest.guest-abcdef123',
    });
    expect(res.statusCode).toBe(200);
    const sig = res.json().auth as string;
    expect(sig.startsWith(`${other.key}:`)).toBe(true);
    expect(sig).not.toBe(signChannel(app.realtime.keys.forTenant(tenantId), '1.2', 'private-guest.guest-abcdef123'));
  });

  it('accepts events from the official pusher server SDK over the signed HTTP API, and refuses bad signatures', async () => {
    const cred = app.realtime.keys.forTenant(tenantId);
    const sdk = new Pusher({
      appId: cred.appId,
      key: cred.key,
      secret: cred.secret,
      host: '127.0.0.1',
      port: String(port),
      useTLS: false,
    });
    const p = track(pusherClient({ port, key }));
    const got: unknown[] = [];
    p.subscribe('chat.30').bind('BetPlaced', (d: unknown) => got.push(d));
    await waitFor(() => p.channel('chat.30').subscribed);
    const res = await sdk.trigger('chat.30', 'BetPlaced', { amount: 500 });
    expect(res.status).toBe(200);
    await sdk.triggerBatch([{ channel: 'chat.30', name: 'BetPlaced', data: { amount: 600 } }]);
    await waitFor(() => got.length === 2);
    expect(got).toEqual([{ amount: 500 }, { amount: 600 }]);

    const info = await sdk.get({ path: '/channels/chat.30' });
    expect(await info.json()).toMatchObject({ occupied: true });

    const forged = new Pusher({
      appId: cred.appId,
      key: cred.key,
      secret: 'wrong',
      host: '127.0.0.1',
      port: String(port),
      useTLS: false,
    });
    await expect(forged.trigger('chat.30', 'BetPlaced', {})).rejects.toMatchObject({ status: 401 });
    // A tenant's secret cannot publish as another tenant.
    const other = await tenantKey(app, '127.0.0.2');
    const cross = new Pusher({
      appId: String(other.tenantId),
      key: other.key,
      secret: cred.secret,
      host: '127.0.0.1',
      port: String(port),
      useTLS: false,
    });
    await expect(cross.trigger('chat.30', 'BetPlaced', {})).rejects.toMatchObject({ status: 401 });
  });

  it('publishes what another process asked for through the event log (ops CLI on PostgreSQL)', async () => {
    const p = track(pusherClient({ port, key }));
    const got: unknown[] = [];
    p.subscribe('chat.30').bind('App\\Events\\MessageDeleted', (d: unknown) => got.push(d));
    await waitFor(() => p.channel('chat.30').subscribed);
    await publish(app.db, {
      name: 'realtime.push_requested',
      tenantId,
      userId: null,
      payload: { channel: 'chat.30', event: 'MessageDeleted', data: { id: 7 } },
    });
    await waitFor(() => got.length === 1, 4000);
    expect(got[0]).toEqual({ id: 7 });
    const relay = (await readConsumerStatus(app.db)).find((c) => c.consumer === 'realtime-relay');
    expect(relay).toMatchObject({ lagEvents: 0, retrying: 0, parked: 0 });
  });

  it('closes sockets with 4200 on shutdown so clients reconnect', async () => {
    const other = await testApp();
    const p2 = await listen(other);
    const { key: k2 } = await tenantKey(other, '127.0.0.1');
    const c = rawClient(p2, k2);
    await c.next('pusher:connection_established');
    await other.close();
    expect((await c.closed).code).toBe(4200);
  });
});
