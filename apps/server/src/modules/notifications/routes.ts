import { listNotificationsCall, markAllReadCall, nextUnviewedCall, notificationByIdCall } from '@sorte/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { currentUser, requireUser } from '../../platform/auth';
import type { ContractTypeProvider } from '../../platform/contracts';
import * as notifications from './service';

/** The player's notification list, read state and the one-at-a-time modal. Every call is the player's own. */
export async function notificationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ContractTypeProvider>();
  const { db } = app;
  // Before validation: a guest gets 401 before any parameter is read.
  const authed = { preValidation: requireUser(db) };
  const who = (req: FastifyRequest) => ({
    tenantId: req.tenant.id,
    tz: req.tenant.settings.timezone,
    userId: currentUser(req).id,
  });

  app.get('/notifications', { ...authed, schema: listNotificationsCall }, async (req) =>
    notifications.listNotifications(db, { ...who(req), page: req.query.page, perPage: req.query.per_page }),
  );

  app.get('/notifications/next-unviewed', { ...authed, schema: nextUnviewedCall }, async (req) =>
    notifications.nextUnviewed(db, who(req)),
  );

  app.post('/notifications/:id/read', { ...authed, schema: notificationByIdCall }, async (req) =>
    notifications.readNotification(db, { ...who(req), id: req.params.id }),
  );

  app.post('/notifications/:id/viewed', { ...authed, schema: notificationByIdCall }, async (req) =>
    notifications.viewNotification(db, { ...who(req), id: req.params.id }),
  );

  app.post('/notifications/:type/mark-all-read', { ...authed, schema: markAllReadCall }, async (req) =>
    notifications.markAllRead(db, { ...who(req), type: req.params.type }),
  );
}
