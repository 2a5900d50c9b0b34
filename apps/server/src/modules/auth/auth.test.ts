import { randomBytes } from 'node:crypto';
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_CACHE_MS } from '../../platform/auth';
import { client, lastCode, newCpf, newEmail, newIp, newPhone, registerPlayer } from '../../test/accounts';
import { testApp } from '../../test/helpers';
import * as casinoRepo from '../casino/index';
import { hashSessionToken } from '../casino/index';
import { demoTenantId, fundedPlayer, gameByCode } from '../casino/test-support';
import { SIGNATURE_HEADER, sign } from '../providers/index';
import { createTenant, setTenantSettings } from '../tenants/index';
import { normalizeCpf, normalizePhone } from './validation';

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp({ tenantCacheTtlMs: 0, tenantNegativeCacheTtlMs: 0 });
});
afterAll(() => app.close());

function form(o: Record<string, unknown> = {}) {
  const phone = newPhone();
  return {
    name: 'João Pereira',
    username: phone,
    email: newEmail(),
    password: 'abc12345',
    password_confirmation: 'abc12345',
    birth_date: '1995-02-03',
    cpf: newCpf(),
    code: '000000',
    terms: true,
    age_confirmed: true,
    ...o,
  };
}

/** The newest code sent to a phone or e-mail; recovery codes go out after the reply, so this waits for one. */
async function sentCode(to: string, a: FastifyInstance = app): Promise<string> {
  for (let i = 0; ; i++) {
    try {
      return await lastCode(a, to);
    } catch (err) {
      if (i >= 100) throw err;
      await new Promise((r) => setTimeout(r, 20));
    }
  }
}

/** The first message for a field of a 422 reply. */
async function fieldMessage(payload: Record<string, unknown>, field: string, lang?: 'en') {
  const res = await client(app).post('/api/auth/register', payload, lang ? { 'accept-language': 'en' } : {});
  expect(res.statusCode, res.body).toBe(422);
  return res.json().errors[field]?.[0] as string | undefined;
}

describe('field rules (spec section 5)', () => {
  it('normalises Brazilian mobiles to E.164 and rejects landlines and bad area codes', () => {
    expect(normalizePhone('(11) 98765-4321')).toBe('+5511987654321');
    expect(normalizePhone('+55 21 99876 5432')).toBe('+5521998765432');
    expect(normalizePhone('5511987654321')).toBe('+5511987654321');
    expect(normalizePhone('1133334444')).toBeNull(); // landline
    expect(normalizePhone('20987654321')).toBeNull(); // DDD 20 does not exist
    expect(normalizePhone('1198765432')).toBeNull();
  });

  it('checks both CPF digits and refuses repeated digits', () => {
    expect(normalizeCpf('529.982.247-25')).toBe('52998224725');
    expect(normalizeCpf('52998224724')).toBeNull();
    expect(normalizeCpf('111.111.111-11')).toBeNull();
    expect(normalizeCpf('5299822472')).toBeNull();
  });

  it('answers every empty required field with the spec wording, in pt and en', async () => {
    const res = await client(app).post('/api/auth/register', {});
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.message).toBe('Este campo é obrigatório.');
    for (const f of ['name', 'username', 'email', 'password', 'password_confirmation', 'birth_date', 'cpf', 'code'])
      expect(body.errors[f], f).toEqual(['Este campo é obrigatório.']);
    expect(body.errors.terms).toEqual(['Você precisa aceitar os termos e condições.']);
    expect(body.errors.age_confirmed).toEqual(['Você precisa confirmar que tem 18 anos ou mais.']);
    const en = await client(app).post('/api/auth/register', {}, { 'accept-language': 'en-US' });
    expect(en.json().errors.name).toEqual(['This field is required.']);
    expect(en.json().errors.terms).toEqual(['You must accept the terms and conditions.']);
  });

  it.each([
    ['name', 'Maria', 'Por favor, insira seu nome completo.', 'Please enter your full name.'],
    [
      'name',
      'Maria S',
      'O sobrenome deve ter mais de três caracteres.',
      'The last name must have more than three characters.',
    ],
    ['name', 'Maria <b>Silva</b>', 'O nome contém caracteres inválidos.', 'The name contains invalid characters.'],
    ['username', '1133334444', 'Número de celular inválido.', 'Invalid mobile number.'],
    ['email', 'not-an-email', 'Por favor, insira um e-mail válido.', 'Please enter a valid e-mail.'],
    [
      'email',
      'a-very-long-address-1234@example.com',
      'E-mail é permitido apenas 30 caracteres',
      'E-mail allows only 30 characters',
    ],
    ['password', 'abc123', 'A senha deve ter no mínimo 8 caracteres.', 'The password must have at least 8 characters.'],
    [
      'password',
      'abcdefghij',
      'A senha deve combinar letras com números ou símbolos.',
      'The password must mix letters with numbers or symbols.',
    ],
    [
      'password',
      '1234567890',
      'A senha deve combinar letras com números ou símbolos.',
      'The password must mix letters with numbers or symbols.',
    ],
    ['password_confirmation', 'abc12346', 'As senhas não coincidem', 'The passwords do not match'],
    ['birth_date', '1990-02-30', 'Data de nascimento inválida.', 'Invalid birth date.'],
    ['birth_date', '17/05/1990', 'Data de nascimento inválida.', 'Invalid birth date.'],
    ['cpf', '529.982.247-24', 'CPF inválido', 'Invalid CPF'],
    ['cpf', '00000000000', 'CPF inválido', 'Invalid CPF'],
    ['code', '12ab', 'O código deve ter 6 dígitos.', 'The code must have 6 digits.'],
    ['terms', false, 'Você precisa aceitar os termos e condições.', 'You must accept the terms and conditions.'],
    [
      'age_confirmed',
      false,
      'Você precisa confirmar que tem 18 anos ou mais.',
      'You must confirm that you are 18 or older.',
    ],
  ])('%s = %j -> "%s"', async (field, value, pt, en) => {
    expect(await fieldMessage(form({ [field]: value }), field)).toBe(pt);
    expect(await fieldMessage(form({ [field]: value }), field, 'en')).toBe(en);
  });

  it('refuses anyone under 18, counting by calendar date', async () => {
    const d = new Date();
    const y = d.getUTCFullYear() - 18;
    const tooYoung = `${y}-12-31`;
    expect(await fieldMessage(form({ birth_date: tooYoung }), 'birth_date')).toBe(
      d.getUTCMonth() === 11 && d.getUTCDate() === 31 ? undefined : 'Você precisa ter 18 anos ou mais.',
    );
    expect(await fieldMessage(form({ birth_date: `${y - 1}-01-01` }), 'birth_date')).toBeUndefined();
  });

  it('validates a CPF on its own call', async () => {
    const ok = await client(app).post('/api/validate/validate-cpf', { cpf: '529.982.247-25' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ valid: true, cpf: '52998224725' });
    const bad = await client(app).post('/api/validate/validate-cpf', { cpf: '123.456.789-00' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ message: 'CPF inválido', errors: { cpf: ['CPF inválido'] } });
  });
});

