import type { ChatAttachment } from '@sorte/contracts';
import type { Sql } from '../../platform/db/index';

export type MessageRow = {
  id: number;
  room: string;
  user_id: number | null;
  kind: 'global' | 'mission' | 'system';
  text: string;
  emoji: boolean;
  mission: { id: number; title: string } | null;
  attachments: ChatAttachment[];
  pinned_until: Date | null;
  created_at: Date;
  first_name: string | null;
  last_name: string | null;
  vip_level: number | null;
};

const SELECT = `select m.id, m.room, m.user_id, m.kind, m.text, m.emoji, m.mission, m.attachments, m.pinned_until,
  m.created_at, u.first_name, u.last_name, u.vip_level
  from chat_messages m left join users u on u.tenant_id = m.tenant_id and u.id = m.user_id`;

/** The newest `limit` messages of a room plus any currently pinned, oldest first. */
export async function latest(sql: Sql, tenantId: number, room: string, limit: number): Promise<MessageRow[]> {
  const { rows } = await sql.query<MessageRow>(
    `${SELECT}
      where m.tenant_id = $1 and m.room = $2 and m.deleted_at is null
        and (m.id in (select id from chat_messages where tenant_id = $1 and room = $2 and deleted_at is null
                      order by id desc limit $3)
             or m.pinned_until > now())
      order by m.id`,
    [tenantId, room, limit],
  );
  return rows;
}

export async function byId(sql: Sql, tenantId: number, id: number): Promise<MessageRow | null> {
  const { rows } = await sql.query<MessageRow>(`${SELECT} where m.tenant_id = $1 and m.id = $2`, [tenantId, id]);
  return rows[0] ?? null;
}

export async function insert(
  sql: Sql,
  m: {
    tenantId: number;
    room: string;
    userId: number | null;
    kind: MessageRow['kind'];
    text: string;
    emoji: boolean;
    attachments: ChatAttachment[];
    mission: { id: number; title: string } | null;
  },
): Promise<number> {
  const { rows } = await sql.query<{ id: number }>(
    `insert into chat_messages (tenant_id, room, user_id, kind, text, emoji, attachments, mission)
     values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
    [
      m.tenantId,
      m.room,
      m.userId,
      m.kind,
      m.text,
      m.emoji,
      JSON.stringify(m.attachments),
      m.mission ? JSON.stringify(m.mission) : null,
    ],
  );
  return rows[0]!.id;
}

export async function userExists(sql: Sql, tenantId: number, userId: number): Promise<boolean> {
  const { rows } = await sql.query('select 1 from users where tenant_id = $1 and id = $2', [tenantId, userId]);
  return rows.length > 0;
}

export async function activeMute(sql: Sql, tenantId: number, userId: number): Promise<Date | null> {
  const { rows } = await sql.query<{ until: Date }>(
    'select until from chat_mutes where tenant_id = $1 and user_id = $2 and until > now()',
    [tenantId, userId],
  );
  return rows[0]?.until ?? null;
}

export async function mute(sql: Sql, tenantId: number, userId: number, minutes: number, reason: string | null) {
  const { rows } = await sql.query<{ until: Date }>(
    `insert into chat_mutes (tenant_id, user_id, until, reason)
     values ($1, $2, now() + make_interval(mins => $3::int), $4)
     on conflict (tenant_id, user_id) do update set until = excluded.until, reason = excluded.reason
     returning until`,
    [tenantId, userId, minutes, reason],
  );
  return rows[0]!.until;
}

export async function unmute(sql: Sql, tenantId: number, userId: number) {
  await sql.query('delete from chat_mutes where tenant_id = $1 and user_id = $2', [tenantId, userId]);
}

export async function softDelete(sql: Sql, tenantId: number, id: number): Promise<string | null> {
  const { rows } = await sql.query<{ room: string }>(
    `update chat_messages set deleted_at = now()
      where tenant_id = $1 and id = $2 and deleted_at is null returning room`,
    [tenantId, id],
  );
  return rows[0]?.room ?? null;
}

export async function pin(sql: Sql, tenantId: number, id: number, minutes: number): Promise<MessageRow | null> {
  const { rowCount } = await sql.query(
    `update chat_messages
        set pinned_until = case when $3::int > 0 then now() + make_interval(mins => $3::int) else null end
      where tenant_id = $1 and id = $2 and deleted_at is null`,
    [tenantId, id, minutes],
  );
  return rowCount ? byId(sql, tenantId, id) : null;
}

export type ModerationRow = {
  id: number;
  room: string;
  user_id: number | null;
  kind: MessageRow['kind'];
  text: string;
  pinned_until: Date | null;
  created_at: Date;
  first_name: string | null;
  last_name: string | null;
  muted_until: Date | null;
};

/** A tenant's messages newest first, below `beforeId` (keyset), optionally one room or one author. */
export async function recent(
  sql: Sql,
  o: { tenantId: number; room?: string; userId?: number; beforeId?: number; limit: number },
): Promise<ModerationRow[]> {
  const { rows } = await sql.query<ModerationRow>(
    `select m.id, m.room, m.user_id, m.kind, m.text, m.pinned_until, m.created_at, u.first_name, u.last_name,
        mu.until as muted_until
       from chat_messages m
       left join users u on u.tenant_id = m.tenant_id and u.id = m.user_id
       left join chat_mutes mu on mu.tenant_id = m.tenant_id and mu.user_id = m.user_id and mu.until > now()
      where m.tenant_id = $1 and m.deleted_at is null
        and ($2::text is null or m.room = $2) and ($3::bigint is null or m.user_id = $3)
        and ($4::bigint is null or m.id < $4)
      order by m.id desc limit $5`,
    [o.tenantId, o.room ?? null, o.userId ?? null, o.beforeId ?? null, o.limit],
  );
  return rows;
}

export async function moderationById(sql: Sql, tenantId: number, id: number): Promise<ModerationRow | null> {
  const { rows } = await sql.query<ModerationRow>(
    `select m.id, m.room, m.user_id, m.kind, m.text, m.pinned_until, m.created_at, u.first_name, u.last_name,
        mu.until as muted_until
       from chat_messages m
       left join users u on u.tenant_id = m.tenant_id and u.id = m.user_id
       left join chat_mutes mu on mu.tenant_id = m.tenant_id and mu.user_id = m.user_id and mu.until > now()
      where m.tenant_id = $1 and m.id = $2 and m.deleted_at is null`,
    [tenantId, id],
  );
  return rows[0] ?? null;
}
