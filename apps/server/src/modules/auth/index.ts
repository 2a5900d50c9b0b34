// The accounts module's public API: the player record and its DTO for the profile, and the field rules and
// normalisers that every form of the API shares.
export { findAddress, findUserById, revokeUserSessions } from './repo';
export { listPlayerCpfs } from './players';
export {
  PRIVACY_DEFAULTS,
  type PrivacySettings,
  selfExclusionOf,
  toUserDto,
  userLikesOf,
  userWalletOf,
} from './user-dto';
export {
  asBody,
  check,
  fieldError,
  fullName,
  isBlank,
  isCalendarDate,
  MSG,
  normalizeCpf,
  normalizeEmail,
  normalizePhone,
  optional,
  type Rule,
  required,
  splitName,
  todayIn,
} from './validation';
