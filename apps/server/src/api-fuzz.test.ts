import { Ajv2020 } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { fundedPlayer, gameByCode } from './modules/casino/test-support';
import type { Db } from './platform/db/index';
import { client, newIp, registerPlayer } from './test/accounts';
import { testConfig, testDb } from './test/helpers';

/**
 * A property-based fuzz of the whole API, driven by its own OpenAPI document: for every operation, requests
 * generated from the operation's parameter and body schemas (valid ones, and ones with wrong types, missing and
 * extra fields), as a guest and as a player. Every reply must be below 500, have a documented status, and a body
 * valid against the schema documented for that status. The input fuzz of fuzz.test.ts covers hostile bytes.
 */

type Schema = Record<string, unknown> & {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
};
type Parameter = { in: 'path' | 'query' | 'header'; name: string; required?: boolean; schema?: Schema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
};
type Doc = { paths: Record<string, Record<string, Operation>> };
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Case = { method: Method; path: string; op: Operation };

/** Calls that change the world outside the request (logout ends the player's session for the rest of the run). */
const SKIPPED = new Set(['GET /api/auth/logout', 'POST /api/auth/logout']);
const RUNS_PER_OPERATION = 6;

/** A value for a JSON schema; `fc.anything()` where the schema says nothing. */
function arbitraryOf(s: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!s || depth > 4) return fc.jsonValue({ maxDepth: 2 });
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const union = s.anyOf ?? s.oneOf;
  if (union?.length) return fc.oneof(...union.map((u) => arbitraryOf(u, depth + 1)));
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'string':
      if (s.pattern) return fc.stringMatching(new RegExp(s.pattern)).filter((x) => x.length <= (s.maxLength ?? 1e4));
      return fc.string({ minLength: s.minLength ?? 0, maxLength: Math.min(s.maxLength ?? 40, 40) });
    case 'integer':
      return fc.integer({ min: Math.max(s.minimum ?? -1e6, -1e9), max: Math.min(s.maximum ?? 1e6, 1e9) });
    case 'number':
      return fc.double({ min: s.minimum ?? -1e6, max: s.maximum ?? 1e6, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(arbitraryOf(s.items, depth + 1), { maxLength: 4 });
    case 'object': {
      const props = s.properties ?? {};
      const required = new Set(s.required ?? []);
      const model = Object.fromEntries(Object.entries(props).map(([k, v]) => [k, arbitraryOf(v, depth + 1)]));
      return fc.record(model, { requiredKeys: Object.keys(props).filter((k) => required.has(k)) });
    }
  }
  return fc.jsonValue({ maxDepth: 2 });
}

/** Wrong on purpose: another type, or a valid value with a field dropped or an unknown field added. */
function invalidOf(s: Schema | undefined): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.jsonValue({ maxDepth: 2 }),
    arbitraryOf(s).map((v) => {
      if (!v || typeof v !== 'object' || Array.isArray(v)) return v;
      const [first] = Object.keys(v);
      const copy: Record<string, unknown> = { ...(v as Record<string, unknown>), zz_unknown: 1 };
      if (first) delete copy[first];
      return copy;
    }),
  );
}

/** A parameter as text in a URL (path segments and query values are text on the wire). */
const asText = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));

type Request = { url: string; payload?: string; headers: Record<string, string> };

function requestOf(c: Case): fc.Arbitrary<Request> {
  const params = c.op.parameters ?? [];
  const body = c.op.requestBody?.content['application/json']?.schema;
  const paramArbs = params.map((p) =>
    (p.in === 'path' ? arbitraryOf(p.schema) : fc.option(fc.oneof(arbitraryOf(p.schema), invalidOf(p.schema)))).map(
      (v) => [p, v] as const,
    ),
  );
  const bodyArb = body ? fc.oneof(arbitraryOf(body), invalidOf(body)) : fc.constant(undefined);
  return fc.tuple(fc.tuple(...paramArbs), bodyArb).map(([values, b]) => {
    let url = c.path;
    const query = new URLSearchParams();
    const headers: Record<string, string> = {};
    for (const [p, v] of values) {
      if (p.in === 'path') url = url.replace(`{${p.name}}`, encodeURIComponent(asText(v) || 'x'));
      else if (v !== null && v !== undefined && p.in === 'query') query.set(p.name, asText(v));
      else if (v !== null && v !== undefined && p.in === 'header') headers[p.name] = asText(v).slice(0, 200);
    }
    const qs = query.toString();
    return { url: qs ? `${url}?${qs}` : url, payload: b === undefined ? undefined : JSON.stringify(b), headers };
  });
}

