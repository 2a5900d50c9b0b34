import fs from 'node:fs';
import path from 'node:path';
import { bannersFor } from '@sorte/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeWebDist, testApp } from '../../test/helpers';
import { setTenantSettings } from '../tenants/index';

describe('the page shell after a rebuild of the web bundle', () => {
  let app: FastifyInstance;
  let dist: string;
  beforeAll(async () => {
    dist = fakeWebDist();
    app = await testApp({ webDist: dist });
  });
  afterAll(() => app.close());

  it('serves the new asset names at once, not a cached page of the old build', async () => {
    const first = await app.inject({ url: '/', headers: { host: 'localhost' } });
    expect(first.statusCode).toBe(200);
    const file = path.join(dist, 'index.html');
    const rebuilt = fs
      .readFileSync(file, 'utf8')
      .replace('</head>', '<script type="module" src="/assets/index-NEWHASH.js"></script></head>');
    fs.writeFileSync(file, rebuilt);
    // Make sure the modification time differs even on coarse-grained file systems.
    const later = new Date(Date.now() + 5000);
    fs.utimesSync(file, later, later);
    const second = await app.inject({ url: '/', headers: { host: 'localhost' } });
    expect(second.body).toContain('index-NEWHASH.js');
    // ...and the bundle it names, written after the server started, is served (not the 404 page).
    fs.writeFileSync(path.join(dist, 'assets', 'index-NEWHASH.js'), 'console.log("new build")');
    const asset = await app.inject({ url: '/assets/index-NEWHASH.js', headers: { host: 'localhost' } });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-type']).toMatch(/javascript/);
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await app.inject({ url: '/assets/index-GONE.js', headers: { host: 'localhost' } });
    expect(missing.statusCode).toBe(404);
  });

  it('treats /sportsbook (no trailing segment) as a known page, not a 404', async () => {
    const res = await app.inject({ url: '/sportsbook', headers: { host: 'localhost' } });
    expect(res.statusCode).toBe(200);
  });
});

describe('the page shell with operator text that looks like a replacement pattern', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await testApp({ webDist: fakeWebDist(), tenantCacheTtlMs: 0 });
  });
  afterAll(() => app.close());

  // Each special pattern of String.prototype.replace: the inserted text must come out exactly as written.
  for (const pattern of ["$'", '$&', '$`', '$1', '$$']) {
    it(`shows a site called "Sorte ${pattern} Bet" as written, with the page intact`, async () => {
      const name = `Sorte ${pattern} Bet`;
      await setTenantSettings(app.db, {
        host: 'localhost',
        assignments: [
          `site.name=${JSON.stringify(name)}`,
          `siteTitle=${JSON.stringify(name)}`,
          `site.description=${JSON.stringify(`Aposte na ${name}`)}`,
          `html=${JSON.stringify(`<p id="operator">${name}</p>`)}`,
        ],
      });
      const res = await app.inject({ url: '/', headers: { host: 'localhost' } });
      expect(res.statusCode).toBe(200);
      // As HTML escapes it in the head (the page shows it as written).
      const shown = name.replace('&', '&amp;').replace("'", '&#39;');
      expect(res.body).toContain(`<title>${shown}</title>`);
      expect(res.body).toContain(`<meta name="description" content="Aposte na ${shown}">`);
      expect(res.body).toContain(`<meta property="og:site_name" content="${shown}">`);
      const state = JSON.parse(/window\.__SORTE__=(.*?)<\/script>/.exec(res.body)![1]!);
      expect(state.config.site.name).toBe(name);
      expect(state.config.html).toBe(`<p id="operator">${name}</p>`);
      // The template around the inserted text is there once and untouched.
      expect(res.body.match(/<div id="root">/g)).toHaveLength(1);
      expect(res.body.match(/<p id="operator">/g)).toHaveLength(1);
      expect(res.body.match(/window\.__SORTE__=/g)).toHaveLength(1);
      expect(res.body).toContain(`<p id="operator">${name}</p></body></html>`);
      expect(res.body.startsWith('<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>')).toBe(true);
      expect(res.body).not.toContain('<!--app-');
    });
  }
});

describe('the home page starts loading its first banner with the page', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await testApp({ webDist: fakeWebDist() });
  });
  afterAll(() => app.close());

  const preloads = (html: string) =>
    [...html.matchAll(/<link rel="preload" as="image" href="([^"]+)" fetchpriority="high"(?: media="([^"]+)")?>/g)].map(
      (m) => [m[1], m[2] ?? null],
    );

  it('preloads the first banner for phones and for wide screens, in the page language, and only on the home page', async () => {
    const tenant = (await app.tenants.resolve('localhost'))!;
    for (const [url, locale] of [
      ['/', 'pt'],
      ['/en', 'en'],
    ] as const) {
      const first = bannersFor(tenant.settings.banners, { locale, viewer: 'guest' })[0]!;
      expect(first, 'the demo tenant has banners').toBeDefined();
      expect(bannersFor(tenant.settings.banners, { locale, viewer: 'player' })[0]?.id).toBe(first.id);
      const res = await app.inject({ url, headers: { host: 'localhost' } });
      expect(preloads(res.body)).toEqual([
        [first.image_mobile, '(max-width: 639.98px)'],
        [first.image, '(min-width: 640px)'],
      ]);
    }
    const game = await app.inject({ url: '/originals/dice', headers: { host: 'localhost' } });
    expect(preloads(game.body)).toEqual([]);
  });
});

describe("a route's code starts loading with its page", () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    const dist = fakeWebDist();
    // As the web build writes it: per route name, the page chunk and what it imports (the entry among them).
    fs.writeFileSync(
      path.join(dist, 'route-chunks.json'),
      JSON.stringify({ 'originals-game': ['/assets/game-page-AB12.js', '/assets/app.js', '/assets/ui-CD34.js'] }),
    );
    app = await testApp({ webDist: dist });
  });
  afterAll(() => app.close());

  const modulepreloads = (html: string) =>
    [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);

  it("names the route's chunks as modulepreload links, not the ones the page already loads", async () => {
    const dice = await app.inject({ url: '/originals/dice', headers: { host: 'localhost' } });
    expect(modulepreloads(dice.body)).toEqual(['/assets/game-page-AB12.js', '/assets/ui-CD34.js']);
    const en = await app.inject({ url: '/en/originals/mines', headers: { host: 'localhost' } });
    expect(modulepreloads(en.body)).toEqual(['/assets/game-page-AB12.js', '/assets/ui-CD34.js']);
    const other = await app.inject({ url: '/casino/games', headers: { host: 'localhost' } });
    expect(modulepreloads(other.body)).toEqual([]);
  });
});
