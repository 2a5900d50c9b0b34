import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import ipaddr from 'ipaddr.js';
import { type RawData, WebSocket, WebSocketServer } from 'ws';
import type { Broadcaster, BusMessage } from './broadcaster';
import type { AppCredentials } from './keys';
import {
  ACTIVITY_TIMEOUT_S,
  CLIENT_EVENTS_PER_SECOND,
  CLOSE,
  channelKind,
  frame,
  isValidChannel,
  MAX_CHANNELS_PER_CONNECTION,
  MAX_CONNECTIONS_PER_ADDRESS,
  MAX_EVENT_DATA_BYTES,
  MAX_PRESENCE_MEMBERS,
  MAX_USER_ID,
  MAX_USER_INFO_BYTES,
  newSocketId,
  PONG_TIMEOUT_MS,
  safeEqual,
  signChannel,
  signUser,
} from './protocol';

type Conn = {
  ws: WebSocket;
  socketId: string;
  tenantId: number;
  cred: AppCredentials;
  channels: Set<string>;
  /** presence channel -> user id this socket joined as */
  presence: Map<string, string>;
  lastSeen: number;
  pingedAt: number;
  eventsWindow: number;
  eventsCount: number;
  signedInAs: string | null;
};

export type HubOptions = {
  broadcaster: Broadcaster;
  /** Resolves the tenant of a connection from its Host header and checks the app key belongs to it. */
  authenticate(host: string | undefined, key: string): Promise<{ tenantId: number; cred: AppCredentials } | null>;
  log?: { warn(obj: unknown, msg?: string): void };
  /** Idle seconds announced to clients. */
  activityTimeoutS?: number;
  pongTimeoutMs?: number;
  /** How often idle connections are checked (one timer for all sockets). */
  sweepMs?: number;
  /** A client that does not read: close it when this much is queued. */
  maxBufferedBytes?: number;
  /** Channels one socket may be on at once (REALTIME_MAX_CHANNELS_PER_CONNECTION). */
  maxChannelsPerConnection?: number;
  /** Sockets open at once per client address on this node (REALTIME_MAX_CONNECTIONS_PER_IP). */
  maxConnectionsPerAddress?: number;
  /** The client address of an upgrade request, as the app sees it (trusted proxies honoured). */
  clientAddress?(req: IncomingMessage): string;
};

const scoped = (t: number, c: string) => `${t}\n${c}`;
/** Pseudo channel: every private-user.* channel of a tenant (platform notifications). */
export const ALL_USERS = 'private-user.*';
/** Pseudo channel: every private-guest.* channel of a tenant (a mission open to everyone, for visitors too). */
export const ALL_GUESTS = 'private-guest.*';
/** The real channels each pseudo channel stands for, by name prefix. */
const FAN_OUT: Record<string, string> = { [ALL_USERS]: 'private-user.', [ALL_GUESTS]: 'private-guest.' };

/**
 * The Pusher protocol v7 server of one node: owns the WebSocket connections, their subscriptions and presence
 * membership on this node, and delivers every BusMessage the broadcaster hands it to the matching local sockets.
 */
export class RealtimeHub {
  private readonly wss: WebSocketServer;
  private readonly conns = new Map<string, Conn>();
  private readonly channels = new Map<string, Set<Conn>>();
  /** scoped presence channel -> user id -> sockets of this node joined as that user */
  private readonly presenceLocal = new Map<string, Map<string, { info: unknown; conns: Set<Conn> }>>();
  private readonly timer: NodeJS.Timeout;
  private closing = false;
  private readonly activityTimeoutS: number;
  private readonly pongTimeoutMs: number;
  private readonly maxBuffered: number;
  private readonly maxChannels: number;
  private readonly maxPerAddress: number;
  /** client address -> sockets open (or being authenticated) from it */
  private readonly perAddress = new Map<string, number>();

