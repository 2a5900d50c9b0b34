import type { AdminChatMessage, AdminChatReply, AdminMuteReply, NotificationAudience } from '@sorte/contracts';
import type { Db } from '../../platform/db/index';
import { AppError, type Localized } from '../../platform/errors';
import * as chat from '../chat/index';
import * as notifications from '../notifications/index';
import { displayName } from '../realtime/index';
import { auditStaffAct } from './audit';
import { tenantScope } from './permissions';
import type { StaffMember } from './staff';

/**
 * Community acts: chat moderation and notifications. Each goes through the chat or notifications module (the same
 * functions the ops commands reach), in one transaction with its audit row; what players see live is sent after
 * the commit, so a rolled-back act is never announced.
 */

const BAD_CURSOR: Localized = {
  pt: 'Cursor de página inválido: use o next_cursor da página anterior.',
  en: 'Invalid page cursor: use the previous page’s next_cursor.',
};

/** The one tenant an act or a list is held to: a tenant's staff their own, platform staff the named or the host's. */
export function actingTenant(staff: StaffMember, requested: number | undefined, hostTenant: number): number {
  return tenantScope(staff, requested) ?? hostTenant;
}

const cursorOf = (id: number) => id.toString(36);
function idOfCursor(cursor: string): number {
  const id = /^[0-9a-z]{1,11}$/.test(cursor) ? Number.parseInt(cursor, 36) : Number.NaN;
  if (!Number.isSafeInteger(id) || id <= 0) throw new AppError('validation', BAD_CURSOR, { cursor: [BAD_CURSOR] });
  return id;
}

function toMessage(tenantId: number, r: chat.ModerationRow): AdminChatMessage {
  return {
    id: Number(r.id),
    tenant_id: tenantId,
    room: r.room,
    user_id: r.user_id === null ? null : Number(r.user_id),
    player_name: r.user_id === null ? null : displayName(r.first_name, r.last_name),
    kind: r.kind,
    text: r.text,
    pinned_until: r.pinned_until && r.pinned_until.getTime() > Date.now() ? r.pinned_until.toISOString() : null,
    muted_until: r.muted_until ? r.muted_until.toISOString() : null,
    created_at: r.created_at.toISOString(),
  };
}

export async function listChat(
  db: Db,
  tenantId: number,
  q: { room?: string; user_id?: number; cursor?: string; limit: number },
): Promise<AdminChatReply> {
  const rows = await chat.moderationMessages(db, {
    tenantId,
    room: q.room,
    userId: q.user_id,
    beforeId: q.cursor ? idOfCursor(q.cursor) : undefined,
    limit: q.limit + 1,
  });
  const page = rows.slice(0, q.limit);
  const more = rows.length > q.limit;
  return {
    data: page.map((r) => toMessage(tenantId, r)),
    next_cursor: more ? cursorOf(Number(page[page.length - 1]!.id)) : null,
  };
}

export async function deleteChatMessage(
  db: Db,
  staff: StaffMember,
  o: { tenantId: number; id: number; ip: string | null },
) {
  const { announce } = await db.transaction(async (tx) => {
    const done = await chat.removeMessageIn(tx, { tenantId: o.tenantId, id: o.id });
    await auditStaffAct(tx, {
      staff,
      action: 'chat.delete',
      tenantId: o.tenantId,
      userId: done.before.user_id === null ? null : Number(done.before.user_id),
      before: { id: o.id, room: done.before.room, text: done.before.text },
      after: { deleted: true },
      ip: o.ip,
    });
    return done;
  });
  await announce(db);
  return { deleted: true as const, id: o.id };
}

export async function pinChatMessage(
  db: Db,
  staff: StaffMember,
  o: { tenantId: number; id: number; minutes: number; ip: string | null },
) {
  const done = await db.transaction(async (tx) => {
    const d = await chat.pinMessageIn(tx, { tenantId: o.tenantId, id: o.id, minutes: o.minutes });
    await auditStaffAct(tx, {
      staff,
      action: o.minutes > 0 ? 'chat.pin' : 'chat.unpin',
      tenantId: o.tenantId,
      userId: d.before.user_id === null ? null : Number(d.before.user_id),
      before: { id: o.id, pinned_until: d.before.pinned_until },
      after: { id: o.id, pinned_until: d.after.pinned_until, minutes: o.minutes },
      ip: o.ip,
    });
    return d;
  });
  await done.announce(db);
  return { message: toMessage(o.tenantId, done.after) };
}

export async function muteChatPlayer(
  db: Db,
  staff: StaffMember,
  o: { tenantId: number; userId: number; minutes: number; reason: string; ip: string | null },
): Promise<AdminMuteReply> {
  return db.transaction(async (tx) => {
    const before = await chat.mutedUntil(tx, o.tenantId, o.userId);
    const until = await chat.mutePlayer(tx, {
      tenantId: o.tenantId,
      userId: o.userId,
      minutes: o.minutes,
      reason: o.reason,
    });
    await auditStaffAct(tx, {
      staff,
      action: o.minutes > 0 ? 'chat.mute' : 'chat.unmute',
      tenantId: o.tenantId,
      userId: o.userId,
      before: { muted_until: before?.toISOString() ?? null },
      after: { muted_until: until?.toISOString() ?? null, minutes: o.minutes, reason: o.reason },
      ip: o.ip,
    });
    return { user_id: o.userId, muted_until: until ? until.toISOString() : null };
  });
}

export async function sendNotification(
  db: Db,
  staff: StaffMember,
  o: {
    tenantId: number;
    audience: NotificationAudience;
    title: { pt: string; en: string };
    body: { pt: string; en: string };
    url: string | null;
    ip: string | null;
  },
) {
  const sent = await db.transaction(async (tx) => {
    const s = await notifications.sendToAudienceIn(tx, {
      tenantId: o.tenantId,
      audience: o.audience,
      title: o.title,
      body: o.body,
      url: o.url,
    });
    await auditStaffAct(tx, {
      staff,
      action: 'notification.send',
      tenantId: o.tenantId,
      userId: o.audience.kind === 'player' ? o.audience.user_id : null,
      before: null,
      after: { audience: o.audience, recipients: s.recipients, title: o.title, url: o.url },
      ip: o.ip,
    });
    return s;
  });
  await sent.announce(db);
  return { recipients: sent.recipients };
}
