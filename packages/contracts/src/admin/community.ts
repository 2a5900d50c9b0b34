import { z } from 'zod';
import { Int, IsoTime, localized, replies, reply } from '../http';
import { AdminIdParams, Cursor, Limit, Reason, TenantFilter } from './common';

/**
 * The back office's community calls: chat moderation (recent messages, delete, pin, mute) and notifications to one
 * player, a segment or everyone of a tenant. Platform staff name the tenant with `tenant` (absent: the host's).
 */

const roomMessage = localized({
  pt: 'Sala inválida (letras, números, ponto, hífen ou sublinhado).',
  en: 'Invalid room (letters, digits, dot, hyphen or underscore).',
});
const minutesMessage = localized({
  pt: 'Informe os minutos: de 0 a 525600 (um ano).',
  en: 'Give the minutes: 0 to 525600 (one year).',
});
const titleMessage = localized({ pt: 'Título de 1 a 200 caracteres.', en: 'Title of 1 to 200 characters.' });
const bodyMessage = localized({ pt: 'Texto de até 4000 caracteres.', en: 'Text of up to 4000 characters.' });
const urlMessage = localized({
  pt: 'Endereço inválido (use /caminho ou https://).',
  en: 'Invalid address (use /path or https://).',
});

const Minutes = z.coerce
  .number({ error: minutesMessage })
  .int({ error: minutesMessage })
  .min(0, { error: minutesMessage })
  .max(525_600, { error: minutesMessage });

// ---- Chat ------------------------------------------------------------------------------------------------------

/** GET /api/admin/chat/messages?room=&user_id=&cursor=&limit=&tenant=: newest first, deleted ones left out. */
export const AdminChatQuery = z.object({
  room: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,64}$/, { error: roomMessage })
    .optional()
    .describe('One room (absent: every room of the tenant).'),
  user_id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional().describe('One author.'),
  cursor: Cursor.optional(),
  limit: Limit,
  tenant: TenantFilter,
});
export type AdminChatQuery = z.input<typeof AdminChatQuery>;

export const AdminChatMessage = reply({
  id: Int,
  tenant_id: Int,
  room: z.string(),
  user_id: Int.nullable().describe('Null for the system’s own messages (mission announcements).'),
  player_name: z.string().nullable(),
  kind: z.enum(['global', 'mission', 'system']),
  text: z.string(),
  pinned_until: IsoTime.nullable().describe('Pinned on top of the chat until then (null: not pinned).'),
  muted_until: IsoTime.nullable().describe('The author is muted until then (null: not muted).'),
  created_at: IsoTime,
});
export type AdminChatMessage = z.infer<typeof AdminChatMessage>;

export const AdminChatReply = reply({ data: z.array(AdminChatMessage), next_cursor: z.string().nullable() });
export type AdminChatReply = z.infer<typeof AdminChatReply>;
export const adminChatCall = { querystring: AdminChatQuery, response: replies({ 200: AdminChatReply }) };

export const AdminTenantQuery = z.object({ tenant: TenantFilter });

/** DELETE /api/admin/chat/messages/{id}: gone for everyone, live (MessageDeleted on the room's channel). */
export const AdminChatDeletedReply = reply({ deleted: z.literal(true), id: Int });
export const deleteChatMessageCall = {
  params: AdminIdParams,
  querystring: AdminTenantQuery,
  response: replies({ 200: AdminChatDeletedReply }),
};

/** POST /api/admin/chat/messages/{id}/pin {minutes}: pinned on top for that long; 0 unpins. */
export const PinChatBody = z.object({ minutes: Minutes });
export const AdminChatMessageReply = reply({ message: AdminChatMessage });
export type AdminChatMessageReply = z.infer<typeof AdminChatMessageReply>;
export const pinChatMessageCall = {
  params: AdminIdParams,
  querystring: AdminTenantQuery,
  body: PinChatBody,
  response: replies({ 200: AdminChatMessageReply }),
};

/** POST /api/admin/chat/mutes {user_id, minutes, reason}: the chat refuses the player's messages until then; 0 lifts. */
export const MuteBody = z.object({
  user_id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  minutes: Minutes,
  reason: Reason,
});
export const AdminMuteReply = reply({ user_id: Int, muted_until: IsoTime.nullable() });
export type AdminMuteReply = z.infer<typeof AdminMuteReply>;
export const muteChatCall = {
  querystring: AdminTenantQuery,
  body: MuteBody,
  response: replies({ 200: AdminMuteReply }),
};

// ---- Notifications ---------------------------------------------------------------------------------------------

/**
 * Who a notification reaches: one player; players at or above a VIP level; players with a paid deposit in the
 * last N days; or every player of the tenant. Each recipient gets it in their own language.
 */
export const NotificationAudience = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('player'), user_id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER) }),
  z.object({ kind: z.literal('vip'), min_level: z.number().int().min(0).max(100) }),
  z.object({ kind: z.literal('depositors'), days: z.number().int().min(1).max(365) }),
  z.object({ kind: z.literal('everyone') }),
]);
export type NotificationAudience = z.infer<typeof NotificationAudience>;

const text = (min: number, max: number, message: string) =>
  z.string({ error: message }).trim().min(min, { error: message }).max(max, { error: message });
const inBoth = (min: number, max: number, message: string) =>
  z.object({ pt: text(min, max, message), en: text(min, max, message) });

/** POST /api/admin/notifications: stored for each recipient at once (one INSERT ... SELECT) and pushed live. */
export const SendNotificationBody = z.object({
  audience: NotificationAudience,
  title: inBoth(1, 200, titleMessage),
  body: inBoth(0, 4000, bodyMessage),
  url: z
    .string()
    .max(2048)
    .regex(/^(\/[^/].*|\/|https:\/\/.+)$/, { error: urlMessage })
    .nullable()
    .default(null),
});
export type SendNotificationBody = z.input<typeof SendNotificationBody>;
export const AdminNotificationSentReply = reply({
  recipients: Int.describe('How many players it was stored for (0: nobody matched the segment).'),
});
export type AdminNotificationSentReply = z.infer<typeof AdminNotificationSentReply>;
export const sendNotificationCall = {
  querystring: AdminTenantQuery,
  body: SendNotificationBody,
  response: replies({ 200: AdminNotificationSentReply }),
};
