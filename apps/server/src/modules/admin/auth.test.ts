import type { FastifyInstance, FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors';
import { parseArgs } from '../../platform/ops';
import { memoryRateLimiter } from '../../platform/rate-limit';
import { newIp, registerPlayer } from '../../test/accounts';
import { testApp } from '../../test/helpers';
import { passwordHasher } from '../auth/index';
import { createTenant, findTenantByHost } from '../tenants/index';
import * as service from './auth-service';
import { requireStaff, requireStepUp } from './guard';
import { STAFF_COMMANDS } from './staff-ops';
import { codeAtStep, stepAt, TOTP_PERIOD_MS } from './totp';

/**
 * Staff login with TOTP on the real app and database: the code window on an injected clock, a step never taken
 * twice (in sequence and by ten logins racing with one code), one answer for every wrong credential, single-use
 * backup codes, the cookie, CSRF, ended sessions, players kept out, tenants kept apart, and step-up.
 */

let app: FastifyInstance;
let tenantId: number;
const OTHER_HOST = 'outra-banca.test';
const PASSWORD = 'senha-do-painel-1';
let seq = 0;

type Staff = { id: number; email: string; secret: string; backupCodes: string[]; host: string; printed: string };

beforeAll(async () => {
  app = await testApp({ tenantCacheTtlMs: 0, tenantNegativeCacheTtlMs: 0 });
  app.realtime.domainEventsHeld = true;
  tenantId = (await findTenantByHost(app.db, 'localhost'))!.id;
  await createTenant(app.db, { name: 'Outra Banca', host: OTHER_HOST });
}, 120_000);
afterAll(() => app.close());

async function ops(name: string, argv: string[]): Promise<string> {
  return STAFF_COMMANDS[name]!.run({ db: app.db }, parseArgs(argv));
}

/** A staff member made by staff:create, with what it printed once. */
async function newStaff(o: { role?: string; platform?: boolean; host?: string } = {}): Promise<Staff> {
  const email = `staff${++seq}.${Date.now()}@sorte.test`;
  const host = o.host ?? 'localhost';
  const out = await ops('staff:create', [
    '--host',
    host,
    '--email',
    email.toUpperCase(),
    '--role',
    o.role ?? 'finance',
    '--password',
    PASSWORD,
    ...(o.platform ? ['--platform'] : []),
  ]);
  const secret = /TOTP secret \(base32\): ([A-Z2-7]+)/.exec(out)![1]!;
  const backupCodes = [...out.matchAll(/^ {2}([a-z2-7]{5}-[a-z2-7]{5})$/gm)].map((m) => m[1]!);
  const id = Number(/staff member (\d+) created/.exec(out)![1]);
  return { id, email, secret, backupCodes, host, printed: out };
}

const nowCode = (s: Staff, offset = 0) => codeAtStep(s.secret, stepAt(Date.now()) + offset);

function login(
  body: Record<string, unknown>,
  o: { host?: string; ip?: string; headers?: Record<string, string> } = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/admin/auth/login',
    headers: { host: o.host ?? 'localhost', 'x-forwarded-for': o.ip ?? newIp(), ...o.headers },
    payload: body,
  });
}

function cookieOf(res: { headers: Record<string, unknown> }): string {
  const set = String(res.headers['set-cookie']);
  return set.split(';')[0]!;
}

type Session = { cookie: string; csrf: string; host: string };

async function loggedIn(s: Staff, code = nowCode(s)): Promise<Session> {
  const res = await login({ email: s.email, password: PASSWORD, totp: code }, { host: s.host });
  expect(res.statusCode, res.body).toBe(200);
  return { cookie: cookieOf(res), csrf: res.json().csrf_token, host: s.host };
}

function call(
  se: Session,
  method: 'GET' | 'POST',
  url: string,
  o: { payload?: object; csrf?: boolean; host?: string } = {},
) {
  return app.inject({
    method,
    url,
    headers: {
      host: o.host ?? se.host,
      cookie: se.cookie,
      ...(o.csrf === false ? {} : { 'x-csrf-token': se.csrf }),
    },
    ...(o.payload ? { payload: o.payload } : {}),
  });
}

async function sessionsOf(staffId: number): Promise<number> {
  const { rows } = await app.db.query<{ n: number }>(
    'select count(*)::int as n from staff_sessions where staff_id = $1',
    [staffId],
  );
  return rows[0]!.n;
}

