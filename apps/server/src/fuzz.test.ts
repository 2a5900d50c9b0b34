import type { FastifyInstance, HTTPMethods, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { catchUpStats } from './modules/admin/index';
import { fundedPlayer } from './modules/casino/test-support';
import { sign } from './modules/providers/generic';
import type { Db } from './platform/db/index';
import { newIp } from './test/accounts';
import { testConfig, testDb } from './test/helpers';

/**
 * Every registered route gets the probes an attacker would send: bodies of the wrong type, NUL bytes and lone
 * surrogates, 1 MB strings, 10k levels of nesting, wrong content types and odd amounts, in the body, the query
 * and the path, as a guest and as a logged-in player with money. None may answer 5xx or hang, and none may write.
 */

/** Field names the API reads somewhere (bodies and queries), so the probes reach past "field missing". */
const FIELDS = (
  'action active address amount auto_cashout before bet bets birth_date callback_url captcha_token cep' +
  ' channel channel_name city client_seed code color condition cpf currency current_password date domain' +
  ' email endpoint file game game_id gameId hide_metrics host id idToken key keys language limit locale' +
  ' login message method method_id mines mode msg name number page password password_confirmation per_page' +
  ' phone pick picks player_id position provider ref risk round_id rows searchTerm session_token settings' +
  ' slug socket_id state street target terms tile timestamp token transaction_id txid type url user_id' +
  ' username value win zip_code zipcode argv batch data event channels subscription expirationTime'
).split(' ');
/** The fields that carry money or counts: the odd amounts go there. */
const NUMERIC = (
  'amount auto_cashout before bet game_id id limit method_id mines number page per_page pick position risk' +
  ' rows target tile value win timestamp'
).split(' ');
/** Raw JSON literals: negative, fractional, out of range, NaN-like text, beyond 2^53 and 2^63. */
const ODD_AMOUNTS = [
  '-1',
  '-0',
  '0.5',
  '1e-7',
  '1e308',
  '"NaN"',
  '"Infinity"',
  '"-1"',
  '"1e3"',
  '9007199254740993',
  '123456789012345678901234567890',
  '"99999999999999999999"',
];
const MONEY = ['amount', 'bet', 'win'];
const NUL = 'a\u0000b';
const MB = 1024 * 1024;
const DEEP = 10_000;

/** `digits`: money written as a digit string, which the wallet takes as centavos (so it may be a real deposit). */
type Probe = {
  method: HTTPMethods;
  url: string;
  body?: string | Buffer;
  type?: string;
  what: string;
  digits?: boolean;
};
type Who = { name: string; headers: Record<string, string> };

const objectOf = (value: string, keys = FIELDS) => `{${keys.map((k) => `${JSON.stringify(k)}:${value}`).join(',')}}`;

/** Every body probe, as raw bytes with a content type, so malformed JSON is sent as it is. */
function bodyProbes(route: number): Omit<Probe, 'method' | 'url'>[] {
  const json = 'application/json';
  const longKey = FIELDS[route % FIELDS.length]!;
  const probes: Omit<Probe, 'method' | 'url'>[] = [
    ...['[]', '"text"', '123', 'null', 'true', '[{"amount":1}]'].map((b) => ({
      body: b,
      type: json,
      what: `body ${b}`,
    })),
    // Lists, objects, empty text and null where a field is expected (a number or a boolean is valid somewhere).
    ...['[1]', '{"a":1}', '""', 'null'].map((v) => ({ body: objectOf(v), type: json, what: `fields ${v}` })),
    { body: objectOf(JSON.stringify(NUL)), type: json, what: 'NUL in every field' },
    { body: objectOf(JSON.stringify({ x: [NUL] })), type: json, what: 'NUL nested in every field' },
    { body: objectOf(JSON.stringify([NUL])), type: json, what: 'NUL in a list in every field' },
    { body: JSON.stringify({ [NUL]: 1, amount: 100 }), type: json, what: 'NUL in a key' },
    { body: objectOf('"\\ud800"'), type: json, what: 'lone surrogate in every field' },
    { body: objectOf('"x\\udc00y"'), type: json, what: 'lone low surrogate in every field' },
    { body: JSON.stringify({ [longKey]: 'x'.repeat(MB - 100) }), type: json, what: `1 MB string in ${longKey}` },
    { body: JSON.stringify({ [longKey]: 'x'.repeat(MB + 10) }), type: json, what: 'over 1 MB' },
    { body: `${'['.repeat(DEEP)}${']'.repeat(DEEP)}`, type: json, what: 'deep list' },
    { body: `${'{"a":'.repeat(DEEP)}1${'}'.repeat(DEEP)}`, type: json, what: 'deep object' },
    {
      body: objectOf(`${'['.repeat(DEEP)}${']'.repeat(DEEP)}`, ['settings', 'data', 'amount', 'message']),
      type: json,
      what: 'deep field',
    },
    { body: objectOf('1'), type: 'text/plain', what: 'JSON as text/plain' },
    { body: '<a>1</a>', type: 'application/xml', what: 'xml' },
    {
      body: FIELDS.map((k) => `${k}=a%00b`).join('&'),
      type: 'application/x-www-form-urlencoded',
      what: 'form with NUL',
    },
    {
      body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n\u0000\r\n--x--',
      type: 'multipart/form-data; boundary=x',
      what: 'multipart with NUL',
    },
    { body: 'garbage', type: 'multipart/form-data', what: 'multipart without boundary' },
    {
      body: '--x\r\nContent-Disposition: form-data; name="document"; filename="a.png"\r\n\r\nabc',
      type: 'multipart/form-data; boundary=x',
      what: 'truncated multipart',
    },
    { body: 'x'.repeat(100), type: 'multipart/form-data; boundary=x', what: 'multipart without parts' },
    {
      body: 'x',
      type: `multipart/form-data; boundary=${'b'.repeat(300)}`,
      what: 'multipart with a 300-character boundary',
    },
    { body: '{"amount":', type: json, what: 'truncated JSON' },
    { body: '', type: json, what: 'empty JSON' },
    {
      body: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
      type: json,
      what: 'invalid UTF-8',
    },
    { body: Buffer.from(objectOf('"x"'), 'utf16le'), type: 'application/json; charset=utf-16', what: 'UTF-16' },
    { body: Buffer.from([0, 1, 2, 3]), type: 'application/octet-stream', what: 'octets' },
    ...ODD_AMOUNTS.map((v) => ({ body: objectOf(v, NUMERIC), type: json, what: `amounts ${v}` })),
    ...['12.5', '"12.5"', '"12,50"', '" 12"'].map((v) => ({
      body: objectOf(v, MONEY),
      type: json,
      what: `money ${v}`,
    })),
    ...['"12"', '"1200"'].map((v) => ({ body: objectOf(v, MONEY), type: json, what: `money ${v}`, digits: true })),
  ];
  return probes;
}

const QUERIES = [
  FIELDS.map((k) => `${k}=a%00b`).join('&'),
  FIELDS.map((k) => `${k}=%ED%A0%80`).join('&'),
  FIELDS.map((k) => `${k}=1&${k}=2`).join('&'),
  NUMERIC.map((k) => `${k}=-1`).join('&'),
  NUMERIC.map((k) => `${k}=1e308`).join('&'),
  NUMERIC.map((k) => `${k}=99999999999999999999`).join('&'),
  NUMERIC.map((k) => `${k}=NaN`).join('&'),
];

/** Values for a path parameter, none naming a real row: the last is well-formed, so body probes go with it. */
const PARAMS = ['a%00b', '%ED%A0%80', '-1', '1e308', '99999999999999999999', 'NaN', 'x'.repeat(400), '999999'];

let app: FastifyInstance;
let db: Db;
const routes: { method: HTTPMethods; url: string }[] = [];
let player: Who;
let guest: Who;
let providerCode = '';
let providerSecret = '';
const WEBHOOK_SECRET = 'fuzz-webhook-secret';

beforeAll(async () => {
  db = await testDb();
  const config = testConfig();
  config.pix.webhookSecret = WEBHOOK_SECRET;
  app = await buildApp(config, {
    db,
    onRoute: (r) => {
      for (const method of [r.method].flat()) if (method !== 'HEAD') routes.push({ method, url: r.url });
    },
  });
  await app.ready();
  const p = await fundedPlayer(app, 1_000_000);
  // The registration's events (the login) are delivered and pruned now, so the prune job does not change the
  // row counts the probes are checked against.
  await app.events.drain();
  await app.events.prune();
  // Likewise the back office's rollups fold the player's deposit now, not in the middle of the probes.
  await catchUpStats(db, { settleMs: 0 });
  player = { name: 'player', headers: { authorization: `Bearer ${p.token}` } };
  guest = { name: 'guest', headers: {} };
  const { rows } = await db.query<{ code: string; secret: string }>(
    'select code, secret from game_providers order by id limit 1',
  );
  providerCode = rows[0]!.code;
  providerSecret = rows[0]!.secret;
  // Rows a first look creates by design (the push key pair, the player's provably-fair seeds): made before the
  // snapshot, so the write check sees only what the probes write.
  for (const url of ['/api/push/public-key', '/api/originals/seeds'])
    await app.inject({ url, headers: { host: 'localhost', ...player.headers } });
}, 60_000);

afterAll(async () => {
  await app?.close();
  await db?.close();
});

/** Row count of every table of the schema the app uses. */
async function countRows(): Promise<Record<string, number>> {
  const { rows: tables } = await db.query<{ name: string }>(
    `select table_name as name from information_schema.tables
     where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1`,
  );
  const out: Record<string, number> = {};
  for (const t of tables) {
    const { rows } = await db.query<{ n: string }>(`select count(*)::text as n from "${t.name}"`);
    out[t.name] = Number(rows[0]!.n);
  }
  return out;
}

const PARAM = /:[A-Za-z_]+(\([^)]*\))?|\*/g;

