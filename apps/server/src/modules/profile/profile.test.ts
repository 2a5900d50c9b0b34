import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, registerPlayer } from '../../test/accounts';
import { testApp } from '../../test/helpers';

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
});
afterAll(() => app.close());

function multipart(field: string, filename: string, data: Buffer, type = 'application/octet-stream') {
  const boundary = '----sorte-test-boundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const JPG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 2)]);
const GIF = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(32, 3)]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(32)]);

async function upload(token: string, field: string, filename: string, data: Buffer, type?: string) {
  const m = multipart(field, filename, data, type);
  return app.inject({
    method: 'POST',
    url: '/api/profile/uploadAvatar',
    headers: { host: 'localhost', authorization: `Bearer ${token}`, 'content-type': m.contentType },
    payload: m.body,
  });
}

describe('profile', () => {
  it('needs a session', async () => {
    for (const url of ['/api/profile', '/api/profile/getLanguage'])
      expect((await client(app).get(url)).statusCode, url).toBe(401);
    expect((await client(app).post('/api/profile/updateName', { name: 'A B' })).statusCode).toBe(401);
  });

  it('returns the own profile, renames, and keeps the language', async () => {
    const p = await registerPlayer(app);
    const c = client(app, { token: p.token });
    expect((await c.get('/api/profile')).json().user.id).toBe(p.user.id);
    const bad = await c.post('/api/profile/updateName', { name: 'Ana' });
    expect(bad.json().errors.name).toEqual(['Por favor, insira seu nome completo.']);
    const renamed = await c.post('/api/profile/updateName', { name: '  Ana   Beatriz Costa ' });
    expect(renamed.json().user).toMatchObject({
      first_name: 'Ana',
      last_name: 'Beatriz Costa',
      name: 'Ana Beatriz Costa',
    });
    expect((await c.get('/api/profile/getLanguage')).json()).toEqual({ language: 'pt' });
    expect((await c.post('/api/profile/updateLanguage', { language: 'fr' })).statusCode).toBe(422);
    expect((await c.post('/api/profile/updateLanguage', { language: 'en' })).json()).toEqual({ language: 'en' });
    expect((await c.get('/api/profile/getLanguage')).json()).toEqual({ language: 'en' });
  });

  it("shows another player's public card and hides metrics when asked", async () => {
    const a = await registerPlayer(app);
    const b = await registerPlayer(app);
    const show = async () =>
      (await client(app, { token: b.token }).post('/api/profile/show', { user_id: a.user.id })).json();
    const card = await show();
    expect(card).toMatchObject({ id: a.user.id, name: 'Maria d.', level: 0, avatar: null, hide_metrics: false });
    expect(card.metrics).toMatchObject({ totalBet: 0, vip: { level: 0, points: 0 } });
    expect(JSON.stringify(card)).not.toContain(a.email);
    const c = client(app, { token: a.token });
    expect((await c.post('/api/profile/toggle-hide-metrics', {})).json()).toEqual({ hide_metrics: true });
    expect((await show()).metrics).toBeNull();
    expect((await c.post('/api/profile/toggle-hide-metrics', { hide_metrics: false })).json()).toEqual({
      hide_metrics: false,
    });
    expect((await client(app).post('/api/profile/show', { user_id: 999999999 })).statusCode).toBe(404);
  });

  it('updates the privacy switches and refuses unknown ones', async () => {
    const p = await registerPlayer(app);
    const c = client(app, { token: p.token });
    const r = await c.post('/api/profile/update-settings', { hide_name: true, marketing_sms: true });
    expect(r.json().settings).toEqual({
      hide_name: true,
      hide_from_ranking: false,
      marketing_email: false,
      marketing_sms: true,
    });
    expect((await c.post('/api/profile/update-settings', { is_admin: true })).statusCode).toBe(422);
    expect((await c.post('/api/profile/update-settings', { hide_name: 'maybe' })).statusCode).toBe(422);
    const other = await registerPlayer(app);
    const card = (await client(app, { token: other.token }).post('/api/profile/show', { user_id: p.user.id })).json();
    expect(card.name).toBe('Mar***');
  });

  it('sends no offers to a new player until they turn them on (consent is opt-in)', async () => {
    const p = await registerPlayer(app);
    expect(p.user.settings).toMatchObject({ marketing_email: false, marketing_sms: false });
    const c = client(app, { token: p.token });
    expect((await c.get('/api/auth/me')).json().user.settings).toMatchObject({
      marketing_email: false,
      marketing_sms: false,
    });
    const on = await c.post('/api/profile/update-settings', { marketing_email: true });
    expect(on.json().settings).toMatchObject({ marketing_email: true, marketing_sms: false });
    expect((await c.get('/api/auth/me')).json().user.settings.marketing_email).toBe(true);
  });

  it('saves one address per player', async () => {
    const p = await registerPlayer(app);
    const c = client(app, { token: p.token });
    const bad = await c.post('/api/address/create', { zip_code: '123', state: 'São Paulo' });
    expect(bad.json().errors).toMatchObject({ zip_code: ['CEP inválido.'], street: ['Este campo é obrigatório.'] });
    const addr = {
      zip_code: '01310-100',
      street: 'Av. Paulista',
      number: '1000',
      neighborhood: 'Bela Vista',
      city: 'São Paulo',
      state: 'sp',
    };
    const r = await c.post('/api/address/create', addr);
    expect(r.json().address).toMatchObject({ zip_code: '01310100', state: 'SP', country: 'BR', complement: null });
    await c.post('/api/address/create', { ...addr, number: '2000' });
    expect((await c.get('/api/auth/me')).json().user.address.number).toBe('2000');
  });
});

