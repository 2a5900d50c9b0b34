import type { LoginBody } from '@sorte/contracts';
import type { z } from 'zod';
import { http } from '../../../shared/lib/http';
import type { AuthResult } from './types';

/** POST /auth/login {login, password}: login is the phone, e-mail or CPF. */
export const login = (body: z.input<typeof LoginBody>) => http.post<AuthResult>('/auth/login', body);
