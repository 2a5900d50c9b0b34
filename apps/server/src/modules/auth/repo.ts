import { forgetSession, forgetUserSessions } from '../../platform/auth';
import type { Sql } from '../../platform/db/index';

export type UserRow = {
  id: number;
  tenant_id: number;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  cpf: string | null;
  birth_date: string | null;
  password_hash: string | null;
  google_sub: string | null;
  language: 'pt' | 'en';
  avatar: string | null;
  level: number;
  vip_level: number;
  vip_points: number;
  hide_metrics: boolean;
  settings: Record<string, boolean>;
  email_verified_at: Date | null;
  phone_verified_at: Date | null;
  referral_code: string;
  referred_by: number | null;
  self_exclusion_value: string | null;
  self_exclusion_start: Date | null;
  self_exclusion_end: Date | null;
  created_at: Date;
};

const USER_COLUMNS = `id, tenant_id, first_name, last_name, email, phone, cpf, to_char(birth_date, 'YYYY-MM-DD') as birth_date,
  password_hash, google_sub, language, avatar, level, vip_level, vip_points, hide_metrics, settings,
  email_verified_at, phone_verified_at, referral_code, referred_by, self_exclusion_value, self_exclusion_start,
  self_exclusion_end, created_at`;

export async function findUserById(sql: Sql, tenantId: number, id: number): Promise<UserRow | null> {
  const { rows } = await sql.query<UserRow>(`select ${USER_COLUMNS} from users where tenant_id = $1 and id = $2`, [
    tenantId,
    id,
  ]);
  return rows[0] ?? null;
}

/** Users of a tenant matching any of the given identifiers (at most one each: they are unique per tenant). */
export async function findUsersByLogin(
  sql: Sql,
  tenantId: number,
  ids: { email?: string | null; phone?: string | null; cpf?: string | null },
): Promise<UserRow[]> {
  const { rows } = await sql.query<UserRow>(
    `select ${USER_COLUMNS} from users where tenant_id = $1
      and (email = $2::text or phone = $3::text or cpf = $4::text) order by id limit 3`,
    [tenantId, ids.email ?? null, ids.phone ?? null, ids.cpf ?? null],
  );
  return rows;
}

export async function findUserByGoogleSub(sql: Sql, tenantId: number, sub: string): Promise<UserRow | null> {
  const { rows } = await sql.query<UserRow>(
    `select ${USER_COLUMNS} from users where tenant_id = $1 and google_sub = $2`,
    [tenantId, sub],
  );
  return rows[0] ?? null;
}

export async function findUserIdByReferralCode(sql: Sql, tenantId: number, code: string): Promise<number | null> {
  const { rows } = await sql.query<{ id: number }>('select id from users where tenant_id = $1 and referral_code = $2', [
    tenantId,
    code,
  ]);
  return rows[0]?.id ?? null;
}

/** A referral refused by refer-a-friend's checks: the new player is not linked to the code's owner. */
export async function clearReferredBy(sql: Sql, tenantId: number, id: number): Promise<void> {
  await sql.query('update users set referred_by = null where tenant_id = $1 and id = $2', [tenantId, id]);
}

/** Which of email / phone / cpf are already taken in the tenant. */
export async function takenIdentifiers(
  sql: Sql,
  tenantId: number,
  ids: { email: string; phone: string; cpf: string | null },
): Promise<{ email: boolean; phone: boolean; cpf: boolean }> {
  const { rows } = await sql.query<{ email: boolean; phone: boolean; cpf: boolean }>(
    `select coalesce(bool_or(email = $2), false) as email, coalesce(bool_or(phone = $3), false) as phone,
        coalesce(bool_or(cpf = $4::text), false) as cpf
      from users where tenant_id = $1 and (email = $2 or phone = $3 or cpf = $4::text)`,
    [tenantId, ids.email, ids.phone, ids.cpf],
  );
  return rows[0] ?? { email: false, phone: false, cpf: false };
}

