import type { UserBox } from '@sorte/contracts';
import type { Sql } from '../../platform/db/index';

export type NotificationRow = {
  id: number;
  user_id: number | null;
  title: string;
  description: string;
  img: string | null;
  url: string | null;
  pinned_until: Date | null;
  created_at: Date;
  read_at: Date | null;
  viewed_at: Date | null;
  /** The box a box notification announces, as it was when granted. */
  user_box: UserBox | null;
};

// What a player may see: their personal notifications and every platform (user_id null) one of their tenant.
const VISIBLE = `n.tenant_id = $1 and (n.user_id = $2 or n.user_id is null)`;
const SELECT = `select n.id, n.user_id, n.title, n.description, n.img, n.url, n.pinned_until, n.created_at,
  s.read_at, s.viewed_at, n.user_box
  from notifications n left join notification_states s on s.notification_id = n.id and s.user_id = $2`;

export async function page(sql: Sql, tenantId: number, userId: number, perPage: number, offset: number) {
  const { rows } = await sql.query<NotificationRow>(
    `${SELECT} where ${VISIBLE}
      order by (n.pinned_until is not null and n.pinned_until > now()) desc, n.id desc
      limit $3 offset $4`,
    [tenantId, userId, perPage, offset],
  );
  return rows;
}

export async function counts(sql: Sql, tenantId: number, userId: number) {
  const { rows } = await sql.query<{ total: number; personal_unread: number; platform_unread: number }>(
    `select count(*)::int as total,
       count(*) filter (where n.user_id is not null and s.read_at is null)::int as personal_unread,
       count(*) filter (where n.user_id is null and s.read_at is null)::int as platform_unread
     from notifications n left join notification_states s on s.notification_id = n.id and s.user_id = $2
     where ${VISIBLE}`,
    [tenantId, userId],
  );
  return rows[0]!;
}

export async function byId(sql: Sql, tenantId: number, userId: number, id: number) {
  const { rows } = await sql.query<NotificationRow>(`${SELECT} where ${VISIBLE} and n.id = $3`, [tenantId, userId, id]);
  return rows[0] ?? null;
}

/** Oldest unviewed notification (the modal shows one at a time). */
export async function nextUnviewed(sql: Sql, tenantId: number, userId: number) {
  const { rows } = await sql.query<NotificationRow>(
    `${SELECT} where ${VISIBLE} and s.viewed_at is null and n.created_at > now() - interval '30 days'
      order by n.id limit 1`,
    [tenantId, userId],
  );
  return rows[0] ?? null;
}

export async function markRead(sql: Sql, tenantId: number, userId: number, id: number) {
  await sql.query(
    `insert into notification_states (tenant_id, notification_id, user_id, read_at) values ($1, $3, $2, now())
     on conflict (notification_id, user_id)
       do update set read_at = coalesce(notification_states.read_at, excluded.read_at)`,
    [tenantId, userId, id],
  );
}

export async function markViewed(sql: Sql, tenantId: number, userId: number, id: number) {
  await sql.query(
    `insert into notification_states (tenant_id, notification_id, user_id, viewed_at) values ($1, $3, $2, now())
     on conflict (notification_id, user_id)
       do update set viewed_at = coalesce(notification_states.viewed_at, excluded.viewed_at)`,
    [tenantId, userId, id],
  );
}

export async function markAllRead(sql: Sql, tenantId: number, userId: number, type: 'platform' | 'personal') {
  const which = type === 'platform' ? 'n.user_id is null' : 'n.user_id = $2';
  const { rowCount } = await sql.query(
    `insert into notification_states (tenant_id, notification_id, user_id, read_at)
       select $1, n.id, $2, now() from notifications n
        where n.tenant_id = $1 and ${which}
     on conflict (notification_id, user_id)
       do update set read_at = coalesce(notification_states.read_at, excluded.read_at)`,
    [tenantId, userId],
  );
  return rowCount;
}

