import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, lastCode, newCpf, newEmail, newPhone, registerPlayer } from '../../test/accounts';
import { testApp } from '../../test/helpers';
import { setTenantSettings } from '../tenants/index';

const CLIENT_ID = 'sorte-test.apps.googleusercontent.com';
const listen = (s: Server) =>
  new Promise<string>((resolve) =>
    s.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(s.address() as AddressInfo).port}`)),
  );

let app: FastifyInstance;
let jwks: Server;
let turnstile: Server;
const captchaCalls: URLSearchParams[] = [];
let google: Awaited<ReturnType<typeof generateKeyPair>>;
let stranger: Awaited<ReturnType<typeof generateKeyPair>>;

beforeAll(async () => {
  google = await generateKeyPair('RS256');
  stranger = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(google.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  jwks = createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  // A stand-in that speaks Turnstile's siteverify: form POST in, {success} out.
  turnstile = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      const form = new URLSearchParams(body);
      captchaCalls.push(form);
      const success = form.get('secret') === 'turnstile-secret' && form.get('response') === 'human-token';
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ success, 'error-codes': success ? [] : ['invalid-input-response'] }));
    });
  });
  app = await testApp({
    tenantCacheTtlMs: 0,
    googleJwksUrl: `${await listen(jwks)}/oauth2/v3/certs`,
    turnstileVerifyUrl: `${await listen(turnstile)}/turnstile/v0/siteverify`,
  });
});
afterAll(async () => {
  await app.close();
  jwks.close();
  turnstile.close();
});

async function idToken(o: {
  email?: string;
  verified?: boolean;
  sub?: string;
  aud?: string;
  iss?: string;
  exp?: number;
  key?: Parameters<SignJWT['sign']>[0];
}) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ email: o.email, email_verified: o.verified ?? true, name: 'Maria da Silva' })
    .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
    .setSubject(o.sub ?? `g-${Math.random().toString(36).slice(2)}`)
    .setAudience(o.aud ?? CLIENT_ID)
    .setIssuer(o.iss ?? 'https://accounts.google.com')
    .setIssuedAt(now - 60)
    .setExpirationTime(o.exp ?? now + 3600)
    .sign(o.key ?? google.privateKey);
}

describe('Google login', () => {
  it('is refused while the tenant does not allow it', async () => {
    const r = await client(app).post('/api/auth/google', { idToken: await idToken({ email: newEmail() }) });
    expect(r.statusCode).toBe(403);
    expect(r.json().message).toBe('O login com Google não está disponível.');
  });

  it('checks signature, audience, issuer and expiry; links by verified e-mail only', async () => {
    await setTenantSettings(app.db, {
      host: 'localhost',
      assignments: ['casAllowGoogleAuth=true', `googleClientId="${CLIENT_ID}"`],
    });
    const p = await registerPlayer(app);
    const now = Math.floor(Date.now() / 1000);
    const post = async (token: string) => client(app).post('/api/auth/google', { idToken: token });

    for (const bad of [
      await idToken({ email: p.email, key: stranger.privateKey }),
      await idToken({ email: p.email, aud: 'someone-else.apps.googleusercontent.com' }),
      await idToken({ email: p.email, iss: 'https://evil.example.com' }),
      await idToken({ email: p.email, exp: now - 120 }),
      'not.a.jwt',
    ]) {
      const r = await post(bad);
      expect(r.statusCode).toBe(401);
      expect(r.json().message).toBe('Não foi possível entrar com o Google. Tente novamente.');
    }

    const unverified = await post(await idToken({ email: p.email, verified: false }));
    expect(unverified.statusCode).toBe(404);

    const sub = 'google-sub-123';
    const ok = await post(await idToken({ email: p.email.toUpperCase(), sub }));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().user).toMatchObject({ id: p.user.id, google_linked: true, email_verified: true });
    expect((await client(app, { token: ok.json().token }).get('/api/auth/me')).statusCode).toBe(200);

    // Linked by subject from now on, whatever e-mail the token carries.
    const again = await post(await idToken({ email: newEmail(), sub }));
    expect(again.json().user.id).toBe(p.user.id);

    const nobody = await post(await idToken({ email: newEmail() }));
    expect(nobody.statusCode).toBe(404);
  });
});

describe('captcha (Turnstile)', () => {
  it('is required and verified server-side when the tenant has a site key', async () => {
    await setTenantSettings(app.db, { host: 'localhost', assignments: ['turnstileSiteKey="0x4AAAAAAA-site"'] });
    await app.db.query(`update tenants set secrets = secrets || '{"turnstile_secret": "turnstile-secret"}'::jsonb`);
    try {
      const c = client(app);
      const phone = newPhone();
      await c.post('/api/auth/verify-code', { phone });
      const form = {
        name: 'Ana Souza',
        username: phone,
        email: newEmail(),
        password: 'senha-1234',
        password_confirmation: 'senha-1234',
        birth_date: '1980-01-01',
        cpf: newCpf(),
        code: await lastCode(app, phone),
        terms: true,
        age_confirmed: true,
      };
      const missing = await c.post('/api/auth/register', form);
      expect(missing.json().errors.captcha_token).toEqual(['Este campo é obrigatório.']);
      const robot = await c.post('/api/auth/register', { ...form, captcha_token: 'bot-token' });
      expect(robot.statusCode).toBe(422);
      expect(robot.json().errors.captcha_token).toEqual(['Não foi possível validar o captcha. Tente novamente.']);
      const human = await c.post('/api/auth/register', { ...form, captcha_token: 'human-token' });
      expect(human.statusCode, human.body).toBe(201);
      const last = captchaCalls.at(-1)!;
      expect(last.get('secret')).toBe('turnstile-secret');
      expect(last.get('remoteip')).toBe(c.ip);
    } finally {
      await setTenantSettings(app.db, { host: 'localhost', assignments: ['turnstileSiteKey=null'] });
    }
  });
});