describe('staff:create and login', () => {
  it('prints the secret, its otpauth URI and 10 backup codes once, and logs in with e-mail, password and TOTP', async () => {
    const s = await newStaff({ role: 'finance' });
    expect(s.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(s.backupCodes).toHaveLength(10);
    // The otpauth URI as a QR code an authenticator app scans off the terminal.
    expect(s.printed).toMatch(/[█▀▄]{7}/);
    expect(s.printed).toContain(`otpauth://totp/Sorte:${encodeURIComponent(s.email)}?`);
    const res = await login({ email: ` ${s.email.toUpperCase()} `, password: PASSWORD, totp: nowCode(s) });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.staff).toEqual({ id: s.id, email: s.email, role: 'finance', tenant_id: tenantId });
    expect(body.csrf_token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(body.step_up_until).toBeNull();
    // Neither the secret nor any hash travels.
    expect(res.body).not.toContain(s.secret);
    expect(res.body).not.toMatch(/password|totp_secret/);
    const { rows } = await app.db.query<{ totp_secret: string }>('select totp_secret from staff_users where id = $1', [
      s.id,
    ]);
    expect(rows[0]!.totp_secret).not.toContain(s.secret);
    const list = await ops('staff:list', ['--host', 'localhost']);
    expect(list).toContain(s.email);
    expect(list).not.toContain(s.secret);
  });

  it('sets an HttpOnly, SameSite=Strict cookie on /api/admin, Secure when the request came over https', async () => {
    const s = await newStaff();
    const res = await login({ email: s.email, password: PASSWORD, totp: nowCode(s) });
    const set = String(res.headers['set-cookie']);
    expect(set).toMatch(/^sorte_staff=[A-Za-z0-9_-]{43};/);
    expect(set).toContain('HttpOnly');
    expect(set).toContain('SameSite=Strict');
    expect(set).toContain('Path=/api/admin');
    expect(set).not.toContain('Secure');
    const https = await login(
      { email: s.email, password: PASSWORD, totp: nowCode(s, 1) },
      { headers: { 'x-forwarded-proto': 'https' } },
    );
    expect(https.statusCode, https.body).toBe(200);
    expect(String(https.headers['set-cookie'])).toContain('Secure');
  });

  it('gives one answer for an unknown e-mail, a wrong password and a wrong code, in pt and en', async () => {
    const s = await newStaff();
    const wrong = [
      { email: `nobody${Date.now()}@sorte.test`, password: PASSWORD, totp: nowCode(s) },
      { email: s.email, password: 'senha-errada-123', totp: nowCode(s) },
      { email: s.email, password: PASSWORD, totp: nowCode(s, 3) },
      { email: s.email, password: PASSWORD, backup_code: 'aaaaa-aaaaa' },
    ];
    for (const [lang, text] of [
      ['pt-BR', 'E-mail, senha ou código incorretos.'],
      ['en', 'Incorrect e-mail, password or code.'],
    ] as const) {
      for (const body of wrong) {
        const res = await login(body, { headers: { 'accept-language': lang } });
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ message: text, code: 'unauthorized' });
      }
    }
    expect(await sessionsOf(s.id)).toBe(0);
  });

  it('throttles logins per e-mail and address', async () => {
    const s = await newStaff();
    const ip = newIp();
    for (let i = 0; i < 5; i++)
      expect((await login({ email: s.email, password: 'x-wrong-x', totp: '000000' }, { ip })).statusCode).toBe(401);
    const over = await login({ email: s.email, password: PASSWORD, totp: nowCode(s) }, { ip });
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toMatch(/Muitas tentativas/);
    // Another address is not held back by this one's failures.
    expect((await login({ email: s.email, password: PASSWORD, totp: nowCode(s) })).statusCode).toBe(200);
  });
});

