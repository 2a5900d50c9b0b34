import { describe, expect, it, vi } from 'vitest';
import {
  createHttpClient,
  describeHttpError,
  errorMessages,
  flattenErrors,
  HttpError,
  joinUrl,
  NetworkError,
  type StoredHttpError,
} from './http';

describe('flattenErrors', () => {
  it('flattens a field -> messages object into one list, in order', () => {
    expect(
      flattenErrors({ email: ['E-mail inválido', 'E-mail é permitido apenas 30 caracteres'], cpf: ['CPF inválido'] }),
    ).toEqual(['E-mail inválido', 'E-mail é permitido apenas 30 caracteres', 'CPF inválido']);
  });

  it('accepts single strings, nested objects and skips junk', () => {
    expect(flattenErrors({ a: 'one', b: { c: ['two'] }, d: null, e: 3, f: '' })).toEqual(['one', 'two']);
    expect(flattenErrors(undefined)).toEqual([]);
  });
});

describe('describeHttpError (spec section 8)', () => {
  it('passes 403 and 490 on without storing anything', () => {
    expect(describeHttpError(403, { errors: { x: ['no'] } })).toBeNull();
    expect(describeHttpError(490, null)).toBeNull();
  });

  it('stores the flattened errors when the body has an errors object', () => {
    expect(
      describeHttpError(422, { message: 'x', errors: { name: ['Por favor, insira seu nome completo.'] } }),
    ).toEqual({
      status: 422,
      messages: ['Por favor, insira seu nome completo.'],
    });
  });

  it('else stores the key error_messages.{status}', () => {
    expect(describeHttpError(429, { message: 'slow down' })).toEqual({ status: 429, key: 'error_messages.429' });
    expect(describeHttpError(500, 'Internal')).toEqual({ status: 500, key: 'error_messages.500' });
    expect(describeHttpError(404, { errors: {} })).toEqual({ status: 404, key: 'error_messages.404' });
  });

  it('translates stored keys, with a generic line for statuses outside the catalogue', () => {
    expect(errorMessages({ status: 401, key: 'error_messages.401' }, 'pt')).toEqual([
      'Sessão expirada, faça login novamente',
    ]);
    expect(errorMessages({ status: 402, key: 'error_messages.402' }, 'en')).toEqual(['Insufficient credits']);
    expect(errorMessages({ status: 418, key: 'error_messages.418' }, 'pt')).toEqual([
      'Ops! Algo deu errado. Tente novamente.',
    ]);
  });
});

describe('joinUrl', () => {
  it('joins base and path with one slash and adds the query', () => {
    expect(joinUrl('/api', '/pages/terms')).toBe('/api/pages/terms');
    expect(joinUrl('/api/', 'profile/wallet')).toBe('/api/profile/wallet');
    expect(joinUrl('https://api.example.com', '/x', { page: 2, q: undefined, f: null, b: false })).toBe(
      'https://api.example.com/x?page=2&b=false',
    );
  });
});

function setup(responses: Array<Response | Error>) {
  const fetch = vi.fn(async (..._args: Parameters<typeof globalThis.fetch>) => {
    const next = responses.shift();
    if (!next) throw new Error('no more responses');
    if (next instanceof Error) throw next;
    return next;
  });
  const stored: StoredHttpError[] = [];
  let failures = 0;
  const client = createHttpClient({
    baseUrl: () => '/api',
    headers: () => ({ 'Guest-ID': 'guest-1', lmcp: 'abc', 'Accept-Language': 'pt-BR' }),
    fetch: fetch as unknown as typeof globalThis.fetch,
    onError: (e) => stored.push(e),
    onNetworkFailure: () => failures++,
    onSuccess: () => {
      failures = 0;
    },
  });
  return { client, fetch, stored, failures: () => failures };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('createHttpClient', () => {
  it('sends the site headers and returns the JSON body', async () => {
    const { client, fetch } = setup([json(200, { ok: true })]);
    await expect(client.get('/site/x', { query: { page: 1 } })).resolves.toEqual({ ok: true });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/site/x?page=1');
    expect(init?.headers).toMatchObject({ 'Guest-ID': 'guest-1', lmcp: 'abc', 'Accept-Language': 'pt-BR' });
    expect(init?.signal).toBeUndefined();
  });

  it('throws HttpError and stores the flattened messages', async () => {
    const { client, stored } = setup([json(422, { message: 'Dados inválidos', errors: { cpf: ['CPF inválido'] } })]);
    const error = await client.post('/auth/register', { cpf: '1' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(422);
    expect((error as HttpError).fieldMessages).toEqual(['CPF inválido']);
    expect(stored).toEqual([{ status: 422, messages: ['CPF inválido'] }]);
  });

  it('passes a 403 on without storing it', async () => {
    const { client, stored } = setup([json(403, { message: 'Forbidden' })]);
    await expect(client.get('/x')).rejects.toMatchObject({ status: 403 });
    expect(stored).toEqual([]);
  });

  it('counts network failures and resets the count on the next success', async () => {
    const h = setup([new TypeError('Failed to fetch'), new TypeError('Failed to fetch'), json(200, {})]);
    await expect(h.client.get('/x')).rejects.toBeInstanceOf(NetworkError);
    await expect(h.client.get('/x')).rejects.toBeInstanceOf(NetworkError);
    expect(h.failures()).toBe(2);
    await h.client.get('/x');
    expect(h.failures()).toBe(0);
  });

  it('lets an abort through untouched', async () => {
    const abort = new DOMException('aborted', 'AbortError');
    const h = setup([abort]);
    await expect(h.client.get('/x')).rejects.toBe(abort);
    expect(h.failures()).toBe(0);
  });
});
