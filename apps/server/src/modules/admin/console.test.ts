import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { registerErrorHandling } from '../../platform/plugins';
import { testConfig } from '../../test/helpers';
import { CONSOLE_CSP, registerAdminConsole } from './console';

/** A built console in a temporary folder: index.html, one hashed bundle (with its .gz) and a favicon. */
function fakeDist(): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'sorte-admin-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.writeFileSync(path.join(dist, 'assets/index-abc123.js'), 'console.log("admin")');
  fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg/>');
  return dist;
}

/** The console beside a stand-in for the player site's page handler, as app.ts composes them. */
async function serve(dist: string): Promise<FastifyInstance> {
  const app = Fastify({ routerOptions: { ignoreTrailingSlash: true } });
  registerErrorHandling(app);
  await registerAdminConsole(app, testConfig(), dist);
  app.setNotFoundHandler((_req, reply) => reply.code(200).send('player site'));
  await app.ready();
  return app;
}

let app: FastifyInstance | null = null;
afterEach(async () => {
  await app?.close();
  app = null;
});

describe('the console at /admin', () => {
  it('serves its index.html at /admin and every page path below it, uncached, with its CSP', async () => {
    app = await serve(fakeDist());
    for (const url of ['/admin', '/admin/', '/admin/login', '/admin/withdrawals?status=all', '/admin/a/b/c']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toContain('no-store');
      expect(res.headers['content-security-policy']).toBe(CONSOLE_CSP);
      expect(CONSOLE_CSP).toContain("frame-ancestors 'none'");
      expect(CONSOLE_CSP).not.toMatch(/script-src[^;]*unsafe/);
    }
  });

  it('serves hashed assets as immutable, precompressed when asked, and a missing file as a JSON 404', async () => {
    const dist = fakeDist();
    fs.writeFileSync(path.join(dist, 'assets/index-abc123.js.gz'), Buffer.from('gz'));
    app = await serve(dist);
    const js = await app.inject({ url: '/admin/assets/index-abc123.js' });
    expect(js.statusCode).toBe(200);
    expect(js.headers['cache-control']).toContain('immutable');
    expect(js.body).toBe('console.log("admin")');
    const gz = await app.inject({ url: '/admin/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect((await app.inject({ url: '/admin/favicon.svg' })).headers['cache-control']).toBe('no-cache');
    const missing = await app.inject({ url: '/admin/assets/nope-123.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: 'Rota não encontrada.' });
    // index.html is only ever the page (with its CSP), never a static file.
    const raw = await app.inject({ url: '/admin/index.html' });
    expect(raw.statusCode).toBe(404);
    // Nothing outside the bundle, however the path is written.
    for (const url of [
      '/admin/../package.json',
      '/admin/%2e%2e/%2e%2e/package.json',
      '/admin/assets/..%2f..%2fconsole.ts',
    ]) {
      const res = await app.inject({ url });
      expect(res.body, url).not.toContain('"name"');
      expect(res.statusCode, url).toBeLessThan(500);
    }
  });

  it('leaves every other path to the player site', async () => {
    app = await serve(fakeDist());
    for (const url of ['/', '/administrator', '/adminx/login', '/assets/index-abc123.js', '/en/admin']) {
      const res = await app.inject({ url });
      expect(res.body, url).toBe('player site');
    }
  });

  it('answers 503 with a clear message in the asker’s language while the console is not built, and serves a build that appears later', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'sorte-admin-empty-'));
    app = await serve(dist);
    const pt = await app.inject({ url: '/admin/withdrawals' });
    expect(pt.statusCode).toBe(503);
    expect(pt.json().message).toContain('npm run build');
    expect(pt.json().message).toContain('console de administração');
    const en = await app.inject({ url: '/admin', headers: { 'accept-language': 'en' } });
    expect(en.statusCode).toBe(503);
    expect(en.json().message).toBe('The admin console is not built: run `npm run build`.');
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><p>built</p>');
    const later = await app.inject({ url: '/admin/withdrawals' });
    expect(later.statusCode).toBe(200);
    expect(later.body).toContain('built');
  });

  it('refuses other methods than GET/HEAD on page paths without a 5xx', async () => {
    app = await serve(fakeDist());
    const res = await app.inject({ method: 'POST', url: '/admin/login', payload: {} });
    expect(res.statusCode).toBe(404);
    expect((await app.inject({ method: 'HEAD', url: '/admin/login' })).statusCode).toBe(200);
  });
});