describe('a TOTP step is taken once', () => {
  it('accepts one step before, now and one after on the clock it is given, and refuses two away', async () => {
    const s = await newStaff();
    const now = 1_900_000_015_000;
    const deps: service.StaffAuthDeps = {
      db: app.db,
      limiter: memoryRateLimiter(),
      hasher: passwordHasher(app.config.passwordHash),
      now: () => now,
    };
    const ctx = { tenantId, ip: newIp(), userAgent: null };
    const attempt = (offset: number) =>
      service.loginStaff(deps, ctx, {
        email: s.email,
        password: PASSWORD,
        totp: codeAtStep(s.secret, stepAt(now) + offset),
      });
    await expect(attempt(-2)).rejects.toMatchObject({ code: 'unauthorized' });
    for (const offset of [-1, 0, 1]) expect((await attempt(offset)).body.staff.id).toBe(s.id);
    await expect(attempt(2)).rejects.toMatchObject({ code: 'unauthorized' });
    // Each step once: the three accepted ones are spent, and an earlier step than the last taken is no good either.
    for (const offset of [-1, 0, 1]) await expect(attempt(offset)).rejects.toMatchObject({ code: 'unauthorized' });
    expect(await sessionsOf(s.id)).toBe(3);
    await deps.limiter.close();
  });

  it('refuses a code used a moment ago', async () => {
    const s = await newStaff();
    const code = nowCode(s);
    expect((await login({ email: s.email, password: PASSWORD, totp: code })).statusCode).toBe(200);
    const again = await login({ email: s.email, password: PASSWORD, totp: code });
    expect(again.statusCode).toBe(401);
    expect(await sessionsOf(s.id)).toBe(1);
  });

  it('opens one session for ten logins racing with one code', async () => {
    const s = await newStaff();
    const code = nowCode(s);
    const all = await Promise.all(
      Array.from({ length: 10 }, () => login({ email: s.email, password: PASSWORD, totp: code })),
    );
    expect(all.map((r) => r.statusCode).sort()).toEqual([200, ...Array(9).fill(401)]);
    expect(await sessionsOf(s.id)).toBe(1);
  });

  it('lets each backup code in once', async () => {
    const s = await newStaff();
    const [first, second] = s.backupCodes;
    const ok = await login({ email: s.email, password: PASSWORD, backup_code: first!.toUpperCase() });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await login({ email: s.email, password: PASSWORD, backup_code: first })).statusCode).toBe(401);
    const racing = await Promise.all(
      Array.from({ length: 5 }, () => login({ email: s.email, password: PASSWORD, backup_code: second })),
    );
    expect(racing.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(await sessionsOf(s.id)).toBe(2);
  });

  it('refuses a login with both a code and a backup code, or neither, as a validation error', async () => {
    const s = await newStaff();
    const both = await login({ email: s.email, password: PASSWORD, totp: nowCode(s), backup_code: s.backupCodes[0] });
    expect(both.statusCode).toBe(422);
    const neither = await login({ email: s.email, password: PASSWORD }, { headers: { 'accept-language': 'en' } });
    expect(neither.statusCode).toBe(422);
    expect(neither.json().message).toBe('Enter the authenticator code or a backup code.');
  });
});