  constructor(private readonly opts: HubOptions) {
    this.activityTimeoutS = opts.activityTimeoutS ?? ACTIVITY_TIMEOUT_S;
    this.pongTimeoutMs = opts.pongTimeoutMs ?? PONG_TIMEOUT_MS;
    this.maxBuffered = opts.maxBufferedBytes ?? 4 * 1024 * 1024;
    this.maxChannels = opts.maxChannelsPerConnection ?? MAX_CHANNELS_PER_CONNECTION;
    this.maxPerAddress = opts.maxConnectionsPerAddress ?? MAX_CONNECTIONS_PER_ADDRESS;
    this.wss = new WebSocketServer({ noServer: true, maxPayload: 16 * 1024, perMessageDeflate: false });
    opts.broadcaster.onMessage((m) => this.deliver(m));
    this.timer = setInterval(() => this.checkIdle(), opts.sweepMs ?? 5_000);
    this.timer.unref();
  }

  get connectionCount() {
    return this.conns.size;
  }

  /** Subscriber count of a channel on this node (HTTP API channel info). */
  localSubscribers(tenantId: number, channel: string): number {
    return this.channels.get(scoped(tenantId, channel))?.size ?? 0;
  }

  localChannels(tenantId: number): string[] {
    const prefix = `${tenantId}\n`;
    return [...this.channels.keys()].filter((k) => k.startsWith(prefix)).map((k) => k.slice(prefix.length));
  }

  /** The HTTP server's 'upgrade' event: /app/{key}?protocol=7 becomes a Pusher connection, anything else is refused. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const url = new URL(req.url ?? '/', 'http://x');
    const m = /^\/app\/([^/]{1,100})\/?$/.exec(url.pathname);
    if (!m || this.closing) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    const key = decodeURIComponent(m[1]!);
    const protocol = Number(url.searchParams.get('protocol') ?? PROTOCOL_DEFAULT);
    socket.on('error', () => {});
    // The slot is taken before the (asynchronous) upgrade and authentication, so a burst of connections from one
    // address is counted as it arrives; the raw socket closing, however the connection ends, gives it back.
    const address = addressKey(this.opts.clientAddress?.(req) ?? req.socket.remoteAddress ?? '');
    const admitted = this.takeSlot(address);
    if (admitted) socket.once('close', () => this.releaseSlot(address));
    this.wss.handleUpgrade(req, socket, head, (ws) => {
      ws.on('error', () => {});
      // Answered in the protocol (4100: back off, then reconnect) rather than with an HTTP error pusher-js cannot read.
      if (!admitted) {
        this.refuse(ws, CLOSE.overCapacity, 'Over capacity: too many connections from this address');
        return;
      }
      if (!(protocol >= 5 && protocol <= 7)) {
        this.refuse(ws, CLOSE.unsupportedProtocol, 'Unsupported protocol version');
        return;
      }
      // Messages that arrive before the tenant is known are held, not lost.
      const early: RawData[] = [];
      const hold = (d: RawData) => early.push(d);
      ws.on('message', hold);
      this.opts
        .authenticate(req.headers.host, key)
        .then((auth) => {
          ws.off('message', hold);
          if (!auth) return this.refuse(ws, CLOSE.appMissing, `Application does not exist: ${key}`);
          if (this.closing) return this.refuse(ws, CLOSE.generic, 'Server shutting down');
          const conn = this.open(ws, auth.tenantId, auth.cred);
          for (const d of early) this.onMessage(conn, d);
        })
        .catch(() => this.refuse(ws, CLOSE.generic, 'Internal error'));
    });
  }

  /** Counts a new socket from an address; false when the address already has its maximum. */
  private takeSlot(address: string): boolean {
    const n = this.perAddress.get(address) ?? 0;
    if (n >= this.maxPerAddress) return false;
    this.perAddress.set(address, n + 1);
    return true;
  }

  private releaseSlot(address: string) {
    const n = (this.perAddress.get(address) ?? 1) - 1;
    if (n <= 0) this.perAddress.delete(address);
    else this.perAddress.set(address, n);
  }

