import { createECDH, randomBytes } from 'node:crypto';
import http from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type PusherJs from 'pusher-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '../../ops/commands';
import { connected, listen, pusherClient, tenantKey, waitFor } from '../../platform/realtime/test-support';
import { client, registerPlayer } from '../../test/accounts';
import { testApp } from '../../test/helpers';
import { vapidKeys } from '../push/index';

const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt(buf: Buffer, o: { version: string; privateKey: ReturnType<typeof createECDH>; authSecret: Buffer }): Buffer;
};

let app: FastifyInstance;
let port: number;
let key: string;
const clients: PusherJs[] = [];

/** A local push service: records each request, answers with the status the test sets per path. */
const received: { path: string; headers: http.IncomingHttpHeaders; body: Buffer }[] = [];
const statusOf = new Map<string, number>();
const pushService = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
    res.writeHead(statusOf.get(req.url ?? '') ?? 201).end();
  });
});
let pushBase: string;

beforeAll(async () => {
  app = await testApp();
  port = await listen(app);
  ({ key } = await tenantKey(app, '127.0.0.1'));
  await new Promise<void>((r) => pushService.listen(0, '127.0.0.1', r));
  pushBase = `http://127.0.0.1:${(pushService.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const c of clients) c.disconnect();
  pushService.close();
  await app?.close();
});

const ops = (...argv: string[]) => runCommand({ db: app.db }, argv);

describe('notifications', () => {
  it('lists personal and platform notifications with unread counts; read and mark-all-read', async () => {
    const p = await registerPlayer(app);
    const other = await registerPlayer(app);
    const c = client(app, { token: p.token });
    expect(
      (await ops('notify', '--host', 'localhost', '--all', '--title', 'Manutenção', '--body', 'Hoje às 23h')).ok,
    ).toBe(true);
    const sent = await ops(
      'notify',
      '--host',
      'localhost',
      '--user',
      String(p.user.id),
      '--title',
      'Bônus liberado',
      '--url',
      '/bonus',
    );
    expect(sent.output).toMatch(/sent \(personal\)/);

    let page = (await c.get('/api/notifications')).json();
    expect(page.unread_count).toEqual({ user_notifications: 1, global_notifications: 1 });
    expect(page.current_page).toBe(1);
    expect(page.data.map((n: { title: string }) => n.title)).toEqual(['Bônus liberado', 'Manutenção']);
    const personal = page.data[0];
    expect(personal).toMatchObject({ type: 'personal', read: false, read_at: null, url: '/bonus' });

    // Someone else's personal notification is not found for another player.
    const stranger = await client(app, { token: other.token }).post(`/api/notifications/${personal.id}/read`);
    expect(stranger.statusCode).toBe(404);
    expect((await client(app, { token: other.token }).get('/api/notifications')).json().unread_count).toEqual({
      user_notifications: 0,
      global_notifications: 1,
    });

    const read = await c.post(`/api/notifications/${personal.id}/read`);
    expect(read.statusCode).toBe(200);
    expect(read.json().notification.read).toBe(true);
    expect(read.json().unread_count.user_notifications).toBe(0);

    const all = await c.post('/api/notifications/platform/mark-all-read');
    expect(all.json().unread_count).toEqual({ user_notifications: 0, global_notifications: 0 });
    const bad = await c.post('/api/notifications/everything/mark-all-read', undefined, { 'accept-language': 'en' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.type).toEqual(['The type must be platform or personal.']);

    page = (await c.get('/api/notifications?page=1&per_page=1')).json();
    expect(page.data).toHaveLength(1);
    expect(page.last_page).toBe(2);
    expect((await client(app).get('/api/notifications')).statusCode).toBe(401);
  });

  it('shows one unviewed notification at a time for the modal', async () => {
    const p = await registerPlayer(app);
    const c = client(app, { token: p.token });
    await ops('notify', '--host', 'localhost', '--user', String(p.user.id), '--title', 'Primeira');
    await ops('notify', '--host', 'localhost', '--user', String(p.user.id), '--title', 'Segunda');
    // Platform notifications sent by earlier tests are unviewed too: view everything until ours come up.
    let next = (await c.get('/api/notifications/next-unviewed')).json().notification;
    const seen: string[] = [];
    while (next) {
      seen.push(next.title);
      await c.post(`/api/notifications/${next.id}/viewed`);
      next = (await c.get('/api/notifications/next-unviewed')).json().notification;
    }
    expect(seen.slice(-2)).toEqual(['Primeira', 'Segunda']);
  });

  it('sends NotificationSent live on the player channel, and platform ones to every connected player', async () => {
    const p = await registerPlayer(app, { host: '127.0.0.1' });
    const pusher = pusherClient({ port, key, token: p.token });
    clients.push(pusher);
    await connected(pusher);
    const got: { notification: { title: string } }[] = [];
    const ch = pusher.subscribe(`private-user.${p.user.id}`);
    ch.bind('App\\Events\\NotificationSent', (d: { notification: { title: string } }) => got.push(d));
    await waitFor(() => ch.subscribed);
    await ops('notify', '--host', 'localhost', '--user', String(p.user.id), '--title', 'Só para você');
    await ops('notify', '--host', 'localhost', '--all', '--title', 'Para todos');
    await waitFor(() => got.length === 2);
    expect(got.map((g) => g.notification.title)).toEqual(['Só para você', 'Para todos']);
  });
});

describe('web push', () => {
  function browserKeys() {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16);
    return { ecdh, auth, p256dh: ecdh.getPublicKey().toString('base64url'), authB64: auth.toString('base64url') };
  }

  it('validates subscriptions with localized errors', async () => {
    const p = await registerPlayer(app);
    const c = client(app, { token: p.token });
    let res = await c.post('/api/subscription', { endpoint: 'ftp://x', keys: { p256dh: 'abc', auth: 'x' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.endpoint).toEqual(['Inscrição de notificações inválida.']);
    expect(Object.keys(res.json().errors).sort()).toEqual(['endpoint', 'keys.auth', 'keys.p256dh']);
    res = await client(app).post('/api/subscription', {});
    expect(res.statusCode).toBe(401);
    const pk = (await c.get('/api/push/public-key')).json().publicKey as string;
    expect(Buffer.from(pk, 'base64url')).toHaveLength(65);
    expect(pk).toBe((await vapidKeys(app.db)).publicKey);
  });

  it('encrypts a NotificationSent for the player and removes a dead (410) subscription', async () => {
    const p = await registerPlayer(app);
    const c = client(app, { token: p.token });
    const live = browserKeys();
    const dead = browserKeys();
    const livePath = `/push/${randomBytes(6).toString('hex')}`;
    const deadPath = `/push/${randomBytes(6).toString('hex')}`;
    statusOf.set(deadPath, 410);
    for (const [path, k] of [
      [livePath, live],
      [deadPath, dead],
    ] as const) {
      const res = await c.post('/api/subscription', {
        endpoint: pushBase + path,
        keys: { p256dh: k.p256dh, auth: k.authB64 },
      });
      expect(res.statusCode).toBe(201);
    }
    const out = await ops(
      'notify',
      '--host',
      'localhost',
      '--user',
      String(p.user.id),
      '--title',
      'Depósito aprovado',
      '--body',
      'R$ 50,00',
      '--url',
      '/account/wallet',
    );
    expect(out.output).toMatch(/web push: 1 sent, 1 removed, 0 failed/);

    const req = received.find((r) => r.path === livePath)!;
    expect(req.headers['content-encoding']).toBe('aes128gcm');
    expect(req.headers.ttl).toBe('86400');
    expect(String(req.headers.authorization)).toMatch(/^vapid t=.+, k=/);
    const plain = ece.decrypt(req.body, { version: 'aes128gcm', privateKey: live.ecdh, authSecret: live.auth });
    expect(JSON.parse(plain.toString())).toMatchObject({
      title: 'Depósito aprovado',
      body: 'R$ 50,00',
      url: '/account/wallet',
    });

    const { rows } = await app.db.query<{ endpoint: string }>(
      'select endpoint from push_subscriptions where user_id = $1',
      [p.user.id],
    );
    expect(rows.map((r) => r.endpoint)).toEqual([pushBase + livePath]);
  });
});