describe('avatar upload', () => {
  it('accepts jpg, png, webp and gif by content, stores and serves them, and removes the old file', async () => {
    const p = await registerPlayer(app);
    let previous: string | null = null;
    for (const [data, type] of [
      [JPG, 'image/jpeg'],
      [PNG, 'image/png'],
      [WEBP, 'image/webp'],
      [GIF, 'image/gif'],
    ] as const) {
      // The name says .txt: only the bytes decide.
      const r = await upload(p.token, 'avatar', 'picture.txt', data);
      expect(r.statusCode, r.body).toBe(200);
      const url = r.json().avatar as string;
      expect(url).toMatch(/^\/api\/files\/avatars\/\d+\/\d+-[0-9a-f]{16}\.(jpg|png|webp|gif)$/);
      const file = await app.inject({ url, headers: { host: 'localhost' } });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe(type);
      expect(file.rawPayload.equals(data)).toBe(true);
      if (previous) expect((await app.inject({ url: previous, headers: { host: 'localhost' } })).statusCode).toBe(404);
      previous = url;
    }
    expect((await client(app, { token: p.token }).get('/api/auth/me')).json().user.avatar).toBe(previous);
  });

  it('refuses other content whatever its name or declared type, a wrong field, and files over 2 MB', async () => {
    const p = await registerPlayer(app);
    const html = await upload(p.token, 'avatar', 'avatar.png', Buffer.from('<svg onload=alert(1)>'), 'image/png');
    expect(html.statusCode).toBe(422);
    expect(html.json().errors.avatar).toEqual(['O arquivo deve ser uma imagem jpg, png, webp ou gif.']);
    const wrongField = await upload(p.token, 'photo', 'a.png', PNG);
    expect(wrongField.json().errors.avatar).toEqual(['Este campo é obrigatório.']);
    const big = await upload(p.token, 'avatar', 'big.png', Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]));
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('A imagem deve ter no máximo 2 MB.');
    const json = await client(app, { token: p.token }).post('/api/profile/uploadAvatar', { avatar: 'x' });
    expect(json.statusCode).toBe(422);
    expect((await upload('A'.repeat(43), 'avatar', 'a.png', PNG)).statusCode).toBe(401);
  });

  it('serves only files of the request tenant and no path tricks', async () => {
    for (const url of [
      '/api/files/avatars/999/1-abc.png',
      '/api/files/..%2F..%2Fetc%2Fpasswd',
      '/api/files/avatars/1/../../x.png',
    ])
      expect((await app.inject({ url, headers: { host: 'localhost' } })).statusCode, url).toBe(404);
  });
});

describe('geoip', () => {
  it('reads the CDN country header, else answers Brazil', async () => {
    const get = (headers: Record<string, string> = {}) =>
      app.inject({ url: '/api/geoip', headers: { host: 'localhost', ...headers } });
    expect((await get()).json()).toEqual({ countryCode: 'BR', callingCode: '55' });
    expect((await get({ 'cf-ipcountry': 'PT' })).json()).toEqual({ countryCode: 'PT', callingCode: '351' });
    expect((await get({ 'cloudfront-viewer-country': 'us' })).json()).toEqual({ countryCode: 'US', callingCode: '1' });
    expect((await get({ 'cf-ipcountry': 'XX' })).json()).toEqual({ countryCode: 'BR', callingCode: '55' });
    expect((await get({ 'cf-ipcountry': 'T1' })).json()).toEqual({ countryCode: 'BR', callingCode: '55' });
  });
});