export async function insert(
  sql: Sql,
  n: {
    tenantId: number;
    userId: number | null;
    title: string;
    description: string;
    img: string | null;
    url: string | null;
    pinnedMinutes: number;
    userBox?: UserBox | null;
  },
) {
  const { rows } = await sql.query<NotificationRow>(
    `insert into notifications (tenant_id, user_id, title, description, img, url, pinned_until, user_box)
     values ($1, $2, $3, $4, $5, $6, case when $7::int > 0 then now() + make_interval(mins => $7::int) end, $8::jsonb)
     returning id, user_id, title, description, img, url, pinned_until, created_at,
       null::timestamptz as read_at, null::timestamptz as viewed_at, user_box`,
    [
      n.tenantId,
      n.userId,
      n.title,
      n.description,
      n.img,
      n.url,
      n.pinnedMinutes,
      n.userBox ? JSON.stringify(n.userBox) : null,
    ],
  );
  return rows[0]!;
}

export async function userExists(sql: Sql, tenantId: number, userId: number) {
  const { rows } = await sql.query('select 1 from users where tenant_id = $1 and id = $2', [tenantId, userId]);
  return rows.length > 0;
}

/** Who a back-office notification reaches (see NotificationAudience in the contracts). */
export type Audience =
  | { kind: 'player'; user_id: number }
  | { kind: 'vip'; min_level: number }
  | { kind: 'depositors'; days: number }
  | { kind: 'everyone' };

/**
 * One personal notification per player of the audience, in the player's language, in ONE statement (INSERT ...
 * SELECT): a segment of a million players costs one set-based write, not a million round trips.
 */
export async function insertForAudience(
  sql: Sql,
  n: {
    tenantId: number;
    audience: Audience;
    title: { pt: string; en: string };
    body: { pt: string; en: string };
    url: string | null;
  },
): Promise<{ count: number; firstId: number | null; lastId: number | null }> {
  const a = n.audience;
  const filter =
    a.kind === 'player'
      ? 'and u.id = $8'
      : a.kind === 'vip'
        ? 'and u.vip_level >= $8'
        : a.kind === 'depositors'
          ? `and exists (select 1 from pix_charges c where c.tenant_id = u.tenant_id and c.user_id = u.id
               and c.paid_at > now() - make_interval(days => $8::int))`
          : 'and $8::int is null';
  const param =
    a.kind === 'player' ? a.user_id : a.kind === 'vip' ? a.min_level : a.kind === 'depositors' ? a.days : null;
  const { rows } = await sql.query<{ count: number; first_id: string | null; last_id: string | null }>(
    `with ins as (
       insert into notifications (tenant_id, user_id, title, description, url)
       select u.tenant_id, u.id,
              case when u.language = 'en' then $4 else $2 end,
              case when u.language = 'en' then $5 else $3 end, $6
         from users u
        where u.tenant_id = $1 and $7::boolean ${filter}
       returning id)
     select count(*)::int as count, min(id)::text as first_id, max(id)::text as last_id from ins`,
    [n.tenantId, n.title.pt, n.body.pt, n.title.en, n.body.en, n.url, true, param],
  );
  const r = rows[0]!;
  return {
    count: r.count,
    firstId: r.first_id === null ? null : Number(r.first_id),
    lastId: r.last_id === null ? null : Number(r.last_id),
  };
}

/** The personal rows with ids in [firstId, lastId], at most `limit`: a fan-out's, to send live to their players. */
export async function fannedOut(sql: Sql, tenantId: number, firstId: number, lastId: number, limit: number) {
  const { rows } = await sql.query<NotificationRow>(
    `select n.id, n.user_id, n.title, n.description, n.img, n.url, n.pinned_until, n.created_at,
        null::timestamptz as read_at, null::timestamptz as viewed_at, n.user_box
       from notifications n where n.tenant_id = $1 and n.id between $2 and $3 and n.user_id is not null
      order by n.id limit $4`,
    [tenantId, firstId, lastId, limit],
  );
  return rows;
}
