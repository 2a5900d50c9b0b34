import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import Pusher from 'pusher-js';
import WebSocket from 'ws';

/** Test helpers: listen on a real port, connect the real pusher-js client or a raw WebSocket. */
export async function listen(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '0.0.0.0' });
  return (app.server.address() as AddressInfo).port;
}

export async function tenantKey(app: FastifyInstance, host = 'localhost') {
  const t = await app.tenants.resolve(host);
  if (!t) throw new Error(`no tenant for ${host}`);
  return { tenantId: t.id, key: `sorte-${t.id}` };
}

/** pusher-js as the web configures it (spec timeouts), pointed at our server over plain ws. */
export function pusherClient(o: {
  port: number;
  key: string;
  /** 127.0.0.1 is the demo tenant; other loopback addresses can be mapped to other tenants. */
  host?: string;
  token?: string;
  guestId?: string;
}): Pusher {
  const host = o.host ?? '127.0.0.1';
  const headers: Record<string, string> = {};
  if (o.token) headers.Authorization = `Bearer ${o.token}`;
  if (o.guestId) headers['Guest-ID'] = o.guestId;
  return new Pusher(o.key, {
    cluster: 'eu',
    wsHost: host,
    wsPort: o.port,
    forceTLS: false,
    enabledTransports: ['ws'],
    disableStats: true,
    activityTimeout: 120_000,
    pongTimeout: 30_000,
    unavailableTimeout: 10_000,
    channelAuthorization: { endpoint: `http://${host}:${o.port}/api/broadcasting/auth`, transport: 'ajax', headers },
    userAuthentication: { endpoint: `http://${host}:${o.port}/api/broadcasting/user-auth`, transport: 'ajax', headers },
  });
}

export function connected(p: Pusher): Promise<string> {
  return new Promise((resolve, reject) => {
    if (p.connection.state === 'connected') return resolve(p.connection.socket_id);
    p.connection.bind('connected', () => resolve(p.connection.socket_id));
    p.connection.bind('failed', () => reject(new Error('failed')));
  });
}

export async function waitFor<T>(check: () => T | undefined | null | false, timeoutMs = 5000): Promise<T> {
  const start = Date.now();
  for (;;) {
    const v = check();
    if (v) return v;
    if (Date.now() - start > timeoutMs) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}

export type RawClient = {
  ws: WebSocket;
  frames: { event: string; channel?: string; data: string; user_id?: string }[];
  send(event: string, data: unknown, channel?: string): void;
  next(event: string, timeoutMs?: number): Promise<{ event: string; channel?: string; data: string; user_id?: string }>;
  closed: Promise<{ code: number; reason: string }>;
};

/** A bare protocol client, for what pusher-js will not do (bad signatures, floods, idle). */
export function rawClient(
  port: number,
  key: string,
  host = '127.0.0.1',
  query = 'protocol=7&client=js&version=8.6.0',
  headers: Record<string, string> = {},
): RawClient {
  const ws = new WebSocket(`ws://${host}:${port}/app/${key}?${query}`, { headers });
  const frames: RawClient['frames'] = [];
  ws.on('message', (d) => frames.push(JSON.parse(d.toString())));
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  ws.on('error', () => {});
  return {
    ws,
    frames,
    closed,
    send(event, data, channel) {
      const send = () => ws.send(JSON.stringify(channel === undefined ? { event, data } : { event, channel, data }));
      if (ws.readyState === WebSocket.OPEN) send();
      else ws.once('open', send);
    },
    async next(event, timeoutMs = 5000) {
      // Consumes the first frame of that event, so successive calls see successive frames.
      return waitFor(() => {
        const i = frames.findIndex((x) => x.event === event);
        return i < 0 ? undefined : frames.splice(i, 1)[0];
      }, timeoutMs);
    },
  };
}
