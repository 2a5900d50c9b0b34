import type { Sql } from '../../platform/db/index';

export type PublicProfileRow = {
  id: number;
  first_name: string;
  last_name: string;
  avatar: string | null;
  level: number;
  total_bet: number;
  vip_level: number;
  vip_points: number;
  hide_metrics: boolean;
  settings: Record<string, boolean>;
  created_at: Date;
};

export async function findPublicProfile(sql: Sql, tenantId: number, userId: number): Promise<PublicProfileRow | null> {
  const { rows } = await sql.query<PublicProfileRow>(
    `select id, first_name, last_name, avatar, level, total_bet, vip_level, vip_points, hide_metrics, settings,
        created_at
      from users where tenant_id = $1 and id = $2`,
    [tenantId, userId],
  );
  return rows[0] ?? null;
}

export async function setHideMetrics(sql: Sql, tenantId: number, userId: number, value: boolean | null) {
  const { rows } = await sql.query<{ hide_metrics: boolean }>(
    `update users set hide_metrics = coalesce($3::boolean, not hide_metrics), updated_at = now()
      where tenant_id = $1 and id = $2 returning hide_metrics`,
    [tenantId, userId, value],
  );
  return rows[0]?.hide_metrics ?? false;
}

export async function setName(sql: Sql, tenantId: number, userId: number, first: string, last: string) {
  await sql.query(
    'update users set first_name = $3, last_name = $4, updated_at = now() where tenant_id = $1 and id = $2',
    [tenantId, userId, first, last],
  );
}

export async function setLanguage(sql: Sql, tenantId: number, userId: number, language: 'pt' | 'en') {
  await sql.query('update users set language = $3, updated_at = now() where tenant_id = $1 and id = $2', [
    tenantId,
    userId,
    language,
  ]);
}

export async function getLanguage(sql: Sql, tenantId: number, userId: number): Promise<'pt' | 'en' | null> {
  const { rows } = await sql.query<{ language: 'pt' | 'en' }>(
    'select language from users where tenant_id = $1 and id = $2',
    [tenantId, userId],
  );
  return rows[0]?.language ?? null;
}

/** Sets the avatar and returns the previous one (to delete its file after commit). Run inside a transaction. */
export async function swapAvatar(sql: Sql, tenantId: number, userId: number, avatar: string): Promise<string | null> {
  const { rows } = await sql.query<{ avatar: string | null }>(
    'select avatar from users where tenant_id = $1 and id = $2 for update',
    [tenantId, userId],
  );
  await sql.query('update users set avatar = $3, updated_at = now() where tenant_id = $1 and id = $2', [
    tenantId,
    userId,
    avatar,
  ]);
  return rows[0]?.avatar ?? null;
}

export async function mergeSettings(sql: Sql, tenantId: number, userId: number, patch: Record<string, boolean>) {
  const { rows } = await sql.query<{ settings: Record<string, boolean> }>(
    `update users set settings = settings || $3::jsonb, updated_at = now()
      where tenant_id = $1 and id = $2 returning settings`,
    [tenantId, userId, JSON.stringify(patch)],
  );
  return rows[0]?.settings ?? {};
}

export type AddressInput = {
  zip_code: string;
  street: string;
  number: string;
  complement: string | null;
  neighborhood: string;
  city: string;
  state: string;
  country: string;
};

export async function upsertAddress(sql: Sql, tenantId: number, userId: number, a: AddressInput) {
  await sql.query(
    `insert into user_addresses (tenant_id, user_id, zip_code, street, number, complement, neighborhood, city, state,
        country)
      values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
      on conflict (tenant_id, user_id) do update set zip_code = excluded.zip_code, street = excluded.street,
        number = excluded.number, complement = excluded.complement, neighborhood = excluded.neighborhood,
        city = excluded.city, state = excluded.state, country = excluded.country, updated_at = now()`,
    [tenantId, userId, a.zip_code, a.street, a.number, a.complement, a.neighborhood, a.city, a.state, a.country],
  );
}

export async function setSelfExclusion(
  sql: Sql,
  tenantId: number,
  userId: number,
  e: { value: string; endAt: Date } | null,
) {
  await sql.query(
    `update users set self_exclusion_value = $3, self_exclusion_start = case when $4::timestamptz is null then null
        else now() end, self_exclusion_end = $4::timestamptz, updated_at = now()
      where tenant_id = $1 and id = $2`,
    [tenantId, userId, e?.value ?? null, e?.endAt.toISOString() ?? null],
  );
}