export async function insertUser(
  sql: Sql,
  u: {
    tenantId: number;
    firstName: string;
    lastName: string;
    email: string;
    phone: string;
    cpf: string | null;
    birthDate: string;
    passwordHash: string;
    language: 'pt' | 'en';
    referralCode: string;
    referredBy: number | null;
    emailVerified: boolean;
    phoneVerified: boolean;
  },
): Promise<number> {
  const { rows } = await sql.query<{ id: number }>(
    `insert into users (tenant_id, first_name, last_name, email, phone, cpf, birth_date, password_hash, language,
        referral_code, referred_by, email_verified_at, phone_verified_at)
      values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11,
        case when $12::boolean then now() end, case when $13::boolean then now() end)
      returning id`,
    [
      u.tenantId,
      u.firstName,
      u.lastName,
      u.email,
      u.phone,
      u.cpf,
      u.birthDate,
      u.passwordHash,
      u.language,
      u.referralCode,
      u.referredBy,
      u.emailVerified,
      u.phoneVerified,
    ],
  );
  return rows[0]!.id;
}

export async function setPasswordHash(sql: Sql, tenantId: number, userId: number, hash: string): Promise<void> {
  await sql.query('update users set password_hash = $3, updated_at = now() where tenant_id = $1 and id = $2', [
    tenantId,
    userId,
    hash,
  ]);
}

export async function setEmail(sql: Sql, tenantId: number, userId: number, email: string): Promise<void> {
  await sql.query(
    `update users set email = $3, email_verified_at = null, updated_at = now()
      where tenant_id = $1 and id = $2 and email <> $3`,
    [tenantId, userId, email],
  );
}

export async function markVerified(
  sql: Sql,
  tenantId: number,
  userId: number,
  channel: 'email' | 'sms',
): Promise<void> {
  const column = channel === 'email' ? 'email_verified_at' : 'phone_verified_at';
  await sql.query(`update users set ${column} = coalesce(${column}, now()) where tenant_id = $1 and id = $2`, [
    tenantId,
    userId,
  ]);
}

export async function linkGoogle(sql: Sql, tenantId: number, userId: number, sub: string): Promise<void> {
  await sql.query(
    `update users set google_sub = $3, email_verified_at = coalesce(email_verified_at, now()), updated_at = now()
      where tenant_id = $1 and id = $2`,
    [tenantId, userId, sub],
  );
}

// ---- sessions ----

export async function insertSession(
  sql: Sql,
  s: { tenantId: number; userId: number; tokenHash: string; ttlMs: number; ip: string; userAgent: string | null },
): Promise<number> {
  const { rows } = await sql.query<{ id: number }>(
    `insert into sessions (tenant_id, user_id, token_hash, expires_at, ip, user_agent)
      values ($1, $2, $3, now() + make_interval(secs => $4::double precision / 1000), $5, $6) returning id`,
    [s.tenantId, s.userId, s.tokenHash, s.ttlMs, s.ip, s.userAgent?.slice(0, 300) ?? null],
  );
  return rows[0]!.id;
}

export async function revokeSession(sql: Sql, tenantId: number, sessionId: number): Promise<void> {
  await sql.query('update sessions set revoked_at = now() where tenant_id = $1 and id = $2 and revoked_at is null', [
    tenantId,
    sessionId,
  ]);
  forgetSession(tenantId, sessionId);
}

/** Revokes every live session of the user except `keep` (null: all of them). */
export async function revokeUserSessions(
  sql: Sql,
  tenantId: number,
  userId: number,
  keep: number | null,
): Promise<number> {
  const r = await sql.query(
    `update sessions set revoked_at = now()
      where tenant_id = $1 and user_id = $2 and revoked_at is null and ($3::bigint is null or id <> $3::bigint)`,
    [tenantId, userId, keep],
  );
  forgetUserSessions(tenantId, userId);
  return r.rowCount;
}

// ---- verification codes ----

export type Purpose = 'register' | 'recover' | 'verify_email' | 'verify_phone' | 'password_change';

export type CodeRow = {
  id: number;
  channel: 'sms' | 'email';
  target: string;
  code_hash: string;
  attempts: number;
  expired: boolean;
};

export async function insertCode(
  sql: Sql,
  c: {
    tenantId: number;
    purpose: Purpose;
    channel: 'sms' | 'email';
    target: string;
    codeHash: string;
    ttlMs: number;
  },
): Promise<void> {
  // A new code replaces the earlier ones for the same target and purpose.
  await sql.query(
    `update verification_codes set consumed_at = now()
      where tenant_id = $1 and purpose = $2 and target = $3 and consumed_at is null`,
    [c.tenantId, c.purpose, c.target],
  );
  await sql.query(
    `insert into verification_codes (tenant_id, purpose, channel, target, code_hash, expires_at)
      values ($1, $2, $3, $4, $5, now() + make_interval(secs => $6::double precision / 1000))`,
    [c.tenantId, c.purpose, c.channel, c.target, c.codeHash, c.ttlMs],
  );
}

