import { createECDH, randomBytes } from 'node:crypto';
import dns from 'node:dns';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { client, registerPlayer } from '../../test/accounts';
import { testApp } from '../../test/helpers';
import { MAX_SUBSCRIPTIONS_PER_PLAYER, PUSH_SENDS_IN_FLIGHT, sendPush } from './service';

/**
 * DNS is the one outside system here: names under .example answer what the test says (as a hostile or a changed
 * DNS record would), every other name resolves for real.
 */
const records = new Map<string, string[]>();
const realLookup = dns.lookup;
const realPromisesLookup = dns.promises.lookup;
type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

function stubDns() {
  vi.spyOn(dns, 'lookup').mockImplementation(((host: string, opts: unknown, cb?: LookupCallback) => {
    const callback = (typeof opts === 'function' ? opts : cb) as LookupCallback;
    const options = (typeof opts === 'object' && opts ? opts : {}) as dns.LookupOptions;
    const list = records.get(host);
    if (!list) return (realLookup as (...a: unknown[]) => void)(host, options, callback);
    const all = list.map((address) => ({ address, family: net.isIP(address) }));
    process.nextTick(() => (options.all ? callback(null, all) : callback(null, all[0]!.address, all[0]!.family)));
  }) as typeof dns.lookup);
  vi.spyOn(dns.promises, 'lookup').mockImplementation((async (host: string, opts?: dns.LookupOptions) => {
    const list = records.get(host);
    if (!list) return realPromisesLookup(host, opts ?? {});
    const all = list.map((address) => ({ address, family: net.isIP(address) }));
    return opts?.all ? all : all[0];
  }) as typeof dns.promises.lookup);
}

function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
}

/** The production policy: no loopback exception. */
let strict: FastifyInstance;
/** The test default: a local push service on loopback may be used (PUSH_LOOPBACK_ENDPOINTS). */
let local: FastifyInstance;

beforeAll(async () => {
  [strict, local] = await Promise.all([testApp({ pushLoopbackEndpoints: false }), testApp()]);
});
afterAll(async () => {
  await Promise.all([strict?.close(), local?.close()]);
});
afterEach(() => {
  vi.restoreAllMocks();
  records.clear();
});

/** The demo tenant, where client() and registerPlayer() play. */
async function tenantOf(app: FastifyInstance): Promise<number> {
  const t = await app.tenants.resolve('localhost');
  if (!t) throw new Error('no demo tenant');
  return t.id;
}

async function subscriptionsOf(app: FastifyInstance, userId: unknown): Promise<string[]> {
  const { rows } = await app.db.query<{ endpoint: string }>(
    'select endpoint from push_subscriptions where user_id = $1 order by id',
    [userId],
  );
  return rows.map((r) => r.endpoint);
}