  private refuse(ws: WebSocket, code: number, message: string) {
    ws.send(frame('pusher:error', { code, message }));
    ws.close(code, message);
  }

  private open(ws: WebSocket, tenantId: number, cred: AppCredentials): Conn {
    const conn: Conn = {
      ws,
      socketId: newSocketId(),
      tenantId,
      cred,
      channels: new Set(),
      presence: new Map(),
      lastSeen: Date.now(),
      pingedAt: 0,
      eventsWindow: 0,
      eventsCount: 0,
      signedInAs: null,
    };
    this.conns.set(conn.socketId, conn);
    ws.on('message', (d) => this.onMessage(conn, d));
    ws.on('pong', () => this.seen(conn));
    ws.on('close', () => void this.drop(conn));
    this.send(
      conn,
      frame('pusher:connection_established', { socket_id: conn.socketId, activity_timeout: this.activityTimeoutS }),
    );
    return conn;
  }

  private seen(conn: Conn) {
    conn.lastSeen = Date.now();
    conn.pingedAt = 0;
  }

  private send(conn: Conn, data: string | Buffer) {
    if (conn.ws.readyState !== WebSocket.OPEN) return;
    if (conn.ws.bufferedAmount > this.maxBuffered) {
      conn.ws.close(CLOSE.overCapacity, 'Client too slow');
      return;
    }
    conn.ws.send(data, { binary: false });
  }

  private error(conn: Conn, code: number | null, message: string) {
    this.send(conn, frame('pusher:error', { code, message }));
  }

  private onMessage(conn: Conn, raw: RawData) {
    this.seen(conn);
    let msg: { event?: unknown; channel?: unknown; data?: unknown };
    try {
      msg = JSON.parse(raw.toString());
    } catch {
      return this.error(conn, null, 'Invalid JSON');
    }
    if (!msg || typeof msg !== 'object' || typeof msg.event !== 'string')
      return this.error(conn, null, 'Invalid event');
    // pusher-js sends data of pusher:* events as an object; other clients as a JSON string. Accept both.
    let data = msg.data;
    if (typeof data === 'string' && msg.event.startsWith('pusher:')) {
      try {
        data = JSON.parse(data);
      } catch {
        // keep as string
      }
    }
    switch (msg.event) {
      case 'pusher:ping':
        return this.send(conn, frame('pusher:pong', {}));
      case 'pusher:pong':
        return;
      case 'pusher:subscribe':
        return void this.subscribe(conn, (data ?? {}) as Record<string, unknown>).catch(() =>
          this.error(conn, null, 'Subscription failed'),
        );
      case 'pusher:unsubscribe': {
        const channel = (data as { channel?: unknown } | null)?.channel;
        if (typeof channel === 'string') void this.unsubscribe(conn, channel);
        return;
      }
      case 'pusher:signin':
        return this.signin(conn, (data ?? {}) as Record<string, unknown>);
    }
    if (msg.event.startsWith('client-')) return this.clientEvent(conn, msg.event, msg.channel, msg.data);
    return this.error(conn, null, `Unknown event: ${msg.event.slice(0, 60)}`);
  }

  private subscriptionError(conn: Conn, channel: string, error: string, status = 401, type = 'AuthError') {
    this.send(conn, frame('pusher:subscription_error', { type, error, status }, channel));
  }

  /** A new channel over the socket's cap: refused as a limit (status 4100, over capacity), the socket stays open. */
  private overChannelCap(conn: Conn, channel: string): boolean {
    if (conn.channels.has(channel) || conn.channels.size < this.maxChannels) return false;
    this.subscriptionError(
      conn,
      channel,
      `Too many channels on this connection (at most ${this.maxChannels})`,
      CLOSE.overCapacity,
      'LimitReached',
    );
    return true;
  }

