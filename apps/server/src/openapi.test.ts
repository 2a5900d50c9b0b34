import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { testConfig, testDb } from './test/helpers';

type Doc = { openapi: string; info: { title: string }; paths: Record<string, Record<string, unknown>> };

/** "/api/pages/:slug" as OpenAPI writes it: "/api/pages/{slug}". */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\/\*$/, '/{*}');

describe('API reference', () => {
  const routes: RouteOptions[] = [];
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    const db = await testDb();
    app = await buildApp(testConfig(), { db, onRoute: (r) => routes.push(r) });
    app.addHook('onClose', () => db.close());
    await app.ready();
  });
  afterAll(() => app.close());

  it('serves an OpenAPI 3.1 document with every /api route', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as Doc;
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBe('Sorte API');
    const api = routes.filter(
      (r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && r.url !== '/api/openapi.json',
    );
    expect(api.length).toBeGreaterThan(50);
    const missing: string[] = [];
    for (const r of api) {
      const methods = (Array.isArray(r.method) ? r.method : [r.method]).filter((m) => m !== 'HEAD');
      for (const m of methods) {
        const path = openApiPath(r.url);
        const item = doc.paths[path] ?? doc.paths[path.replace('{*}', '{wildcard}')];
        if (!item?.[m.toLowerCase()]) missing.push(`${m} ${r.url}`);
      }
    }
    expect(missing).toEqual([]);
    // A reader finds a call under its area.
    const tags = (path: string, m: string) => (doc.paths[path]?.[m] as { tags?: string[] } | undefined)?.tags;
    expect(tags('/api/originals/dice/bet', 'post')).toEqual(['originals']);
    expect(tags('/api/games/providers', 'get')).toEqual(['casino']);
    expect(tags('/api/pages/{slug}', 'get')).toEqual(['site']);
    // Pages, files and dev tools are not API.
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/dev/') || p.startsWith('/assets'))).toEqual([]);
  });

  it('is valid against the OpenAPI 3.1 rules the fuzz relies on: every operation has replies', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as Doc;
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        expect(['get', 'post', 'put', 'patch', 'delete', 'head', 'options']).toContain(method);
        expect(op, `${method} ${path}`).toHaveProperty('responses');
      }
    }
  });

  it('renders the reference at /api/docs with its own Content-Security-Policy', async () => {
    const page = await app.inject({ method: 'GET', url: '/api/docs' });
    const html =
      page.statusCode === 302 ? await app.inject({ method: 'GET', url: page.headers.location as string }) : page;
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toMatch(/text\/html/);
    expect(html.body).toContain('swagger');
    expect(String(html.headers['content-security-policy'])).toMatch(/script-src/);
    // The page renders with style attributes, but no inline script is ever allowed.
    expect(String(html.headers['content-security-policy'])).toMatch(/style-src 'self' https: 'unsafe-inline'/);
    expect(String(html.headers['content-security-policy'])).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    const init = await app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(init.statusCode).toBe(200);
    expect(init.body).toContain('/api/openapi.json');
  });
});
