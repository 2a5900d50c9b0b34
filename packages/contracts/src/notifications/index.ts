import { z } from 'zod';
import { UserBox } from '../boxes';
import { Int, IsoTime, localized, NumericId, paginated, refusedWith, replies, reply } from '../http';

export const UnreadCountSchema = reply({ user_notifications: Int, global_notifications: Int });
export const NotificationSchema = reply({
  id: Int,
  type: z.enum(['platform', 'personal']),
  title: z.string(),
  description: z.string(),
  img: z.string().nullable(),
  url: z.string().nullable(),
  date: z.string().describe("YYYY-MM-DD in the tenant's time zone"),
  time: z.string().describe("HH:MM in the tenant's time zone"),
  created_at: IsoTime,
  read: z.boolean(),
  read_at: IsoTime.nullable(),
  viewed: z.boolean(),
  pinned_until: IsoTime.nullable(),
  status: z.enum(['read', 'unread']),
  user_box: UserBox.nullable().describe('The box this notification announces (a box granted); null otherwise.'),
});

/** GET /api/notifications: the player's list, newest first (page numbers out of range give an empty page). */
export const listNotificationsCall = {
  querystring: z
    .object({ page: z.string().optional(), per_page: z.string().optional() })
    .describe('Clamped by the service: a page out of range is empty, a bad number the default.'),
  response: replies({ 200: paginated(NotificationSchema).extend({ unread_count: UnreadCountSchema }) }),
};
export const nextUnviewedCall = { response: replies({ 200: reply({ notification: NotificationSchema.nullable() }) }) };
/** POST /api/notifications/:id/read and /viewed: an id that is not the player's is 404. */
export const notificationByIdCall = {
  params: refusedWith(z.object({ id: NumericId }), {
    code: 'not_found',
    message: { pt: 'Notificação não encontrada.', en: 'Notification not found.' },
  }),
  response: replies({
    200: z.union([
      reply({ notification: NotificationSchema, unread_count: UnreadCountSchema }).describe('read'),
      reply({ viewed: z.literal(true) }).describe('viewed'),
    ]),
  }),
};
export const markAllReadCall = {
  params: z.object({
    type: z
      .enum(['platform', 'personal'], {
        error: localized({ pt: 'O tipo deve ser platform ou personal.', en: 'The type must be platform or personal.' }),
      })
      .describe('A notification type.'),
  }),
  response: replies({ 200: reply({ unread_count: UnreadCountSchema }) }),
};
