import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

/** One message for every subscriber of (tenant, channel), on whichever node they are connected. */
export type BusMessage = {
  /** tenant id */
  t: number;
  /** channel name as the client knows it */
  c: string;
  /** event name */
  e: string;
  /** data, already a string (the protocol's double encoding) */
  d: string;
  /** socket id that must not receive it (the sender of a client event, or socket_id of the HTTP API) */
  x?: string;
};

export type PresenceMember = { userId: string; info: unknown };

/**
 * The Broadcaster: how a published message reaches every node's sockets, and where presence members live.
 * In-process by default; with REDIS_URL every node subscribes to one Redis channel and delivers to its own
 * sockets, and presence members are kept per node in Redis with a heartbeat so a dead node's members are swept.
 */
export type Broadcaster = {
  readonly kind: 'memory' | 'redis';
  readonly nodeId: string;
  publish(msg: BusMessage): Promise<void>;
  /** Called by the hub once; every message published by any node arrives here (this node's own too). */
  onMessage(fn: (msg: BusMessage) => void): void;
  /** Adds this node's member; says whether another node already had that user on the channel. */
  presenceAdd(t: number, channel: string, m: PresenceMember): Promise<{ elsewhere: boolean }>;
  /** Removes this node's member; says whether the user is still on the channel through another node. */
  presenceRemove(t: number, channel: string, userId: string): Promise<{ elsewhere: boolean }>;
  /** Every member of the channel across live nodes, one per user. */
  presenceMembers(t: number, channel: string): Promise<PresenceMember[]>;
  close(): Promise<void>;
  /** Tests: behave like a process that died (no goodbye, heartbeat stops). */
  crash(): void;
};

/** One node, no Redis: presence lives in the hub itself, so these answer "nobody elsewhere". */
export function memoryBroadcaster(): Broadcaster {
  let handler: (msg: BusMessage) => void = () => {};
  const members = new Map<string, Map<string, unknown>>();
  const key = (t: number, c: string) => `${t}\n${c}`;
  return {
    kind: 'memory',
    nodeId: 'local',
    async publish(msg) {
      handler(msg);
    },
    onMessage(fn) {
      handler = fn;
    },
    async presenceAdd(t, c, m) {
      let ch = members.get(key(t, c));
      if (!ch) {
        ch = new Map();
        members.set(key(t, c), ch);
      }
      ch.set(m.userId, m.info);
      return { elsewhere: false };
    },
    async presenceRemove(t, c, userId) {
      const ch = members.get(key(t, c));
      ch?.delete(userId);
      if (ch && ch.size === 0) members.delete(key(t, c));
      return { elsewhere: false };
    },
    async presenceMembers(t, c) {
      return [...(members.get(key(t, c)) ?? new Map()).entries()].map(([userId, info]) => ({ userId, info }));
    },
    async close() {},
    crash() {},
  };
}

export type RedisBroadcasterOptions = {
  prefix?: string;
  /** How long a node counts as alive after its last heartbeat. */
  nodeTtlMs?: number;
  /** How often this node refreshes its heartbeat and sweeps dead nodes. */
  heartbeatMs?: number;
};

/**
 * Redis pub/sub fan-out (Soketi's adapter shape) plus per-node presence. Keys:
 * - `{p}bus`: the pub/sub channel of every BusMessage;
 * - `{p}nodes`: set of node ids; `{p}hb:{node}`: heartbeat with a TTL;
 * - `{p}p:{tenant}:{channel}`: hash "node\nuserId" -> user_info JSON;
 * - `{p}nc:{node}`: the presence hashes a node wrote to, so a sweeper can clean up after it.
 */
