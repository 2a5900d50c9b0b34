import type { StaffRole } from '@sorte/contracts';
import type { Sql } from '../../platform/db/index';

/** SQL of staff_users, staff_backup_codes and staff_sessions; every function takes the caller's handle. */

export type StaffRow = {
  id: number;
  tenant_id: number | null;
  email: string;
  password_hash: string;
  role: StaffRole;
  totp_secret: string;
  disabled_at: Date | null;
};

const STAFF_COLS = 'id::int as id, tenant_id::int as tenant_id, email, password_hash, role, totp_secret, disabled_at';

/** The live accounts that may log in with `email` on a tenant's host: that tenant's, then the platform's. */
export async function findLoginCandidates(sql: Sql, tenantId: number, email: string): Promise<StaffRow[]> {
  const { rows } = await sql.query<StaffRow>(
    `select ${STAFF_COLS} from staff_users
      where email = $1 and (tenant_id = $2 or tenant_id is null) and disabled_at is null
      order by tenant_id nulls last`,
    [email, tenantId],
  );
  return rows;
}

export async function findStaffById(sql: Sql, id: number): Promise<StaffRow | null> {
  const { rows } = await sql.query<StaffRow>(`select ${STAFF_COLS} from staff_users where id = $1`, [id]);
  return rows[0] ?? null;
}

export async function findStaffByEmail(sql: Sql, tenantId: number | null, email: string): Promise<StaffRow | null> {
  const { rows } = await sql.query<StaffRow>(
    `select ${STAFF_COLS} from staff_users where email = $1 and coalesce(tenant_id, 0) = coalesce($2::bigint, 0)`,
    [email, tenantId],
  );
  return rows[0] ?? null;
}

/**
 * Takes TOTP step `step` for the staff member if it is later than every step taken before: one statement, so of
 * two logins racing with one code exactly one gets the row.
 */
export async function takeTotpStep(sql: Sql, staffId: number, step: number): Promise<boolean> {
  const { rows } = await sql.query(
    'update staff_users set totp_last_step = $2 where id = $1 and totp_last_step < $2 and disabled_at is null returning id',
    [staffId, step],
  );
  return rows.length === 1;
}

/** Marks a backup code used; false when it is unknown or was used already (the row lock makes one winner). */
export async function useBackupCode(sql: Sql, staffId: number, codeHash: string): Promise<boolean> {
  const { rows } = await sql.query(
    `update staff_backup_codes set used_at = now()
      where staff_id = $1 and code_hash = $2 and used_at is null returning staff_id`,
    [staffId, codeHash],
  );
  return rows.length === 1;
}

export async function insertStaff(
  sql: Sql,
  s: { tenantId: number | null; email: string; passwordHash: string; role: StaffRole; totpSecret: string },
): Promise<number> {
  const { rows } = await sql.query<{ id: number }>(
    `insert into staff_users (tenant_id, email, password_hash, role, totp_secret)
     values ($1, $2, $3, $4, $5) returning id::int as id`,
    [s.tenantId, s.email, s.passwordHash, s.role, s.totpSecret],
  );
  return rows[0]!.id;
}

/** Replaces the staff member's backup codes (all of the old ones stop working). */
export async function replaceBackupCodes(sql: Sql, staffId: number, hashes: string[]): Promise<void> {
  await sql.query('delete from staff_backup_codes where staff_id = $1', [staffId]);
  await sql.query('insert into staff_backup_codes (staff_id, code_hash) select $1, h from unnest($2::text[]) as h', [
    staffId,
    hashes,
  ]);
}

export async function listStaff(
  sql: Sql,
  tenantId: number,
): Promise<(StaffRow & { created_at: Date; backup_codes_left: number })[]> {
  const { rows } = await sql.query<StaffRow & { created_at: Date; backup_codes_left: number }>(
    `select ${STAFF_COLS}, created_at,
            (select count(*)::int from staff_backup_codes b where b.staff_id = s.id and b.used_at is null)
              as backup_codes_left
       from staff_users s where tenant_id = $1 or tenant_id is null order by tenant_id nulls first, email`,
    [tenantId],
  );
  return rows;
}

/** Disables an account and ends its sessions, in the caller's transaction. */
export async function disableStaff(sql: Sql, staffId: number): Promise<void> {
  await sql.query('update staff_users set disabled_at = coalesce(disabled_at, now()) where id = $1', [staffId]);
  await revokeStaffSessions(sql, staffId);
}

