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