export function redisBroadcaster(url: string, opts: RedisBroadcasterOptions = {}): Broadcaster {
  const p = opts.prefix ?? 'sorte:rt:';
  const ttl = opts.nodeTtlMs ?? 30_000;
  const beat = opts.heartbeatMs ?? Math.max(200, Math.floor(ttl / 3));
  const nodeId = randomBytes(8).toString('hex');
  const pub = new Redis(url, { maxRetriesPerRequest: 2 });
  const sub = new Redis(url, { maxRetriesPerRequest: null });
  pub.on('error', () => {});
  sub.on('error', () => {});
  let handler: (msg: BusMessage) => void = () => {};
  const busKey = `${p}bus`;
  const ready = sub.subscribe(busKey);
  sub.on('message', (ch, raw) => {
    if (ch !== busKey) return;
    try {
      handler(JSON.parse(raw) as BusMessage);
    } catch {
      // A malformed message from another publisher must not stop delivery.
    }
  });

  const hashKey = (t: number, c: string) => `${p}p:${t}:${c}`;
  const fieldOf = (node: string, userId: string) => `${node}\n${userId}`;
  const parseField = (f: string) => {
    const i = f.indexOf('\n');
    return { node: f.slice(0, i), userId: f.slice(i + 1) };
  };

  async function liveNodes(nodes: string[]): Promise<Set<string>> {
    const unique = [...new Set(nodes)];
    if (unique.length === 0) return new Set();
    const vals = await pub.mget(...unique.map((n) => `${p}hb:${n}`));
    return new Set(unique.filter((_, i) => vals[i] !== null || unique[i] === nodeId));
  }

  async function liveMembers(t: number, c: string) {
    const all = await pub.hgetall(hashKey(t, c));
    const entries = Object.entries(all).map(([f, v]) => ({ ...parseField(f), info: v }));
    const live = await liveNodes(entries.map((e) => e.node));
    return entries.filter((e) => live.has(e.node));
  }

  async function heartbeat() {
    await pub.multi().set(`${p}hb:${nodeId}`, '1', 'PX', ttl).sadd(`${p}nodes`, nodeId).exec();
  }

  /** A node whose heartbeat expired: remove its members and tell the channels they left. */
  async function sweep() {
    const nodes = await pub.smembers(`${p}nodes`);
    for (const node of nodes) {
      if (node === nodeId) continue;
      if ((await pub.exists(`${p}hb:${node}`)) === 1) continue;
      const locked = await pub.set(`${p}sweep:${node}`, nodeId, 'PX', ttl, 'NX');
      if (locked !== 'OK') continue;
      const keys = await pub.smembers(`${p}nc:${node}`);
      for (const key of keys) {
        const m = /^(\d+):(.+)$/.exec(key.slice(`${p}p:`.length));
        if (!m) continue;
        const t = Number(m[1]);
        const c = m[2]!;
        const all = await pub.hgetall(key);
        const gone = Object.keys(all).filter((f) => parseField(f).node === node);
        if (gone.length) await pub.hdel(key, ...gone);
        const still = new Set((await liveMembers(t, c)).map((e) => e.userId));
        for (const f of gone) {
          const userId = parseField(f).userId;
          if (still.has(userId)) continue;
          await publish({ t, c, e: 'pusher_internal:member_removed', d: JSON.stringify({ user_id: userId }) });
        }
      }
      await pub.multi().del(`${p}nc:${node}`).srem(`${p}nodes`, node).exec();
    }
  }

  const publish = async (msg: BusMessage) => {
    await pub.publish(busKey, JSON.stringify(msg));
  };

  let timer: NodeJS.Timeout | null = null;
  const started = heartbeat().then(() => {
    timer = setInterval(() => {
      heartbeat()
        .then(sweep)
        .catch(() => {});
    }, beat);
    timer.unref();
  });

  return {
    kind: 'redis',
    nodeId,
    async publish(msg) {
      await ready;
      await publish(msg);
    },
    onMessage(fn) {
      handler = fn;
    },
    async presenceAdd(t, c, m) {
      await started;
      const before = await liveMembers(t, c);
      const elsewhere = before.some((e) => e.userId === m.userId && e.node !== nodeId);
      await pub
        .multi()
        .hset(hashKey(t, c), fieldOf(nodeId, m.userId), JSON.stringify(m.info ?? null))
        .sadd(`${p}nc:${nodeId}`, hashKey(t, c))
        .exec();
      return { elsewhere };
    },
    async presenceRemove(t, c, userId) {
      await pub.hdel(hashKey(t, c), fieldOf(nodeId, userId));
      const rest = await liveMembers(t, c);
      return { elsewhere: rest.some((e) => e.userId === userId) };
    },
    async presenceMembers(t, c) {
      const seen = new Map<string, unknown>();
      for (const e of await liveMembers(t, c)) {
        if (!seen.has(e.userId)) seen.set(e.userId, JSON.parse(e.info));
      }
      return [...seen.entries()].map(([userId, info]) => ({ userId, info }));
    },
    async close() {
      if (timer) clearInterval(timer);
      await started.catch(() => {});
      await pub
        .multi()
        .del(`${p}hb:${nodeId}`, `${p}nc:${nodeId}`)
        .srem(`${p}nodes`, nodeId)
        .exec()
        .catch(() => {});
      sub.disconnect();
      await pub.quit().catch(() => pub.disconnect());
    },
    crash() {
      if (timer) clearInterval(timer);
      handler = () => {};
      sub.disconnect();
      pub.disconnect();
    },
  };
}