/** A new TOTP secret: the old authenticator stops working, and so do the sessions it opened. */
export async function setTotpSecret(sql: Sql, staffId: number, sealed: string): Promise<void> {
  await sql.query('update staff_users set totp_secret = $2 where id = $1', [staffId, sealed]);
  await revokeStaffSessions(sql, staffId);
}

export async function revokeStaffSessions(sql: Sql, staffId: number): Promise<void> {
  await sql.query('update staff_sessions set revoked_at = now() where staff_id = $1 and revoked_at is null', [staffId]);
}

export type SessionRow = {
  id: string;
  staff_id: number;
  csrf_token: string;
  created_at: Date;
  last_seen_at: Date;
  idle_expires_at: Date;
  expires_at: Date;
  step_up_at: Date | null;
  ip: string | null;
  user_agent: string | null;
};

const SESSION_COLS =
  's.id, s.staff_id::int as staff_id, s.csrf_token, s.created_at, s.last_seen_at, s.idle_expires_at, s.expires_at, s.step_up_at, s.ip, s.user_agent';

export async function insertSession(
  sql: Sql,
  s: {
    id: string;
    tokenHash: string;
    staffId: number;
    csrfToken: string;
    idleMs: number;
    absoluteMs: number;
    ip: string | null;
    userAgent: string | null;
  },
): Promise<SessionRow> {
  const { rows } = await sql.query<SessionRow>(
    `insert into staff_sessions as s (id, token_hash, staff_id, csrf_token, idle_expires_at, expires_at, ip, user_agent)
     values ($1, $2, $3, $4, now() + make_interval(secs => $5::float8 / 1000),
             now() + make_interval(secs => $6::float8 / 1000), $7, $8)
     returning ${SESSION_COLS}`,
    [s.id, s.tokenHash, s.staffId, s.csrfToken, s.idleMs, s.absoluteMs, s.ip, s.userAgent],
  );
  return rows[0]!;
}

/**
 * The live session of a cookie's token with its staff member, its idle end pushed `idleMs` further (never past the
 * absolute end) in the same statement: one round trip per staff call.
 */
export async function touchSession(
  sql: Sql,
  tokenHash: string,
  idleMs: number,
): Promise<(SessionRow & { staff: StaffRow }) | null> {
  const { rows } = await sql.query<SessionRow & { u: StaffRow }>(
    `with s as (
       update staff_sessions s
          set last_seen_at = now(),
              idle_expires_at = least(expires_at, now() + make_interval(secs => $2::float8 / 1000))
        where token_hash = $1 and revoked_at is null and idle_expires_at > now() and expires_at > now()
          and exists (select 1 from staff_users u where u.id = s.staff_id and u.disabled_at is null)
        returning s.*)
     select ${SESSION_COLS},
            json_build_object('id', u.id, 'tenant_id', u.tenant_id, 'email', u.email, 'role', u.role) as u
       from s join staff_users u on u.id = s.staff_id`,
    [tokenHash, idleMs],
  );
  const r = rows[0];
  if (!r) return null;
  const { u, ...session } = r;
  return { ...session, staff: u };
}

export async function findSession(sql: Sql, id: string): Promise<SessionRow | null> {
  const { rows } = await sql.query<SessionRow>(`select ${SESSION_COLS} from staff_sessions s where s.id = $1`, [id]);
  return rows[0] ?? null;
}

export async function markSteppedUp(sql: Sql, sessionId: string): Promise<Date> {
  const { rows } = await sql.query<{ step_up_at: Date }>(
    'update staff_sessions set step_up_at = now() where id = $1 returning step_up_at',
    [sessionId],
  );
  return rows[0]!.step_up_at;
}

/** Revokes one of the staff member's own sessions; false when it is not theirs or had already ended. */
export async function revokeSession(sql: Sql, staffId: number, sessionId: string): Promise<boolean> {
  const { rows } = await sql.query(
    `update staff_sessions set revoked_at = now()
      where id = $1 and staff_id = $2 and revoked_at is null and expires_at > now() and idle_expires_at > now()
      returning id`,
    [sessionId, staffId],
  );
  return rows.length === 1;
}

/** The staff member's live sessions, newest first. */
export async function listSessions(sql: Sql, staffId: number): Promise<SessionRow[]> {
  const { rows } = await sql.query<SessionRow>(
    `select ${SESSION_COLS} from staff_sessions s
      where s.staff_id = $1 and s.revoked_at is null and s.expires_at > now() and s.idle_expires_at > now()
      order by s.created_at desc limit 100`,
    [staffId],
  );
  return rows;
}