  private async subscribe(conn: Conn, d: Record<string, unknown>) {
    const channel = d.channel;
    if (!isValidChannel(channel)) return this.error(conn, 4009, 'Invalid channel name');
    const kind = channelKind(channel);
    if (kind === 'encrypted') return this.subscriptionError(conn, channel, 'Encrypted channels are not supported', 400);
    if (channel.startsWith('#')) return this.subscriptionError(conn, channel, 'Reserved channel', 403);
    if (this.overChannelCap(conn, channel)) return;
    const channelData = typeof d.channel_data === 'string' ? d.channel_data : undefined;
    if (kind !== 'public') {
      const auth = typeof d.auth === 'string' ? d.auth : '';
      const expected = signChannel(conn.cred, conn.socketId, channel, kind === 'presence' ? channelData : undefined);
      if (!safeEqual(auth, expected)) {
        return this.subscriptionError(conn, channel, `Invalid signature for channel ${channel}`);
      }
    }
    const key = scoped(conn.tenantId, channel);
    if (kind === 'presence') {
      let member: { user_id?: unknown; user_info?: unknown };
      try {
        member = JSON.parse(channelData ?? '');
      } catch {
        return this.subscriptionError(conn, channel, 'Invalid channel_data', 400);
      }
      const userId = typeof member.user_id === 'number' ? String(member.user_id) : member.user_id;
      if (typeof userId !== 'string' || !userId || userId.length > MAX_USER_ID) {
        return this.subscriptionError(conn, channel, 'Invalid user_id', 400);
      }
      if (JSON.stringify(member.user_info ?? null).length > MAX_USER_INFO_BYTES) {
        return this.subscriptionError(conn, channel, 'user_info is larger than 1 KB', 400);
      }
      if (conn.presence.has(channel)) return this.presenceSucceeded(conn, channel);
      let local = this.presenceLocal.get(key);
      const mine = local?.get(userId);
      if (!mine) {
        const before = await this.opts.broadcaster.presenceMembers(conn.tenantId, channel);
        if (before.length >= MAX_PRESENCE_MEMBERS && !before.some((m) => m.userId === userId)) {
          return this.subscriptionError(conn, channel, 'Presence channel is full', 403);
        }
      }
      if (conn.ws.readyState !== WebSocket.OPEN) return;
      // Checked again: other subscribes of this socket may have joined while the members were read.
      if (this.overChannelCap(conn, channel)) return;
      if (!local) {
        local = new Map();
        this.presenceLocal.set(key, local);
      }
      const entry = local.get(userId) ?? { info: member.user_info ?? null, conns: new Set<Conn>() };
      const first = entry.conns.size === 0;
      entry.conns.add(conn);
      local.set(userId, entry);
      conn.presence.set(channel, userId);
      this.join(conn, key, channel);
      if (first) {
        const { elsewhere } = await this.opts.broadcaster.presenceAdd(conn.tenantId, channel, {
          userId,
          info: entry.info,
        });
        await this.presenceSucceeded(conn, channel);
        if (!elsewhere) {
          await this.opts.broadcaster.publish({
            t: conn.tenantId,
            c: channel,
            e: 'pusher_internal:member_added',
            d: JSON.stringify({ user_id: userId, user_info: entry.info }),
            x: conn.socketId,
          });
        }
      } else await this.presenceSucceeded(conn, channel);
      return;
    }
    this.join(conn, key, channel);
    this.send(conn, frame('pusher_internal:subscription_succeeded', {}, channel));
  }

  private async presenceSucceeded(conn: Conn, channel: string) {
    const members = await this.opts.broadcaster.presenceMembers(conn.tenantId, channel);
    const hash: Record<string, unknown> = {};
    for (const m of members) hash[m.userId] = m.info;
    const ids = Object.keys(hash);
    this.send(
      conn,
      frame('pusher_internal:subscription_succeeded', { presence: { ids, hash, count: ids.length } }, channel),
    );
  }

  private join(conn: Conn, key: string, channel: string) {
    conn.channels.add(channel);
    let set = this.channels.get(key);
    if (!set) {
      set = new Set();
      this.channels.set(key, set);
    }
    set.add(conn);
  }

