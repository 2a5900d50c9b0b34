import { createHash, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Sql } from '../db/index';
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
  return createHash('sha256').update(token).digest('hex');
}

function bearer(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (typeof h !== 'string') return null;
  const m = /^Bearer\s+([A-Za-z0-9_-]{20,100})\s*$/i.exec(h);
  return m ? m[1]! : null;
}

/**
 * Resolves `Authorization: Bearer <token>` to a live session of the request's tenant. A token of another tenant,
 * an expired or revoked one, or none at all are the same 401.
 */
export async function findSessionUser(sql: Sql, tenantId: number, token: string): Promise<AuthUser | null> {
  const { rows } = await sql.query<{ id: number; user_id: number }>(
    `select s.id, s.user_id from sessions s
      where s.token_hash = $1 and s.tenant_id = $2 and s.revoked_at is null and s.expires_at > now()`,
    [hashToken(token), tenantId],
  );
  const r = rows[0];
  return r ? { id: r.user_id, tenantId, sessionId: r.id } : null;
}

/** preHandler for routes that need a logged-in player: sets `req.user` or answers 401. */
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
