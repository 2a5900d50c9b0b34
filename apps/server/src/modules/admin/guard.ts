import { timingSafeEqual } from 'node:crypto';
import { STAFF_CSRF_HEADER, STAFF_STEP_UP_MS } from '@sorte/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError, type Localized } from '../../platform/errors';
import { STAFF_IDLE_MS, staffTokenHash } from './sessions';
import type { StaffMember } from './staff';
import * as repo from './staff-repo';

const CSRF_REFUSED: Localized = {
  pt: 'Requisição recusada: token CSRF ausente ou inválido. Recarregue a página.',
  en: 'Request refused: missing or invalid CSRF token. Reload the page.',
};
const SESSION_ENDED: Localized = {
  pt: 'Sua sessão do painel terminou. Entre novamente.',
  en: 'Your back-office session has ended. Please log in again.',
};

// One lookup per request, however many times a handler and its helpers ask.
const checked = new WeakMap<FastifyRequest, Promise<StaffMember>>();

/**
 * The staff member of an /api/admin request: the `sorte_staff` cookie's session, live (neither revoked, idle past
 * 30 minutes nor 12 hours old), of an enabled account that belongs to the request host's tenant or to the platform.
 * Each call pushes the idle end further. A call other than GET/HEAD must also send the session's CSRF token in
 * x-csrf-token. Anything else is 401 (403 for the CSRF token), and the session is untouched.
 */
export function requireStaff(req: FastifyRequest): Promise<StaffMember> {
  let p = checked.get(req);
  if (!p) {
    p = lookup(req);
    checked.set(req, p);
  }
  return p;
}

async function lookup(req: FastifyRequest): Promise<StaffMember> {
  const hash = staffTokenHash(req);
  if (!hash || !req.tenant) throw new AppError('unauthorized', SESSION_ENDED);
  const db = req.server.db;
  const unsafe = req.method !== 'GET' && req.method !== 'HEAD';
  if (unsafe) {
    // Checked against the session before the idle end is pushed: a forged request must not keep a session alive.
    const peek = await db.query<{ csrf_token: string }>('select csrf_token from staff_sessions where token_hash = $1', [
      hash,
    ]);
    const want = peek.rows[0]?.csrf_token;
    if (want && !sameToken(req.headers[STAFF_CSRF_HEADER], want)) throw new AppError('forbidden', CSRF_REFUSED);
  }
  const s = await repo.touchSession(db, hash, STAFF_IDLE_MS);
  if (!s) throw new AppError('unauthorized', SESSION_ENDED);
  // A tenant's staff work on their tenant's host only; platform staff on any.
  if (s.staff.tenant_id !== null && s.staff.tenant_id !== req.tenant.id)
    throw new AppError('unauthorized', SESSION_ENDED);
  return {
    id: s.staff.id,
    tenantId: s.staff.tenant_id,
    email: s.staff.email,
    role: s.staff.role,
    sessionId: s.id,
    stepUpAt: s.step_up_at ? new Date(s.step_up_at) : null,
  };
}

function sameToken(sent: string | string[] | undefined, want: string): boolean {
  if (typeof sent !== 'string') return false;
  const a = Buffer.from(sent);
  const b = Buffer.from(want);
  return a.length === b.length && timingSafeEqual(a, b);
}

const STEP_UP: Localized = {
  pt: 'Esta ação pede um novo código do autenticador: confirme para continuar.',
  en: 'This action needs a new authenticator code: confirm to continue.',
};

/** Refuses (403 step_up_required) unless the session confirmed a fresh TOTP code within the last 5 minutes. */
export function requireStepUp(_req: FastifyRequest, staff: StaffMember, nowMs = Date.now()): void {
  const at = staff.stepUpAt?.getTime();
  if (at === undefined || nowMs - at > STAFF_STEP_UP_MS) throw new AppError('step_up_required', STEP_UP);
}
