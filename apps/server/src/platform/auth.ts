import { hash, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Sql } from './db/index';
import { AppError } from './errors';

export type AuthUser = { id: number; tenantId: number; sessionId: number };

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireUser; routes behind it may rely on it. */
    user: AuthUser | null;
  }
}

export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** A new bearer token: 32 random bytes, base64url. Only its hash is stored. */
export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  // One-shot hash (Node 20.12+): no Hash object per request, about a third of createHash's time.
  return hash('sha256', token, 'hex');
}

function bearer(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (typeof h !== 'string') return null;
  const m = /^Bearer\s+([A-Za-z0-9_-]{20,100})\s*$/i.exec(h);
  return m ? m[1]! : null;
}

/**
 * Live sessions this process looked up recently, by tenant and token hash. A hit skips the database for
 * SESSION_CACHE_MS at most (never past the session's own expiry). Revocation is honoured at once on this process:
 * every revoke goes through forgetSession / forgetUserSessions (modules/auth/repo.ts), which drop the entries and
 * bump `revocations`, so a lookup that was already in flight when a revoke happened is not cached (nor are the
 * user's sessions for REVOKE_QUIET_MS, in case the revoke's transaction commits later). Across
 * processes a revoked token keeps working on another node for at most SESSION_CACHE_MS. Misses are not cached. A
 * token in use is checked again in the background from half that time on (findSessionUser).
 */
export const SESSION_CACHE_MS = 2_000;
const SESSION_CACHE_MAX = 50_000;
/** A revoke may sit in a transaction that commits a little later: its user's sessions are not cached meanwhile. */
const REVOKE_QUIET_MS = 10_000;
type CachedSession = { user: AuthUser; until: number; recheckAt: number };
const sessionCache = new Map<string, CachedSession>();
/** Lookups in flight, shared by concurrent requests with the same token. */
const lookups = new Map<string, Promise<AuthUser | null>>();
/** tenant:user -> when a session of that user was last revoked on this process. */
const revokedAt = new Map<string, number>();
let revocations = 0;

function revoked(tenantId: number, userId: number | null) {
  revocations++;
  const now = Date.now();
  if (revokedAt.size > 10_000) for (const [k, t] of revokedAt) if (now - t > REVOKE_QUIET_MS) revokedAt.delete(k);
  if (userId !== null) revokedAt.set(`${tenantId}:${userId}`, now);
}

/** Drops a revoked session from this process's cache (call with the revoke). */
export function forgetSession(tenantId: number, sessionId: number): void {
  // A lookup in flight may have read the row before the revoke: later callers must not share its answer.
  lookups.clear();
  let userId: number | null = null;
  for (const [k, v] of sessionCache)
    if (v.user.tenantId === tenantId && v.user.sessionId === sessionId) {
      userId = v.user.id;
      sessionCache.delete(k);
    }
  revoked(tenantId, userId);
}

/** Drops every cached session of a user (all of their sessions were revoked, or all but one). */
export function forgetUserSessions(tenantId: number, userId: number): void {
  lookups.clear();
  for (const [k, v] of sessionCache) if (v.user.tenantId === tenantId && v.user.id === userId) sessionCache.delete(k);
  revoked(tenantId, userId);
}

/**
 * Resolves `Authorization: Bearer <token>` to a live session of the request's tenant. A token of another tenant,
 * an expired or revoked one, or none at all are the same 401.
 */
export async function findSessionUser(sql: Sql, tenantId: number, token: string): Promise<AuthUser | null> {
  const hash = hashToken(token);
  const key = `${tenantId}:${hash}`;
  const hit = sessionCache.get(key);
  if (hit) {
    const now = Date.now();
    if (hit.until > now) {
      // Past half its time here, the session is checked again in the background while this request goes on: a
      // client in constant use never waits for the database when its entry runs out (every one of a busy client's
      // requests in flight did, each time). The bound is unchanged: the entry still ends at `until`, and only a
      // check that finds the session live (started no earlier than now) puts a new one in its place.
      if (now >= hit.recheckAt && !lookups.has(key)) shareLookup(sql, tenantId, hash, key).catch(() => {});
      return hit.user;
    }
    sessionCache.delete(key);
  }
  // Concurrent requests with one token share one lookup.
  return lookups.get(key) ?? shareLookup(sql, tenantId, hash, key);
}

function shareLookup(sql: Sql, tenantId: number, hash: string, key: string): Promise<AuthUser | null> {
  const p: Promise<AuthUser | null> = lookupSession(sql, tenantId, hash, key).finally(() => {
    if (lookups.get(key) === p) lookups.delete(key);
  });
  lookups.set(key, p);
  return p;
}

async function lookupSession(sql: Sql, tenantId: number, hash: string, key: string): Promise<AuthUser | null> {
  const now = Date.now();
  const epoch = revocations;
  const { rows } = await sql.query<{ id: number; user_id: number; expires_at: Date }>(
    `select s.id, s.user_id, s.expires_at from sessions s
      where s.token_hash = $1 and s.tenant_id = $2 and s.revoked_at is null and s.expires_at > now()`,
    [hash, tenantId],
  );
  const r = rows[0];
  if (!r) {
    // Revoked (by another process), expired or unknown: a check in the background drops the entry at once.
    sessionCache.delete(key);
    return null;
  }
  const user = { id: r.user_id, tenantId, sessionId: r.id };
  const lastRevoke = revokedAt.get(`${tenantId}:${r.user_id}`);
  if (epoch === revocations && !(lastRevoke && now - lastRevoke < REVOKE_QUIET_MS)) {
    if (sessionCache.size >= SESSION_CACHE_MAX) sessionCache.clear();
    sessionCache.set(key, {
      user,
      until: Math.min(now + SESSION_CACHE_MS, new Date(r.expires_at).getTime()),
      recheckAt: now + SESSION_CACHE_MS / 2,
    });
  }
  return user;
}

/**
 * Hook for routes that need a logged-in player: sets `req.user` or answers 401. Routes run it as preValidation, so
 * a guest is refused before the contract reads any field of the request.
 */
export function requireUser(sql: Sql) {
  return async (req: FastifyRequest) => {
    const token = bearer(req);
    const user = token && req.tenant ? await findSessionUser(sql, req.tenant.id, token) : null;
    if (!user) throw new AppError('unauthorized');
    req.user = user;
  };
}

/** The current user of a route behind requireUser. */
export function currentUser(req: FastifyRequest): AuthUser {
  if (!req.user) throw new AppError('unauthorized');
  return req.user;
}

const GUEST_ID = /^guest-[A-Za-z0-9_-]{6,64}$/;

/** The `Guest-ID` header a guest's browser sends (spec section 6); null when absent or malformed. */
export function guestId(req: FastifyRequest): string | null {
  const v = req.headers['guest-id'];
  return typeof v === 'string' && GUEST_ID.test(v) ? v : null;
}
