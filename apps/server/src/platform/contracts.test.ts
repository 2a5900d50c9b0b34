import {
  checkedByHandler,
  FIELD_MESSAGES,
  fieldRulesForm,
  localized,
  NumericId,
  rules as r,
  refusedWith,
  type TenantSettings,
  tenantRulesForm,
  textOf,
} from '@sorte/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { testApp } from '../test/helpers';
import { type ContractTypeProvider, registerContracts } from './contracts';
import { AppError } from './errors';
import { registerErrorHandling } from './plugins';

/**
 * How a request part is checked by its contract before the handler: what the handler receives, and what a player
 * reads when a part is refused (status, message, fields, language).
 */

const NOT_FOUND = { pt: 'Coisa não encontrada.', en: 'Thing not found.' };
const KEY = { pt: 'Falta a chave.', en: 'The key is missing.' };
const Named = fieldRulesForm(
  z.object({ name: z.string(), age: z.string() }),
  {
    name: [r.required, r.fullName],
    age: [r.required, r.check((v) => /^\d+$/.test(textOf(v)), FIELD_MESSAGES.birthDate)],
  },
  (b) => ({ name: textOf(b.name), age: textOf(b.age) }),
);
const Counted = z.object({
  n: z.number({ error: localized({ pt: 'Um número.', en: 'A number.' }) }).int(),
  code: z.string().max(3).optional(),
});

let app: FastifyInstance;
const seen: unknown[] = [];

beforeAll(async () => {
  const fastify = Fastify();
  registerErrorHandling(fastify);
  // A stand-in for the tenant hook: the tenant's settings, with CPF required when the request says so.
  fastify.addHook('onRequest', (req, _reply, done) => {
    req.tenant = {
      id: 1,
      name: 't',
      active: true,
      revision: 1,
      hosts: [],
      primaryHost: 'localhost',
      settings: { registerCPF: req.headers['x-cpf'] === 'yes' } as unknown as TenantSettings,
    };
    done();
  });
  await registerContracts(fastify);
  const api = fastify.withTypeProvider<ContractTypeProvider>();
  api.post('/api/form', { schema: { body: Named } }, async (req) => req.body);
  api.post('/api/plain', { schema: { body: Counted } }, async (req) => req.body);
  api.get(
    '/api/things/:id',
    { schema: { params: refusedWith(z.object({ id: NumericId }), { code: 'not_found', message: NOT_FOUND }) } },
    async (req) => ({ id: req.params.id, type: typeof req.params.id }),
  );
  api.post(
    '/api/keyed',
    {
      schema: {
        headers: refusedWith(z.looseObject({ 'idempotency-key': z.string().min(1) }), {
          code: 'bad_request',
          message: KEY,
        }),
      },
    },
    async (req) => ({ key: req.headers['idempotency-key'], auth: req.headers.authorization ?? null }),
  );
  api.post(
    '/api/guarded',
    {
      preValidation: async (req) => {
        if (req.headers.authorization !== 'Bearer ok') throw new AppError('unauthorized');
      },
      schema: { body: Counted },
    },
    async () => ({ ok: true }),
  );
  api.post(
    '/api/tenant-form',
    {
      schema: {
        body: tenantRulesForm(
          z.object({ cpf: z.string().optional() }),
          ({ settings }) => ({ cpf: settings.registerCPF ? [r.required, r.cpf] : [r.optional(r.cpf)] }),
          (b) => ({ cpf: textOf(b.cpf) || undefined }),
        ),
      },
    },
    async (req) => req.body,
  );
  api.post('/api/raw', { schema: { body: checkedByHandler(z.object({ x: z.number() })) } }, async (req) => {
    seen.push(req.body);
    return { ok: true };
  });
  app = fastify;
  await app.ready();
});

afterAll(() => app?.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url,
    payload: payload as string,
    headers: { 'content-type': 'application/json', ...headers },
  });

