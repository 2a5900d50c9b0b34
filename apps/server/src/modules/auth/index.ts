// The accounts module's public API: the player record (users and user_addresses are this module's tables: the
// profile reads and changes them through these), its DTO, and the field rules and normalisers that every form of
// the API shares.

export { bulkSeededPlayers, bulkSeedPlayers } from './bulk-seed';
export { type PasswordHasher, passwordHasher } from './passwords';
export { listPlayerCpfs } from './players';
export {
  type AddressInput,
  findAddress,
  findBlock,
  findPublicProfile,
  findUserById,
  getLanguage,
  mergeSettings,
  type PlayerBlock,
  type PublicProfileRow,
  revokeUserSessions,
  setBlock,
  setHideMetrics,
  setLanguage,
  setName,
  setSelfExclusion,
  swapAvatar,
  upsertAddress,
} from './repo';
export {
  PRIVACY_DEFAULTS,
  type PrivacySettings,
  selfExclusionOf,
  toUserDto,
  userLikesOf,
  userTotalBetOf,
  userVipOf,
  userWalletOf,
} from './user-dto';
export { fieldError, MSG, normalizeCpf, normalizeEmail, normalizePhone } from './validation';
