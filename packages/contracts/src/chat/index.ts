import { z } from 'zod';
import { checkedWith, Int, IsoTime, localized, replies, reply } from '../http';
import { CHAT_DEFAULT_LIMIT, CHAT_MAX_ATTACHMENTS, CHAT_MAX_LENGTH, type ChatAttachment } from '../realtime';

const CHAT_MESSAGES = {
  required: { pt: 'Digite uma mensagem.', en: 'Type a message.' },
  tooLong: {
    pt: `A mensagem pode ter no máximo ${CHAT_MAX_LENGTH} caracteres.`,
    en: `A message can have at most ${CHAT_MAX_LENGTH} characters.`,
  },
  notText: { pt: 'A mensagem deve ser um texto.', en: 'The message must be text.' },
  attachments: {
    pt: `Envie no máximo ${CHAT_MAX_ATTACHMENTS} anexos, cada um com um endereço https válido.`,
    en: `Send at most ${CHAT_MAX_ATTACHMENTS} attachments, each with a valid https address.`,
  },
  room: { pt: 'Sala de chat inválida.', en: 'Invalid chat room.' },
};

// Control and bidi/zero-width characters (other than newline and tab) never reach the database: they can spoof
// the layout of other players' messages.
const isControl = (c: number) =>
  (c < 0x20 && c !== 0x0a && c !== 0x09) ||
  (c >= 0x7f && c <= 0x9f) ||
  (c >= 0x200b && c <= 0x200f && c !== 0x200d) ||
  (c >= 0x202a && c <= 0x202e) ||
  (c >= 0x2066 && c <= 0x2069);
const stripControl = (s: string) => [...s].filter((ch) => !isControl(ch.codePointAt(0)!)).join('');

/** Trimmed plain text: control characters removed, at most two consecutive blank lines. */
export function cleanText(raw: string): string {
  return stripControl(raw.replace(/\r\n?/g, '\n'))
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const isHttps = (url: unknown) =>
  typeof url === 'string' && url.length <= 2048 && URL.canParse(url) && new URL(url).protocol === 'https:';

/** The room a call names: empty or absent is the default room. */
const RoomQuery = z.object({
  room: z
    .string({ error: localized(CHAT_MESSAGES.room) })
    .regex(/^([a-z0-9_-]{1,40})?$/, { error: localized(CHAT_MESSAGES.room) })
    .optional()
    .describe('The chat room; the default room otherwise.'),
});

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
  querystring: RoomQuery.extend({
    limit: z
      .string()
      .optional()
      .describe(`1 to 100, default ${CHAT_DEFAULT_LIMIT}`)
      .transform((l) => (l === undefined ? CHAT_DEFAULT_LIMIT : Number(l))),
  }),
  response: replies({ 200: reply({ messages: z.array(ChatMessageSchema), amountBet: Int }) }),
};

/**
 * POST /api/chat/messages: a logged-in player posts (rate-limited, moderated by the service). The text's length is
 * checked after cleaning it (control characters, blank lines): the handler receives the cleaned text.
 */
export const postChatCall = {
  querystring: RoomQuery,
  body: checkedWith(
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
    z.unknown().transform((data, ctx) => {
      const b = data as { text?: unknown; attachments?: unknown };
      const issue = (field: string, m: { pt: string; en: string }) =>
        ctx.addIssue({ code: 'custom', path: [field], message: localized(m) });
      let text = '';
      let textFailed = false;
      if (b.text !== undefined && b.text !== null && typeof b.text !== 'string') {
        issue('text', CHAT_MESSAGES.notText);
        textFailed = true;
      } else text = cleanText((b.text as string | undefined) ?? '');
      if (!textFailed && [...text].length > CHAT_MAX_LENGTH) {
        issue('text', CHAT_MESSAGES.tooLong);
        textFailed = true;
      }
      const attachments: ChatAttachment[] = [];
      const raw = b.attachments ?? [];
      if (!Array.isArray(raw) || raw.length > CHAT_MAX_ATTACHMENTS) issue('attachments', CHAT_MESSAGES.attachments);
      else
        for (const a of raw) {
          const o = (a ?? {}) as Record<string, unknown>;
          const type = o.attachment_type ?? o.type;
          const url = o.attachment_url ?? o.url;
          if ((type !== 'image' && type !== 'gif' && type !== 'link') || !isHttps(url)) {
            issue('attachments', CHAT_MESSAGES.attachments);
            break;
          }
          attachments.push({ attachment_type: type, attachment_url: url as string });
        }
      if (!textFailed && !text && attachments.length === 0) issue('text', CHAT_MESSAGES.required);
      return { text, attachments };
    }),
  ),
  response: replies({ 201: reply({ message: ChatMessageSchema }) }),
};