describe('contracts: request parts through their contract', () => {
  it('a form answers each field first failing rule, the first of them as the message, in the request language', async () => {
    const pt = await post('/api/form', { name: 'Ana', age: 'x' });
    expect(pt.statusCode).toBe(422);
    expect(pt.json()).toEqual({
      message: 'Por favor, insira seu nome completo.',
      code: 'validation',
      errors: { name: ['Por favor, insira seu nome completo.'], age: ['Data de nascimento inválida.'] },
    });
    const en = await post('/api/form', {}, { 'accept-language': 'en' });
    expect(en.json().errors).toEqual({ name: ['This field is required.'], age: ['This field is required.'] });
    expect(en.json().message).toBe('This field is required.');
  });

  it('the handler receives the form as read (trimmed), and anything but an object reads as an empty form', async () => {
    const ok = await post('/api/form', { name: '  Ana Souza ', age: ' 30 ', extra: 1 });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ name: 'Ana Souza', age: '30' });
    for (const body of ['[1,2]', '"text"', 'null']) {
      const res = await post('/api/form', body);
      expect(res.statusCode, body).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual(['name', 'age']);
    }
  });

  it('a plain schema answers every failing field; a message zod wrote itself is the localized "not valid"', async () => {
    const res = await post('/api/plain', { n: 'x' }, { 'accept-language': 'en' });
    expect(res.json().errors).toEqual({ n: ['A number.'] });
    const zodOwn = await post('/api/plain', { n: 1, code: 'toolong' });
    expect(zodOwn.statusCode).toBe(422);
    expect(zodOwn.json().errors).toEqual({ code: ['O campo não é válido.'] });
    expect((await post('/api/plain', { n: 3 })).json()).toEqual({ n: 3 });
  });

  it('a refused part is one status and message: a path id that is not digits is 404, and the handler gets a number', async () => {
    const bad = await app.inject({ url: '/api/things/12a', headers: { 'accept-language': 'en' } });
    expect(bad.statusCode).toBe(404);
    expect(bad.json()).toEqual({ message: 'Thing not found.', code: 'not_found' });
    expect((await app.inject({ url: '/api/things/12' })).json()).toEqual({ id: 12, type: 'number' });
  });

  it('headers are checked but never replaced: the handler still reads every other header', async () => {
    const missing = await post('/api/keyed', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Falta a chave.');
    const ok = await post('/api/keyed', {}, { 'idempotency-key': 'k1', authorization: 'Bearer x' });
    expect(ok.json()).toEqual({ key: 'k1', auth: 'Bearer x' });
  });

  it('a check before validation (the session) answers first: 401 before any field is read', async () => {
    expect((await post('/api/guarded', { n: 'x' })).statusCode).toBe(401);
    expect((await post('/api/guarded', { n: 'x' }, { authorization: 'Bearer ok' })).statusCode).toBe(422);
  });

  it("a tenant's form follows that tenant's rules", async () => {
    const required = await post('/api/tenant-form', {}, { 'x-cpf': 'yes' });
    expect(required.statusCode).toBe(422);
    expect(required.json().errors).toEqual({ cpf: ['Este campo é obrigatório.'] });
    expect((await post('/api/tenant-form', {})).json()).toEqual({});
    const bad = await post('/api/tenant-form', { cpf: '111' });
    expect(bad.json().errors).toEqual({ cpf: ['CPF inválido'] });
  });

  it('a part validated by its handler reaches it as sent', async () => {
    const res = await post('/api/raw', { x: 'not a number' });
    expect(res.statusCode).toBe(200);
    expect(seen.at(-1)).toEqual({ x: 'not a number' });
  });
});

describe('contracts: the logged-in calls of the API', () => {
  let api: FastifyInstance;
  beforeAll(async () => {
    api = await testApp();
  });
  afterAll(() => api?.close());

  it('answer a guest 401 before reading any field, whatever the body', async () => {
    const calls: [string, string, unknown][] = [
      ['POST', '/api/auth/update', { email: 1 }],
      ['POST', '/api/profile/updateName', { name: 1 }],
      ['POST', '/api/originals/dice/bet', { amount: -1 }],
      ['POST', '/api/originals/crash/bet', { amount: 'x' }],
      ['POST', '/api/wallet/withdraw/request', { amount: 'x' }],
      ['POST', '/api/main-gateway/qrcode-pix', { amount: 'x' }],
      ['POST', '/api/games/favorite/x', { action: 'nope' }],
      ['POST', '/api/chat/messages?room=NOT%20A%20ROOM', { text: 5 }],
      ['POST', '/api/notifications/x/read', {}],
      ['POST', '/api/documents/cancel/x', {}],
      ['POST', '/api/subscription', { endpoint: 'nope' }],
    ];
    for (const [method, url, payload] of calls) {
      const res = await api.inject({
        method: method as 'POST',
        url,
        payload: payload as Record<string, unknown>,
        headers: { host: 'localhost' },
      });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().message, url).toBe('Sua sessão expirou. Faça login novamente.');
    }
  });
});
