import { http } from '../../../shared/lib/http';
import type { AuthResult, CodeSent } from './types';

export type RegisterBody = {
  name: string;
  username: string;
  email: string;
  password: string;
  password_confirmation: string;
  birth_date: string;
  cpf?: string;
  code?: string;
  terms: boolean;
  age_confirmed: boolean;
  ref?: string;
  captcha_token?: string;
};

/** POST /auth/verify-code {phone} or {email}: the registration code (new one only after 20 s). */
export const sendRegistrationCode = (target: { phone: string } | { email: string }) =>
  http.post<CodeSent>('/auth/verify-code', target);

/** POST /auth/register -> 201 {token, user}. */
export const register = (body: RegisterBody) => http.post<AuthResult>('/auth/register', body);