describe('verification codes', () => {
  it('sends a 6-digit code by SMS or e-mail, and refuses a resend within 20 s with the wait', async () => {
    const c = client(app);
    const phone = newPhone();
    const res = await c.post('/api/auth/verify-code', { phone });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ channel: 'sms', resend_in: 20, expires_in: 600 });
    const outbox = (await app.inject({ url: `/api/dev/outbox?to=${phone}`, headers: { host: 'localhost' } })).json();
    expect(outbox[0]).toMatchObject({ to: `+55${phone}`, channel: 'sms', code: expect.stringMatching(/^\d{6}$/) });
    expect(outbox[0].body).toContain(outbox[0].code);

    const again = await c.post('/api/auth/verify-code', { phone: `+55 ${phone}` });
    expect(again.statusCode).toBe(429);
    const wait = Number(again.headers['retry-after']);
    expect(wait).toBeGreaterThan(15);
    expect(wait).toBeLessThanOrEqual(20);
    expect(again.json().retry_after).toBe(wait);
    expect(again.json().message).toBe(`Aguarde ${wait} segundos para solicitar um novo código.`);

    const email = newEmail();
    const byMail = await c.post('/api/auth/verify-code', { email: email.toUpperCase() });
    expect(byMail.json().channel).toBe('email');
    const mail = (await app.inject({ url: `/api/dev/outbox?to=${email}`, headers: { host: 'localhost' } })).json();
    expect(mail[0].subject).toContain(mail[0].code);
  });

  it('validates the target', async () => {
    const none = await client(app).post('/api/auth/verify-code', {});
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.email).toEqual(['Este campo é obrigatório.']);
    const bad = await client(app).post('/api/auth/verify-code', { phone: '123' });
    expect(bad.json().errors.phone).toEqual(['Número de celular inválido.']);
  });

  it('rejects a wrong code and spends the code after 5 wrong attempts', async () => {
    const c = client(app);
    const payload = form();
    await c.post('/api/auth/verify-code', { phone: payload.username });
    const code = await lastCode(app, payload.username);
    const wrong = code === '999999' ? '999998' : '999999';
    for (let i = 1; i <= 4; i++) {
      const r = await c.post('/api/auth/register', { ...payload, code: wrong });
      expect(r.json().errors.code).toEqual(['Código inválido ou expirado.']);
    }
    const fifth = await c.post('/api/auth/register', { ...payload, code: wrong });
    expect(fifth.json().errors.code).toEqual(['Muitas tentativas erradas. Solicite um novo código.']);
    const right = await c.post('/api/auth/register', { ...payload, code });
    expect(right.statusCode).toBe(422);
    expect(right.json().errors.code).toEqual(['Código inválido ou expirado.']);
  });

  it('expires codes after 10 minutes', async () => {
    const c = client(app);
    const payload = form();
    await c.post('/api/auth/verify-code', { phone: payload.username });
    const code = await lastCode(app, payload.username);
    await app.db.query(`update verification_codes set expires_at = now() - interval '1 second' where target = $1`, [
      `+55${payload.username}`,
    ]);
    const r = await c.post('/api/auth/register', { ...payload, code });
    expect(r.json().errors.code).toEqual(['Código inválido ou expirado.']);
  });

  it('limits codes per target and per address', async () => {
    const ip = newIp();
    let last = 0;
    for (let i = 0; i < 21; i++) {
      const r = await client(app, { ip }).post('/api/auth/verify-code', { email: newEmail() });
      last = r.statusCode;
    }
    expect(last).toBe(429);
  });
});

