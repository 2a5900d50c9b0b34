import { randomBytes } from 'node:crypto';
import { maskName } from '@sorte/contracts';
import type { Db } from '../../platform/db/index';
import { AppError, type Localized } from '../../platform/errors';
import type { FileStorage } from '../../platform/storage';
// The player record (users, user_addresses) belongs to the accounts module: the profile reads and changes it
// through auth's API.
import * as authRepo from '../auth/index';
import {
  fieldError,
  PRIVACY_DEFAULTS,
  type PrivacySettings,
  toUserDto,
  userLikesOf,
  userTotalBetOf,
  userVipOf,
  userWalletOf,
} from '../auth/index';

export type Me = { tenantId: number; userId: number; sessionId: number };

async function userDto(db: Db, m: Me) {
  const u = await authRepo.findUserById(db, m.tenantId, m.userId);
  if (!u) throw new AppError('unauthorized');
  return toUserDto(
    u,
    await authRepo.findAddress(db, m.tenantId, m.userId),
    await userLikesOf(db, m.tenantId, m.userId),
    await userWalletOf(db, m.tenantId, m.userId),
    await userTotalBetOf(db, m.tenantId, m.userId),
    await userVipOf(db, m.tenantId, m.userId),
  );
}

export async function getProfile(db: Db, m: Me) {
  return { user: await userDto(db, m) };
}

const PROFILE_NOT_FOUND: Localized = { pt: 'Jogador não encontrado.', en: 'Player not found.' };

/**
 * POST /profile/show: another player's public card, only within the same tenant. The full last name is never
 * shown; metrics are left out when the player chose hide_metrics, the name masked when they chose hide_name.
 */
export async function showPublicProfile(db: Db, tenantId: number, userId: number) {
  const p = await authRepo.findPublicProfile(db, tenantId, userId);
  if (!p) throw new AppError('not_found', PROFILE_NOT_FOUND);
  const totalBet = p.hide_metrics ? 0 : await userTotalBetOf(db, tenantId, userId);
  const vip = await userVipOf(db, tenantId, userId);
  const hideName = p.settings.hide_name === true;
  const name = hideName ? maskName(p.first_name) : `${p.first_name} ${p.last_name.charAt(0)}.`.trim();
  return {
    id: p.id,
    name,
    avatar: p.avatar,
    level: vip.level,
    hide_metrics: p.hide_metrics,
    metrics: p.hide_metrics ? null : { totalBet, vip, member_since: p.created_at },
  };
}

export async function toggleHideMetrics(db: Db, m: Me, value: boolean | null) {
  return { hide_metrics: await authRepo.setHideMetrics(db, m.tenantId, m.userId, value) };
}

export async function updateName(db: Db, m: Me, name: { first_name: string; last_name: string }) {
  await authRepo.setName(db, m.tenantId, m.userId, name.first_name, name.last_name);
  return { user: await userDto(db, m) };
}

export async function updateLanguage(db: Db, m: Me, language: 'pt' | 'en') {
  await authRepo.setLanguage(db, m.tenantId, m.userId, language);
  return { language };
}

export async function getLanguage(db: Db, m: Me) {
  return { language: (await authRepo.getLanguage(db, m.tenantId, m.userId)) ?? 'pt' };
}

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

/** The image type from the first bytes; the file name and the declared type are not trusted. */
export function sniffImage(data: Buffer): 'jpg' | 'png' | 'gif' | 'webp' | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpg';
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  const head = data.subarray(0, 6).toString('latin1');
  if (head === 'GIF87a' || head === 'GIF89a') return 'gif';
  if (
    data.length >= 12 &&
    data.subarray(0, 4).toString('latin1') === 'RIFF' &&
    data.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'webp';
  return null;
}

export const AVATAR_TYPE_MESSAGE: Localized = {
  pt: 'O arquivo deve ser uma imagem jpg, png, webp ou gif.',
  en: 'The file must be a jpg, png, webp or gif image.',
};

export const AVATAR_SIZE_MESSAGE: Localized = {
  pt: 'A imagem deve ter no máximo 2 MB.',
  en: 'The image must be at most 2 MB.',
};

const CONTENT_TYPE = { jpg: 'image/jpeg', png: 'image/png', gif: 'image/gif', webp: 'image/webp' } as const;

/** Stores the image under a fresh name, points the user at it, then removes the previous file. */
export async function uploadAvatar(db: Db, storage: FileStorage, m: Me, data: Buffer) {
  if (data.length > AVATAR_MAX_BYTES) throw new AppError('payload_too_large', AVATAR_SIZE_MESSAGE);
  const kind = sniffImage(data);
  if (!kind) throw fieldError('avatar', AVATAR_TYPE_MESSAGE);
  const key = `avatars/${m.tenantId}/${m.userId}-${randomBytes(8).toString('hex')}.${kind}`;
  await storage.put(key, data, CONTENT_TYPE[kind]);
  const url = storage.url(key);
  const previous = await db.transaction((tx) => authRepo.swapAvatar(tx, m.tenantId, m.userId, url));
  const prefix = storage.url('');
  if (previous?.startsWith(prefix)) await storage.delete(previous.slice(prefix.length)).catch(() => {});
  return { avatar: url, user: await userDto(db, m) };
}

/** GET /api/files/...: a stored file of the request's tenant (avatars are public within the site). */
export async function readPublicFile(storage: FileStorage, tenantId: number, key: string) {
  if (!key.startsWith(`avatars/${tenantId}/`)) throw new AppError('not_found');
  const file = await storage.get(key);
  if (!file) throw new AppError('not_found');
  return file;
}

export async function updateSettings(db: Db, m: Me, patch: Partial<PrivacySettings>) {
  const stored = await authRepo.mergeSettings(db, m.tenantId, m.userId, patch);
  return { settings: { ...PRIVACY_DEFAULTS, ...stored } as PrivacySettings };
}

export async function saveAddress(db: Db, m: Me, a: authRepo.AddressInput) {
  await authRepo.upsertAddress(db, m.tenantId, m.userId, a);
  return { address: await authRepo.findAddress(db, m.tenantId, m.userId) };
}