describe('push subscriptions refuse endpoints inside the network', () => {
  it('refuses plain http, in the player language, and saves nothing', async () => {
    stubDns();
    records.set('push.example', ['93.184.216.34']);
    const p = await registerPlayer(strict);
    const c = client(strict, { token: p.token });
    let res = await c.post('/api/subscription', { endpoint: 'http://push.example/send/abc', keys: browserKeys() });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.endpoint).toEqual(['O endereço de notificações precisa usar https.']);
    res = await c.post(
      '/api/subscription',
      { endpoint: 'http://push.example/send/abc', keys: browserKeys() },
      { 'accept-language': 'en' },
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.endpoint).toEqual(['The notification endpoint must use https.']);
    expect(await subscriptionsOf(strict, p.user.id)).toEqual([]);
  });

  it('refuses https to a host that resolves to loopback, private, link-local or unique-local addresses', async () => {
    stubDns();
    const inside: Record<string, string[]> = {
      'loopback.example': ['127.0.0.1'],
      'private.example': ['10.1.2.3'],
      'v6loopback.example': ['::1'],
      'linklocal.example': ['fe80::1'],
      'uniquelocal.example': ['fd12:3456:789a::1'],
      'metadata.example': ['169.254.169.254'],
      'cgnat.example': ['100.64.0.7'],
      'zero.example': ['0.0.0.0'],
      'mapped.example': ['::ffff:192.168.0.10'],
      'multicast.example': ['224.0.0.1'],
      // One inside address among public ones is enough to refuse: the connection could pick it.
      'mixed.example': ['93.184.216.34', '192.168.1.1'],
    };
    for (const [host, addresses] of Object.entries(inside)) records.set(host, addresses);
    const p = await registerPlayer(strict);
    const c = client(strict, { token: p.token });
    const endpoints = [
      ...Object.keys(inside).map((h) => `https://${h}/send/1`),
      'https://127.0.0.1/send/1',
      'https://10.0.0.5/send/1',
      'https://[::1]/send/1',
      'https://[fe80::1]/send/1',
      'https://[::ffff:10.0.0.1]/send/1',
      'https://localhost/send/1',
    ];
    for (const endpoint of endpoints) {
      const res = await c.post('/api/subscription', { endpoint, keys: browserKeys() });
      expect({ endpoint, status: res.statusCode }).toEqual({ endpoint, status: 422 });
      expect(res.json().errors.endpoint).toEqual([
        'O endereço de notificações aponta para uma rede interna e não é aceito.',
      ]);
    }
    const en = await c.post(
      '/api/subscription',
      { endpoint: 'https://private.example/send/1', keys: browserKeys() },
      { 'accept-language': 'en' },
    );
    expect(en.json().errors.endpoint).toEqual([
      'The notification endpoint points to an internal network and is not accepted.',
    ]);
    expect(await subscriptionsOf(strict, p.user.id)).toEqual([]);
  });

  it('accepts https to a public push service', async () => {
    stubDns();
    records.set('fcm.example', ['142.250.79.10', '2800:3f0:4001:82a::200a']);
    const p = await registerPlayer(strict);
    const res = await client(strict, { token: p.token }).post('/api/subscription', {
      endpoint: 'https://fcm.example/fcm/send/abc',
      keys: browserKeys(),
    });
    expect(res.statusCode).toBe(201);
    expect(await subscriptionsOf(strict, p.user.id)).toEqual(['https://fcm.example/fcm/send/abc']);
  });

  it('does not connect when the host resolves inside the network at send time (DNS changed since)', async () => {
    stubDns();
    const connections: net.Socket[] = [];
    const inside = net.createServer((s) => {
      connections.push(s);
      s.destroy();
    });
    await new Promise<void>((r) => inside.listen(0, '127.0.0.1', r));
    const port = (inside.address() as AddressInfo).port;
    try {
      records.set('rebind.example', ['93.184.216.34']);
      const p = await registerPlayer(strict);
      const endpoint = `https://rebind.example:${port}/send/1`;
      const res = await client(strict, { token: p.token }).post('/api/subscription', { endpoint, keys: browserKeys() });
      expect(res.statusCode).toBe(201);
      records.set('rebind.example', ['127.0.0.1']);
      const out = await sendPush(strict.db, {
        tenantId: await tenantOf(strict),
        userId: p.user.id as number,
        payload: { title: 'Oi', body: 'teste', url: '/', icon: null, id: 1 },
      });
      expect(out).toEqual({ sent: 0, removed: 0, failed: 1 });
      expect(connections).toHaveLength(0);
    } finally {
      inside.close();
    }
  });
});