describe('registration', () => {
  it('creates the account, returns a token and the spec User, and stores the phone as E.164', async () => {
    const p = await registerPlayer(app);
    expect(p.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(p.user).toMatchObject({
      first_name: 'Maria',
      last_name: 'da Silva',
      name: 'Maria da Silva',
      email: p.email,
      username: `+55${p.phone}`,
      birth_date: '1990-05-17',
      level: 0,
      totalBet: 0,
      avatar: null,
      language: 'pt',
      user_likes: [],
      vip: { level: 0, points: 0 },
      wallet: { balance: 0, balance_withdrawal: 0, deposit_count: 0 },
      address: null,
      phone_verified: true,
      email_verified: false,
    });
    expect(p.user).not.toHaveProperty('password_hash');
    expect(JSON.stringify(p.user)).not.toContain(p.cpf);
    const { rows } = await app.db.query<{ phone: string; password_hash: string }>(
      'select phone, password_hash from users where id = $1',
      [p.user.id],
    );
    expect(rows[0]!.phone).toBe(`+55${p.phone}`);
    expect(rows[0]!.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('accepts a code sent to the e-mail instead of the phone, and marks the e-mail verified', async () => {
    const c = client(app);
    const payload = form();
    await c.post('/api/auth/verify-code', { email: payload.email });
    const r = await c.post('/api/auth/register', { ...payload, code: await lastCode(app, payload.email) });
    expect(r.statusCode).toBe(201);
    expect(r.json().user).toMatchObject({ email_verified: true, phone_verified: false });
  });

  it('refuses a phone, e-mail or CPF already registered in the tenant, to the holder of a fresh code', async () => {
    const p = await registerPlayer(app);
    const c = client(app);
    // (the phone had its code a moment ago; a fresh one to the e-mail proves the same)
    expect((await c.post('/api/auth/verify-code', { email: p.email })).statusCode).toBe(200);
    const code = await lastCode(app, p.email);
    const payload = form({ username: p.phone, email: p.email.toUpperCase(), cpf: p.cpf, code });
    const r = await c.post('/api/auth/register', payload);
    expect(r.statusCode).toBe(422);
    expect(r.json().errors).toEqual({
      username: ['Este celular já está cadastrado.'],
      email: ['Este e-mail já está cadastrado.'],
      cpf: ['Este CPF já está cadastrado.'],
    });
  });

  it('does not tell a visitor without a valid code whether a phone, e-mail or CPF is registered', async () => {
    const p = await registerPlayer(app);
    const r = await client(app).post('/api/auth/register', form({ username: p.phone, email: p.email, cpf: p.cpf }));
    expect(r.statusCode).toBe(422);
    expect(r.json().errors).toEqual({ code: ['Código inválido ou expirado.'] });
  });

  it('keeps the code usable after a taken e-mail, so the corrected form goes through', async () => {
    const p = await registerPlayer(app);
    const c = client(app);
    const phone = newPhone();
    expect((await c.post('/api/auth/verify-code', { phone })).statusCode).toBe(200);
    const code = await lastCode(app, phone);
    const first = await c.post('/api/auth/register', form({ username: phone, email: p.email, code }));
    expect(first.json().errors).toEqual({ email: ['Este e-mail já está cadastrado.'] });
    const second = await c.post('/api/auth/register', form({ username: phone, email: newEmail(), code }));
    expect(second.statusCode, second.body).toBe(201);
  });

  it('makes the CPF optional when the tenant neither asks for it nor is regulated', async () => {
    await setTenantSettings(app.db, { host: 'localhost', assignments: ['registerCPF=false'] });
    try {
      const c = client(app);
      const payload = form({ cpf: undefined });
      await c.post('/api/auth/verify-code', { phone: payload.username });
      const r = await c.post('/api/auth/register', { ...payload, code: await lastCode(app, payload.username) });
      expect(r.statusCode, r.body).toBe(201);
      await setTenantSettings(app.db, { host: 'localhost', assignments: ['is_regulated=true'] });
      expect(await fieldMessage(form({ cpf: '' }), 'cpf')).toBe('Este campo é obrigatório.');
    } finally {
      await setTenantSettings(app.db, { host: 'localhost', assignments: ['registerCPF=true', 'is_regulated=false'] });
    }
  });

  it('records the referral code of the inviting player', async () => {
    const inviter = await registerPlayer(app);
    const invited = await registerPlayer(app, { extra: { ref: inviter.user.referral_code } });
    const { rows } = await app.db.query<{ referred_by: number }>('select referred_by from users where id = $1', [
      invited.user.id,
    ]);
    expect(rows[0]!.referred_by).toBe(inviter.user.id);
    // An unknown code is not an error: it came from a link, not from the player.
    await registerPlayer(app, { extra: { ref: 'NOPE' } });
  });

  it('limits registrations per address', async () => {
    const c = client(app);
    let status = 0;
    for (let i = 0; i < 11; i++) status = (await c.post('/api/auth/register', form())).statusCode;
    expect(status).toBe(429);
  });
});

describe('login, sessions and logout', () => {
  it('logs in by phone (any writing) and by e-mail; /auth/me answers with the user', async () => {
    const p = await registerPlayer(app);
    for (const login of [
      p.phone,
      `(${p.phone.slice(0, 2)}) ${p.phone.slice(2, 7)}-${p.phone.slice(7)}`,
      p.email.toUpperCase(),
    ]) {
      const r = await client(app).post('/api/auth/login', { login, password: p.password });
      expect(r.statusCode, login).toBe(200);
      const me = await client(app, { token: r.json().token }).get('/api/auth/me');
      expect(me.statusCode).toBe(200);
      expect(me.json().user.id).toBe(p.user.id);
    }
  });

  it('logs in by CPF only where the tenant requires it', async () => {
    const p = await registerPlayer(app);
    const before = await client(app).post('/api/auth/login', { login: p.cpf, password: p.password });
    expect(before.statusCode).toBe(401);
    await setTenantSettings(app.db, { host: 'localhost', assignments: ['login_requires_cpf=true'] });
    try {
      const r = await client(app).post('/api/auth/login', { login: p.cpf, password: p.password });
      expect(r.statusCode).toBe(200);
    } finally {
      await setTenantSettings(app.db, { host: 'localhost', assignments: ['login_requires_cpf=false'] });
    }
  });

  it('gives one generic 401 for a wrong password and for an unknown account', async () => {
    const p = await registerPlayer(app);
    const wrong = await client(app).post('/api/auth/login', { login: p.email, password: 'wrong-pass1' });
    const unknown = await client(app).post('/api/auth/login', { login: newEmail(), password: 'wrong-pass1' });
    const garbage = await client(app).post('/api/auth/login', { login: 'nobody', password: 'x' });
    for (const r of [wrong, unknown, garbage]) {
      expect(r.statusCode).toBe(401);
      expect(r.json()).toEqual({ message: 'Login ou senha incorretos.', code: 'unauthorized' });
    }
  });

  it('takes about as long for an unknown account as for a wrong password (a dummy hash is verified)', async () => {
    const p = await registerPlayer(app);
    const time = async (login: string) => {
      const t0 = performance.now();
      await client(app).post('/api/auth/login', { login, password: 'wrong-pass1' });
      return performance.now() - t0;
    };
    await time(newEmail());
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 5; i++) {
      known.push(await time(p.email));
      unknown.push(await time(newEmail()));
    }
    const median = (a: number[]) => a.sort((x, y) => x - y)[2]!;
    // Without the dummy hash the unknown path skips argon2 entirely and is many times faster.
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.4);
  });

  it('validates the login form', async () => {
    const r = await client(app).post('/api/auth/login', {});
    expect(r.statusCode).toBe(422);
    expect(r.json().errors).toEqual({ login: ['Este campo é obrigatório.'], password: ['Este campo é obrigatório.'] });
  });

  it('rate-limits login per account and per address with Retry-After', async () => {
    const p = await registerPlayer(app);
    let r = await client(app).post('/api/auth/login', { login: p.email, password: 'bad-pass-0' });
    for (let i = 1; i < 11; i++)
      r = await client(app).post('/api/auth/login', { login: p.email, password: `bad-pass-${i}` });
    expect(r.statusCode).toBe(429);
    expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    // Even the right password waits: the budget is per account, whatever the address.
    const right = await client(app).post('/api/auth/login', { login: p.email, password: p.password });
    expect(right.statusCode).toBe(429);

    const ip = newIp();
    let last = 0;
    for (let i = 0; i < 31; i++)
      last = (await client(app, { ip }).post('/api/auth/login', { login: newEmail(), password: 'x1234567' }))
        .statusCode;
    expect(last).toBe(429);
  });

  it('takes the client address from trusted proxies only', async () => {
    // The socket is not a trusted proxy: its X-Forwarded-For is ignored, so rotating it does not reset the budget.
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const r = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '203.0.113.9',
        headers: { host: 'localhost', 'x-forwarded-for': newIp() },
        payload: { login: newEmail(), password: 'x1234567' },
      });
      statuses.push(r.statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
  });

  it('rejects missing, malformed, unknown and revoked tokens; logout ends the token everywhere', async () => {
    const p = await registerPlayer(app);
    expect((await client(app).get('/api/auth/me')).statusCode).toBe(401);
    expect((await client(app).get('/api/auth/me', { authorization: 'Bearer x' })).statusCode).toBe(401);
    expect((await client(app, { token: 'A'.repeat(43) }).get('/api/auth/me')).statusCode).toBe(401);
    const other = await client(app).post('/api/auth/login', { login: p.email, password: p.password });
    const c = client(app, { token: p.token });
    expect((await c.get('/api/auth/logout')).statusCode).toBe(200);
    const after = await c.get('/api/auth/me');
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe('Sua sessão expirou. Faça login novamente.');
    // Only that session ended.
    expect((await client(app, { token: other.json().token }).get('/api/auth/me')).statusCode).toBe(200);
  });

  it('stores only a hash of the token and expires sessions after 7 days', async () => {
    const p = await registerPlayer(app);
    const { rows } = await app.db.query<{ token_hash: string; days: number }>(
      `select token_hash, round(extract(epoch from expires_at - created_at) / 86400)::int as days
        from sessions where user_id = $1`,
      [p.user.id],
    );
    expect(rows[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.token_hash).not.toContain(p.token);
    expect(rows[0]!.days).toBe(7);
    await app.db.query(`update sessions set expires_at = now() - interval '1 second' where user_id = $1`, [p.user.id]);
    expect((await client(app, { token: p.token }).get('/api/auth/me')).statusCode).toBe(401);
  });

  it('a token in constant use, revoked behind this process (as by another node), stops working within the cache bound', async () => {
    const p = await registerPlayer(app);
    const c = client(app, { token: p.token });
    // In use for longer than the cache keeps an entry: checked again in the background, still live.
    const until = Date.now() + SESSION_CACHE_MS * 1.5;
    while (Date.now() < until) {
      expect((await c.get('/api/auth/me')).statusCode).toBe(200);
      await new Promise((r) => setTimeout(r, 50));
    }
    await app.db.query('update sessions set revoked_at = now() where user_id = $1', [p.user.id]);
    const revoked = Date.now();
    for (;;) {
      const status = (await c.get('/api/auth/me')).statusCode;
      if (status === 401) break;
      expect(status).toBe(200);
      expect(Date.now() - revoked).toBeLessThan(SESSION_CACHE_MS + 500);
      await new Promise((r) => setTimeout(r, 25));
    }
    // And stays refused.
    expect((await c.get('/api/auth/me')).statusCode).toBe(401);
  });
});

describe('recovery and changes', () => {
  it('sends a reset code without telling whether the account exists, and resetting ends every session', async () => {
    const p = await registerPlayer(app);
    const known = await client(app).post('/api/auth/recover-password', { login: p.email });
    const unknown = await client(app).post('/api/auth/recover-password', { login: newEmail() });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    const code = await sentCode(p.email);

    const bad = await client(app).post('/api/auth/reset-password', {
      login: p.email,
      code: code === '000000' ? '000001' : '000000',
      password: 'nova-senha-2',
      password_confirmation: 'nova-senha-2',
    });
    expect(bad.json().errors.code).toEqual(['Código inválido ou expirado.']);
    const mismatch = await client(app).post('/api/auth/reset-password', {
      login: p.email,
      code,
      password: 'nova-senha-2',
      password_confirmation: 'nova-senha-3',
    });
    expect(mismatch.json().errors.password_confirmation).toEqual(['As senhas não coincidem']);

    const ok = await client(app).post('/api/auth/reset-password', {
      login: p.email,
      code,
      password: 'nova-senha-2',
      password_confirmation: 'nova-senha-2',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await client(app, { token: p.token }).get('/api/auth/me')).statusCode).toBe(401);
    expect((await client(app, { token: ok.json().token }).get('/api/auth/me')).statusCode).toBe(200);
    expect((await client(app).post('/api/auth/login', { login: p.email, password: p.password })).statusCode).toBe(401);
    expect((await client(app).post('/api/auth/login', { login: p.email, password: 'nova-senha-2' })).statusCode).toBe(
      200,
    );
    // The code was spent.
    const reuse = await client(app).post('/api/auth/reset-password', {
      login: p.email,
      code,
      password: 'outra-senha-3',
      password_confirmation: 'outra-senha-3',
    });
    expect(reuse.statusCode).toBe(422);
  });

  it('answers a known and an unknown target alike and at once, however slow the mail server is', async () => {
    // An SMTP server that accepts connections and never says a word: a send to it hangs until nodemailer gives up.
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((s) => void sockets.add(s));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const slowApp = await testApp({ smtpUrl: `smtp://127.0.0.1:${(silent.address() as net.AddressInfo).port}` });
    try {
      const p = await registerPlayer(slowApp);
      const ask = async (login: string) => {
        const t0 = performance.now();
        const r = await Promise.race([
          client(slowApp).post('/api/auth/recover-password', { login }, { 'accept-language': 'en' }),
          new Promise<null>((resolve) => setTimeout(() => resolve(null), 3_000)),
        ]);
        return { r, ms: performance.now() - t0 };
      };
      const known = await ask(p.email);
      const unknown = await ask(newEmail());
      expect(known.r, 'the reply waited for the mail server').not.toBeNull();
      expect(unknown.r).not.toBeNull();
      expect(known.r!.statusCode).toBe(200);
      expect(unknown.r!.statusCode).toBe(200);
      expect(known.r!.json()).toEqual(unknown.r!.json());
      expect(known.r!.json().message).toBe('If an account uses these details, we sent it a code.');
      expect(known.ms).toBeLessThan(1_000);
      // The delivery is under way all the same: the mail server was called for the known account only.
      await expect.poll(() => sockets.size).toBe(1);
    } finally {
      for (const s of sockets) s.destroy();
      silent.close();
      await slowApp.close();
    }
  });

  it('spends the same budgets for an unknown target as for a known one', async () => {
    // From one address: 19 registration codes leave one code of the address's 20 an hour. A recovery then takes
    // it, and the next is refused, whether the targets have accounts or not (else the refusal would tell).
    const players = [await registerPlayer(app), await registerPlayer(app)];
    const run = async (targets: string[]) => {
      const ip = newIp();
      for (let i = 0; i < 19; i++)
        expect((await client(app, { ip }).post('/api/auth/verify-code', { phone: newPhone() })).statusCode).toBe(200);
      const statuses: number[] = [];
      for (const login of targets)
        statuses.push((await client(app, { ip }).post('/api/auth/recover-password', { login })).statusCode);
      return statuses;
    };
    const known = await run(players.map((p) => p.email));
    const unknown = await run([newEmail(), newEmail()]);
    expect(known).toEqual([200, 429]);
    expect(unknown).toEqual(known);
  });

  it('rate-limits recovery per target', async () => {
    const email = newEmail();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++)
      statuses.push((await client(app).post('/api/auth/recover-password', { login: email })).statusCode);
    expect(statuses.at(-1)).toBe(429);
  });

  it('changes the password with the current one and ends the other sessions', async () => {
    const p = await registerPlayer(app);
    const second = (await client(app).post('/api/auth/login', { login: p.email, password: p.password })).json().token;
    const c = client(app, { token: p.token });
    const wrong = await c.post('/api/auth/update', {
      current_password: 'not-it-123',
      password: 'trocada-123',
      password_confirmation: 'trocada-123',
    });
    expect(wrong.json().errors.current_password).toEqual(['Senha atual incorreta.']);
    const ok = await c.post('/api/auth/update', {
      current_password: p.password,
      password: 'trocada-123',
      password_confirmation: 'trocada-123',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await c.get('/api/auth/me')).statusCode).toBe(200);
    expect((await client(app, { token: second }).get('/api/auth/me')).statusCode).toBe(401);
    expect((await client(app).post('/api/auth/login', { login: p.email, password: 'trocada-123' })).statusCode).toBe(
      200,
    );
  });

  it('changes the password with a code from request-password-change', async () => {
    const p = await registerPlayer(app);
    const c = client(app, { token: p.token });
    const sent = await c.post('/api/auth/request-password-change', {});
    expect(sent.json().channel).toBe('email');
    const code = await lastCode(app, p.email);
    const ok = await c.post('/api/auth/update', {
      code,
      password: 'por-codigo-1',
      password_confirmation: 'por-codigo-1',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await client(app).post('/api/auth/login', { login: p.phone, password: 'por-codigo-1' })).statusCode).toBe(
      200,
    );
  });

  it('verifies the e-mail and the phone with codes', async () => {
    const p = await registerPlayer(app);
    const c = client(app, { token: p.token });
    expect((await c.post('/api/auth/verify-email', {})).statusCode).toBe(200);
    const wrong = await c.post('/api/auth/verify-email', { code: '12345' });
    expect(wrong.json().errors.code).toEqual(['O código deve ter 6 dígitos.']);
    const ok = await c.post('/api/auth/verify-email', { code: await lastCode(app, p.email) });
    expect(ok.json().user.email_verified).toBe(true);
    expect((await c.post('/api/auth/verify-phone', {})).json().channel).toBe('sms');
    const phone = await c.post('/api/auth/verify-phone', { code: await lastCode(app, p.phone) });
    expect(phone.json().user.phone_verified).toBe(true);
  });

  it('says nothing about the new e-mail until the current password is right', async () => {
    const p = await registerPlayer(app);
    const other = await registerPlayer(app);
    const c = client(app, { token: p.token });
    const wrong = await c.post('/api/auth/update', { current_password: 'not-it-123', email: other.email });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ current_password: ['Senha atual incorreta.'] });
    // With the password, the player learns the e-mail is taken, and nothing changed.
    const right = await c.post('/api/auth/update', { current_password: p.password, email: other.email });
    expect(right.json().errors).toEqual({ email: [expect.any(String)] });
    expect((await c.get('/api/auth/me')).json().user.email).toBe(p.email);
  });

  it('changes the e-mail, which then needs verifying again', async () => {
    const p = await registerPlayer(app);
    const c = client(app, { token: p.token });
    const email = newEmail();
    const r = await c.post('/api/auth/update', { current_password: p.password, email });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().user).toMatchObject({ email, email_verified: false });
  });
});

