import type { RegisterBody as RegisterContract, VerifyCodeBody } from '@sorte/contracts';
import type { z } from 'zod';
import { http } from '../../../shared/lib/http';
import type { AuthResult, CodeSent } from './types';

export type RegisterBody = z.input<typeof RegisterContract>;

/** POST /auth/verify-code {phone} or {email}: the registration code (new one only after 20 s). */
export const sendRegistrationCode = (
  target: ({ phone: string } | { email: string }) & z.input<typeof VerifyCodeBody>,
) => http.post<CodeSent>('/auth/verify-code', target);

/** POST /auth/register -> 201 {token, user}. */
export const register = (body: RegisterBody) => http.post<AuthResult>('/auth/register', body);
