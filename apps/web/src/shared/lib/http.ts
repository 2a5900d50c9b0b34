import { create } from 'zustand';
import { getGuestId } from './guest-id';
import { getLocale, translate } from './i18n';
import type { Locale } from './locale';
import { getAuthToken } from './session';
import { getSiteConfig } from './site-config';
import { STORAGE_KEYS, storage } from './storage';

/** Statuses handed back to the caller without touching the shared error state (spec section 8). */
const PASS_THROUGH = new Set([403, 490]);

/** What the client keeps as "the current error" after a failed call. */
export type StoredHttpError = { status: number; messages: string[] } | { status: number; key: string };

/** Flattens a body's `errors` object ({field: [msg, ...]} or {field: msg}) into one list of messages. */
export function flattenErrors(errors: unknown): string[] {
  if (typeof errors === 'string') return errors ? [errors] : [];
  if (Array.isArray(errors)) return errors.flatMap(flattenErrors);
  if (errors && typeof errors === 'object') return Object.values(errors).flatMap(flattenErrors);
  return [];
}

/** The rule of spec section 8 as a pure function: pass on 403/490, else the flattened errors, else the i18n key. */
export function describeHttpError(status: number, body: unknown): StoredHttpError | null {
  if (PASS_THROUGH.has(status)) return null;
  const errors = body && typeof body === 'object' && 'errors' in body ? body.errors : undefined;
  const messages = flattenErrors(errors);
  if (messages.length > 0) return { status, messages };
  return { status, key: `error_messages.${status}` };
}

/** The messages of a stored error in a locale (the key is translated, with a generic fallback for odd statuses). */
export function errorMessages(error: StoredHttpError, locale: Locale): string[] {
  if ('messages' in error) return error.messages;
  const text = translate(locale, error.key);
  return [text === error.key ? translate(locale, 'error_messages.unknown') : text];
}

export class HttpError extends Error {
  readonly status: number;
  readonly url: string;
  readonly body: unknown;
  /** Field messages from the body, when it had an `errors` object. */
  readonly fieldMessages: string[];

  constructor(o: { status: number; url: string; body: unknown; message: string }) {
    super(o.message);
    this.name = 'HttpError';
    this.status = o.status;
    this.url = o.url;
    this.body = o.body;
    const b = o.body;
    this.fieldMessages = flattenErrors(b && typeof b === 'object' && 'errors' in b ? b.errors : undefined);
  }
}

/** fetch itself failed: offline, DNS, CORS. status 0. */
export class NetworkError extends HttpError {
  constructor(url: string, cause: unknown) {
    super({ status: 0, url, body: null, message: translate(getLocale(), 'error_messages.network') });
    this.name = 'NetworkError';
    this.cause = cause;
  }
}

type HttpState = {
  current: StoredHttpError | null;
  /** Consecutive network failures; a successful call resets it. */
  networkFailures: number;
  clear: () => void;
};

export const useHttpState = create<HttpState>((set) => ({
  current: null,
  networkFailures: 0,
  clear: () => set({ current: null }),
}));

export type Query = Record<string, string | number | boolean | null | undefined>;
export type RequestOptions = {
  query?: Query;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

export type HttpClientDeps = {
  baseUrl: () => string;
  headers: () => Record<string, string>;
  fetch?: typeof fetch;
  onError?: (error: StoredHttpError) => void;
  onNetworkFailure?: () => void;
  onSuccess?: () => void;
};

export function joinUrl(base: string, path: string, query?: Query): string {
  if (/^https?:\/\//.test(path)) return path;
  let url = `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
  if (query) {
    const qs = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) qs.append(k, String(v));
    const s = qs.toString();
    if (s) url += (url.includes('?') ? '&' : '?') + s;
  }
  return url;
}

async function readBody(res: Response): Promise<unknown> {
  if (res.status === 204) return null;
  const text = await res.text();
  if (!text) return null;
  if ((res.headers.get('content-type') ?? '').includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

/** A fetch wrapper with the site's headers and error rules. No default timeout: callers pass a signal. */
export function createHttpClient(deps: HttpClientDeps) {
  const doFetch = deps.fetch ?? ((...a: Parameters<typeof fetch>) => globalThis.fetch(...a));

  async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
    const url = joinUrl(deps.baseUrl(), path, options.query);
    const headers: Record<string, string> = { Accept: 'application/json', ...deps.headers(), ...options.headers };
    let body: BodyInit | undefined;
    if (options.body instanceof FormData) body = options.body;
    else if (options.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.body);
    }

    let res: Response;
    try {
      res = await doFetch(url, { method, headers, body, signal: options.signal, credentials: 'same-origin' });
    } catch (err) {
      if ((err as { name?: string })?.name === 'AbortError') throw err;
      deps.onNetworkFailure?.();
      throw new NetworkError(url, err);
    }
    deps.onSuccess?.();

    const data = await readBody(res);
    if (res.ok) return data as T;

    const stored = describeHttpError(res.status, data);
    if (stored) deps.onError?.(stored);
    const serverMessage =
      data && typeof data === 'object' && 'message' in data && typeof data.message === 'string' ? data.message : '';
    const message = serverMessage || translate(getLocale(), `error_messages.${res.status}`);
    throw new HttpError({ status: res.status, url, body: data, message });
  }

  return {
    request,
    get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, options),
    post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, { ...options, body }),
    put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, { ...options, body }),
    delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
  };
}

export type HttpClient = ReturnType<typeof createHttpClient>;

/** The headers every API call carries (spec sections 6 and 7). */
export function defaultHeaders(): Record<string, string> {
  const h: Record<string, string> = {
    'Guest-ID': getGuestId(),
    'Accept-Language': getLocale() === 'en' ? 'en' : 'pt-BR',
  };
  const token = getAuthToken();
  if (token) h.Authorization = `Bearer ${token}`;
  const lmcp = storage.get(STORAGE_KEYS.lmcp);
  if (lmcp) h.lmcp = lmcp;
  return h;
}

export const apiBaseUrl = (): string => getSiteConfig()?.api_base_url ?? '/api';

/** The app's client: base URL from the tenant config (default /api). */
export const http = createHttpClient({
  baseUrl: apiBaseUrl,
  headers: defaultHeaders,
  onError: (current) => useHttpState.setState({ current }),
  onNetworkFailure: () => useHttpState.setState((s) => ({ networkFailures: s.networkFailures + 1 })),
  onSuccess: () => {
    if (useHttpState.getState().networkFailures !== 0) useHttpState.setState({ networkFailures: 0 });
  },
});
