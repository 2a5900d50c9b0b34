import { HttpError, http } from '../../shared/lib/http';
import {
  clearSession,
  markSessionChecked,
  type SessionUser,
  startSession,
  updateSessionUser,
  useSession,
} from '../../shared/lib/session';
import { storage } from '../../shared/lib/storage';
import { getMe, logoutCall } from './api/session';
import type { AuthResult } from './api/types';
import { RECENTS_KEY } from './store';

let running: Promise<void> | null = null;

/**
 * The start-up check of spec section 4: a token read from storage or cookies is confirmed with /auth/me; a 401, 403
 * or any failure clears token and user (storage `auth` and `user`, both cookies) and the page is a guest's again.
 * Once checked, a user without wallet data is completed from /profile.
 */
export function checkSession(): Promise<void> {
  running ??= run().finally(() => {
    running = null;
  });
  return running;
}

async function run(): Promise<void> {
  const { token, user, checked } = useSession.getState();
  if (!token) return;
  if (checked) {
    if (user && !user.wallet) await loadProfile();
    return;
  }
  try {
    const me = await getMe(token);
    if (useSession.getState().token !== token) return;
    updateSessionUser(me.user);
    markSessionChecked();
  } catch (error) {
    if ((error as { name?: string })?.name === 'AbortError') return;
    if (useSession.getState().token === token) clearSession();
    return;
  }
  if (!useSession.getState().user?.wallet) await loadProfile();
}

/** Another call answered 401 (token revoked elsewhere, expired): confirm with /auth/me, which clears it if so. */
export function recheckSession(): Promise<void> {
  if (!useSession.getState().token) return Promise.resolve();
  useSession.setState({ checked: false });
  return checkSession();
}

async function loadProfile(): Promise<void> {
  try {
    const { user } = await http.get<{ user: SessionUser }>('/profile');
    updateSessionUser(user);
  } catch {
    // The header shows what it has; the next check tries again.
  }
}

/** Logged in (login, register, Google, password reset). */
export function acceptAuth(result: AuthResult): void {
  startSession(result.token, result.user);
}

/** A login refused for self-exclusion: no token, the exclusion period kept for the self-exclusion modal. */
export function selfExclusionOf(error: unknown): { start_at: string; end_at: string } | null {
  if (!(error instanceof HttpError) || error.status !== 403) return null;
  const body = error.body as { selfExcluded?: { start_at?: unknown; end_at?: unknown } } | null;
  const se = body?.selfExcluded;
  if (!se || typeof se.start_at !== 'string' || typeof se.end_at !== 'string') return null;
  return { start_at: se.start_at, end_at: se.end_at };
}

/** Ends the session here even if the call fails: token, user, recents, cookies (channels follow the token). */
export async function logout(): Promise<void> {
  try {
    await logoutCall();
  } catch {
    // Offline or already revoked: the local session ends anyway.
  } finally {
    clearSession(null, 'logout');
    storage.remove(RECENTS_KEY);
  }
}