/** The concrete URLs of a route: each parameter (and a wildcard) filled with every invalid value. */
function urlsOf(url: string): string[] {
  if (url.includes('/pix/webhook/')) return [url.replace(':secret', WEBHOOK_SECRET)];
  if (url.includes('/providers/:code/:op'))
    return ['authenticate', 'balance', 'bet', 'win', 'rollback'].map((op) =>
      url.replace(':code', providerCode).replace(':op', op),
    );
  if (!url.match(PARAM)) return [url];
  return PARAMS.map((v) => url.replace(PARAM, v));
}

/**
 * The probes of one route: each odd path alone, then every query and body probe on a well-formed path (on one
 * whose parameters are refused, the body would never be read).
 */
function probesOf(route: { method: HTTPMethods; url: string }, index: number): Probe[] {
  const urls = urlsOf(route.url);
  const params = route.url.match(PARAM) && urls.length === PARAMS.length;
  const out: Probe[] = params ? urls.slice(0, -1).map((url) => ({ method: route.method, url, what: 'path' })) : [];
  for (const url of params ? urls.slice(-1) : urls) {
    for (const q of QUERIES) out.push({ method: route.method, url: `${url}?${q}`, what: `query ${q.slice(0, 40)}` });
    if (route.method === 'GET') continue;
    for (const b of bodyProbes(index)) out.push({ method: route.method, url, ...b });
  }
  return out;
}

