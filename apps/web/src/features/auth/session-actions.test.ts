import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The start-up session logic of spec section 4, against a stubbed fetch and an in-memory localStorage.
class MemoryStorage {
  map = new Map<string, string>();
  getItem = (k: string) => this.map.get(k) ?? null;
  setItem = (k: string, v: string) => void this.map.set(k, String(v));
  removeItem = (k: string) => void this.map.delete(k);
}

const USER = {
  id: 7,
  first_name: 'Maria',
  last_name: 'Silva',
  name: 'Maria Silva',
  email: 'm@ex.com',
  username: '+5511987654321',
  avatar: null,
  level: 0,
  totalBet: 0,
  language: 'pt',
};

function reply(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

describe('session start-up and logout', () => {
  let ls: MemoryStorage;
  let cookies: string[];

  beforeEach(() => {
    vi.resetModules();
    ls = new MemoryStorage();
    cookies = [];
    vi.stubGlobal('localStorage', ls);
    vi.stubGlobal('document', {
      get cookie() {
        return cookies
          .map((c) => c.split(';')[0] ?? '')
          .filter((c) => !c.endsWith('='))
          .join('; ');
      },
      set cookie(v: string) {
        const name = v.split('=')[0];
        cookies = cookies.filter((c) => !c.startsWith(`${name}=`));
        if (!/Max-Age=0/.test(v)) cookies.push(v);
      },
    });
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('confirms a stored token with /auth/me (bearer) and marks the session checked', async () => {
    ls.setItem('auth', 'tok-1');
    ls.setItem('user', JSON.stringify(USER));
    const fetch = vi.fn(async (_url: string, _init: RequestInit) =>
      reply(200, { user: { ...USER, wallet: { balance: 5, balance_withdrawal: 0, deposit_count: 0 } } }),
    );
    vi.stubGlobal('fetch', fetch);
    const { useSession } = await import('../../shared/lib/session');
    const { checkSession } = await import('./session-actions');
    expect(useSession.getState()).toMatchObject({ token: 'tok-1', checked: false });
    await checkSession();
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/auth/me');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok-1');
    expect(useSession.getState()).toMatchObject({ token: 'tok-1', checked: true });
    expect(useSession.getState().user?.wallet?.balance).toBe(5);
  });

  it('takes token and user from the auth_client / auth_state cookies when storage is empty', async () => {
    cookies.push(`auth_client=tok-c; Path=/`, `auth_state=${encodeURIComponent(JSON.stringify(USER))}; Path=/`);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        reply(200, { user: { ...USER, wallet: { balance: 0, balance_withdrawal: 0, deposit_count: 0 } } }),
      ),
    );
    const { useSession } = await import('../../shared/lib/session');
    expect(useSession.getState()).toMatchObject({ token: 'tok-c', checked: false });
    expect(useSession.getState().user?.name).toBe('Maria Silva');
  });

  it.each([401, 403, 500])('clears token, user, storage and cookies when /auth/me answers %i', async (status) => {
    ls.setItem('auth', 'tok-2');
    ls.setItem('user', JSON.stringify(USER));
    cookies.push('auth_client=tok-2; Path=/');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => reply(status, { message: 'no' })),
    );
    const { useSession } = await import('../../shared/lib/session');
    const { checkSession } = await import('./session-actions');
    await checkSession();
    expect(useSession.getState()).toMatchObject({ token: null, user: null, checked: true, endedBy: 'expired' });
    expect(ls.getItem('auth')).toBeNull();
    expect(ls.getItem('user')).toBeNull();
    expect(document.cookie).not.toContain('auth_client');
  });

  it('login stores token, user and both cookies for 7 days; logout clears them even when the call fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('offline');
      }),
    );
    const { useSession } = await import('../../shared/lib/session');
    const { acceptAuth, logout } = await import('./session-actions');
    acceptAuth({ token: 'tok-3', user: USER });
    expect(ls.getItem('auth')).toBe('tok-3');
    expect(cookies.find((c) => c.startsWith('auth_client='))).toMatch(/Max-Age=604800; Path=\/; SameSite=Lax/);
    expect(cookies.find((c) => c.startsWith('auth_state='))).toContain(encodeURIComponent('"name":"Maria Silva"'));
    ls.setItem('recents', '[1,2]');
    await logout();
    // The player's own logout: an auth-only page goes home instead of asking for a login.
    expect(useSession.getState()).toMatchObject({ token: null, user: null, endedBy: 'logout' });
    expect(ls.getItem('auth')).toBeNull();
    expect(ls.getItem('recents')).toBeNull();
    expect(cookies).toEqual([]);
  });

  it('a self-excluded login keeps the exclusion period and no token', async () => {
    const { HttpError } = await import('../../shared/lib/http');
    const { clearSession, useSession } = await import('../../shared/lib/session');
    const { selfExclusionOf } = await import('./session-actions');
    const err = new HttpError({
      status: 403,
      url: '/api/auth/login',
      message: 'Você está autoexcluído',
      body: {
        code: 'self_excluded',
        selfExcluded: { start_at: '2026-01-01T00:00:00Z', end_at: '2026-03-01T00:00:00Z' },
      },
    });
    const excluded = selfExclusionOf(err);
    expect(excluded).toEqual({ start_at: '2026-01-01T00:00:00Z', end_at: '2026-03-01T00:00:00Z' });
    clearSession(excluded);
    expect(useSession.getState()).toMatchObject({ token: null, selfExcluded: excluded });
    expect(selfExclusionOf(new HttpError({ status: 403, url: '', message: '', body: {} }))).toBeNull();
  });
});
