import { createHash, randomBytes } from 'node:crypto';
import {
  STAFF_BACKUP_CODES,
  STAFF_STEP_UP_MS,
  type StaffMemberReply,
  type StaffRole,
  type StaffSessionItem,
  type StaffSessionReply,
} from '@sorte/contracts';
import type { Db, Sql } from '../../platform/db/index';
import { AppError, type Localized } from '../../platform/errors';
import { enforceLimits, type RateLimiter } from '../../platform/rate-limit';
import type { PasswordHasher } from '../auth/index';
import { appendAudit } from '../responsible-gaming/index';
import { auditStaffAct } from './audit';
import { startStaffSession } from './sessions';
import type { StaffMember } from './staff';
import * as repo from './staff-repo';
import { matchTotp, newTotpSecret, openTotpSecret, sealTotpSecret, totpUri } from './totp';

/** What the staff use cases need besides the database: built once per app in auth-routes.ts. */
export type StaffAuthDeps = {
  db: Db;
  limiter: RateLimiter;
  hasher: PasswordHasher;
  /** The clock TOTP codes are checked against (tests pass their own). */
  now: () => number;
};

export type StaffRequest = { tenantId: number; ip: string; userAgent: string | null };

/**
 * A refused login goes to the audit log under the e-mail that was typed (never the password or code), on the tenant
 * whose host was asked, so brute force against an account shows in the log beside the rate limiter's refusals.
 */
async function auditLoginFailed(db: Db, ctx: StaffRequest, email: string, reason: 'credentials' | 'code') {
  await appendAudit(db, {
    tenantId: ctx.tenantId,
    userId: null,
    actor: email || '-',
    action: 'staff.login_failed',
    before: null,
    after: { reason },
    ip: ctx.ip,
  });
}

const MINUTE = 60_000;
export const STAFF_LIMITS = {
  loginIp: { limit: 30, windowMs: 15 * MINUTE },
  loginEmailIp: { limit: 5, windowMs: 15 * MINUTE },
  stepUp: { limit: 5, windowMs: 5 * MINUTE },
};

const tooMany = (s: number): Localized => ({
  pt: `Muitas tentativas. Tente novamente em ${s} segundos.`,
  en: `Too many attempts. Try again in ${s} seconds.`,
});

/** One answer for an unknown e-mail, a wrong password and a wrong or used code: nothing tells which it was. */
export const STAFF_LOGIN_FAILED: Localized = {
  pt: 'E-mail, senha ou código incorretos.',
  en: 'Incorrect e-mail, password or code.',
};

const WRONG_CODE: Localized = {
  pt: 'Código incorreto ou já usado. Aguarde o próximo código do autenticador.',
  en: 'Wrong or already used code. Wait for the authenticator’s next code.',
};

export function normalizeStaffEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function staffReply(s: {
  id: number;
  email: string;
  role: StaffRole;
  tenant_id: number | null;
}): StaffMemberReply {
  return { id: s.id, email: s.email, role: s.role, tenant_id: s.tenant_id };
}

function sessionReply(staff: StaffMemberReply, s: repo.SessionRow): StaffSessionReply {
  return {
    staff,
    csrf_token: s.csrf_token,
    expires_at: new Date(s.idle_expires_at).toISOString(),
    step_up_until: s.step_up_at ? new Date(new Date(s.step_up_at).getTime() + STAFF_STEP_UP_MS).toISOString() : null,
  };
}

/** Backup codes are 10 base32 characters shown as xxxxx-xxxxx; case, spaces and hyphens do not matter. */
function normalizeBackupCode(code: string): string {
  return code.toLowerCase().replace(/[^a-z2-7]/g, '');
}

export function hashBackupCode(code: string): string {
  return createHash('sha256')
    .update(`staff-backup:${normalizeBackupCode(code)}`)
    .digest('hex');
}

const B32 = 'abcdefghijklmnopqrstuvwxyz234567';
function newBackupCode(): string {
  const s = [...randomBytes(10)].map((b) => B32[b & 31]).join('');
  return `${s.slice(0, 5)}-${s.slice(5)}`;
}

/**
 * POST /api/admin/auth/login: password, then a TOTP code of an unused step (or an unused backup code), then a new
 * session; the code is taken and the session created in one transaction, so a code spent opens a session.
 */
