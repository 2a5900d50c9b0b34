import { randomBytes } from 'node:crypto';
import { STAFF_COOKIE } from '@sorte/contracts';
import { parse, serialize } from 'cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { hashToken, newToken } from '../../platform/auth';
import type { Sql } from '../../platform/db/index';
import * as repo from './staff-repo';

/** A staff session ends after this long without a call... */
export const STAFF_IDLE_MS = 30 * 60 * 1000;
/** ...and this long after the login in any case. */
export const STAFF_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
// The cookie goes to the back office's calls only: the player site's requests never carry it.
const COOKIE_PATH = '/api/admin';

export async function startStaffSession(
  sql: Sql,
  o: { staffId: number; ip: string | null; userAgent: string | null },
): Promise<{ token: string; session: repo.SessionRow }> {
  const { token, hash } = newToken();
  const session = await repo.insertSession(sql, {
    id: randomBytes(16).toString('base64url'),
    tokenHash: hash,
    staffId: o.staffId,
    csrfToken: randomBytes(24).toString('base64url'),
    idleMs: STAFF_IDLE_MS,
    absoluteMs: STAFF_ABSOLUTE_MS,
    ip: o.ip,
    userAgent: o.userAgent?.slice(0, 500) ?? null,
  });
  return { token, session };
}

/** The token of the request's staff cookie, or null. */
export function staffToken(req: FastifyRequest): string | null {
  const header = req.headers.cookie;
  if (!header) return null;
  const v = parse(header)[STAFF_COOKIE];
  return v && /^[A-Za-z0-9_-]{20,100}$/.test(v) ? v : null;
}

export function staffTokenHash(req: FastifyRequest): string | null {
  const token = staffToken(req);
  return token ? hashToken(token) : null;
}

function secure(req: FastifyRequest): boolean {
  return req.protocol === 'https';
}

export function setStaffCookie(req: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.header(
    'set-cookie',
    serialize(STAFF_COOKIE, token, {
      httpOnly: true,
      sameSite: 'strict',
      secure: secure(req),
      path: COOKIE_PATH,
      maxAge: STAFF_ABSOLUTE_MS / 1000,
    }),
  );
}

export function clearStaffCookie(req: FastifyRequest, reply: FastifyReply): void {
  reply.header(
    'set-cookie',
    serialize(STAFF_COOKIE, '', {
      httpOnly: true,
      sameSite: 'strict',
      secure: secure(req),
      path: COOKIE_PATH,
      maxAge: 0,
    }),
  );
}