describe('staff sessions', () => {
  it('answers /me, refuses a call without the CSRF header, and logs out', async () => {
    const s = await newStaff({ role: 'support' });
    const se = await loggedIn(s);
    const me = await call(se, 'GET', '/api/admin/auth/me', { csrf: false });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ staff: { id: s.id, role: 'support' }, csrf_token: se.csrf });
    const noCsrf = await call(se, 'POST', '/api/admin/auth/logout', { csrf: false });
    expect(noCsrf.statusCode).toBe(403);
    expect(noCsrf.json().message).toMatch(/CSRF/);
    const badCsrf = await call({ ...se, csrf: 'x'.repeat(32) }, 'POST', '/api/admin/auth/logout');
    expect(badCsrf.statusCode).toBe(403);
    expect((await call(se, 'GET', '/api/admin/auth/me')).statusCode).toBe(200);
    const out = await call(se, 'POST', '/api/admin/auth/logout');
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(/^sorte_staff=;.*Max-Age=0/);
    expect((await call(se, 'GET', '/api/admin/auth/me')).statusCode).toBe(401);
  });

  it('ends a session idle past its time, past its absolute end, or revoked from another session', async () => {
    const s = await newStaff();
    const a = await loggedIn(s, nowCode(s));
    const b = await loggedIn(s, nowCode(s, 1));
    const list = await call(a, 'GET', '/api/admin/auth/sessions');
    expect(list.statusCode).toBe(200);
    const sessions = list.json().data as { id: string; current: boolean }[];
    expect(sessions).toHaveLength(2);
    const other = sessions.find((x) => !x.current)!;
    const revoked = await call(a, 'POST', `/api/admin/auth/sessions/${other.id}/revoke`);
    expect(revoked.json()).toEqual({ revoked: true });
    expect((await call(b, 'GET', '/api/admin/auth/me')).statusCode).toBe(401);
    expect((await call(a, 'POST', `/api/admin/auth/sessions/${other.id}/revoke`)).json()).toEqual({ revoked: false });

    const c = await loggedIn(s, nowCode(s, -1)).catch(() => null);
    // The -1 step is older than the last taken: refused, as it must be; use a backup code for a third session.
    expect(c).toBeNull();
    const third = await login({ email: s.email, password: PASSWORD, backup_code: s.backupCodes[0] });
    const se3: Session = { cookie: cookieOf(third), csrf: third.json().csrf_token, host: 'localhost' };
    await app.db.query(
      "update staff_sessions set idle_expires_at = now() - interval '1 second' where staff_id = $1 and revoked_at is null and id <> $2",
      [s.id, sessions.find((x) => x.current)!.id],
    );
    expect((await call(se3, 'GET', '/api/admin/auth/me')).statusCode).toBe(401);
    expect((await call(a, 'GET', '/api/admin/auth/me')).statusCode).toBe(200);
    await app.db.query("update staff_sessions set expires_at = now() - interval '1 second' where staff_id = $1", [
      s.id,
    ]);
    const ended = await call(a, 'GET', '/api/admin/auth/me', { csrf: false });
    expect(ended.statusCode).toBe(401);
    expect(ended.json().message).toBe('Sua sessão do painel terminou. Entre novamente.');
  });

  it('is ended by staff:disable, and a disabled account cannot log in', async () => {
    const s = await newStaff();
    const se = await loggedIn(s);
    expect(await ops('staff:disable', ['--host', 'localhost', '--email', s.email])).toContain('disabled');
    expect((await call(se, 'GET', '/api/admin/auth/me')).statusCode).toBe(401);
    const res = await login({ email: s.email, password: PASSWORD, backup_code: s.backupCodes[0] });
    expect(res.statusCode).toBe(401);
  });

  it('staff:reset-totp gives a new secret: the old one and its sessions stop working', async () => {
    const s = await newStaff();
    const se = await loggedIn(s);
    const out = await ops('staff:reset-totp', ['--host', 'localhost', '--email', s.email]);
    const secret = /TOTP secret \(base32\): ([A-Z2-7]+)/.exec(out)![1]!;
    expect(secret).not.toBe(s.secret);
    expect((await call(se, 'GET', '/api/admin/auth/me')).statusCode).toBe(401);
    expect((await login({ email: s.email, password: PASSWORD, totp: nowCode(s, 1) })).statusCode).toBe(401);
    const fresh = { ...s, secret };
    expect((await login({ email: s.email, password: PASSWORD, totp: nowCode(fresh, 1) })).statusCode).toBe(200);
  });
});

describe('who may come in', () => {
  it('keeps players and staff apart: a player token does not open /api/admin, a staff cookie is no player session', async () => {
    const player = await registerPlayer(app);
    const asPlayer = await app.inject({
      url: '/api/admin/auth/me',
      headers: { host: 'localhost', authorization: `Bearer ${player.token}` },
    });
    expect(asPlayer.statusCode).toBe(401);
    const s = await newStaff({ role: 'owner' });
    const se = await loggedIn(s);
    const token = se.cookie.split('=')[1]!;
    const asStaff = await app.inject({
      url: '/api/auth/me',
      headers: { host: 'localhost', cookie: se.cookie, authorization: `Bearer ${token}` },
    });
    expect(asStaff.statusCode).toBe(401);
  });

  it('lets tenant staff in on their tenant’s host only, and platform staff on every host', async () => {
    const t = await newStaff({ role: 'admin' });
    const elsewhere = await login({ email: t.email, password: PASSWORD, totp: nowCode(t) }, { host: OTHER_HOST });
    expect(elsewhere.statusCode).toBe(401);
    const se = await loggedIn(t, nowCode(t));
    expect((await call(se, 'GET', '/api/admin/auth/me', { host: OTHER_HOST })).statusCode).toBe(401);

    const p = await newStaff({ role: 'auditor', platform: true });
    const onOther = await login({ email: p.email, password: PASSWORD, totp: nowCode(p) }, { host: OTHER_HOST });
    expect(onOther.statusCode, onOther.body).toBe(200);
    expect(onOther.json().staff.tenant_id).toBeNull();
    const pse: Session = { cookie: cookieOf(onOther), csrf: onOther.json().csrf_token, host: OTHER_HOST };
    expect((await call(pse, 'GET', '/api/admin/auth/me', { host: 'localhost' })).statusCode).toBe(200);

    // The other tenant's staff with the same e-mail are another account.
    const twin = await ops('staff:create', [
      '--host',
      OTHER_HOST,
      '--email',
      t.email,
      '--role',
      'support',
      '--password',
      `${PASSWORD}-outra`,
    ]);
    expect(twin).toContain('created');
    expect(
      (await login({ email: t.email, password: PASSWORD, totp: nowCode(t, 1) }, { host: OTHER_HOST })).statusCode,
    ).toBe(401);
  });

  it('refuses bad staff:create input with the usage line', async () => {
    await expect(
      ops('staff:create', ['--host', 'localhost', '--email', 'a@b.test', '--role', 'king', '--password', PASSWORD]),
    ).rejects.toThrow(/--role is one of owner, admin/);
    await expect(
      ops('staff:create', ['--host', 'localhost', '--email', 'a@b.test', '--role', 'owner', '--password', 'short']),
    ).rejects.toThrow(/--password has 12/);
    const s = await newStaff();
    await expect(
      ops('staff:create', ['--host', 'localhost', '--email', s.email, '--role', 'owner', '--password', PASSWORD]),
    ).rejects.toThrow(/already has an account/);
    await expect(ops('staff:create', ['--host', 'nenhuma.test', '--email', 'x@y.test'])).rejects.toThrow(/no tenant/);
  });
});