  private async unsubscribe(conn: Conn, channel: string) {
    if (!conn.channels.delete(channel)) return;
    const key = scoped(conn.tenantId, channel);
    const set = this.channels.get(key);
    set?.delete(conn);
    if (set && set.size === 0) this.channels.delete(key);
    const userId = conn.presence.get(channel);
    if (userId === undefined) return;
    conn.presence.delete(channel);
    const local = this.presenceLocal.get(key);
    const entry = local?.get(userId);
    if (!local || !entry) return;
    entry.conns.delete(conn);
    if (entry.conns.size > 0) return;
    local.delete(userId);
    if (local.size === 0) this.presenceLocal.delete(key);
    const { elsewhere } = await this.opts.broadcaster.presenceRemove(conn.tenantId, channel, userId);
    if (!elsewhere) {
      await this.opts.broadcaster.publish({
        t: conn.tenantId,
        c: channel,
        e: 'pusher_internal:member_removed',
        d: JSON.stringify({ user_id: userId }),
      });
    }
  }

  private signin(conn: Conn, d: Record<string, unknown>) {
    const userData = typeof d.user_data === 'string' ? d.user_data : '';
    const auth = typeof d.auth === 'string' ? d.auth : '';
    let id: unknown;
    try {
      id = (JSON.parse(userData) as { id?: unknown }).id;
    } catch {
      id = undefined;
    }
    if (typeof id !== 'string' || !id || !safeEqual(auth, signUser(conn.cred, conn.socketId, userData))) {
      this.error(conn, CLOSE.unauthorized, 'Invalid signin');
      conn.ws.close(CLOSE.unauthorized, 'Unauthorized');
      return;
    }
    conn.signedInAs = id;
    this.join(conn, scoped(conn.tenantId, `#server-to-user-${id}`), `#server-to-user-${id}`);
    this.send(conn, frame('pusher:signin_success', { user_data: userData }));
  }

  /** client-* events: private/presence channels the sender is on, never echoed to it, at most 10 a second. */
  private clientEvent(conn: Conn, event: string, channel: unknown, data: unknown) {
    if (typeof channel !== 'string' || !conn.channels.has(channel)) {
      return this.error(conn, null, 'Client event rejected: not subscribed to the channel');
    }
    const kind = channelKind(channel);
    if (kind !== 'private' && kind !== 'presence') {
      return this.error(conn, null, 'Client events are allowed only on private and presence channels');
    }
    const now = Date.now();
    const second = Math.floor(now / 1000);
    if (conn.eventsWindow !== second) {
      conn.eventsWindow = second;
      conn.eventsCount = 0;
    }
    if (++conn.eventsCount > CLIENT_EVENTS_PER_SECOND) {
      return this.error(conn, CLOSE.clientEventRateLimit, 'Client event rejected due to rate limit');
    }
    const d = typeof data === 'string' ? data : JSON.stringify(data ?? null);
    if (d.length > MAX_EVENT_DATA_BYTES) return this.error(conn, null, 'Client event data is larger than 10 KB');
    const payload: BusMessage = { t: conn.tenantId, c: channel, e: event, d, x: conn.socketId };
    const userId = conn.presence.get(channel);
    // Presence client events carry the sender's user_id so receivers know who sent them.
    if (userId !== undefined) (payload as BusMessage & { u?: string }).u = userId;
    void this.opts.broadcaster.publish(payload);
  }

  /** A message from the broadcaster (any node): send it to this node's subscribers. */
  deliver(m: BusMessage & { u?: string }): void {
    const prefix = FAN_OUT[m.c];
    const targets =
      prefix !== undefined
        ? this.localChannels(m.t)
            .filter((c) => c.startsWith(prefix))
            .map((c) => [c, this.channels.get(scoped(m.t, c))] as const)
        : [[m.c, this.channels.get(scoped(m.t, m.c))] as const];
    for (const [channel, set] of targets) {
      if (!set || set.size === 0) continue;
      const obj: Record<string, unknown> = { event: m.e, channel, data: m.d };
      if (m.u !== undefined) obj.user_id = m.u;
      // Serialised and framed once; every subscriber gets the same bytes, no per-socket JSON or framing work.
      const payload = Buffer.from(JSON.stringify(obj));
      const wire = wireFrame(payload);
      for (const conn of set) if (conn.socketId !== m.x) this.sendFrame(conn, wire, payload);
    }
  }

