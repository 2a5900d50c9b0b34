import { AbilityBuilder, createMongoAbility, type MongoAbility } from '@casl/ability';

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

/**
 * What a staff member can do to a subject. `manage` is CASL's "every action"; the verbs past the CRUD ones name
 * the operator's acts that carry money or a player's protection, so each can be granted (and stepped up) alone.
 */
export const ADMIN_ACTIONS = [
  'manage',
  'read',
  'create',
  'update',
  'delete',
  'export',
  'approve',
  'reject',
  'adjust',
  'grant',
  'lift',
  'block',
  'settle',
  'moderate',
  'send',
  'change_role',
] as const;
export type AdminAction = (typeof ADMIN_ACTIONS)[number];

/** Everything the console shows or changes; `all` is CASL's "every subject". */
export const ADMIN_SUBJECTS = [
  'Player',
  'Wallet',
  'Withdrawal',
  'Deposit',
  'Kyc',
  'Limits',
  'Bonus',
  'Offer',
  'Coupon',
  'Cashback',
  'Mission',
  'Vip',
  'Affiliate',
  'Game',
  'Provider',
  'Originals',
  'Box',
  'Sportsbook',
  'Chat',
  'Notification',
  'Tenant',
  'Staff',
  'AuditLog',
  'Report',
  'Dashboard',
  'Events',
] as const;
export type AdminSubject = (typeof ADMIN_SUBJECTS)[number];

export type AdminAbility = MongoAbility<[AdminAction, AdminSubject | 'all']>;

type Builder = AbilityBuilder<AdminAbility>;

/** The promotions a marketing team runs end to end. */
const PROMOTIONS: AdminSubject[] = ['Offer', 'Coupon', 'Cashback', 'Mission', 'Vip', 'Affiliate', 'Box'];
/** What every role that looks after players needs to see first. */
const OVERVIEW: AdminSubject[] = ['Dashboard', 'Player'];

/** Each role's grants; `cannot` rules after them take precedence (CASL reads the last matching rule first). */
const ROLE_RULES: Record<StaffRole, (can: Builder['can'], cannot: Builder['cannot']) => void> = {
  owner: (can) => can('manage', 'all'),
  // The operator's day-to-day head: everything, except giving roles (a staff member cannot raise another to their
  // own level) and deleting the tenant.
  admin: (can, cannot) => {
    can('manage', 'all');
    cannot('change_role', 'Staff');
    cannot('delete', 'Tenant');
  },
  finance: (can) => {
    can('read', [...OVERVIEW, 'Wallet', 'Withdrawal', 'Deposit', 'Kyc', 'Bonus', 'Affiliate', 'Report']);
    can(['approve', 'reject'], ['Withdrawal', 'Affiliate']);
    can('adjust', 'Wallet');
    can('update', 'Deposit');
    can('export', 'Report');
  },
  kyc: (can) => {
    can('read', [...OVERVIEW, 'Kyc']);
    can(['approve', 'reject'], 'Kyc');
  },
  risk: (can) => {
    can('read', [
      ...OVERVIEW,
      'Wallet',
      'Withdrawal',
      'Deposit',
      'Kyc',
      'Limits',
      'Bonus',
      'Chat',
      'AuditLog',
      'Report',
    ]);
    can('block', 'Player');
    can(['update', 'lift'], 'Limits');
    can('export', 'Report');
  },
  support: (can) => {
    can('read', [...OVERVIEW, 'Wallet', 'Deposit', 'Kyc', 'Limits', 'Bonus', 'Chat', 'Notification']);
    can('update', 'Player');
    can('moderate', 'Chat');
    can('send', 'Notification');
  },
  marketing: (can) => {
    can('read', [...OVERVIEW, 'Bonus', 'Notification', 'Report', 'Game', 'Provider', ...PROMOTIONS]);
    can(['create', 'update', 'delete'], PROMOTIONS);
    // The lobby is marketing's shop window: enabling, featuring and ordering games and providers.
    can('update', ['Game', 'Provider']);
    can('grant', 'Bonus');
    can('send', 'Notification');
  },
  trader: (can) => {
    can('read', [...OVERVIEW, 'Sportsbook', 'Report']);
    can(['update', 'settle'], 'Sportsbook');
  },
  auditor: (can) => {
    can('read', 'all');
    can('export', 'Report');
  },
};

/**
 * The permission set of a role: the server checks it on every /api/admin call, and the console hides what it
 * refuses. The audit log is append-only for everyone, owners included: only `read` and `export` exist on it.
 */
export function abilityFor(role: StaffRole): AdminAbility {
  const { can, cannot, build } = new AbilityBuilder<AdminAbility>(createMongoAbility);
  ROLE_RULES[role](can, cannot);
  cannot(
    ADMIN_ACTIONS.filter((a) => a !== 'read' && a !== 'export' && a !== 'manage'),
    'AuditLog',
  );
  return build();
}

/**
 * The acts that ask the staff member for a fresh TOTP code (step-up) even inside a valid session: they move money
 * or take a protection off a player, so a stolen session alone must not be enough.
 */
export const STEP_UP_ACTIONS: readonly (readonly [AdminAction, AdminSubject])[] = [
  ['approve', 'Withdrawal'],
  ['reject', 'Withdrawal'],
  ['adjust', 'Wallet'],
  ['grant', 'Bonus'],
  ['lift', 'Limits'],
  ['change_role', 'Staff'],
];

export function needsStepUp(action: AdminAction, subject: AdminSubject): boolean {
  return STEP_UP_ACTIONS.some(([a, s]) => a === action && s === subject);
}
