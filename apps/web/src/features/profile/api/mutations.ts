import type {
  BodyOf,
  ReplyOf,
  selfExcludeCall,
  toggleHideMetricsCall,
  UpdateAccountBody,
  updateLanguageCall,
  updateNameCall,
  updateSettingsCall,
  VerifyChannelBody,
} from '@sorte/contracts';
import type { z } from 'zod';
import { http } from '../../../shared/lib/http';
import type { ProfileUser, Settings } from './profile';

type UserReply = { user: ProfileUser };
type CodeSent = { message: string; channel: 'sms' | 'email'; resend_in: number; expires_in: number };

/** POST /profile/updateName {name}. */
export const updateName = (name: string) =>
  http.post<UserReply>('/profile/updateName', { name } satisfies BodyOf<typeof updateNameCall>);

/** POST /profile/updateLanguage {language}. */
export const updateLanguage = (language: 'pt' | 'en') =>
  http.post<ReplyOf<typeof updateLanguageCall>>('/profile/updateLanguage', {
    language,
  } satisfies BodyOf<typeof updateLanguageCall>);

/** POST /profile/toggle-hide-metrics {hide_metrics}. */
export const setHideMetrics = (hide_metrics: boolean) =>
  http.post<ReplyOf<typeof toggleHideMetricsCall>>('/profile/toggle-hide-metrics', {
    hide_metrics,
  } satisfies BodyOf<typeof toggleHideMetricsCall>);

/** POST /profile/update-settings: the privacy switches. */
export const updateSettings = (settings: Partial<Settings> & BodyOf<typeof updateSettingsCall>) =>
  http.post<{ settings: Settings }>('/profile/update-settings', settings);

/** POST /profile/uploadAvatar (multipart field `avatar`; the server checks the content). */
export function uploadAvatar(file: File) {
  const body = new FormData();
  body.append('avatar', file);
  return http.post<{ avatar: string; user: ProfileUser }>('/profile/uploadAvatar', body);
}

/** POST /auth/update: new password (proof: current password or a code from request-password-change). */
export const changePassword = (
  body: z.input<typeof UpdateAccountBody> & { password: string; password_confirmation: string },
) => http.post<UserReply>('/auth/update', body);

/** POST /auth/request-password-change: a code to the player's e-mail, instead of the current password. */
export const requestPasswordChange = () => http.post<CodeSent>('/auth/request-password-change', { channel: 'email' });

/** POST /auth/verify-email or /auth/verify-phone: {} sends a code, {code} confirms. */
export const sendVerification = (channel: 'email' | 'phone') => http.post<CodeSent>(`/auth/verify-${channel}`, {});
export const confirmVerification = (channel: 'email' | 'phone', code: string) =>
  http.post<UserReply>(`/auth/verify-${channel}`, { code } satisfies z.input<typeof VerifyChannelBody>);

/** POST /profile/self-exclusion {value: days}: every session ends. */
export const selfExclude = (days: number) =>
  http.post<ReplyOf<typeof selfExcludeCall>>('/profile/self-exclusion', {
    value: days,
  } satisfies BodyOf<typeof selfExcludeCall>);