let app: FastifyInstance;
let db: Db;
let doc: Doc;
let token: string;
const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: false });

beforeAll(async () => {
  db = await testDb();
  app = await buildApp(testConfig(), { db });
  await app.ready();
  doc = (await app.inject({ url: '/api/openapi.json' })).json() as Doc;
  token = (await registerPlayer(app)).token;
}, 60_000);

afterAll(async () => {
  await app?.close();
  await db?.close();
});

/** The documented schema for a status: exact, then the "4XX" range, then "default"; undefined when undocumented. */
function documented(op: Operation, status: number): { schema: Schema | null } | undefined {
  const r = op.responses[String(status)] ?? op.responses[`${String(status)[0]}XX`] ?? op.responses.default;
  if (!r) return undefined;
  return { schema: r.content?.['application/json']?.schema ?? null };
}

describe('API fuzz: every operation of /api/openapi.json', () => {
  it('answers generated requests below 500 with a documented status and body', async () => {
    const cases: Case[] = [];
    for (const [path, item] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(item)) {
        const m = method.toUpperCase() as Method;
        if (!SKIPPED.has(`${m} ${path}`)) cases.push({ method: m, path, op });
      }
    expect(cases.length).toBeGreaterThan(50);
    const failures: string[] = [];
    const validators = new Map<Schema, ReturnType<typeof ajv.compile>>();
    const validatorOf = (s: Schema) => {
      const known = validators.get(s);
      if (known) return known;
      const v = ajv.compile(s);
      validators.set(s, v);
      return v;
    };
    for (const c of cases) {
      await fc.assert(
        fc.asyncProperty(requestOf(c), fc.boolean(), async (r, asPlayer) => {
          const res = await app.inject({
            method: c.method,
            url: r.url,
            payload: r.payload,
            headers: {
              host: 'localhost',
              'x-forwarded-for': newIp(),
              ...(r.payload === undefined ? {} : { 'content-type': 'application/json' }),
              ...(asPlayer ? { authorization: `Bearer ${token}` } : {}),
              ...r.headers,
            },
          });
          const what = `${c.method} ${r.url} ${r.payload ?? ''} -> ${res.statusCode} ${res.body.slice(0, 300)}`;
          if (res.statusCode >= 500) return void failures.push(`5xx: ${what}`);
          const doc = documented(c.op, res.statusCode);
          if (!doc) return void failures.push(`undocumented status: ${what}`);
          if (!doc.schema || res.statusCode === 204 || res.statusCode === 304) return;
          if (!String(res.headers['content-type']).includes('json')) return;
          const validate = validatorOf(doc.schema);
          if (!validate(res.json())) failures.push(`body: ${what} ${ajv.errorsText(validate.errors)}`);
        }),
        { numRuns: RUNS_PER_OPERATION, seed: 22, endOnFailure: true },
      );
    }
    expect(failures.slice(0, 20)).toEqual([]);
  }, 120_000);
});

