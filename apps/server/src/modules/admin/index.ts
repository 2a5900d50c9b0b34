/**
 * The back office: staff accounts (per tenant, or platform-wide) with TOTP login, a permission set checked on every
 * /api/admin call, the audit of every staff action, and the console (apps/admin) served at /admin. It calls the same
 * module APIs the ops CLI does. app.ts and the ops CLI use this file only.
 */

export { registerAdminConsole } from './console';
export { requireStaff, requireStepUp } from './guard';
export { ADMIN_COMMANDS } from './ops';
export { adminRoutes } from './routes';
export type { StaffMember } from './staff';
export { ADMIN_JOBS, catchUpStats } from './stats';