describe('step-up', () => {
  it('is required for a sensitive action, granted by a fresh code for 5 minutes, and refused for a used code', async () => {
    const s = await newStaff({ role: 'finance' });
    const code = nowCode(s);
    const se = await loggedIn(s, code);
    const fakeReq = (method = 'GET') =>
      ({
        method,
        headers: { cookie: se.cookie, 'x-csrf-token': se.csrf },
        tenant: { id: tenantId },
        server: app,
      }) as unknown as FastifyRequest;
    const staff = await requireStaff(fakeReq());
    expect(staff).toMatchObject({ id: s.id, role: 'finance', tenantId, stepUpAt: null });
    let refused: unknown;
    try {
      requireStepUp(fakeReq(), staff);
    } catch (e) {
      refused = e;
    }
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).status).toBe(403);
    expect((refused as AppError).toBody('en')).toEqual({
      code: 'step_up_required',
      message: 'This action needs a new authenticator code: confirm to continue.',
    });

    const used = await call(se, 'POST', '/api/admin/auth/step-up', { payload: { totp: code } });
    expect(used.statusCode).toBe(422);
    const noCsrf = await call(se, 'POST', '/api/admin/auth/step-up', { payload: { totp: nowCode(s, 1) }, csrf: false });
    expect(noCsrf.statusCode).toBe(403);
    const up = await call(se, 'POST', '/api/admin/auth/step-up', { payload: { totp: nowCode(s, 1) } });
    expect(up.statusCode, up.body).toBe(200);
    const until = Date.parse(up.json().step_up_until);
    expect(until - Date.now()).toBeGreaterThan(4 * 60_000);
    expect(until - Date.now()).toBeLessThanOrEqual(5 * 60_000 + 1_000);

    const after = await requireStaff(fakeReq());
    expect(() => requireStepUp(fakeReq(), after)).not.toThrow();
    // Five minutes later it has to be confirmed again.
    expect(() => requireStepUp(fakeReq(), after, after.stepUpAt!.getTime() + 5 * 60_000 + 1)).toThrow(AppError);
    expect((await call(se, 'GET', '/api/admin/auth/me')).json().step_up_until).toBe(up.json().step_up_until);
    expect(TOTP_PERIOD_MS).toBe(30_000);
  });
});

