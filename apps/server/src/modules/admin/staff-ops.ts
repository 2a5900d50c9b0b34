import { STAFF_ROLES, type StaffRole } from '@sorte/contracts';
import QRCode from 'qrcode';
import { loadConfig } from '../../config';
import type { Db } from '../../platform/db/index';
import { type Command, flag, type Parsed, table, tenantOfHost, UsageError } from '../../platform/ops';
import { type PasswordHasher, passwordHasher } from '../auth/index';
import { findTenantByHost } from '../tenants/index';
import { createStaff, disableStaffAccount, type NewStaff, normalizeStaffEmail, resetStaffTotp } from './auth-service';
import * as repo from './staff-repo';

const CREATE = 'staff:create --host H --email E --role R --password P [--platform]';
const LIST = 'staff:list --host H';
const DISABLE = 'staff:disable --host H --email E [--platform]';
const RESET = 'staff:reset-totp --host H --email E [--platform]';

export const STAFF_PASSWORD_MIN = 12;

let hasher: PasswordHasher | null = null;
// The same argon2id cost as the server's player passwords (PASSWORD_HASH_*), read when a command first needs it.
const staffHasher = () => {
  hasher ??= passwordHasher(loadConfig().passwordHash);
  return hasher;
};

/** --platform: an account of the platform (every tenant); else one of the tenant served from --host. */
async function scopeOf(db: Db, args: Parsed, usage: string): Promise<number | null> {
  if (args.flags.platform === true) return null;
  return tenantOfHost(db, args, usage, findTenantByHost);
}

async function existing(db: Db, args: Parsed, usage: string) {
  const tenantId = await scopeOf(db, args, usage);
  const email = normalizeStaffEmail(flag(args, 'email', usage));
  const staff = await repo.findStaffByEmail(db, tenantId, email);
  if (!staff)
    throw new UsageError(`no staff member ${email} ${tenantId === null ? 'on the platform' : 'on this tenant'}`);
  return staff;
}

async function secrets(s: Omit<NewStaff, 'id'>): Promise<string> {
  return [
    'Shown once, keep it safe (scan the QR code or type the secret into an authenticator app: Google Authenticator,',
    '1Password, Authy ...):',
    await QRCode.toString(s.uri, { type: 'utf8' }),
    `  TOTP secret (base32): ${s.secret}`,
    `  otpauth URI:          ${s.uri}`,
    'Backup codes (each logs in once instead of a TOTP code):',
    ...s.backupCodes.map((c) => `  ${c}`),
  ].join('\n');
}

/** staff:create and the other staff commands. */
export const STAFF_COMMANDS: Record<string, Command> = {
  'staff:create': {
    usage: CREATE,
    summary:
      'Create a back-office account (of the tenant of --host, or of the platform with --platform); prints its TOTP secret and backup codes once',
    async run({ db }, args) {
      const tenantId = await scopeOf(db, args, CREATE);
      const email = normalizeStaffEmail(flag(args, 'email', CREATE));
      if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email) || email.length > 254)
        throw new UsageError(`--email is not an e-mail address\nusage: ${CREATE}`);
      const role = flag(args, 'role', CREATE);
      if (!(STAFF_ROLES as readonly string[]).includes(role))
        throw new UsageError(`--role is one of ${STAFF_ROLES.join(', ')}\nusage: ${CREATE}`);
      const password = flag(args, 'password', CREATE);
      if (password.length < STAFF_PASSWORD_MIN || password.length > 200)
        throw new UsageError(`--password has ${STAFF_PASSWORD_MIN} to 200 characters\nusage: ${CREATE}`);
      if (await repo.findStaffByEmail(db, tenantId, email))
        throw new UsageError(
          `${email} already has an account ${tenantId === null ? 'on the platform' : 'on this tenant'}`,
        );
      const s = await createStaff(db, staffHasher(), {
        tenantId,
        email,
        role: role as StaffRole,
        password,
        audit: true,
      });
      const scope = tenantId === null ? 'platform staff (every tenant)' : `staff of tenant ${tenantId}`;
      return `staff member ${s.id} created: ${email}, ${role}, ${scope}\n${await secrets(s)}`;
    },
  },
  'staff:list': {
    usage: LIST,
    summary: 'The back-office accounts of the tenant of --host and the platform staff',
    async run({ db }, args) {
      const tenantId = await tenantOfHost(db, args, LIST, findTenantByHost);
      const rows = await repo.listStaff(db, tenantId);
      return table(
        rows.map((r) => ({
          id: r.id,
          email: r.email,
          role: r.role,
          scope: r.tenant_id === null ? 'platform' : 'tenant',
          disabled: r.disabled_at ? new Date(r.disabled_at).toISOString() : '-',
          backup_codes_left: r.backup_codes_left,
          created: new Date(r.created_at).toISOString(),
        })),
      );
    },
  },
  'staff:disable': {
    usage: DISABLE,
    summary: 'Disable a back-office account and end its sessions',
    async run({ db }, args) {
      const staff = await existing(db, args, DISABLE);
      await disableStaffAccount(db, { id: staff.id, email: staff.email, tenantId: staff.tenant_id });
      return `staff member ${staff.id} (${staff.email}) disabled; their sessions are ended`;
    },
  },
  'staff:reset-totp': {
    usage: RESET,
    summary: 'A new TOTP secret and backup codes for an account (lost phone); ends its sessions; prints them once',
    async run({ db }, args) {
      const staff = await existing(db, args, RESET);
      const s = await resetStaffTotp(db, { id: staff.id, email: staff.email, tenantId: staff.tenant_id });
      return `staff member ${staff.id} (${staff.email}): new TOTP secret, old codes and sessions ended\n${await secrets(s)}`;
    },
  },
};
