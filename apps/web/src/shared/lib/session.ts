import { create } from 'zustand';
import { STORAGE_KEYS, storage } from './storage';

/**
 * The player's session (spec sections 3 and 4): the bearer token and the User, kept in localStorage (`auth`, `user`)
 * and mirrored in the `auth_client` (token) and `auth_state` (user) cookies for 7 days. The auth feature owns
 * login, /auth/me and logout; the shell reads this store to guard routes, sign calls and draw the header.
 */
export type SessionUser = {
  id: number;
  first_name: string;
  last_name: string;
  name: string;
  email: string;
  username: string;
  avatar: string | null;
  level: number;
  totalBet: number;
  language: string;
  birth_date?: string | null;
  user_likes?: number[];
  vip?: { level: number; points: number };
  wallet?: { balance: number; balance_withdrawal: number; deposit_count: number };
  [field: string]: unknown;
};

export type SelfExcluded = { start_at: string; end_at: string };

type SessionState = {
  token: string | null;
  user: SessionUser | null;
  /** /auth/me confirmed the token in this page view (a token read from storage or cookies starts unchecked). */
  checked: boolean;
  /** Set by a login refused for self-exclusion; kept after the token is cleared (spec section 4). */
  selfExcluded: SelfExcluded | null;
  /**
   * Why the last session ended: after the player's own logout an auth-only page goes home, after an expiry it asks
   * for a login. Reset on the next navigation.
   */
  endedBy: 'logout' | 'expired' | null;
};

export const COOKIE_TOKEN = 'auth_client';
export const COOKIE_USER = 'auth_state';
const COOKIE_DAYS = 7;

export function readCookie(name: string, cookie: string = globalThis.document?.cookie ?? ''): string | null {
  for (const part of cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      return null;
    }
  }
  return null;
}

function writeCookie(name: string, value: string | null): void {
  if (typeof document === 'undefined') return;
  const secure = globalThis.location?.protocol === 'https:' ? '; Secure' : '';
  const age = value === null ? 0 : COOKIE_DAYS * 24 * 3600;
  // biome-ignore lint/suspicious/noDocumentCookie: the spec's auth_state/auth_client cookies; the Cookie Store API is not everywhere
  document.cookie = `${name}=${value === null ? '' : encodeURIComponent(value)}; Max-Age=${age}; Path=/; SameSite=Lax${secure}`;
}

/** A stored token: the bare token, or JSON `"..."` / `{"token": "..."}` as older clients wrote it. */
export function parseToken(raw: string | null): string | null {
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed === 'string') return parsed || null;
    if (parsed && typeof parsed === 'object' && 'token' in parsed && typeof parsed.token === 'string') {
      return parsed.token || null;
    }
    return null;
  } catch {
    return raw;
  }
}

function parseUser(raw: string | null): SessionUser | null {
  if (!raw) return null;
  try {
    const u: unknown = JSON.parse(raw);
    return u && typeof u === 'object' && 'id' in u ? (u as SessionUser) : null;
  } catch {
    return null;
  }
}

/** What the page starts with: localStorage first, else the two cookies; never yet checked. */
export function readStoredSession(cookie?: string): Pick<SessionState, 'token' | 'user'> {
  const token = parseToken(storage.get(STORAGE_KEYS.auth)) ?? parseToken(readCookie(COOKIE_TOKEN, cookie));
  if (!token) return { token: null, user: null };
  const user = parseUser(storage.get(STORAGE_KEYS.user)) ?? parseUser(readCookie(COOKIE_USER, cookie));
  return { token, user };
}

export const useSession = create<SessionState>(() => ({
  ...readStoredSession(),
  checked: false,
  selfExcluded: null,
  endedBy: null,
}));

/** The cookie holds the fields a page needs before /auth/me answers; the whole User can outgrow 4 KB. */
function cookieUser(u: SessionUser): string {
  const { id, first_name, last_name, name, email, username, avatar, level, totalBet, language } = u;
  return JSON.stringify({ id, first_name, last_name, name, email, username, avatar, level, totalBet, language });
}

function persistUser(user: SessionUser): void {
  storage.set(STORAGE_KEYS.user, JSON.stringify(user));
  writeCookie(COOKIE_USER, cookieUser(user));
}

/** After login, register, Google login or a password reset: the new token and its user, already checked. */
export function startSession(token: string, user: SessionUser): void {
  storage.set(STORAGE_KEYS.auth, token);
  writeCookie(COOKIE_TOKEN, token);
  persistUser(user);
  useSession.setState({ token, user, checked: true, selfExcluded: null, endedBy: null });
}

/** A fresher copy of the player (from /auth/me, /profile or an update). */
export function updateSessionUser(user: SessionUser): void {
  if (!useSession.getState().token) return;
  persistUser(user);
  useSession.setState({ user });
}

export function markSessionChecked(): void {
  useSession.setState({ checked: true });
}

/** Back to guest: token, user and both cookies gone; the self-exclusion flag is kept unless given. */
export function clearSession(selfExcluded?: SelfExcluded | null, endedBy: 'logout' | 'expired' = 'expired'): void {
  storage.remove(STORAGE_KEYS.auth);
  storage.remove(STORAGE_KEYS.user);
  writeCookie(COOKIE_TOKEN, null);
  writeCookie(COOKIE_USER, null);
  useSession.setState((s) => ({
    token: null,
    user: null,
    checked: true,
    selfExcluded: selfExcluded === undefined ? s.selfExcluded : selfExcluded,
    endedBy: s.token ? endedBy : s.endedBy,
  }));
}

export function getAuthToken(): string | null {
  return useSession.getState().token;
}

export const isLoggedIn = (): boolean => getAuthToken() !== null;

/** Reactive: re-renders when the player logs in or out. */
export const useIsLoggedIn = (): boolean => useSession((s) => s.token !== null);
