import type { Sql } from '../../platform/db/index';
import { likedGameIds } from '../casino/index';
import { readWallet, totalBet } from '../ledger/index';
import { vipStateOf } from '../vip/index';
import type { UserRow } from './repo';

type Address = {
  zip_code: string;
  street: string;
  number: string;
  complement: string | null;
  neighborhood: string;
  city: string;
  state: string;
  country: string;
};

/** Privacy switches of /profile/update-settings, with the value a new account starts with. */
export const PRIVACY_DEFAULTS = {
  // Show a masked name ("Joã***") instead of the first name in the public bet feed, chat and rankings.
  hide_name: false,
  hide_from_ranking: false,
  // Offers are opt-in (LGPD): off until the player turns them on.
  marketing_email: false,
  marketing_sms: false,
} as const;

export type PrivacySettings = { -readonly [K in keyof typeof PRIVACY_DEFAULTS]: boolean };

export type SelfExclusion = { value: string | null; start_at: string; end_at: string };

export function selfExclusionOf(u: UserRow, now = new Date()): SelfExclusion | null {
  if (!u.self_exclusion_end || !u.self_exclusion_start || u.self_exclusion_end <= now) return null;
  return {
    value: u.self_exclusion_value,
    start_at: u.self_exclusion_start.toISOString(),
    end_at: u.self_exclusion_end.toISOString(),
  };
}

/** "123.456.789-09" -> "***.456.789-**": enough for the player to recognise, not enough to reuse. */
export function maskCpf(cpf: string | null): string | null {
  return cpf ? `***.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-**` : null;
}

/**
 * The User of spec section 3 (what /auth/me, login and register return, and what the web keeps in the auth_state
 * cookie), plus the account fields the profile pages need. Nothing secret: no hashes, the CPF masked.
 */
export type UserWallet = { balance: number; balance_withdrawal: number; bonus: number; deposit_count: number };

/** The player's VIP level and points balance (points are not money: never converted to cash). */
export type UserVip = { level: number; points: number };

const NO_VIP: UserVip = { level: 0, points: 0 };

const NO_WALLET: UserWallet = { balance: 0, balance_withdrawal: 0, bonus: 0, deposit_count: 0 };

export function toUserDto(
  u: UserRow,
  address: Address | null = null,
  userLikes: number[] = [],
  wallet: UserWallet = NO_WALLET,
  totalBet = 0,
  vip: UserVip = NO_VIP,
) {
  return {
    id: u.id,
    first_name: u.first_name,
    last_name: u.last_name,
    name: `${u.first_name} ${u.last_name}`.trim(),
    email: u.email,
    username: u.phone,
    phone: u.phone,
    birth_date: u.birth_date,
    // The VIP level in the tenant's current season (the vip module's, see userVipOf).
    level: vip.level,
    // What the player has wagered in all (the ledger counts it: userTotalBetOf).
    totalBet,
    avatar: u.avatar,
    language: u.language,
    // The liked game ids (see userLikesOf); the web syncs its like store from this list.
    user_likes: userLikes,
    vip,
    // The same figures as GET /profile/wallet (centavos), read from the ledger when the DTO is built.
    wallet,
    address,
    cpf: maskCpf(u.cpf),
    email_verified: u.email_verified_at !== null,
    phone_verified: u.phone_verified_at !== null,
    has_password: u.password_hash !== null,
    google_linked: u.google_sub !== null,
    hide_metrics: u.hide_metrics,
    settings: { ...PRIVACY_DEFAULTS, ...u.settings } as PrivacySettings,
    referral_code: u.referral_code,
    self_exclusion: selfExclusionOf(u),
    created_at: u.created_at.toISOString(),
  };
}

export type UserDto = ReturnType<typeof toUserDto>;

/** The player's liked game ids for `user_likes` (from the casino's likes, latest send per game). */
export function userLikesOf(sql: Sql, tenantId: number, userId: number): Promise<number[]> {
  return likedGameIds(sql, tenantId, userId);
}

/** The player's wallet for `wallet` (the ledger balances GET /profile/wallet answers). */
export async function userWalletOf(sql: Sql, tenantId: number, userId: number): Promise<UserWallet> {
  const w = await readWallet(sql, { tenantId, userId });
  return {
    balance: w.balance,
    balance_withdrawal: w.balance_withdrawal,
    bonus: w.bonus,
    deposit_count: w.deposit_count,
  };
}

/** The `level` and `vip` of the User: the vip module owns them (player_vip), read through its API. */
export async function userVipOf(sql: Sql, tenantId: number, userId: number): Promise<UserVip> {
  const v = await vipStateOf(sql, tenantId, userId);
  return { level: v.level, points: v.points };
}

/** The player's total wagered for `totalBet` (the ledger's count of their stakes). */
export function userTotalBetOf(sql: Sql, tenantId: number, userId: number): Promise<number> {
  return totalBet(sql, { tenantId, userId });
}
