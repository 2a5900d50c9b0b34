import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../test/helpers';
import { demoTenantId, fundedPlayer, sign } from '../test/modules';
import { findInputProblem, INPUT_MESSAGES, MAX_DEPTH } from './input';

const NUL = 'a\u0000b';
const deepList = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;

describe('findInputProblem', () => {
  it('names the first NUL or lone surrogate by its dotted path, in values and in keys', () => {
    expect(findInputProblem({ a: { b: ['ok', NUL] } })).toEqual({ field: 'a.b.1', message: INPUT_MESSAGES.text });
    expect(findInputProblem({ name: 'x\ud800' })?.field).toBe('name');
    expect(findInputProblem({ name: '\udc00x' })?.field).toBe('name');
    expect(findInputProblem({ settings: { [NUL]: true } })?.field).toBe('settings.a\\u0000b');
    expect(findInputProblem(NUL)?.field).toBe('_');
  });

  it('lets through what PostgreSQL stores: accents, emoji (a whole surrogate pair), numbers, null', () => {
    expect(findInputProblem({ name: 'João 🎰', n: [1, null, true, { x: 'ç' }] })).toBeNull();
    expect(findInputProblem(undefined)).toBeNull();
    expect(findInputProblem({ file: Buffer.from([0, 0xff]) })).toBeNull();
  });

  it('refuses nesting deeper than any call takes, without spending stack on 10 000 levels', () => {
    expect(findInputProblem(JSON.parse(deepList(MAX_DEPTH)))).toBeNull();
    expect(findInputProblem({ a: JSON.parse(deepList(10_000)) })).toEqual({
      field: 'a',
      message: INPUT_MESSAGES.depth,
    });
  });
});

describe('input guard (on every route)', () => {
  let app: FastifyInstance;
  let token: string;
  let tenantId: number;
  beforeAll(async () => {
    app = await testApp();
    token = (await fundedPlayer(app, 0)).token;
    tenantId = await demoTenantId(app);
  });
  afterAll(() => app.close());

  const addresses = async () =>
    Number((await app.db.query<{ n: string }>('select count(*)::text as n from user_addresses')).rows[0]!.n);
  const address = (street: string, lang?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/address/create',
      headers: { host: 'localhost', authorization: `Bearer ${token}`, ...(lang ? { 'accept-language': lang } : {}) },
      payload: { zip_code: '01001-000', street, number: '1', neighborhood: 'Sé', city: 'São Paulo', state: 'SP' },
    });

  it('a NUL byte in a body field is a 422 naming the field, in the player language, and nothing is saved', async () => {
    const pt = await address(`Rua ${NUL}`);
    expect(pt.statusCode).toBe(422);
    expect(pt.json()).toEqual({
      message: 'Contém caracteres não permitidos.',
      code: 'validation',
      errors: { street: ['Contém caracteres não permitidos.'] },
    });
    const en = await address(`Rua ${NUL}`, 'en-US,en;q=0.9');
    expect(en.statusCode).toBe(422);
    expect(en.json().errors).toEqual({ street: ['Contains characters that are not allowed.'] });
    expect(await addresses()).toBe(0);
  });

  it('a lone surrogate is refused the same way, instead of being stored as a replacement character', async () => {
    const res = await address('Rua \ud800');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ street: [INPUT_MESSAGES.text.pt] });
    expect(await addresses()).toBe(0);
    // The same street without it is saved: the guard refuses only what PostgreSQL cannot store.
    expect((await address('Rua 🎰 Direita')).statusCode).toBe(200);
    expect(await addresses()).toBe(1);
  });

  it('nested fields and keys are named by their path', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/profile/update-settings',
      headers: { host: 'localhost', authorization: `Bearer ${token}` },
      payload: { settings: { hide_name: true, tags: ['ok', { deep: NUL }] } },
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['settings.tags.1.deep']);
  });

  it('a NUL byte in the query or in a path parameter is a 422 naming it', async () => {
    const query = await app.inject({ url: '/api/casinos/games?searchTerm=a%00b', headers: { host: 'localhost' } });
    expect(query.statusCode).toBe(422);
    expect(query.json().errors).toEqual({ searchTerm: [INPUT_MESSAGES.text.pt] });
    const path = await app.inject({
      url: '/api/pages/termos%00',
      headers: { host: 'localhost', 'accept-language': 'en' },
    });
    expect(path.statusCode).toBe(422);
    expect(path.json().errors).toEqual({ slug: [INPUT_MESSAGES.text.en] });
  });

  it('a subscription with a NUL byte is refused with a 422, not a database error', async () => {
    const res = await app.inject({
      method: 'DELETE',
      url: '/api/subscription',
      headers: { host: 'localhost', authorization: `Bearer ${token}` },
      payload: { endpoint: `https://push.example.com/${NUL}` },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ endpoint: [INPUT_MESSAGES.text.pt] });
  });

  it('a raw JSON body kept for its signature is checked too (a signed provider call with an escaped NUL)', async () => {
    const { rows } = await app.db.query<{ code: string; secret: string }>(
      'select code, secret from game_providers where tenant_id = $1 order by id limit 1',
      [tenantId],
    );
    const provider = rows[0]!;
    const body = JSON.stringify({ session_token: 'x'.repeat(20), player_id: NUL });
    expect(body).toContain('\\u0000');
    const res = await app.inject({
      method: 'POST',
      url: `/api/providers/${provider.code}/balance`,
      headers: { host: 'localhost', 'content-type': 'application/json', 'x-signature': sign(body, provider.secret) },
      payload: body,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ player_id: [INPUT_MESSAGES.text.pt] });
    const events = await app.db.query('select 1 from provider_security_events');
    expect(events.rows).toHaveLength(0);
  });

  it('10 000 levels of nesting get a 422, not a stack overflow', async () => {
    const res = await app.inject({
      method: 'PUT',
      url: '/api/dev/pix/next-payout',
      headers: { host: 'localhost', 'content-type': 'application/json' },
      payload: `{"outcome":${deepList(10_000)}}`,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'validation', errors: { outcome: [INPUT_MESSAGES.depth.pt] } });
  });

  it('multipart without a boundary is a 415 with a clear message, not a failure inside the upload', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/profile/uploadAvatar',
      headers: { host: 'localhost', authorization: `Bearer ${token}`, 'content-type': 'multipart/form-data' },
      payload: 'garbage',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: INPUT_MESSAGES.boundary.pt, code: 'unsupported_media_type' });
  });

  it('a multipart body cut off before its closing boundary is a 400, not a failure inside the upload', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/documents/upload',
      headers: {
        host: 'localhost',
        authorization: `Bearer ${token}`,
        'content-type': 'multipart/form-data; boundary=x',
      },
      payload: '--x\r\nContent-Disposition: form-data; name="document"; filename="a.png"\r\n\r\nabc',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Requisição inválida.', code: 'bad_request' });
  });

  it('a path whose percent-encoding is not UTF-8 gets the app error shape in the request language', async () => {
    const res = await app.inject({
      url: '/api/pages/%ED%A0%80',
      headers: { host: 'localhost', 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Invalid request.', code: 'bad_request' });
  });
});
