import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../test/helpers';
import { proveToken } from './http';
import { confirmLocalServer } from './local-server';

describe('ops through the running server (/_ops/run)', () => {
  let app: FastifyInstance;
  let base: string;
  beforeAll(async () => {
    app = await testApp();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const addr = app.server.address();
    base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  });
  afterAll(() => app.close());

  const run = (argv: unknown, token = app.opsToken) =>
    fetch(`${base}/_ops/run`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ argv }),
    });

  it('exposes the per-start token on the root instance, where the CLI announcement reads it', () => {
    expect(app.opsToken).toMatch(/^[0-9a-f]{64}$/);
  });

  it('runs a command with the token and makes the change visible to the next request at once', async () => {
    const res = await run(['tenant:create', '--host', 'ops-http.test', '--name', 'Ops HTTP']);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { ok: boolean }).ok).toBe(true);
    const cfg = await app.inject({ url: '/api/site-config', headers: { host: 'ops-http.test' } });
    expect(cfg.statusCode).toBe(200);
    expect(cfg.json().site_name ?? cfg.json().siteName ?? cfg.body).toBeTruthy();
  });

  it('answers 404 to a wrong token and writes nothing', async () => {
    const res = await run(['tenant:create', '--host', 'nope.test', '--name', 'Nope'], 'f'.repeat(64));
    expect(res.status).toBe(404);
    const cfg = await app.inject({ url: '/api/site-config', headers: { host: 'nope.test' } });
    expect(cfg.statusCode).toBe(404);
  });

  it('answers a nonce with its HMAC under the token, so the CLI can tell this server from a stale server.json', async () => {
    const nonce = 'c'.repeat(64);
    const res = await fetch(`${base}/_ops/hello`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ nonce }),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { proof: string };
    expect(body.proof).toBe(proveToken(app.opsToken, nonce));
    expect(JSON.stringify(body)).not.toContain(app.opsToken);
    const port = Number(new URL(base).port);
    expect(await confirmLocalServer({ pid: process.pid, port, token: app.opsToken })).toBe(true);
    expect(await confirmLocalServer({ pid: process.pid, port, token: 'd'.repeat(64) })).toBe(false);
  });

  it.each([{}, { nonce: 'short' }, { nonce: 42 }])('refuses the nonce of %j with 400', async (body) => {
    const res = await fetch(`${base}/_ops/hello`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(400);
  });

  it('rejects argv that is not a list of strings with 400', async () => {
    expect((await run('tenant:list')).status).toBe(400);
  });
});