describe('game sessions end with the account session', () => {
  /** A live launch of the aurora stand-in's game for the player: the token its server presents on each call. */
  async function launch(userId: number) {
    const tenantId = await demoTenantId(app);
    const provider = (await casinoRepo.findProviderByCode(app.db, tenantId, 'aurora'))!;
    const game = await gameByCode(app, 'tigre-da-fortuna');
    const token = randomBytes(32).toString('base64url');
    await casinoRepo.insertGameSession(app.db, {
      tenantId,
      userId,
      gameId: game.id,
      providerId: provider.id,
      tokenHash: hashSessionToken(token),
      demo: false,
      ttlMs: 3_600_000,
    });
    /** A stake of the provider's server with this launch's token, signed as the provider signs it. */
    return async () => {
      const round = `r-${randomBytes(6).toString('hex')}`;
      const raw = JSON.stringify({
        session_token: token,
        player_id: String(userId),
        game_id: game.game_id,
        transaction_id: `b-${round}`,
        round_id: round,
        amount: 100,
      });
      const res = await app.inject({
        method: 'POST',
        url: '/api/providers/aurora/bet',
        headers: {
          host: 'localhost',
          'content-type': 'application/json',
          [SIGNATURE_HEADER]: sign(raw, provider.secret),
        },
        payload: raw,
      });
      return res.json() as { status: string; error_code?: string };
    };
  }

  it('on logout: a stake with the old launch token is refused as an expired session', async () => {
    const p = await fundedPlayer(app, 10_000);
    const bet = await launch(p.id);
    expect(await bet()).toMatchObject({ status: 'OK' });
    expect((await client(app, { token: p.token }).post('/api/auth/logout')).statusCode).toBe(200);
    expect(await bet()).toMatchObject({ status: 'ERROR', error_code: 'SESSION_EXPIRED' });
  });

  it('on a password reset', async () => {
    const p = await fundedPlayer(app, 10_000);
    const bet = await launch(p.id);
    expect(await bet()).toMatchObject({ status: 'OK' });
    expect((await client(app).post('/api/auth/recover-password', { login: p.email })).statusCode).toBe(200);
    const reset = await client(app).post('/api/auth/reset-password', {
      login: p.email,
      code: await sentCode(p.email),
      password: 'nova-senha-9',
      password_confirmation: 'nova-senha-9',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await bet()).toMatchObject({ status: 'ERROR', error_code: 'SESSION_EXPIRED' });
  });

  it('on self-exclusion', async () => {
    const p = await fundedPlayer(app, 10_000);
    const bet = await launch(p.id);
    expect(await bet()).toMatchObject({ status: 'OK' });
    expect((await client(app, { token: p.token }).post('/api/profile/self-exclusion', { value: 30 })).statusCode).toBe(
      200,
    );
    expect(await bet()).toMatchObject({ status: 'ERROR', error_code: 'SESSION_EXPIRED' });
  });
});

describe('self-exclusion', () => {
  it('ends the sessions, refuses login until the end date with the period, and is removable only afterwards', async () => {
    const p = await registerPlayer(app);
    const c = client(app, { token: p.token });
    const bad = await c.post('/api/profile/self-exclusion', { value: 'forever' });
    expect(bad.json().errors.value).toEqual(['Escolha um período válido.']);
    const r = await c.post('/api/profile/self-exclusion', { value: 30 });
    expect(r.statusCode, r.body).toBe(200);
    const period = r.json().selfExcluded;
    expect(new Date(period.end_at).getTime() - new Date(period.start_at).getTime()).toBeGreaterThan(29 * 86_400_000);
    expect((await c.get('/api/auth/me')).statusCode).toBe(401);

    const login = await client(app).post('/api/auth/login', { login: p.email, password: p.password });
    expect(login.statusCode).toBe(403);
    expect(login.json()).toMatchObject({
      code: 'self_excluded',
      selfExcluded: { start_at: period.start_at, end_at: period.end_at },
    });
    expect(login.json().message).toMatch(/^Você está autoexcluído até \d{2}\/\d{2}\/\d{4}\.$/);
    // A wrong password still gets the generic answer: the exclusion is not revealed to a stranger.
    const stranger = await client(app).post('/api/auth/login', { login: p.email, password: 'nao-sei-123' });
    expect(stranger.statusCode).toBe(401);

    await app.db.query(
      `update users set self_exclusion_end = now() - interval '1 minute', self_exclusion_start = now() - interval '31 days'
        where id = $1`,
      [p.user.id],
    );
    const back = await client(app).post('/api/auth/login', { login: p.email, password: p.password });
    expect(back.statusCode).toBe(200);
    const removed = await client(app, { token: back.json().token }).post('/api/profile/self-exclusion/remove');
    expect(removed.statusCode).toBe(200);
  });

  it('refuses removal during the period and accepts a custom end date', async () => {
    const p = await registerPlayer(app);
    const c = client(app, { token: p.token });
    const past = await c.post('/api/profile/self-exclusion', { value: 'custom', date: '2000-01-01' });
    expect(past.json().errors.date).toEqual(['Data inválida.']);
    const next = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
    const r = await c.post('/api/profile/self-exclusion', { value: 'custom', date: next });
    expect(r.statusCode).toBe(200);
    // The end of that day in the tenant's time zone (São Paulo, UTC-3).
    const after = new Date(Date.parse(`${next}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    expect(r.json().selfExcluded.end_at).toBe(`${after}T02:59:59.000Z`);
    // The session ended, so log in is impossible; simulate a session that survived to check the rule itself.
    await app.db.query('update sessions set revoked_at = null where user_id = $1', [p.user.id]);
    const remove = await c.post('/api/profile/self-exclusion/remove');
    expect(remove.statusCode).toBe(403);
    expect(remove.json().message).toBe('A autoexclusão só pode ser removida depois do fim do período.');
  });
});

describe('tenant isolation', () => {
  it('a player of one tenant can neither log in nor be seen on another', async () => {
    await createTenant(app.db, { name: 'Outra', host: 'outra.test' });
    const p = await registerPlayer(app);
    const there = client(app, { host: 'outra.test' });
    expect((await there.post('/api/auth/login', { login: p.email, password: p.password })).statusCode).toBe(401);
    expect((await client(app, { host: 'outra.test', token: p.token }).get('/api/auth/me')).statusCode).toBe(401);
    expect((await there.post('/api/profile/show', { user_id: p.user.id })).statusCode).toBe(404);
    expect(
      (await app.inject({ url: `/api/dev/outbox?to=${p.phone}`, headers: { host: 'outra.test' } })).json(),
    ).toEqual([]);
    // The same phone, e-mail and CPF may register on the other tenant: they are separate sites.
    const c = client(app, { host: 'outra.test' });
    await c.post('/api/auth/verify-code', { phone: p.phone });
    const r = await c.post('/api/auth/register', {
      ...form({ username: p.phone, email: p.email, cpf: p.cpf }),
      code: await lastCode(app, p.phone, 'outra.test'),
    });
    expect(r.statusCode, r.body).toBe(201);
  });
});

describe('dev tools', () => {
  it('shows the outbox as an escaped page', async () => {
    const email = `x${Date.now()}@ex.com`;
    await client(app).post('/api/auth/verify-code', { email });
    const page = await app.inject({
      url: `/dev/outbox?to=${encodeURIComponent('"><script>')}`,
      headers: { host: 'localhost' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).not.toContain('"><script>');
    expect(page.body).toContain('&quot;&gt;&lt;script&gt;');
    const all = await app.inject({ url: '/dev/outbox', headers: { host: 'localhost' } });
    expect(all.body).toContain(email);
  });

  it('does not exist when dev tools are off', async () => {
    const prod = await testApp({ devTools: false });
    try {
      expect((await prod.inject({ url: '/api/dev/outbox', headers: { host: 'localhost' } })).statusCode).toBe(404);
      const page = await prod.inject({ url: '/dev/outbox', headers: { host: 'localhost' } });
      expect(page.body).not.toContain('Caixa de saída');
    } finally {
      await prod.close();
    }
  });
});
