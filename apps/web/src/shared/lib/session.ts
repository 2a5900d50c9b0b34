import { STORAGE_KEYS, storage } from './storage';

/**
 * The bearer token of a logged-in player. The auth feature (a later issue) owns login and /auth/me; the shell only
 * needs to know whether a token exists, to guard routes and sign calls.
 */
export function getAuthToken(): string | null {
  const raw = storage.get(STORAGE_KEYS.auth);
  if (!raw) return null;
  // Stored either as the bare token or as JSON {"token": "..."} / "\"...\"".
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

export const isLoggedIn = (): boolean => getAuthToken() !== null;
