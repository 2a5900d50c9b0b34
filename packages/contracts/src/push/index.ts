import { z } from 'zod';
import { checkedByHandler, replies, reply } from '../http';

export const pushPublicKeyCall = { response: replies({ 200: reply({ publicKey: z.string() }) }) };

/** POST /api/subscription: the browser's PushSubscription (endpoint checked against push services). */
export const PushSubscriptionBody = checkedByHandler(
  z.object({
    endpoint: z.string().url(),
    expirationTime: z.number().nullable().optional(),
    keys: z.object({ p256dh: z.string(), auth: z.string() }),
  }),
);
export const subscribeCall = {
  body: PushSubscriptionBody,
  response: replies({ 201: reply({ subscribed: z.literal(true) }) }),
};
export const unsubscribeCall = {
  body: checkedByHandler(z.object({ endpoint: z.string().optional() }).optional()),
  response: replies({ 200: reply({ subscribed: z.literal(false) }) }),
};
