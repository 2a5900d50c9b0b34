import { STAFF_CSRF_HEADER, type StaffSessionReply } from '@sorte/contracts';
import { currentLocale } from './locale';

/** Every call of the console, in one place. */
export const PATHS = {
  login: '/api/admin/auth/login',
  me: '/api/admin/auth/me',
  logout: '/api/admin/auth/logout',
  stepUp: '/api/admin/auth/step-up',
  sessions: '/api/admin/auth/sessions',
  revokeSession: (id: string) => `/api/admin/auth/sessions/${encodeURIComponent(id)}/revoke`,
  withdrawals: '/api/admin/withdrawals',
  withdrawal: (id: number, act: 'approve' | 'reject') => `/api/admin/withdrawals/${id}/${act}`,
  audit: '/api/admin/audit',
} as const;

/** An error reply of the API: its localized message, its code and the per-field messages. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code: string | undefined,
    readonly errors: Record<string, string[]> = {},
  ) {
    super(message);
  }
}

/** The session's CSRF token: sent on every call other than a GET (the cookie alone proves nothing). */
let csrfToken: string | null = null;

export function rememberSession(session: StaffSessionReply | null) {
  csrfToken = session?.csrf_token ?? null;
}

type Options = {
  method?: string;
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  headers?: Record<string, string>;
};

export async function api<T>(path: string, o: Options = {}): Promise<T> {
  const method = o.method ?? 'GET';
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(o.query ?? {})) if (v !== undefined && v !== '') qs.set(k, String(v));
  const headers: Record<string, string> = {
    accept: 'application/json',
    'accept-language': currentLocale() === 'en' ? 'en' : 'pt-BR',
  };
  if (o.body !== undefined) headers['content-type'] = 'application/json';
  Object.assign(headers, o.headers);
  if (method !== 'GET' && csrfToken) headers[STAFF_CSRF_HEADER] = csrfToken;
  let res: Response;
  try {
    res = await fetch(qs.size ? `${path}?${qs}` : path, {
      method,
      headers,
      credentials: 'same-origin',
      body: o.body === undefined ? undefined : JSON.stringify(o.body),
    });
  } catch {
    throw new ApiError(
      0,
      currentLocale() === 'en' ? 'No connection to the server.' : 'Sem conexão com o servidor.',
      'network',
    );
  }
  const text = await res.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (!res.ok) {
    const b = (body ?? {}) as { message?: string; code?: string; errors?: Record<string, string[]> };
    throw new ApiError(res.status, b.message ?? `HTTP ${res.status}`, b.code, b.errors);
  }
  return body as T;
}
