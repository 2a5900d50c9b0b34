import { listNotificationsCall, markAllReadCall, nextUnviewedCall, notificationByIdCall } from '@sorte/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { currentUser, requireUser } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import * as notifications from './service';

const idOf = (req: FastifyRequest) => {
  const raw = (req.params as { id: string }).id;
  if (!/^\d{1,15}$/.test(raw))
    throw new AppError('not_found', { pt: 'Notificação não encontrada.', en: 'Notification not found.' });
  return Number(raw);
};

/** The player's notification list, read state and the one-at-a-time modal. Every call is the player's own. */
export async function notificationRoutes(app: FastifyInstance) {
  const { db } = app;
  const authed = { preHandler: requireUser(db) };
  const who = (req: FastifyRequest) => ({
    tenantId: req.tenant.id,
    tz: req.tenant.settings.timezone,
    userId: currentUser(req).id,
  });

  app.get('/notifications', { ...authed, schema: listNotificationsCall }, async (req) => {
    const q = req.query as { page?: string; per_page?: string };
    return notifications.listNotifications(db, { ...who(req), page: q.page, perPage: q.per_page });
  });

  app.get('/notifications/next-unviewed', { ...authed, schema: nextUnviewedCall }, async (req) =>
    notifications.nextUnviewed(db, who(req)),
  );

  app.post('/notifications/:id/read', { ...authed, schema: notificationByIdCall }, async (req) =>
    notifications.readNotification(db, { ...who(req), id: idOf(req) }),
  );

  app.post('/notifications/:id/viewed', { ...authed, schema: notificationByIdCall }, async (req) =>
    notifications.viewNotification(db, { ...who(req), id: idOf(req) }),
  );

  app.post('/notifications/:type/mark-all-read', { ...authed, schema: markAllReadCall }, async (req) =>
    notifications.markAllRead(db, { ...who(req), type: (req.params as { type: string }).type }),
  );
}
