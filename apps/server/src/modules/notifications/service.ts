import type { NotificationItem, NotificationPage, UnreadCount } from '@sorte/contracts';
import type { Db, Sql } from '../../platform/db/index';
import { AppError, type Localized } from '../../platform/errors';
import { sendPush } from '../push/index';
import { channels, emit } from '../realtime/index';
import { findTenantById } from '../tenants/index';
import * as repo from './repo';

export const DEFAULT_PER_PAGE = 10;
export const MAX_PER_PAGE = 50;

const NOT_FOUND: Localized = { pt: 'Notificação não encontrada.', en: 'Notification not found.' };

function parts(d: Date, tz: string) {
  const f = new Intl.DateTimeFormat('en-CA', {
    timeZone: tz,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(d);
  const g = (t: string) => f.find((p) => p.type === t)?.value ?? '';
  return { date: `${g('year')}-${g('month')}-${g('day')}`, time: `${g('hour')}:${g('minute')}` };
}

export function toItem(r: repo.NotificationRow, tz: string): NotificationItem {
  const { date, time } = parts(r.created_at, tz);
  return {
    id: r.id,
    type: r.user_id === null ? 'platform' : 'personal',
    title: r.title,
    description: r.description,
    img: r.img,
    url: r.url,
    date,
    time,
    created_at: r.created_at.toISOString(),
    read: r.read_at !== null,
    read_at: r.read_at ? r.read_at.toISOString() : null,
    viewed: r.viewed_at !== null,
    pinned_until: r.pinned_until ? r.pinned_until.toISOString() : null,
    status: r.read_at ? 'read' : 'unread',
    user_box: r.user_box ?? null,
  };
}

const unread = (c: { personal_unread: number; platform_unread: number }): UnreadCount => ({
  user_notifications: c.personal_unread,
  global_notifications: c.platform_unread,
});

const positiveInt = (v: unknown, fallback: number) => {
  const n = typeof v === 'string' && /^\d{1,6}$/.test(v) ? Number(v) : typeof v === 'number' ? v : fallback;
  return Number.isSafeInteger(n) && n >= 1 ? n : fallback;
};

export async function listNotifications(
  db: Db,
  o: { tenantId: number; tz: string; userId: number; page: unknown; perPage: unknown },
): Promise<NotificationPage> {
  const perPage = Math.min(positiveInt(o.perPage, DEFAULT_PER_PAGE), MAX_PER_PAGE);
  const page = positiveInt(o.page, 1);
  const [rows, c] = await Promise.all([
    repo.page(db, o.tenantId, o.userId, perPage, (page - 1) * perPage),
    repo.counts(db, o.tenantId, o.userId),
  ]);
  return {
    data: rows.map((r) => toItem(r, o.tz)),
    current_page: page,
    last_page: Math.max(1, Math.ceil(c.total / perPage)),
    per_page: perPage,
    total: c.total,
    unread_count: unread(c),
  };
}

export async function readNotification(db: Db, o: { tenantId: number; tz: string; userId: number; id: number }) {
  const found = await repo.byId(db, o.tenantId, o.userId, o.id);
  if (!found) throw new AppError('not_found', NOT_FOUND);
  await repo.markRead(db, o.tenantId, o.userId, o.id);
  const [row, c] = await Promise.all([
    repo.byId(db, o.tenantId, o.userId, o.id),
    repo.counts(db, o.tenantId, o.userId),
  ]);
  return { notification: toItem(row!, o.tz), unread_count: unread(c) };
}

export async function viewNotification(db: Db, o: { tenantId: number; tz: string; userId: number; id: number }) {
  const found = await repo.byId(db, o.tenantId, o.userId, o.id);
  if (!found) throw new AppError('not_found', NOT_FOUND);
  await repo.markViewed(db, o.tenantId, o.userId, o.id);
  return { viewed: true as const };
}

export async function nextUnviewed(db: Db, o: { tenantId: number; tz: string; userId: number }) {
  const row = await repo.nextUnviewed(db, o.tenantId, o.userId);
  return { notification: row ? toItem(row, o.tz) : null };
}

export async function markAllRead(db: Db, o: { tenantId: number; userId: number; type: string }) {
  if (o.type !== 'platform' && o.type !== 'personal') {
    throw new AppError('validation', undefined, {
      type: [{ pt: 'O tipo deve ser platform ou personal.', en: 'The type must be platform or personal.' }],
    });
  }
  await repo.markAllRead(db, o.tenantId, o.userId, o.type);
  return { unread_count: unread(await repo.counts(db, o.tenantId, o.userId)) };
}

const url = (v: string | null, field: string) => {
  if (v === null) return null;
  if (v.length <= 2048 && (/^\/[^/]/.test(v) || v === '/' || /^https:\/\//.test(v))) return v;
  throw new AppError('validation', undefined, {
    [field]: [{ pt: 'Endereço inválido (use /caminho ou https://).', en: 'Invalid address (use /path or https://).' }],
  });
};

/**
 * Operator: a platform notification (userId null: every player of the tenant) or a personal one. Stored, sent live
 * as NotificationSent on the player's channel (or every connected player's), and as Web Push to their devices.
 */
export async function sendNotification(
  db: Db,
  o: {
    tenantId: number;
    userId: number | null;
    title: string;
    description: string;
    img?: string | null;
    url?: string | null;
    pinnedMinutes?: number;
  },
) {
  const title = o.title.trim();
  const description = o.description.trim();
  const errors: Record<string, Localized[]> = {};
  if (!title || title.length > 200)
    errors.title = [{ pt: 'Título de 1 a 200 caracteres.', en: 'Title of 1 to 200 characters.' }];
  if (description.length > 4000)
    errors.description = [{ pt: 'Texto de no máximo 4000 caracteres.', en: 'Text of at most 4000 characters.' }];
  if (Object.keys(errors).length) throw new AppError('validation', undefined, errors);
  const img = url(o.img ?? null, 'img');
  const link = url(o.url ?? null, 'url');
  const tenant = await findTenantById(db, o.tenantId);
  if (!tenant) throw new AppError('tenant_not_found');
  if (o.userId !== null && !(await repo.userExists(db, o.tenantId, o.userId)))
    throw new AppError('not_found', { pt: 'Jogador não encontrado.', en: 'Player not found.' });
  const row = await repo.insert(db, {
    tenantId: o.tenantId,
    userId: o.userId,
    title,
    description,
    img,
    url: link,
    pinnedMinutes: Math.max(0, Math.trunc(o.pinnedMinutes ?? 0)),
  });
  const item = toItem(row, tenant.settings.timezone);
  await emit(db, o.tenantId, o.userId === null ? channels.allUsers : channels.user(o.userId), 'NotificationSent', {
    notification: item,
  });
  const pushed = await sendPush(db, {
    tenantId: o.tenantId,
    userId: o.userId,
    payload: { title, body: description.slice(0, 300), url: link ?? '/', icon: img, id: row.id },
  });
  return { notification: item, pushed };
}

/** Above this many recipients a fan-out is not sent live one by one: players see it at their next look. */
export const LIVE_FANOUT_MAX = 1000;

/**
 * Back office: a notification to an audience (one player, a segment, everyone), stored in `tx` for each recipient
 * in their language with one set-based INSERT. `announce` (after commit) sends it live to each recipient's channel
 * when the audience is small enough (LIVE_FANOUT_MAX).
 */
export async function sendToAudienceIn(
  tx: Sql,
  o: {
    tenantId: number;
    audience: repo.Audience;
    title: { pt: string; en: string };
    body: { pt: string; en: string };
    url: string | null;
  },
) {
  if (o.audience.kind === 'player' && !(await repo.userExists(tx, o.tenantId, o.audience.user_id)))
    throw new AppError('not_found', { pt: 'Jogador não encontrado.', en: 'Player not found.' });
  const r = await repo.insertForAudience(tx, o);
  return {
    recipients: r.count,
    announce: async (db: Sql) => {
      if (r.firstId === null || r.lastId === null || r.count > LIVE_FANOUT_MAX) return;
      const tenant = await findTenantById(db, o.tenantId);
      const tz = tenant?.settings.timezone ?? 'America/Sao_Paulo';
      for (const row of await repo.fannedOut(db, o.tenantId, r.firstId, r.lastId, LIVE_FANOUT_MAX))
        await emit(db, o.tenantId, channels.user(row.user_id!), 'NotificationSent', { notification: toItem(row, tz) });
    },
  };
}
export type { Audience } from './repo';
