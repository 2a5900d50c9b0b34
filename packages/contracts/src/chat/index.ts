import { z } from 'zod';
import { checkedByHandler, Int, IsoTime, replies, reply } from '../http';
import { CHAT_MAX_ATTACHMENTS, CHAT_MAX_LENGTH } from '../realtime';

const RoomQuery = z.object({ room: z.string().optional().describe('The chat room; the default room otherwise.') });

export const ChatAttachmentSchema = reply({
  attachment_type: z.enum(['image', 'gif', 'link']),
  attachment_url: z.string().describe('https only'),
});
export const ChatMessageSchema = reply({
  id: Int,
  time: IsoTime,
  type: z.enum(['pinned', 'global', 'others']),
  user: reply({ id: Int, name: z.string() }).nullable(),
  text: z.string(),
  mission: reply({ id: Int, title: z.string() }).nullable(),
  colorClass: z.string().describe('By VIP level, e.g. "chat-vip-3".'),
  emoji: z.boolean().describe('Only emoji: drawn larger.'),
  pinned_until: IsoTime.nullable(),
  attachments: z.array(ChatAttachmentSchema),
});

/** GET /api/chat/messages: anyone reads; a player's token marks their own messages. */
export const listChatCall = {
  querystring: checkedByHandler(RoomQuery.extend({ limit: z.string().optional() })),
  response: replies({ 200: reply({ messages: z.array(ChatMessageSchema), amountBet: Int }) }),
};

/**
 * POST /api/chat/messages: a logged-in player posts (rate-limited, moderated by the service). The service checks
 * the text's length after cleaning it (control characters, blank lines), so it parses the body.
 */
export const postChatCall = {
  querystring: checkedByHandler(RoomQuery),
  body: checkedByHandler(
    z.object({
      text: z
        .string()
        .nullable()
        .optional()
        .describe(`At most ${CHAT_MAX_LENGTH} characters; may be empty with attachments.`),
      attachments: z
        .array(
          z.object({
            attachment_type: z.enum(['image', 'gif', 'link']).describe('Also read as `type`.'),
            attachment_url: z.string().describe('https, at most 2048 characters; also read as `url`.'),
          }),
        )
        .max(CHAT_MAX_ATTACHMENTS)
        .optional(),
    }),
  ),
  response: replies({ 201: reply({ message: ChatMessageSchema }) }),
};
