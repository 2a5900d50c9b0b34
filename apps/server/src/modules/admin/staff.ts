import type { StaffRole } from '@sorte/contracts';

/** The staff member behind an /api/admin request, once their session is checked. */
export type StaffMember = {
  id: number;
  /** Null for platform staff, who act on every tenant. */
  tenantId: number | null;
  email: string;
  role: StaffRole;
  sessionId: string;
  /** When the session last confirmed a fresh TOTP code (requireStepUp reads it); null if never. */
  stepUpAt: Date | null;
};
