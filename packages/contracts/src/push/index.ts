import { z } from 'zod';
import { checkedWith, localized, replies, reply } from '../http';

export const pushPublicKeyCall = { response: replies({ 200: reply({ publicKey: z.string() }) }) };

const INVALID = { pt: 'Inscrição de notificações inválida.', en: 'Invalid notification subscription.' };
const B64URL = /^[A-Za-z0-9_-]+={0,2}$/;
/** base64url text of exactly `bytes` bytes once decoded (6 bits a character, padding aside). */
const decodesTo = (v: unknown, bytes: number) =>
  typeof v === 'string' && B64URL.test(v) && Math.floor((v.replace(/=+$/, '').length * 3) / 4) === bytes;
function isPushUrl(v: unknown): boolean {
  if (typeof v !== 'string' || v.length > 2048 || !URL.canParse(v)) return false;
  const { protocol } = new URL(v);
  return protocol === 'https:' || protocol === 'http:';
}

/**
 * POST /api/subscription: the browser's PushSubscription. Each wrong field is named (keys.p256dh, keys.auth); the
 * service then checks that the endpoint's host is a public push service.
 */
export const PushSubscriptionBody = checkedWith(
  z.object({
    endpoint: z.string().url().describe('http(s), at most 2048 characters'),
    expirationTime: z.number().nullable().optional(),
    keys: z.object({
      p256dh: z.string().describe('base64url of an uncompressed P-256 point (65 bytes)'),
      auth: z.string().describe('base64url of a 16-byte secret'),
    }),
  }),
  z
    .unknown()
    .superRefine((data, ctx) => {
      const b = (data ?? {}) as { endpoint?: unknown; keys?: { p256dh?: unknown; auth?: unknown } | null };
      const message = localized(INVALID);
      if (!isPushUrl(b.endpoint)) ctx.addIssue({ code: 'custom', path: ['endpoint'], message });
      // p256dh is an uncompressed P-256 point (65 bytes), auth a 16-byte secret.
      if (!decodesTo(b.keys?.p256dh, 65)) ctx.addIssue({ code: 'custom', path: ['keys', 'p256dh'], message });
      if (!decodesTo(b.keys?.auth, 16)) ctx.addIssue({ code: 'custom', path: ['keys', 'auth'], message });
    })
    .transform((data) => {
      const b = data as { endpoint: string; expirationTime?: number | null; keys: { p256dh: string; auth: string } };
      return { endpoint: b.endpoint, keys: { p256dh: b.keys.p256dh, auth: b.keys.auth } };
    }),
);
export const subscribeCall = {
  body: PushSubscriptionBody,
  response: replies({ 201: reply({ subscribed: z.literal(true) }) }),
};
export const unsubscribeCall = {
  body: z.object({ endpoint: z.string({ error: localized(INVALID) }).describe('The subscription to drop.') }),
  response: replies({ 200: reply({ subscribed: z.literal(false) }) }),
};
