import {
  CHAT_DEFAULT_LIMIT,
  CHAT_MAX_LIMIT,
  type ChatAttachment,
  type ChatMessage,
  type ChatResponse,
  cleanText,
} from '@sorte/contracts';
import type { Db, Sql } from '../../platform/db/index';
import { AppError, type Localized } from '../../platform/errors';
import { enforceLimits, type RateLimiter } from '../../platform/rate-limit';
import type { Tenant } from '../../platform/tenancy';
import { totalBet } from '../ledger/index';
import { channels, displayName, emit } from '../realtime/index';
import { vipLevelsOf } from '../vip/index';
import * as repo from './repo';

export type ChatDeps = { db: Db; limiter: RateLimiter };

/** The message contract's cleaning of text, also applied to the messages the server writes itself. */
export { cleanText };

/** Per player: one message every 2 seconds and 10 a minute. */
export const CHAT_RATE = { burstMs: 2_000, perMinute: 10 } as const;

const MSG = {
  rate: (s: number): Localized => ({
    pt: `Você está enviando mensagens rápido demais. Aguarde ${s} s.`,
    en: `You are sending messages too fast. Wait ${s} s.`,
  }),
} as const;

const EMOJI_ONLY = /^(?:\p{Extended_Pictographic}|\p{Emoji_Component}|\u200d|\ufe0f|\s)+$/u;
const HAS_PICTOGRAPH = /\p{Extended_Pictographic}/u;

export function isEmojiOnly(text: string): boolean {
  return text.length > 0 && EMOJI_ONLY.test(text) && HAS_PICTOGRAPH.test(text);
}

const fmtMoney = (c: number) =>
  new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(c / 100).replace(/\u00a0/g, ' ');

function fmtDate(d: Date, tz: string, locale: 'pt' | 'en') {
  return new Intl.DateTimeFormat(locale === 'pt' ? 'pt-BR' : 'en-GB', {
    timeZone: tz,
    dateStyle: 'short',
    timeStyle: 'short',
  }).format(d);
}

export function toDto(r: repo.MessageRow, now = Date.now()): ChatMessage {
  const pinned = r.pinned_until !== null && r.pinned_until.getTime() > now;
  return {
    id: r.id,
    time: r.created_at.toISOString(),
    type: pinned ? 'pinned' : r.kind === 'global' ? 'global' : 'others',
    user: r.user_id === null ? null : { id: r.user_id, name: displayName(r.first_name, r.last_name) },
    text: r.text,
    mission: r.mission,
    colorClass: `chat-vip-${Math.min(Math.max(r.vip_level ?? 0, 0), 9)}`,
    emoji: r.emoji,
    pinned_until: r.pinned_until ? r.pinned_until.toISOString() : null,
    attachments: r.attachments,
  };
}

/** A message's colour follows its author's VIP level in the current season (the vip module's). */
async function withVipLevels(sql: Sql, tenantId: number, rows: repo.MessageRow[]): Promise<repo.MessageRow[]> {
  const ids = [...new Set(rows.flatMap((r) => (r.user_id === null ? [] : [r.user_id])))];
  const levels = await vipLevelsOf(sql, tenantId, ids);
  for (const r of rows) r.vip_level = r.user_id === null ? 0 : (levels.get(r.user_id) ?? 0);
  return rows;
}

export async function listMessages(
  db: Db,
  o: { tenant: Tenant; room: string; limit: number; userId: number | null },
): Promise<ChatResponse> {
  const limit = Math.min(Math.max(Math.trunc(o.limit) || CHAT_DEFAULT_LIMIT, 1), CHAT_MAX_LIMIT);
  const rows = await withVipLevels(db, o.tenant.id, await repo.latest(db, o.tenant.id, o.room, limit));
  const amountBet = o.userId === null ? 0 : await totalBet(db, { tenantId: o.tenant.id, userId: o.userId });
  return { messages: rows.map((r) => toDto(r)), amountBet };
}

/** A player's message: mute, minimum-wager rule, rate limit, then stored and sent live on chat.{room}. */
export async function postMessage(
  deps: ChatDeps,
  o: { tenant: Tenant; userId: number; room: string; text: string; attachments: ChatAttachment[] },
): Promise<ChatMessage> {
  const { text, attachments } = o;
  const t = o.tenant;
  const mute = await repo.activeMute(deps.db, t.id, o.userId);
  if (mute) {
    throw new AppError('forbidden', {
      pt: `Você está silenciado no chat até ${fmtDate(mute, t.settings.timezone, 'pt')}.`,
      en: `You are muted in the chat until ${fmtDate(mute, t.settings.timezone, 'en')}.`,
    });
  }
  const min = t.settings.chat_min_wager ?? 0;
  if (min > 0) {
    const wagered = await totalBet(deps.db, { tenantId: t.id, userId: o.userId });
    if (wagered < min) {
      throw new AppError('forbidden', {
        pt: `Para conversar no chat, aposte pelo menos ${fmtMoney(min)}.`,
        en: `To chat, wager at least ${fmtMoney(min)} first.`,
      });
    }
  }
  await enforceLimits(
    deps.limiter,
    [
      { key: `chat:${t.id}:${o.userId}:burst`, limit: 1, windowMs: CHAT_RATE.burstMs },
      { key: `chat:${t.id}:${o.userId}:minute`, limit: CHAT_RATE.perMinute, windowMs: 60_000 },
    ],
    MSG.rate,
  );
  const row = await deps.db.transaction(async (tx) => {
    const id = await repo.insert(tx, {
      tenantId: t.id,
      room: o.room,
      userId: o.userId,
      kind: 'global',
      text,
      emoji: isEmojiOnly(text),
      attachments,
      mission: null,
    });
    return repo.byId(tx, t.id, id);
  });
  const [dto] = (await withVipLevels(deps.db, t.id, [row!])).map((r) => toDto(r));
  await emit(deps.db, t.id, channels.chat(o.room), 'MessageSent', { message: dto! });
  return dto!;
}

