import { z } from 'zod';
import { checkedByHandler, replies, reply } from '../http';

/**
 * Channel auth of the Pusher protocol (Laravel Echo's authEndpoint and pusher:signin). The client posts a form;
 * a refused channel or connection is a 403, as pusher-js expects.
 */
const FORM = ['application/x-www-form-urlencoded', 'application/json'];
const SocketId = z
  .string()
  .regex(/^\d{1,20}\.\d{1,20}$/)
  .describe('The connection, from pusher:connection_established.');

export const broadcastingCalls = {
  /** POST /api/broadcasting/auth: private-user.<id>, private-guest.<guest id>, presence-chat.<room>. */
  auth: {
    consumes: FORM,
    body: checkedByHandler(z.object({ socket_id: SocketId, channel_name: z.string().max(200) })),
    response: replies({
      200: reply({
        auth: z.string().describe('<app key>:<HMAC-SHA256 signature>'),
        channel_data: z.string().optional().describe('Presence channels: the member, as JSON text.'),
      }),
    }),
  },
  /** POST /api/broadcasting/user-auth: a signed-in player's pusher:signin. */
  userAuth: {
    consumes: FORM,
    body: checkedByHandler(z.object({ socket_id: SocketId })),
    response: replies({
      200: reply({ auth: z.string(), user_data: z.string().describe('The user, as JSON text.') }),
    }),
  },
};
