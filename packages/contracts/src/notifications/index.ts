import { z } from 'zod';
import { anyJson, checkedByHandler, NumericId, replies, reply } from '../http';

const Page = reply({ data: z.array(anyJson) });

/** GET /api/notifications: the player's list, newest first (page numbers out of range give an empty page). */
export const listNotificationsCall = {
  querystring: checkedByHandler(
    z.object({ page: z.string().optional(), per_page: z.string().optional() }).describe('Clamped by the service.'),
  ),
  response: replies({ 200: Page }),
};
export const nextUnviewedCall = { response: replies({ 200: anyJson }) };
/** POST /api/notifications/:id/read and /viewed: an id that is not the player's is 404. */
export const notificationByIdCall = {
  params: checkedByHandler(z.object({ id: NumericId })),
  response: replies({ 200: anyJson }),
};
export const markAllReadCall = {
  params: checkedByHandler(z.object({ type: z.string().describe('A notification type, or "all".') })),
  response: replies({ 200: anyJson }),
};
