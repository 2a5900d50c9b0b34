/** Staff roles. A tenant's staff act on their tenant only; platform staff (no tenant) on every tenant. */
export const STAFF_ROLES = [
  'owner',
  'admin',
  'finance',
  'kyc',
  'risk',
  'support',
  'marketing',
  'trader',
  'auditor',
] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