  /** A pre-built text frame straight to the socket (ws frames nothing when compression is off and no Blob is queued). */
  private sendFrame(conn: Conn, wire: Buffer, payload: Buffer) {
    const ws = conn.ws as WebSocket & { _socket?: { write(b: Buffer): boolean }; _sender?: { _state?: number } };
    if (ws.readyState !== WebSocket.OPEN) return;
    if (ws.bufferedAmount > this.maxBuffered) {
      ws.close(CLOSE.overCapacity, 'Client too slow');
      return;
    }
    if (ws._socket && (ws._sender?._state ?? 0) === 0) ws._socket.write(wire);
    else ws.send(payload, { binary: false });
  }

  private checkIdle() {
    const now = Date.now();
    const idleMs = this.activityTimeoutS * 1000;
    for (const conn of this.conns.values()) {
      if (conn.pingedAt && now - conn.pingedAt > this.pongTimeoutMs) {
        conn.ws.close(CLOSE.pongNotReceived, 'Pong reply not received');
        conn.ws.terminate();
      } else if (!conn.pingedAt && now - conn.lastSeen > idleMs) {
        conn.pingedAt = now;
        this.send(conn, frame('pusher:ping', {}));
      }
    }
  }

  private async drop(conn: Conn) {
    if (!this.conns.delete(conn.socketId)) return;
    for (const channel of [...conn.channels]) await this.unsubscribe(conn, channel).catch(() => {});
  }

  /** Shutdown: every client is told 4200 so it reconnects (to another node), presence is cleaned up. */
  async close(): Promise<void> {
    this.closing = true;
    clearInterval(this.timer);
    const all = [...this.conns.values()];
    for (const conn of all) conn.ws.close(CLOSE.generic, 'Server shutting down');
    await Promise.all(all.map((c) => this.drop(c)));
    this.wss.close();
  }

  /** Tests: a node that dies without cleaning up. */
  crash(): void {
    this.closing = true;
    clearInterval(this.timer);
    this.opts.broadcaster.crash();
    for (const conn of this.conns.values()) conn.ws.terminate();
    this.conns.clear();
  }
}

const PROTOCOL_DEFAULT = 7;

/**
 * The key sockets are counted under: an IPv4 address (also when it arrives IPv4-mapped), or the /64 of an IPv6
 * address, which is what one subscriber line gets, so rotating through its addresses does not multiply the cap.
 */
export function addressKey(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const ip = ipaddr.process(address);
  if (ip.kind() === 'ipv4') return ip.toString();
  const bytes = ip.toByteArray().slice(0, 8);
  return `${ipaddr.fromByteArray([...bytes, 0, 0, 0, 0, 0, 0, 0, 0]).toString()}/64`;
}

/** The complete unmasked server-to-client text frame (RFC 6455 5.2) of a payload, built once per broadcast. */
export function wireFrame(payload: Buffer): Buffer {
  const n = payload.length;
  const head = n < 126 ? 2 : n < 65_536 ? 4 : 10;
  const out = Buffer.allocUnsafe(head + n);
  out[0] = 0x81; // FIN + text
  if (n < 126) out[1] = n;
  else if (n < 65_536) {
    out[1] = 126;
    out.writeUInt16BE(n, 2);
  } else {
    out[1] = 127;
    out.writeUInt32BE(Math.floor(n / 2 ** 32), 2);
    out.writeUInt32BE(n >>> 0, 6);
  }
  payload.copy(out, head);
  return out;
}
