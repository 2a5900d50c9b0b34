import { z } from 'zod';
import { anyJson, checkedByHandler, replies, reply } from '../http';

const RoomQuery = z.object({ room: z.string().optional().describe('The chat room; the default room otherwise.') });

/** GET /api/chat/messages: anyone reads; a player's token marks their own messages. */
export const listChatCall = {
  querystring: checkedByHandler(RoomQuery.extend({ limit: z.string().optional() })),
  response: replies({ 200: anyJson }),
};
/** POST /api/chat/messages: a logged-in player posts (rate-limited, moderated by the service). */
export const postChatCall = {
  querystring: checkedByHandler(RoomQuery),
  body: checkedByHandler(z.object({ message: z.string() })),
  response: replies({ 201: reply({ message: anyJson }) }),
};
