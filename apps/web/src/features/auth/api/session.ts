import { http } from '../../../shared/lib/http';
import type { SessionUser } from '../../../shared/lib/session';

/** GET /auth/me with the bearer token. */
export const getMe = (token: string, signal?: AbortSignal) =>
  http.get<{ user: SessionUser }>('/auth/me', { headers: { Authorization: `Bearer ${token}` }, signal });

/** GET /auth/logout: revokes the token. */
export const logoutCall = () => http.get<{ message: string }>('/auth/logout');
