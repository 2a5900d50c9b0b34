import proxyAddr from '@fastify/proxy-addr';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { normalizeHost } from '../tenancy';
import { type Broadcaster, memoryBroadcaster, redisBroadcaster } from './broadcaster';
import { RealtimeHub } from './hub';
import { appKeyOf, RealtimeKeys } from './keys';
import {
  isValidChannel,
  MAX_BATCH_EVENTS,
  MAX_CHANNELS_PER_EVENT,
  MAX_EVENT_DATA_BYTES,
  md5,
  SOCKET_ID,
  safeEqual,
  signRequest,
} from './protocol';
import { Realtime, registerInstance } from './realtime';

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

/**
 * Starts this node's realtime server on the app's own HTTP server: Pusher protocol at /app/{key} (the 'upgrade'
 * event), and the Pusher HTTP publish API at /apps/{id}/.... Root instance only.
 */
export async function registerRealtime(app: FastifyInstance) {
  const { config, db } = app;
  const keys = await RealtimeKeys.load(db);
  const broadcaster: Broadcaster = config.redisUrl
    ? redisBroadcaster(config.redisUrl, { prefix: config.realtimeRedisPrefix, nodeTtlMs: config.realtimeNodeTtlMs })
    : memoryBroadcaster();
  // The address the rest of the app sees (req.ip): X-Forwarded-For is believed only from TRUSTED_PROXIES.
  const trust = config.trustedProxies.length ? proxyAddr.compile(config.trustedProxies) : () => false;
  const hub = new RealtimeHub({
    broadcaster,
    log: app.log,
    maxChannelsPerConnection: config.realtimeMaxChannelsPerConnection,
    maxConnectionsPerAddress: config.realtimeMaxConnectionsPerIp,
    clientAddress: (req) => proxyAddr(req, trust),
    async authenticate(rawHost, key) {
      const host = normalizeHost(rawHost);
      if (!host) return null;
      const tenant = await app.tenants.resolve(host);
      // The key must be the key of the tenant the Host names: a socket on one tenant's site only ever joins that tenant.
      if (!tenant?.active || key !== appKeyOf(tenant.id)) return null;
      return { tenantId: tenant.id, cred: keys.forTenant(tenant.id) };
    },
  });
  const realtime = new Realtime(hub, broadcaster, keys);
  registerInstance(realtime);
  app.decorate('realtime', realtime);

  const onUpgrade = (
    req: Parameters<RealtimeHub['handleUpgrade']>[0],
    socket: Parameters<RealtimeHub['handleUpgrade']>[1],
    head: Buffer,
  ) => hub.handleUpgrade(req, socket, head);
  app.server.on('upgrade', onUpgrade);

  app.addHook('preClose', async () => {
    app.server.off('upgrade', onUpgrade);
    await realtime.close();
  });

  await app.register(pusherHttpApi, { keys });
}

type ApiRequest = FastifyRequest<{ Params: { appId: string; name?: string }; Querystring: Record<string, string> }>;

