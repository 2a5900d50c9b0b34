import {
  type AdminAbility,
  type AdminAction,
  type AdminSubject,
  abilityFor,
  needsStepUp,
  STAFF_ROLES,
  type StaffRole,
} from '@sorte/contracts';
import type { FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import { AppError, type Localized } from '../../platform/errors';
import { requireStaff, requireStepUp } from './guard';
import type { StaffMember } from './staff';

// A role's rules never change at run time: each ability is built once.
const ABILITIES = new Map<StaffRole, AdminAbility>(STAFF_ROLES.map((r) => [r, abilityFor(r)]));

const ROLE_NAMES: Record<StaffRole, Record<'pt' | 'en', string>> = {
  owner: { pt: 'proprietário', en: 'owner' },
  admin: { pt: 'administrador', en: 'admin' },
  finance: { pt: 'financeiro', en: 'finance' },
  kyc: { pt: 'KYC', en: 'KYC' },
  risk: { pt: 'risco', en: 'risk' },
  support: { pt: 'suporte', en: 'support' },
  marketing: { pt: 'marketing', en: 'marketing' },
  trader: { pt: 'trader', en: 'trader' },
  auditor: { pt: 'auditor', en: 'auditor' },
};

const notAllowed = (role: StaffRole): Localized => ({
  pt: `Seu perfil (${ROLE_NAMES[role].pt}) não permite esta ação.`,
  en: `Your role (${ROLE_NAMES[role].en}) does not allow this action.`,
});

/** Whether a role may do `action` on `subject` (the same answer the console hides buttons by). */
export function roleCan(role: StaffRole, action: AdminAction, subject: AdminSubject): boolean {
  return ABILITIES.get(role)!.can(action, subject);
}

/**
 * The staff member of the request if their role may do `action` on `subject`: 401 without a live staff session,
 * 403 (in their language) when the role may not, and 403 step_up_required for a sensitive act (STEP_UP_ACTIONS)
 * without a fresh TOTP confirmation. Every /api/admin call but the login's goes through here.
 */
export async function authorize(req: FastifyRequest, action: AdminAction, subject: AdminSubject): Promise<StaffMember> {
  const staff = await requireStaff(req);
  if (!roleCan(staff.role, action, subject)) throw new AppError('forbidden', notAllowed(staff.role));
  if (needsStepUp(action, subject)) requireStepUp(req, staff);
  return staff;
}

/**
 * A route's permission as its preValidation hook: the caller is refused before their input is read, so a role
 * without the right learns nothing of the call's shape. The handler takes the staff member from `staffOf(req)`.
 */
export function allow(action: AdminAction, subject: AdminSubject): { preValidation: preValidationAsyncHookHandler } {
  return {
    preValidation: async (req) => {
      authorized.set(req, await authorize(req, action, subject));
    },
  };
}

const authorized = new WeakMap<FastifyRequest, StaffMember>();

/** The staff member `allow` let through. */
export function staffOf(req: FastifyRequest): StaffMember {
  const staff = authorized.get(req);
  if (!staff) throw new AppError('unauthorized');
  return staff;
}

const OWN_TENANT_ONLY: Localized = {
  pt: 'A equipe de uma plataforma vê somente a própria plataforma.',
  en: 'A platform’s staff see their own platform only.',
};

/**
 * The tenant a staff member's read or act is held to: their own for a tenant's staff (asking for another is a
 * 403), the one they name, or every tenant (undefined), for platform staff.
 */
export function tenantScope(staff: StaffMember, requested?: number): number | undefined {
  if (staff.tenantId === null) return requested;
  if (requested !== undefined && requested !== staff.tenantId) throw new AppError('forbidden', OWN_TENANT_ONLY);
  return staff.tenantId;
}