async function send(p: Probe, who: Who): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { host: 'localhost', 'x-forwarded-for': newIp(), ...who.headers };
  if (p.type) headers['content-type'] = p.type;
  // Provider callbacks and the ops endpoint check a signature or a token first: the probes carry the right one,
  // so they reach the parsing of what they send.
  if (p.url.startsWith(`/api/providers/${providerCode}/`))
    headers['x-signature'] = sign(String(p.body ?? ''), providerSecret);
  if (p.url.startsWith('/_ops/')) headers.authorization = `Bearer ${app.opsToken}`;
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${who.name} ${p.method} ${p.url.slice(0, 80)} (${p.what}) hung`)), 5000);
  });
  try {
    return await Promise.race([
      app.inject({
        method: p.method as InjectOptions['method'],
        url: p.url,
        headers,
        ...(p.body === undefined ? {} : { payload: p.body }),
      }),
      hang,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Calls that take no input and act on the caller's own session or state (log out, send a code to the player's own
 * e-mail or phone, rotate the seeds, flip a preference, run the dev jobs): every probe is a valid call there, so
 * their probes run after the write check and only have to answer without a 5xx.
 */
const ACTS_WITHOUT_INPUT = new Set([
  'GET /api/auth/logout',
  'POST /api/auth/logout',
  'POST /api/auth/request-password-change',
  'POST /api/auth/verify-email',
  'POST /api/auth/verify-phone',
  'POST /api/profile/toggle-hide-metrics',
  'POST /api/originals/seeds/rotate',
  'POST /api/responsible-gaming/reality-check/continue',
  'POST /api/responsible-gaming/session/end',
  'POST /api/wallet/withdraw/method/own-cpf',
  'POST /api/dev/wallet/run-jobs',
  'POST /dev/pix/run-jobs',
]);

async function sendAll(
  list: { method: HTTPMethods; url: string }[],
  who: Who,
  failures: string[],
  keep: (p: Probe) => boolean = () => true,
): Promise<number> {
  let sent = 0;
  for (const [i, route] of list.entries()) {
    for (const p of probesOf(route, i)) {
      if (!keep(p)) continue;
      const res = await send(p, who);
      sent++;
      if (res.statusCode >= 500)
        failures.push(
          `${who.name} ${p.method} ${p.url.slice(0, 80)} (${p.what}): ${res.statusCode} ${res.body.slice(0, 120)}`,
        );
    }
  }
  return sent;
}

describe('route fuzz', () => {
  it('every route refuses every probe without a 5xx, and writes nothing', { timeout: 120_000 }, async () => {
    expect(routes.length).toBeGreaterThan(50);
    const failures: string[] = [];
    const before = await countRows();
    const acting = routes.filter((r) => ACTS_WITHOUT_INPUT.has(`${r.method} ${r.url}`));
    const rest = routes.filter((r) => !acting.includes(r));
    let sent = await sendAll(rest, guest, failures);
    sent += await sendAll(rest, player, failures, (p) => !p.digits);
    // The player's probes really ran logged in: the session is still there.
    const me = await app.inject({ url: '/api/auth/me', headers: { host: 'localhost', ...player.headers } });
    expect(me.statusCode).toBe(200);
    expect(await countRows()).toEqual(before);
    sent += await sendAll(rest, player, failures, (p) => p.digits === true);
    for (const who of [guest, player]) sent += await sendAll(acting, who, failures);
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(5000);
  });
});