describe('the audit log', () => {
  type Row = { actor: string; action: string; tenant_id: number | null; before: unknown; after: unknown; ip: string };
  const rowsOf = async (actorLike: string, action?: string): Promise<Row[]> =>
    (
      await app.db.query<Row>(
        `select actor, action, tenant_id::int as tenant_id, before, after, ip from rg_audit
          where actor like $1 and ($2::text is null or action = $2) order by id`,
        [actorLike, action ?? null],
      )
    ).rows;

  it('has a login with its IP, a refused login under the typed e-mail (no secret), logout, step-up and a revoke', async () => {
    const s = await newStaff({ role: 'finance' });
    const actor = `staff:${s.id} %`;
    const badIp = newIp();
    const wrong = await login({ email: s.email, password: 'not-the-password', totp: nowCode(s) }, { ip: badIp });
    expect(wrong.statusCode).toBe(401);
    const badCode = await login({ email: s.email, password: PASSWORD, totp: '000000' }, { ip: badIp });
    expect(badCode.statusCode).toBe(401);
    const unknown = await login({ email: `nobody.${s.email}`, password: PASSWORD, totp: '123456' }, { ip: badIp });
    expect(unknown.statusCode).toBe(401);
    const failed = await rowsOf(`%${s.email}`, 'staff.login_failed');
    expect(failed.map((r) => [r.actor, r.ip, r.tenant_id, r.after])).toEqual([
      [s.email, badIp, tenantId, { reason: 'credentials' }],
      [s.email, badIp, tenantId, { reason: 'code' }],
      [`nobody.${s.email}`, badIp, tenantId, { reason: 'credentials' }],
    ]);
    const raw = JSON.stringify(failed);
    expect(raw).not.toContain('not-the-password');
    expect(raw).not.toContain(PASSWORD);

    const ip = newIp();
    const first = await login({ email: s.email, password: PASSWORD, totp: nowCode(s) }, { ip });
    expect(first.statusCode, first.body).toBe(200);
    const se: Session = { cookie: cookieOf(first), csrf: first.json().csrf_token, host: 'localhost' };
    const logins = (await rowsOf(actor, 'staff.login')).slice(0, 1);
    expect(logins[0]).toMatchObject({ ip, tenant_id: tenantId, after: { with: 'totp' } });
    expect(JSON.stringify(logins)).not.toContain(s.secret);

    expect((await call(se, 'POST', '/api/admin/auth/step-up', { payload: { totp: '000000' } })).statusCode).toBe(422);
    expect((await call(se, 'POST', '/api/admin/auth/step-up', { payload: { totp: nowCode(s, 1) } })).statusCode).toBe(
      200,
    );
    expect((await rowsOf(actor, 'staff.step_up')).length).toBe(1);
    expect((await rowsOf(actor, 'staff.step_up_failed')).length).toBe(1);

    const second = await login({ email: s.email, password: PASSWORD, backup_code: s.backupCodes[0] });
    expect(second.statusCode, second.body).toBe(200);
    const other: Session = { cookie: cookieOf(second), csrf: second.json().csrf_token, host: 'localhost' };
    const otherId = (await call(other, 'GET', '/api/admin/auth/sessions'))
      .json()
      .data.find((x: { current: boolean }) => Boolean(x.current)).id as string;
    const revoke = await call(se, 'POST', `/api/admin/auth/sessions/${otherId}/revoke`);
    expect(revoke.json()).toEqual({ revoked: true });
    // Revoking it again changes nothing and writes nothing.
    expect((await call(se, 'POST', `/api/admin/auth/sessions/${otherId}/revoke`)).json()).toEqual({ revoked: false });
    const revokes = await rowsOf(actor, 'staff.session_revoke');
    expect(revokes).toHaveLength(1);
    expect(revokes[0]!.before).toEqual({ session_id: otherId });

    expect((await call(se, 'POST', '/api/admin/auth/logout')).statusCode).toBe(200);
    expect((await rowsOf(actor, 'staff.logout')).length).toBe(1);
    // The console's audit screen reads them through the same API as every other act.
    const owner = await newStaff({ role: 'auditor' });
    const ose = await loggedIn(owner);
    const page = await call(ose, 'GET', `/api/admin/audit?actor=${encodeURIComponent(`staff:${s.id}`)}&limit=50`);
    expect((await rowsOf(actor, 'staff.login')).map((r) => (r.after as { with: string }).with)).toEqual([
      'totp',
      'backup_code',
    ]);
    expect(page.statusCode, page.body).toBe(200);
    expect(new Set(page.json().data.map((r: { action: string }) => r.action))).toEqual(
      new Set(['staff.login', 'staff.step_up', 'staff.step_up_failed', 'staff.session_revoke', 'staff.logout']),
    );
  });

  it('has staff:create, staff:disable and staff:reset-totp under the ops actor, with no secret', async () => {
    const s = await newStaff({ role: 'kyc' });
    await ops('staff:reset-totp', ['--host', 'localhost', '--email', s.email]);
    await ops('staff:disable', ['--host', 'localhost', '--email', s.email]);
    const rows = (await rowsOf('ops:%')).filter((r) => (r.after as { staff_id?: number }).staff_id === s.id);
    expect(rows.map((r) => [r.action, r.tenant_id])).toEqual([
      ['staff.create', tenantId],
      ['staff.reset_totp', tenantId],
      ['staff.disable', tenantId],
    ]);
    expect(rows[0]!.after).toEqual({ staff_id: s.id, email: s.email, role: 'kyc' });
    const raw = JSON.stringify(rows);
    expect(raw).not.toContain(s.secret);
    for (const c of s.backupCodes) expect(raw).not.toContain(c);
  });
});
