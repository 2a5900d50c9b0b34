import { z } from 'zod';
import { refusedWith, replies, reply } from '../http';

/**
 * Channel auth of the Pusher protocol (Laravel Echo's authEndpoint and pusher:signin). The client posts a form;
 * a refused channel or connection is a 403, as pusher-js expects.
 */
const FORM = ['application/x-www-form-urlencoded', 'application/json'];
const SocketId = z
  .string()
  .regex(/^\d{1,20}\.\d{1,20}$/)
  .describe('The connection, from pusher:connection_established.');
/** A channel name as the Pusher protocol allows it. */
const ChannelName = z
  .string()
  .min(1)
  .max(164)
  .regex(/^[-a-zA-Z0-9_=@,.;]+$/);
/** pusher-js reads any refusal of channel auth as a 403. */
const INVALID = { pt: 'Canal ou conexão inválidos.', en: 'Invalid channel or connection.' };

export const broadcastingCalls = {
  /** POST /api/broadcasting/auth: private-user.<id>, private-guest.<guest id>, presence-chat.<room>. */
  auth: {
    consumes: FORM,
    body: refusedWith(z.object({ socket_id: SocketId, channel_name: ChannelName }), {
      code: 'forbidden',
      message: INVALID,
    }),
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
    body: refusedWith(z.object({ socket_id: SocketId }), { code: 'forbidden' }),
    response: replies({
      200: reply({ auth: z.string(), user_data: z.string().describe('The user, as JSON text.') }),
    }),
  },
};