/** The newest live code for any of the targets, locked for this transaction. */
export async function lockLatestCode(
  sql: Sql,
  tenantId: number,
  purpose: Purpose,
  targets: string[],
): Promise<CodeRow | null> {
  const { rows } = await sql.query<CodeRow>(
    `select id, channel, target, code_hash, attempts, expires_at <= now() as expired from verification_codes
      where tenant_id = $1 and purpose = $2 and target = any($3::text[]) and consumed_at is null
      order by created_at desc, id desc limit 1 for update`,
    [tenantId, purpose, targets],
  );
  return rows[0] ?? null;
}

export async function countCodeAttempt(sql: Sql, tenantId: number, id: number, spend: boolean): Promise<void> {
  await sql.query(
    `update verification_codes set attempts = attempts + 1, consumed_at = case when $3::boolean then now() end
      where tenant_id = $1 and id = $2`,
    [tenantId, id, spend],
  );
}

export async function consumeCode(sql: Sql, tenantId: number, id: number): Promise<void> {
  await sql.query('update verification_codes set consumed_at = now() where tenant_id = $1 and id = $2', [tenantId, id]);
}

export async function findAddress(sql: Sql, tenantId: number, userId: number) {
  const { rows } = await sql.query<{
    zip_code: string;
    street: string;
    number: string;
    complement: string | null;
    neighborhood: string;
    city: string;
    state: string;
    country: string;
  }>(
    `select zip_code, street, number, complement, neighborhood, city, state, country from user_addresses
      where tenant_id = $1 and user_id = $2`,
    [tenantId, userId],
  );
  return rows[0] ?? null;
}

/** One value of the tenant's secrets column (never part of the public settings). */
export async function findTenantSecret(sql: Sql, tenantId: number, name: string): Promise<string | null> {
  const { rows } = await sql.query<{ v: string | null }>('select secrets ->> $2 as v from tenants where id = $1', [
    tenantId,
    name,
  ]);
  return rows[0]?.v ?? null;
}

// ---- the profile's reads and writes of the player record (the profile module calls them through index.ts) ----

export type PublicProfileRow = {
  id: number;
  first_name: string;
  last_name: string;
  avatar: string | null;
  level: number;
  vip_level: number;
  vip_points: number;
  hide_metrics: boolean;
  settings: Record<string, boolean>;
  created_at: Date;
};

export async function findPublicProfile(sql: Sql, tenantId: number, userId: number): Promise<PublicProfileRow | null> {
  const { rows } = await sql.query<PublicProfileRow>(
    `select id, first_name, last_name, avatar, level, vip_level, vip_points, hide_metrics, settings,
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

// ---- staff block ----

export type PlayerBlock = { blocked_at: Date | null; blocked_reason: string | null };

/** Whether staff blocked the player (null: no such player). */
export async function findBlock(sql: Sql, tenantId: number, userId: number): Promise<PlayerBlock | null> {
  const { rows } = await sql.query<PlayerBlock>(
    'select blocked_at, blocked_reason from users where tenant_id = $1 and id = $2',
    [tenantId, userId],
  );
  return rows[0] ?? null;
}

/**
 * Blocks (reason) or unblocks (null) a player and answers the state before, locking the row so two staff acts on
 * one player run one after the other. A block also revokes every live session.
 */
export async function setBlock(
  tx: Sql,
  tenantId: number,
  userId: number,
  reason: string | null,
): Promise<{ before: PlayerBlock; after: PlayerBlock; revoked: number } | null> {
  const { rows } = await tx.query<PlayerBlock>(
    'select blocked_at, blocked_reason from users where tenant_id = $1 and id = $2 for update',
    [tenantId, userId],
  );
  const before = rows[0];
  if (!before) return null;
  const { rows: after } = await tx.query<PlayerBlock>(
    `update users set blocked_at = case when $3::text is null then null else coalesce(blocked_at, now()) end,
        blocked_reason = $3::text, updated_at = now()
      where tenant_id = $1 and id = $2 returning blocked_at, blocked_reason`,
    [tenantId, userId, reason],
  );
  const revoked = reason === null ? 0 : await revokeUserSessions(tx, tenantId, userId, null);
  return { before, after: after[0]!, revoked };
}
