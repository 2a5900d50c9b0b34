import { http } from '../../../shared/lib/http';
import type { AuthResult } from './types';

/** POST /auth/login {login, password}: login is the phone, e-mail or CPF. */
export const login = (body: { login: string; password: string }) => http.post<AuthResult>('/auth/login', body);
