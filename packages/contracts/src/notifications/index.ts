import { z } from 'zod';
import { checkedByHandler, Int, IsoTime, NumericId, paginated, replies, reply } from '../http';

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
  user_box: z.unknown(),
});

/** GET /api/notifications: the player's list, newest first (page numbers out of range give an empty page). */
export const listNotificationsCall = {
  querystring: checkedByHandler(
    z.object({ page: z.string().optional(), per_page: z.string().optional() }).describe('Clamped by the service.'),
  ),
  response: replies({ 200: paginated(NotificationSchema).extend({ unread_count: UnreadCountSchema }) }),
};
export const nextUnviewedCall = { response: replies({ 200: reply({ notification: NotificationSchema.nullable() }) }) };
/** POST /api/notifications/:id/read and /viewed: an id that is not the player's is 404. */
export const notificationByIdCall = {
  params: checkedByHandler(z.object({ id: NumericId })),
  response: replies({
    200: z.union([
      reply({ notification: NotificationSchema, unread_count: UnreadCountSchema }).describe('read'),
      reply({ viewed: z.literal(true) }).describe('viewed'),
    ]),
  }),
};
export const markAllReadCall = {
  params: checkedByHandler(z.object({ type: z.enum(['platform', 'personal']).describe('A notification type.') })),
  response: replies({ 200: reply({ unread_count: UnreadCountSchema }) }),
};
