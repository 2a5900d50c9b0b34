import { createHash, createHmac, randomInt, timingSafeEqual } from 'node:crypto';

/** Pusher Channels protocol v7 facts (reference/pusher-protocol.md). */
export const PROTOCOL_VERSION = 7;
/** Seconds of client silence before it should ping; sent in pusher:connection_established (pusher-js uses the min). */
export const ACTIVITY_TIMEOUT_S = 120;
/** After we ping an idle client, how long it has to answer before we close with 4201. */
export const PONG_TIMEOUT_MS = 30_000;
export const MAX_CHANNEL_NAME = 164;
export const MAX_PRESENCE_MEMBERS = 100;
export const MAX_USER_INFO_BYTES = 1024;
export const MAX_USER_ID = 128;
export const MAX_EVENT_DATA_BYTES = 10 * 1024;
export const CLIENT_EVENTS_PER_SECOND = 10;
export const MAX_CHANNELS_PER_EVENT = 100;
export const MAX_BATCH_EVENTS = 10;
/** Defaults of the per-socket channel cap and the per-address socket cap (config can change both). */
export const MAX_CHANNELS_PER_CONNECTION = 100;
export const MAX_CONNECTIONS_PER_ADDRESS = 50;

/** Close codes: 4000-4099 do not reconnect, 4100-4199 back off, 4200-4299 reconnect at once. */
export const CLOSE = {
  appMissing: 4001,
  unsupportedProtocol: 4007,
  unauthorized: 4009,
  overCapacity: 4100,
  generic: 4200,
  pongNotReceived: 4201,
  clientEventRateLimit: 4301,
} as const;

const CHANNEL = /^[-a-zA-Z0-9_=@,.;]+$/;

export function isValidChannel(name: unknown): name is string {
  return typeof name === 'string' && name.length > 0 && name.length <= MAX_CHANNEL_NAME && CHANNEL.test(name);
}

export type ChannelKind = 'public' | 'private' | 'presence' | 'encrypted';

export function channelKind(name: string): ChannelKind {
  if (name.startsWith('private-encrypted-')) return 'encrypted';
  if (name.startsWith('private-')) return 'private';
  if (name.startsWith('presence-')) return 'presence';
  return 'public';
}

export function newSocketId(): string {
  return `${randomInt(1, 2 ** 47)}.${randomInt(1, 2 ** 47)}`;
}

export const SOCKET_ID = /^\d{1,20}\.\d{1,20}$/;

const hmac = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex');

/** The `auth` of a private or presence subscription: key:HMAC(secret, "socket_id:channel[:channel_data]"). */
export function signChannel(
  cred: { key: string; secret: string },
  socketId: string,
  channel: string,
  channelData?: string,
): string {
  const text = channelData === undefined ? `${socketId}:${channel}` : `${socketId}:${channel}:${channelData}`;
  return `${cred.key}:${hmac(cred.secret, text)}`;
}

/** The `auth` of pusher:signin: key:HMAC(secret, "socket_id::user::user_data"). */
export function signUser(cred: { key: string; secret: string }, socketId: string, userData: string): string {
  return `${cred.key}:${hmac(cred.secret, `${socketId}::user::${userData}`)}`;
}

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Pusher HTTP API request signature: HMAC(secret, "METHOD\nPATH\nsorted query"), where the query holds every
 * parameter but auth_signature, keys lower-cased and sorted, values as sent.
 */
export function signRequest(secret: string, method: string, path: string, params: Record<string, string>): string {
  const query = Object.keys(params)
    .filter((k) => k !== 'auth_signature')
    .map((k) => [k.toLowerCase(), params[k]!] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  return hmac(secret, `${method.toUpperCase()}\n${path}\n${query}`);
}

export const md5 = (body: string | Buffer) => createHash('md5').update(body).digest('hex');

/** A frame as the client reads it: {event, channel?, data} where data is a string (JSON encoded once more). */
export function frame(event: string, data: unknown, channel?: string): string {
  const d = typeof data === 'string' ? data : JSON.stringify(data);
  return JSON.stringify(channel === undefined ? { event, data: d } : { event, channel, data: d });
}
