import { http } from '../../../shared/lib/http';
import type { AuthResult, CodeSent } from './types';

/** POST /auth/recover-password {login}: a reset code, the same answer whether or not the account exists. */
export const recoverPassword = (login: string) => http.post<CodeSent>('/auth/recover-password', { login });

/** POST /auth/reset-password: new password; every other session ends and this one starts. */
export const resetPassword = (body: { login: string; code: string; password: string; password_confirmation: string }) =>
  http.post<AuthResult>('/auth/reset-password', body);