describe('a player has at most 10 subscriptions', () => {
  it('the 11th subscription drops the oldest', async () => {
    stubDns();
    records.set('push.example', ['93.184.216.34']);
    const p = await registerPlayer(strict);
    const c = client(strict, { token: p.token });
    const endpoints = Array.from(
      { length: MAX_SUBSCRIPTIONS_PER_PLAYER + 1 },
      (_, i) => `https://push.example/send/${i}-${randomBytes(4).toString('hex')}`,
    );
    for (const endpoint of endpoints) {
      const res = await c.post('/api/subscription', { endpoint, keys: browserKeys() });
      expect(res.statusCode).toBe(201);
    }
    expect(MAX_SUBSCRIPTIONS_PER_PLAYER).toBe(10);
    expect(await subscriptionsOf(strict, p.user.id)).toEqual(endpoints.slice(1));
  });

  it('holds the cap when several browsers subscribe at once', async () => {
    stubDns();
    records.set('push.example', ['93.184.216.34']);
    const p = await registerPlayer(strict);
    const c = client(strict, { token: p.token });
    const results = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        c.post('/api/subscription', { endpoint: `https://push.example/send/c${i}`, keys: browserKeys() }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(results.map(() => 201));
    expect(await subscriptionsOf(strict, p.user.id)).toHaveLength(MAX_SUBSCRIPTIONS_PER_PLAYER);
  });
});

/** A local push service (https-less test double): holds each request a moment and counts how many are open at once. */
function pushService(o: { holdMs: number; status?: (path: string) => number; hold?: (path: string) => boolean }) {
  let inFlight = 0;
  let maxInFlight = 0;
  const done: string[] = [];
  const held: http.ServerResponse[] = [];
  const server = http.createServer((req, res) => {
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    req.resume();
    const path = req.url ?? '';
    const finish = () => {
      inFlight--;
      done.push(path);
      res.writeHead(o.status?.(path) ?? 201).end();
    };
    if (o.hold?.(path)) held.push(Object.assign(res, { finish }));
    else setTimeout(finish, o.holdMs);
  });
  return {
    server,
    done,
    get maxInFlight() {
      return maxInFlight;
    },
    releaseHeld: () => {
      for (const r of held) (r as http.ServerResponse & { finish(): void }).finish();
    },
    async start() {
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    close: () => new Promise((r) => server.close(r)),
  };
}

/** Subscribes `count` endpoints under base, ten per player (the cap), and returns the tenant id. */
async function subscribeMany(base: string, count: number): Promise<{ tenantId: number; paths: string[] }> {
  const paths: string[] = [];
  const tenantId = await tenantOf(local);
  for (let i = 0; i < count; i += MAX_SUBSCRIPTIONS_PER_PLAYER) {
    const p = await registerPlayer(local);
    const c = client(local, { token: p.token });
    for (let j = i; j < Math.min(count, i + MAX_SUBSCRIPTIONS_PER_PLAYER); j++) {
      const path = `/send/${j}-${randomBytes(4).toString('hex')}`;
      const res = await c.post('/api/subscription', { endpoint: base + path, keys: browserKeys() });
      expect(res.statusCode).toBe(201);
      paths.push(path);
    }
  }
  return { tenantId, paths };
}

describe('sending to many subscribers', () => {
  it(`never has more than ${PUSH_SENDS_IN_FLIGHT} pushes in flight, and a slow push service holds up only its own`, async () => {
    const svc = pushService({ holdMs: 40, hold: (path) => path.startsWith('/send/0-') });
    const base = await svc.start();
    try {
      const { tenantId, paths } = await subscribeMany(base, 30);
      const sending = sendPush(local.db, {
        tenantId,
        userId: null,
        payload: { title: 'Promoção', body: 'Hoje', url: '/', icon: null, id: 2 },
      });
      // The first subscription's push service does not answer; every other subscription still gets its push.
      const others = paths.filter((p) => !p.startsWith('/send/0-'));
      await vi.waitFor(() => expect(svc.done.filter((p) => others.includes(p))).toHaveLength(others.length), {
        timeout: 8000,
        interval: 20,
      });
      expect(svc.maxInFlight).toBe(PUSH_SENDS_IN_FLIGHT);
      svc.releaseHeld();
      expect(await sending).toEqual({ sent: 30, removed: 0, failed: 0 });
    } finally {
      await svc.close();
    }
  });

  it('does not follow a redirect from a push service', async () => {
    const target = pushService({ holdMs: 0 });
    const targetBase = await target.start();
    const redirecting = http.createServer((_req, res) => {
      res.writeHead(303, { location: `${targetBase}/steal` }).end();
    });
    await new Promise<void>((r) => redirecting.listen(0, '127.0.0.1', r));
    try {
      const p = await registerPlayer(local);
      const endpoint = `http://127.0.0.1:${(redirecting.address() as AddressInfo).port}/send/1`;
      expect(
        (await client(local, { token: p.token }).post('/api/subscription', { endpoint, keys: browserKeys() }))
          .statusCode,
      ).toBe(201);
      const out = await sendPush(local.db, {
        tenantId: await tenantOf(local),
        userId: p.user.id as number,
        payload: { title: 'Oi', body: '', url: '/', icon: null, id: 3 },
      });
      expect(out).toEqual({ sent: 0, removed: 0, failed: 1 });
      expect(target.done).toEqual([]);
    } finally {
      redirecting.close();
      await target.close();
    }
  });
});
