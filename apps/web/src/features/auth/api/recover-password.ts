import type { RecoverBody, ResetBody } from '@sorte/contracts';
import type { z } from 'zod';
import { http } from '../../../shared/lib/http';
import type { AuthResult, CodeSent } from './types';

/** POST /auth/recover-password {login}: a reset code, the same answer whether or not the account exists. */
export const recoverPassword = (login: string) =>
  http.post<CodeSent>('/auth/recover-password', { login } satisfies z.input<typeof RecoverBody>);

/** POST /auth/reset-password: new password; every other session ends and this one starts. */
export const resetPassword = (body: z.input<typeof ResetBody>) => http.post<AuthResult>('/auth/reset-password', body);
