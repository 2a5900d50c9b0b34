import { pushPublicKeyCall, subscribeCall, unsubscribeCall } from '@sorte/contracts';
import type { FastifyInstance } from 'fastify';
import { currentUser, requireUser } from '../../platform/auth';
import type { ContractTypeProvider } from '../../platform/contracts';
import * as push from './service';

/** Web push: the VAPID public key, and a player's subscriptions (spec: POST subscription {endpoint, keys}). */
export async function pushRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ContractTypeProvider>();
  const { db, config } = app;
  // Before validation: a guest gets 401 before any field is read.
  const authed = { preValidation: requireUser(db) };
  push.configurePush(db, { allowLoopback: config.pushLoopbackEndpoints });

  app.get('/push/public-key', { schema: pushPublicKeyCall }, async () => ({
    publicKey: (await push.vapidKeys(db)).publicKey,
  }));

  app.post('/subscription', { ...authed, schema: subscribeCall }, async (req, reply) => {
    const { endpoint, keys } = req.body;
    const sub = await push.checkSubscription(db, { endpoint, p256dh: keys.p256dh, auth: keys.auth });
    const ua = req.headers['user-agent'];
    await push.saveSubscription(db, {
      tenantId: req.tenant.id,
      userId: currentUser(req).id,
      sub,
      userAgent: typeof ua === 'string' ? ua : null,
    });
    return reply.code(201).send({ subscribed: true });
  });

  app.delete('/subscription', { ...authed, schema: unsubscribeCall }, async (req) => {
    await push.deleteSubscription(db, {
      tenantId: req.tenant.id,
      userId: currentUser(req).id,
      endpoint: req.body.endpoint,
    });
    return { subscribed: false };
  });
}