/** The documented operation a concrete path answers to ("/api/games/like/11" -> "/api/games/like/{gameId}"). */
function operationOf(method: string, url: string): Operation | undefined {
  const path = url.split('?')[0]!;
  for (const [template, item] of Object.entries(doc.paths)) {
    const re = new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`);
    if (re.test(path) && item[method.toLowerCase()]) return item[method.toLowerCase()];
  }
  return undefined;
}

describe('API replies: a player tour through every documented success', () => {
  it('answers each call with the status and body its contract documents', async () => {
    const p = await fundedPlayer(app, 100_000);
    const c = client(app, { token: p.token });
    const guest = client(app);
    const dice = await gameByCode(app, 'dice');
    let n = 0;
    const key = () => ({ 'idempotency-key': `tour-${p.id}-${++n}` });
    let betId = 0;
    const tour: [string, string, () => ReturnType<typeof c.get>][] = [
      ['GET', '/api/auth/me', () => c.get('/api/auth/me')],
      ['GET', '/api/profile', () => c.get('/api/profile')],
      ['POST', '/api/profile/show', () => guest.post('/api/profile/show', { user_id: p.id })],
      ['POST', '/api/profile/toggle-hide-metrics', () => c.post('/api/profile/toggle-hide-metrics', {})],
      ['POST', '/api/profile/show', () => guest.post('/api/profile/show', { user_id: p.id })],
      ['POST', '/api/profile/updateName', () => c.post('/api/profile/updateName', { name: 'Ana Maria Souza' })],
      ['POST', '/api/profile/updateLanguage', () => c.post('/api/profile/updateLanguage', { language: 'pt' })],
      ['GET', '/api/profile/getLanguage', () => c.get('/api/profile/getLanguage')],
      ['POST', '/api/profile/update-settings', () => c.post('/api/profile/update-settings', { hide_name: true })],
      [
        'POST',
        '/api/address/create',
        () =>
          c.post('/api/address/create', {
            zip_code: '01001-000',
            street: 'Praça da Sé',
            number: '1',
            neighborhood: 'Sé',
            city: 'São Paulo',
            state: 'SP',
          }),
      ],
      ['GET', '/api/geoip', () => guest.get('/api/geoip')],
      ['GET', '/api/site-config', () => guest.get('/api/site-config')],
      ['GET', '/api/settings/banners', () => guest.get('/api/settings/banners')],
      ['GET', '/api/pages/terms', () => guest.get('/api/pages/terms')],
      ['GET', '/api/categories', () => guest.get('/api/categories')],
      ['GET', '/api/games/providers', () => guest.get('/api/games/providers')],
      ['GET', '/api/casinos/games', () => c.get('/api/casinos/games?sort=az')],
      ['GET', '/api/featured/home-games', () => c.get('/api/featured/home-games')],
      ['GET', '/api/featured/games', () => guest.get('/api/featured/games')],
      ['POST', '/api/games/get', () => c.post('/api/games/get', { game_id: dice.id })],
      ['POST', '/api/games/getRelated', () => c.post('/api/games/getRelated', { game_id: dice.id })],
      ['POST', `/api/games/favorite/${dice.id}`, () => c.post(`/api/games/favorite/${dice.id}`, { action: 'add' })],
      ['GET', '/api/profile/favorites', () => c.get('/api/profile/favorites')],
      ['GET', '/api/profile/affiliates', () => c.get('/api/profile/affiliates?page=1')],
      ['POST', `/api/games/like/${dice.id}`, () => c.post(`/api/games/like/${dice.id}`, { liked: true, opId: 1 })],
      ['GET', '/api/games/likes', () => c.get('/api/games/likes')],
      ['POST', '/api/games/url', () => c.post('/api/games/url', { game_id: dice.id })],
      ['POST', '/api/games/url', () => guest.post('/api/games/url', { game_id: dice.id, demo: true })],
      ['GET', '/api/games/recent', () => c.get('/api/games/recent')],
      ['GET', '/api/wallet/bets', () => c.get('/api/wallet/bets')],
      ['GET', '/api/originals/config', () => guest.get('/api/originals/config')],
      ['GET', '/api/originals/seeds', () => c.get('/api/originals/seeds')],
      ['POST', '/api/originals/seeds/rotate', () => c.post('/api/originals/seeds/rotate', {})],
      [
        'POST',
        '/api/originals/dice/bet',
        async () => {
          const res = await c.post('/api/originals/dice/bet', { amount: 100, target: 50, condition: 'over' }, key());
          if (res.statusCode === 200) betId = res.json().id;
          return res;
        },
      ],
      ['POST', '/api/originals/limbo/bet', () => c.post('/api/originals/limbo/bet', { amount: 100, target: 2 }, key())],
      [
        'POST',
        '/api/originals/plinko/bet',
        () => c.post('/api/originals/plinko/bet', { amount: 100, rows: 8, risk: 'low' }, key()),
      ],
      [
        'POST',
        '/api/originals/keno/bet',
        () => c.post('/api/originals/keno/bet', { amount: 100, picks: [1, 2, 3], risk: 'low' }, key()),
      ],
      ['POST', '/api/originals/slot/bet', () => c.post('/api/originals/slot/bet', { amount: 100 }, key())],
      [
        'POST',
        '/api/originals/mines/start',
        () => c.post('/api/originals/mines/start', { amount: 100, mines: 3 }, key()),
      ],
      ['GET', '/api/originals/mines/active', () => c.get('/api/originals/mines/active')],
      [
        'POST',
        '/api/originals/mines/reveal',
        // A reveal hits one of the 3 mines 3 times in 25, and a busted round has nothing to cash out: the tour plays
        // new rounds until a reveal is safe, so the cash-out after it is always a success to check.
        async () => {
          for (let round = 0; ; round++) {
            const res = await c.post('/api/originals/mines/reveal', { tile: 0 }, key());
            if (res.statusCode !== 200 || !res.json().busted || round === 30) return res;
            await c.post('/api/originals/mines/start', { amount: 100, mines: 3 }, key());
          }
        },
      ],
      ['POST', '/api/originals/mines/cashout', () => c.post('/api/originals/mines/cashout', {}, key())],
      ['GET', '/api/originals/mines/active', () => c.get('/api/originals/mines/active')],
      ['GET', '/api/originals/bets', () => c.get('/api/originals/bets')],
      // The tour's own bet: the fuzz above may have used the first ids on bets it was refused.
      ['GET', '/api/originals/bets/1', () => c.get(`/api/originals/bets/${betId}`)],
      ['GET', '/api/originals/crash/state', () => c.get('/api/originals/crash/state')],
      ['GET', '/api/originals/double/state', () => guest.get('/api/originals/double/state')],
      ['GET', '/api/originals/crash/chains', () => guest.get('/api/originals/crash/chains')],
      ['GET', '/api/originals/double/bets', () => c.get('/api/originals/double/bets')],
      ['GET', '/api/chat/messages', () => c.get('/api/chat/messages')],
      ['POST', '/api/chat/messages', () => c.post('/api/chat/messages', { text: 'Boa sorte a todos!' })],
      ['GET', '/api/chat/messages', () => c.get('/api/chat/messages')],
      ['GET', '/api/notifications', () => c.get('/api/notifications')],
      ['GET', '/api/notifications/next-unviewed', () => c.get('/api/notifications/next-unviewed')],
      ['POST', '/api/notifications/personal/mark-all-read', () => c.post('/api/notifications/personal/mark-all-read')],
      ['GET', '/api/push/public-key', () => guest.get('/api/push/public-key')],
      ['POST', '/api/auth/verify-email', () => c.post('/api/auth/verify-email', {})],
      ['POST', '/api/auth/request-password-change', () => c.post('/api/auth/request-password-change', {})],
      ['POST', '/api/auth/recover-password', () => guest.post('/api/auth/recover-password', { login: p.email })],
      ['GET', '/api/responsible-gaming/info', () => guest.get('/api/responsible-gaming/info')],
      ['GET', '/api/responsible-gaming/status', () => c.get('/api/responsible-gaming/status')],
      [
        'POST',
        '/api/responsible-gaming/limits',
        () => c.post('/api/responsible-gaming/limits', { kind: 'deposit', period: 'day', amount: 50_000 }),
      ],
      ['GET', '/api/responsible-gaming/limits', () => c.get('/api/responsible-gaming/limits')],
      [
        'POST',
        '/api/responsible-gaming/reality-check',
        () => c.post('/api/responsible-gaming/reality-check', { interval: 30 }),
      ],
      ['GET', '/api/responsible-gaming/reality-check', () => c.get('/api/responsible-gaming/reality-check')],
      ['GET', '/api/responsible-gaming/session', () => c.get('/api/responsible-gaming/session')],
      [
        'POST',
        '/api/responsible-gaming/reality-check/continue',
        () => c.post('/api/responsible-gaming/reality-check/continue'),
      ],
      ['POST', '/api/responsible-gaming/pause', () => c.post('/api/responsible-gaming/pause', { period: '24h' })],
      // Calls that end a session, each by a player of its own.
      [
        'POST',
        '/api/responsible-gaming/session/end',
        async () =>
          client(app, { token: (await registerPlayer(app)).token }).post('/api/responsible-gaming/session/end'),
      ],
      [
        'POST',
        '/api/responsible-gaming/self-exclusion',
        async () =>
          client(app, { token: (await registerPlayer(app)).token }).post('/api/responsible-gaming/self-exclusion', {
            period: '30d',
          }),
      ],
      [
        'POST',
        '/api/responsible-gaming/close-account',
        async () =>
          client(app, { token: (await registerPlayer(app)).token }).post('/api/responsible-gaming/close-account', {
            confirm: true,
          }),
      ],
      ['POST', '/api/auth/login', () => guest.post('/api/auth/login', { login: p.email, password: p.password })],
      ['POST', '/api/validate/validate-cpf', () => guest.post('/api/validate/validate-cpf', { cpf: p.cpf })],
      ['POST', '/api/profile/self-exclusion', () => c.post('/api/profile/self-exclusion', { value: 1 })],
    ];
    const failures: string[] = [];
    for (const [method, url, call] of tour) {
      const res = await call();
      const what = `${method} ${url} -> ${res.statusCode} ${res.body.slice(0, 300)}`;
      const op = operationOf(method, url);
      if (!op) {
        failures.push(`undocumented: ${what}`);
        continue;
      }
      if (res.statusCode < 200 || res.statusCode > 299) {
        failures.push(`not a success: ${what}`);
        continue;
      }
      const schema = documented(op, res.statusCode)?.schema;
      if (!schema) {
        failures.push(`no documented body: ${what}`);
        continue;
      }
      const validate = ajv.compile(schema);
      if (!validate(res.json())) failures.push(`body: ${what} ${ajv.errorsText(validate.errors)}`);
    }
    expect(failures).toEqual([]);
  }, 60_000);
});