export async function loginStaff(
  deps: StaffAuthDeps,
  ctx: StaffRequest,
  input: { email: string; password: string; totp?: string | undefined; backupCode?: string | undefined },
) {
  const email = normalizeStaffEmail(input.email).slice(0, 254);
  const targetKey = `staff-login:${email}:${ctx.ip}`;
  await enforceLimits(
    deps.limiter,
    [
      { key: `staff-login-ip:${ctx.ip}`, ...STAFF_LIMITS.loginIp },
      { key: targetKey, ...STAFF_LIMITS.loginEmailIp },
    ],
    tooMany,
  );
  const candidates = await repo.findLoginCandidates(deps.db, ctx.tenantId, email);
  let staff: repo.StaffRow | null = null;
  if (candidates.length === 0) await deps.hasher.verify(null, input.password);
  for (const c of candidates) {
    if (await deps.hasher.verify(c.password_hash, input.password)) {
      staff = c;
      break;
    }
  }
  if (!staff) {
    await auditLoginFailed(deps.db, ctx, email, 'credentials');
    throw new AppError('unauthorized', STAFF_LOGIN_FAILED);
  }
  const found = staff;
  const step = input.totp ? matchTotp(await openTotpSecret(deps.db, found.totp_secret), input.totp, deps.now()) : null;
  const started = await deps.db.transaction(async (tx) => {
    const ok = input.totp
      ? step !== null && (await repo.takeTotpStep(tx, found.id, step))
      : await repo.useBackupCode(tx, found.id, hashBackupCode(input.backupCode ?? ''));
    if (!ok) return null;
    const session = await startStaffSession(tx, { staffId: found.id, ip: ctx.ip, userAgent: ctx.userAgent });
    await auditStaffAct(tx, {
      staff: member(found, session.session.id),
      action: 'staff.login',
      tenantId: found.tenant_id,
      userId: null,
      before: null,
      after: { session_id: session.session.id, with: input.totp ? 'totp' : 'backup_code', user_agent: ctx.userAgent },
      ip: ctx.ip,
    });
    return session;
  });
  if (!started) {
    await auditLoginFailed(deps.db, ctx, email, 'code');
    throw new AppError('unauthorized', STAFF_LOGIN_FAILED);
  }
  await deps.limiter.reset(targetKey);
  return { token: started.token, body: sessionReply(staffReply(found), started.session) };
}

/** GET /api/admin/auth/me: the staff member and their session (the console reads its CSRF token here on reload). */
export async function staffSession(db: Db, staff: StaffMember): Promise<StaffSessionReply> {
  const s = await repo.findSession(db, staff.sessionId);
  if (!s) throw new AppError('unauthorized');
  return sessionReply(staffReply({ ...staff, tenant_id: staff.tenantId }), s);
}

/** The StaffMember shape of an account row, for the audit of its own login (before a request carries one). */
function member(row: repo.StaffRow, sessionId: string): StaffMember {
  return { id: row.id, tenantId: row.tenant_id, email: row.email, role: row.role, sessionId, stepUpAt: null };
}

export async function logoutStaff(db: Db, staff: StaffMember, ip: string | null): Promise<void> {
  await db.transaction(async (tx) => {
    await repo.revokeSession(tx, staff.id, staff.sessionId);
    await auditStaffAct(tx, {
      staff,
      action: 'staff.logout',
      tenantId: staff.tenantId,
      userId: null,
      before: null,
      after: { session_id: staff.sessionId },
      ip,
    });
  });
}

/** POST /api/admin/auth/step-up: a fresh code (of a step not used before) opens sensitive actions for 5 minutes. */
export async function stepUpStaff(deps: StaffAuthDeps, staff: StaffMember, code: string, ip: string | null) {
  await enforceLimits(deps.limiter, [{ key: `staff-step-up:${staff.id}`, ...STAFF_LIMITS.stepUp }], tooMany);
  const row = await repo.findStaffById(deps.db, staff.id);
  if (!row) throw new AppError('unauthorized');
  const step = matchTotp(await openTotpSecret(deps.db, row.totp_secret), code, deps.now());
  const at = await deps.db.transaction(async (tx) => {
    if (step === null || !(await repo.takeTotpStep(tx, staff.id, step))) return null;
    const marked = await repo.markSteppedUp(tx, staff.sessionId);
    await auditStaffAct(tx, {
      staff,
      action: 'staff.step_up',
      tenantId: staff.tenantId,
      userId: null,
      before: null,
      after: { session_id: staff.sessionId },
      ip,
    });
    return marked;
  });
  if (!at) {
    await auditStaffAct(deps.db, {
      staff,
      action: 'staff.step_up_failed',
      tenantId: staff.tenantId,
      userId: null,
      before: null,
      after: { session_id: staff.sessionId },
      ip,
    });
    throw new AppError('validation', WRONG_CODE, { totp: [WRONG_CODE] });
  }
  return { step_up_until: new Date(new Date(at).getTime() + STAFF_STEP_UP_MS).toISOString() };
}