/** The Pusher HTTP API (events, batch_events, channels), signed per the Pusher REST API rules, so the `pusher` SDK can publish. */
async function pusherHttpApi(app: FastifyInstance, opts: { keys: RealtimeKeys }) {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    (req as FastifyRequest & { rawBody?: string }).rawBody = body as string;
    if (!body) return done(null, {});
    try {
      done(null, JSON.parse(body as string));
    } catch {
      const err = new Error('invalid JSON') as Error & { statusCode: number };
      err.statusCode = 400;
      done(err, undefined);
    }
  });

  const fail = (reply: FastifyReply, status: number, message: string) => reply.code(status).send({ message });

  /** Checks auth_key, auth_timestamp (10 minutes), auth_version, body_md5 and auth_signature; returns the tenant id. */
  function verify(req: ApiRequest, reply: FastifyReply): number | null {
    const appId = Number(req.params.appId);
    if (!Number.isSafeInteger(appId) || appId <= 0) {
      fail(reply, 404, 'Unknown app');
      return null;
    }
    const cred = opts.keys.forTenant(appId);
    const q = req.query ?? {};
    if (q.auth_key !== cred.key) {
      fail(reply, 401, 'Unknown auth_key');
      return null;
    }
    if (q.auth_version !== '1.0') {
      fail(reply, 401, 'auth_version must be 1.0');
      return null;
    }
    const ts = Number(q.auth_timestamp);
    if (!Number.isFinite(ts) || Math.abs(Date.now() / 1000 - ts) > 600) {
      fail(reply, 401, 'Timestamp expired: given a timestamp more than 600 s from now');
      return null;
    }
    const raw = (req as FastifyRequest & { rawBody?: string }).rawBody;
    if (req.method === 'POST' && q.body_md5 !== md5(raw ?? '')) {
      fail(reply, 401, 'body_md5 does not match');
      return null;
    }
    const path = (req.url.split('?')[0] ?? '').replace(/\/+$/, '');
    const expected = signRequest(cred.secret, req.method, path, q);
    if (typeof q.auth_signature !== 'string' || !safeEqual(q.auth_signature, expected)) {
      fail(reply, 401, 'Invalid signature');
      return null;
    }
    return appId;
  }

  type EventInput = { name?: unknown; data?: unknown; channel?: unknown; channels?: unknown; socket_id?: unknown };
  function checkEvent(e: EventInput): string | { name: string; data: string; channels: string[]; socketId?: string } {
    if (typeof e.name !== 'string' || !e.name || e.name.length > 200)
      return 'name is required (at most 200 characters)';
    if (typeof e.data !== 'string') return 'data must be a string';
    if (Buffer.byteLength(e.data) > MAX_EVENT_DATA_BYTES) return 'data is larger than 10 KB';
    const chans = e.channels ?? (e.channel === undefined ? undefined : [e.channel]);
    if (!Array.isArray(chans) || chans.length === 0 || chans.length > MAX_CHANNELS_PER_EVENT)
      return 'channels must list 1 to 100 channels';
    if (!chans.every(isValidChannel)) return 'invalid channel name';
    if (e.socket_id !== undefined && (typeof e.socket_id !== 'string' || !SOCKET_ID.test(e.socket_id)))
      return 'invalid socket_id';
    return { name: e.name, data: e.data, channels: chans, ...(e.socket_id ? { socketId: e.socket_id as string } : {}) };
  }

  const publishAll = async (
    tenantId: number,
    ev: { name: string; data: string; channels: string[]; socketId?: string },
  ) => {
    for (const c of ev.channels) {
      await app.realtime.broadcaster.publish({
        t: tenantId,
        c,
        e: ev.name,
        d: ev.data,
        ...(ev.socketId ? { x: ev.socketId } : {}),
      });
    }
  };

  app.post('/apps/:appId/events', async (req: ApiRequest, reply) => {
    const t = verify(req, reply);
    if (t === null) return reply;
    const ev = checkEvent((req.body ?? {}) as EventInput);
    if (typeof ev === 'string') return fail(reply, 400, ev);
    await publishAll(t, ev);
    return {};
  });

  app.post('/apps/:appId/batch_events', async (req: ApiRequest, reply) => {
    const t = verify(req, reply);
    if (t === null) return reply;
    const batch = (req.body as { batch?: unknown } | null)?.batch;
    if (!Array.isArray(batch) || batch.length === 0 || batch.length > MAX_BATCH_EVENTS)
      return fail(reply, 400, 'batch must hold 1 to 10 events');
    const checked = batch.map((e) => checkEvent((e ?? {}) as EventInput));
    const bad = checked.findIndex((e) => typeof e === 'string');
    if (bad >= 0) return fail(reply, 400, `batch[${bad}]: ${checked[bad]}`);
    for (const ev of checked) await publishAll(t, ev as Exclude<(typeof checked)[number], string>);
    return { batch: checked.map(() => ({})) };
  });

  // Channel queries answer for this node's sockets (presence members for the whole cluster).
  app.get('/apps/:appId/channels', async (req: ApiRequest, reply) => {
    const t = verify(req, reply);
    if (t === null) return reply;
    const prefix = req.query.filter_by_prefix ?? '';
    const list = app.realtime.hub.localChannels(t).filter((c) => c.startsWith(prefix) && !c.startsWith('#'));
    return { channels: Object.fromEntries(list.map((c) => [c, {}])) };
  });

  app.get('/apps/:appId/channels/:name', async (req: ApiRequest, reply) => {
    const t = verify(req, reply);
    if (t === null) return reply;
    const name = req.params.name ?? '';
    if (!isValidChannel(name)) return fail(reply, 400, 'invalid channel name');
    const count = app.realtime.hub.localSubscribers(t, name);
    const info: Record<string, unknown> = { occupied: count > 0, subscription_count: count };
    if (name.startsWith('presence-'))
      info.user_count = (await app.realtime.broadcaster.presenceMembers(t, name)).length;
    return info;
  });

  app.get('/apps/:appId/channels/:name/users', async (req: ApiRequest, reply) => {
    const t = verify(req, reply);
    if (t === null) return reply;
    const name = req.params.name ?? '';
    if (!name.startsWith('presence-') || !isValidChannel(name)) return fail(reply, 400, 'not a presence channel');
    const members = await app.realtime.broadcaster.presenceMembers(t, name);
    return { users: members.map((m) => ({ id: m.userId })) };
  });
}