/**
 * A mission announcement in the chat, stored as kind 'mission' in the caller's transaction; the caller sends the
 * returned message live once that transaction has committed.
 */
export async function postMissionMessage(
  tx: Sql,
  o: { tenantId: number; room: string; mission: { id: number; title: string }; text: string },
): Promise<ChatMessage> {
  const id = await repo.insert(tx, {
    tenantId: o.tenantId,
    room: o.room,
    userId: null,
    kind: 'mission',
    text: cleanText(o.text).slice(0, 1000),
    emoji: false,
    attachments: [],
    mission: o.mission,
  });
  return toDto((await repo.byId(tx, o.tenantId, id))!);
}

/** Operator: removes a message for everyone (MessageDeleted tells open chats to drop it). */
export async function deleteMessage(db: Db, o: { tenantId: number; id: number }) {
  const room = await repo.softDelete(db, o.tenantId, o.id);
  if (room === null) throw new AppError('not_found', { pt: 'Mensagem não encontrada.', en: 'Message not found.' });
  await emit(db, o.tenantId, channels.chat(room), 'MessageDeleted', { id: o.id });
}

/** Operator: a player may not post until now + minutes (0 lifts the mute). */
export async function mutePlayer(
  db: Sql,
  o: { tenantId: number; userId: number; minutes: number; reason: string | null },
) {
  if (!(await repo.userExists(db, o.tenantId, o.userId)))
    throw new AppError('not_found', { pt: 'Jogador não encontrado.', en: 'Player not found.' });
  if (o.minutes <= 0) {
    await repo.unmute(db, o.tenantId, o.userId);
    return null;
  }
  return repo.mute(db, o.tenantId, o.userId, o.minutes, o.reason);
}

/** Operator: pins a message on top of the chat until now + minutes (0 unpins). Sent again so chats update. */
export async function pinMessage(db: Db, o: { tenantId: number; id: number; minutes: number }) {
  const row = await repo.pin(db, o.tenantId, o.id, o.minutes);
  if (!row) throw new AppError('not_found', { pt: 'Mensagem não encontrada.', en: 'Message not found.' });
  const dto = toDto(row);
  await emit(db, o.tenantId, channels.chat(row.room), 'MessageSent', { message: dto });
  return dto;
}

// ---- Moderation from the back office: each act runs in the caller's transaction (its audit row beside it) and
// returns what to send live once that transaction has committed.

export type ModerationRow = repo.ModerationRow;
export const moderationMessages = repo.recent;
export const moderationMessage = repo.moderationById;

const MESSAGE_NOT_FOUND: Localized = { pt: 'Mensagem não encontrada.', en: 'Message not found.' };

/** Removes a message in `tx`; `announce` (after commit) tells open chats to drop it. */
export async function removeMessageIn(tx: Sql, o: { tenantId: number; id: number }) {
  const before = await repo.moderationById(tx, o.tenantId, o.id);
  const room = await repo.softDelete(tx, o.tenantId, o.id);
  if (room === null || !before) throw new AppError('not_found', MESSAGE_NOT_FOUND);
  return {
    before,
    announce: (db: Sql) => emit(db, o.tenantId, channels.chat(room), 'MessageDeleted', { id: o.id }),
  };
}

/** Pins (minutes > 0) or unpins (0) a message in `tx`; `announce` sends it again so chats move it. */
export async function pinMessageIn(tx: Sql, o: { tenantId: number; id: number; minutes: number }) {
  const before = await repo.moderationById(tx, o.tenantId, o.id);
  const row = await repo.pin(tx, o.tenantId, o.id, o.minutes);
  if (!row || !before) throw new AppError('not_found', MESSAGE_NOT_FOUND);
  const after = (await repo.moderationById(tx, o.tenantId, o.id))!;
  const dto = toDto(row);
  return {
    before,
    after,
    announce: (db: Sql) => emit(db, o.tenantId, channels.chat(row.room), 'MessageSent', { message: dto }),
  };
}

/** The end of a player's current mute, or null. */
export const mutedUntil = (sql: Sql, tenantId: number, userId: number) => repo.activeMute(sql, tenantId, userId);