export async function listStaffSessions(db: Db, staff: StaffMember): Promise<{ data: StaffSessionItem[] }> {
  const rows = await repo.listSessions(db, staff.id);
  const iso = (d: Date) => new Date(d).toISOString();
  return {
    data: rows.map((s) => ({
      id: s.id,
      created_at: iso(s.created_at),
      last_seen_at: iso(s.last_seen_at),
      expires_at: iso(s.idle_expires_at),
      ip: s.ip,
      user_agent: s.user_agent,
      current: s.id === staff.sessionId,
    })),
  };
}

export async function revokeStaffSession(db: Db, staff: StaffMember, sessionId: string, ip: string | null) {
  const revoked = await db.transaction(async (tx) => {
    const done = await repo.revokeSession(tx, staff.id, sessionId);
    // Only a session that was live and ended here is an act; revoking one already gone changes nothing.
    if (done)
      await auditStaffAct(tx, {
        staff,
        action: 'staff.session_revoke',
        tenantId: staff.tenantId,
        userId: null,
        before: { session_id: sessionId },
        after: { revoked: true, current: sessionId === staff.sessionId },
        ip,
      });
    return done;
  });
  return { revoked };
}

/** Who ran an ops command, as the audit log names them: the CLI's OS user (the CLI has no staff session). */
export const opsActor = () => `ops:${process.env.USER ?? process.env.LOGNAME ?? 'cli'}`;

/** An ops command's act on a staff account, audited in the act's transaction. */
async function auditOps(
  tx: Sql,
  a: { action: string; tenantId: number | null; staffId: number; email: string; after: unknown },
) {
  await appendAudit(tx, {
    tenantId: a.tenantId,
    userId: null,
    actor: opsActor(),
    action: a.action,
    before: null,
    after: { staff_id: a.staffId, email: a.email, ...(a.after as object) },
    ip: null,
  });
}

/** What staff:create prints once: the TOTP secret, its otpauth:// URI and the backup codes are never shown again. */
export type NewStaff = { id: number; secret: string; uri: string; backupCodes: string[] };

async function newSecrets(db: Db, email: string) {
  const secret = newTotpSecret();
  const backupCodes = Array.from({ length: STAFF_BACKUP_CODES }, newBackupCode);
  return { secret, uri: totpUri(secret, email), backupCodes, sealed: await sealTotpSecret(db, secret) };
}

/** staff:disable: the account stops logging in and its sessions end, audited in the same transaction. */
export async function disableStaffAccount(db: Db, staff: { id: number; email: string; tenantId: number | null }) {
  await db.transaction(async (tx) => {
    await repo.disableStaff(tx, staff.id);
    await auditOps(tx, {
      action: 'staff.disable',
      tenantId: staff.tenantId,
      staffId: staff.id,
      email: staff.email,
      after: { disabled: true, sessions_ended: true },
    });
  });
}

export async function createStaff(
  db: Db,
  hasher: PasswordHasher,
  o: { tenantId: number | null; email: string; role: StaffRole; password: string; audit?: boolean },
): Promise<NewStaff> {
  const email = normalizeStaffEmail(o.email);
  if (await repo.findStaffByEmail(db, o.tenantId, email)) throw new AppError('conflict', `${email} already exists`);
  const passwordHash = await hasher.hash(o.password);
  const s = await newSecrets(db, email);
  const id = await db.transaction(async (tx) => {
    const id = await repo.insertStaff(tx, {
      tenantId: o.tenantId,
      email,
      passwordHash,
      role: o.role,
      totpSecret: s.sealed,
    });
    await repo.replaceBackupCodes(tx, id, s.backupCodes.map(hashBackupCode));
    if (o.audit)
      await auditOps(tx, { action: 'staff.create', tenantId: o.tenantId, staffId: id, email, after: { role: o.role } });
    return id;
  });
  return { id, secret: s.secret, uri: s.uri, backupCodes: s.backupCodes };
}

/** A lost phone: a new secret and new backup codes; the old ones and every session of the account stop working. */
export async function resetStaffTotp(
  db: Db,
  staff: { id: number; email: string; tenantId: number | null },
): Promise<Omit<NewStaff, 'id'>> {
  const s = await newSecrets(db, staff.email);
  await db.transaction(async (tx) => {
    await repo.setTotpSecret(tx, staff.id, s.sealed);
    await repo.replaceBackupCodes(tx, staff.id, s.backupCodes.map(hashBackupCode));
    // The new secret and codes never reach the log: only that they changed and that the sessions ended.
    await auditOps(tx, {
      action: 'staff.reset_totp',
      tenantId: staff.tenantId,
      staffId: staff.id,
      email: staff.email,
      after: { sessions_ended: true },
    });
  });
  return { secret: s.secret, uri: s.uri, backupCodes: s.backupCodes };
}
