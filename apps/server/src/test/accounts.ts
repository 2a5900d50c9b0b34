import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

/** Helpers for account tests: unique phones, e-mails, CPFs and client addresses, and a full registration. */
let seq = Math.floor(Math.random() * 1_000_000);
export const next = () => ++seq;

/** A valid Brazilian mobile number in national writing, unique within the run. */
export function newPhone(): string {
  return `11${9}${String(next() % 100_000_000).padStart(8, '0')}`;
}

export function newEmail(): string {
  return `p${next()}@ex.com`;
}

/** A random address for X-Forwarded-For (inject connects from 127.0.0.1, a trusted proxy). */
export function newIp(): string {
  const n = next();
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255 || 1}`;
}

/** A valid CPF: 9 digits from the sequence plus both check digits. */
export function newCpf(): string {
  const base = String(100_000_000 + (next() % 800_000_000)).slice(0, 9);
  const d = base.split('').map(Number);
  for (const len of [9, 10]) {
    let sum = 0;
    for (let i = 0; i < len; i++) sum += d[i]! * (len + 1 - i);
    const r = (sum * 10) % 11;
    d.push(r === 10 ? 0 : r);
  }
  return d.join('');
}

export type Client = {
  ip: string;
  host: string;
  post(url: string, payload?: unknown, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  get(url: string, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
};

/** One browser: a fixed host and client address. */
export function client(app: FastifyInstance, o: { host?: string; ip?: string; token?: string } = {}): Client {
  const ip = o.ip ?? newIp();
  const host = o.host ?? 'localhost';
  const base = (extra?: Record<string, string>) => ({
    host,
    'x-forwarded-for': ip,
    ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
    ...extra,
  });
  return {
    ip,
    host,
    post: (url, payload, headers) =>
      app.inject({
        method: 'POST',
        url,
        headers: base(headers),
        ...(payload === undefined ? {} : { payload: payload as object }),
      }),
    get: (url, headers) => app.inject({ method: 'GET', url, headers: base(headers) }),
  };
}

/** The newest code the dev outbox holds for a phone or e-mail. */
export async function lastCode(app: FastifyInstance, to: string, host = 'localhost'): Promise<string> {
  const res = await app.inject({ url: `/api/dev/outbox?to=${encodeURIComponent(to)}`, headers: { host } });
  const list = res.json() as { code: string }[];
  if (!list[0]) throw new Error(`no message for ${to}`);
  return list[0].code;
}

export type Registered = {
  token: string;
  user: Record<string, unknown>;
  phone: string;
  email: string;
  password: string;
  cpf: string;
};

/** Registers a new player through the real calls (code by SMS). */
export async function registerPlayer(
  app: FastifyInstance,
  o: { host?: string; extra?: Record<string, unknown>; password?: string } = {},
): Promise<Registered> {
  const c = client(app, { host: o.host });
  const phone = newPhone();
  const email = newEmail();
  const cpf = newCpf();
  const password = o.password ?? 'senha-forte-1';
  const sent = await c.post('/api/auth/verify-code', { phone });
  if (sent.statusCode !== 200) throw new Error(`verify-code: ${sent.statusCode} ${sent.body}`);
  const code = await lastCode(app, phone, c.host);
  const res = await c.post('/api/auth/register', {
    name: 'Maria da Silva',
    username: phone,
    email,
    password,
    password_confirmation: password,
    birth_date: '1990-05-17',
    cpf,
    code,
    terms: true,
    age_confirmed: true,
    ...o.extra,
  });
  if (res.statusCode !== 201) throw new Error(`register: ${res.statusCode} ${res.body}`);
  const body = res.json();
  return { token: body.token, user: body.user, phone, email, password, cpf };
}
