import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeWebDist, testApp } from '../../test/helpers';
import { setTenantSettings } from '../tenants/index';

const SPEC_FIELDS = [
  'is_regulated',
  'casino_id',
  'colors',
  'kyc',
  'hasSports',
  'hasBoxes',
  'disable_18_popup',
  'site',
  'siteTitle',
  'version',
  'logo',
  'main_domain',
  'gtmId',
  'gtmSource',
  'html',
  'jivoChat',
  'active',
  'cpa_value',
  'affiliate_regular_user_active',
  'banners',
  'googleClientId',
  'turnstileSiteKey',
  'casVerifyRegistrations',
  'casAllowGoogleAuth',
  'social',
  'betby',
  'images',
  'icons',
  'min_deposit',
  'max_deposit',
  'min_withdrawal',
  'max_withdrawal',
  'deposit_popup_values',
  'registerCPF',
  'reg_license',
  'reg_phone',
  'reg_alert',
  'login_requires_cpf',
  'login_requires_phone',
  'login_requires_email',
  'cashback_release_day',
  'cashback_release_hour',
  'cashback_conversion_percentage',
  'cashback',
  'logo_sizes',
  'chat_support',
  'api_base_url',
  'timezone',
];

describe('site config and tenancy', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await testApp({ webDist: fakeWebDist(), tenantCacheTtlMs: 0, tenantNegativeCacheTtlMs: 0 });
  });
  afterAll(() => app.close());

  it('serves every site-config field of the spec for the demo tenant, uncached', async () => {
    const res = await app.inject({
      url: '/api/site-config?timestamp=1732300000000',
      headers: { host: 'localhost:3000' },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    for (const f of SPEC_FIELDS) expect(body, f).toHaveProperty(f);
    expect(body.site.name).toBe('Sorte Demo');
    expect(body.api_base_url).toBe('/api');
    expect(body.timezone).toBe('America/Sao_Paulo');
    expect(body.betby).toEqual(expect.objectContaining({ active: expect.any(Boolean) }));
    expect(res.headers['cache-control']).toContain('no-store');
    expect(body).not.toHaveProperty('secrets');
  });

  it('answers the same at /site-config and for 127.0.0.1', async () => {
    const a = await app.inject({ url: '/site-config', headers: { host: '127.0.0.1:3000' } });
    const b = await app.inject({ url: '/api/site-config', headers: { host: 'localhost' } });
    expect(a.statusCode).toBe(200);
    expect(a.json()).toEqual(b.json());
  });

  it('never puts a secret in the config', async () => {
    await app.db.query(`update tenants set secrets = '{"turnstile_secret":"s3cr3t-value"}'`);
    const res = await app.inject({ url: '/api/site-config', headers: { host: 'localhost' } });
    expect(res.body).not.toContain('s3cr3t-value');
  });

  it('gzips for clients that accept it', async () => {
    const res = await app.inject({
      url: '/api/site-config',
      headers: { host: 'localhost', 'accept-encoding': 'gzip, br' },
    });
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('resolves the tenant from ?domain= and rejects a malformed one', async () => {
    const ok = await app.inject({ url: '/api/site-config?domain=127.0.0.1', headers: { host: 'cdn.example.com' } });
    expect(ok.statusCode).toBe(200);
    const bad = await app.inject({ url: '/api/site-config?domain=%3Cscript%3E', headers: { host: 'localhost' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Domínio inválido.');
    const bad2 = await app.inject({ url: '/api/site-config?domain=a&domain=b', headers: { host: 'localhost' } });
    expect(bad2.statusCode).toBe(400);
  });

  it('answers an unknown host with "platform not found", in the request language', async () => {
    const pt = await app.inject({ url: '/api/site-config', headers: { host: 'unknown.example.com' } });
    expect(pt.statusCode).toBe(404);
    expect(pt.json()).toEqual({ message: 'Plataforma não encontrada.', code: 'tenant_not_found' });
    const en = await app.inject({
      url: '/api/site-config',
      headers: { host: 'unknown.example.com', 'accept-language': 'en-US,en;q=0.9' },
    });
    expect(en.json().message).toBe('Platform not found.');
  });

  it('rejects a malformed Host header with a clear 400', async () => {
    const res = await app.inject({ url: '/api/site-config', headers: { host: 'bad host!' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Cabeçalho Host ausente ou inválido.');
  });

  it('gives JSON 404 for unknown API routes, never the web page', async () => {
    const res = await app.inject({ url: '/api/does-not-exist', headers: { host: 'localhost' } });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json().message).toBe('Rota não encontrada.');
    const post = await app.inject({ method: 'POST', url: '/api/nope', headers: { host: 'localhost' } });
    expect(post.statusCode).toBe(404);
  });

  it('answers a huge query string with 414 and a bad query with 422', async () => {
    const huge = await app.inject({
      url: `/api/site-config?timestamp=${'9'.repeat(5000)}`,
      headers: { host: 'localhost' },
    });
    expect(huge.statusCode).toBe(414);
    const bad = await app.inject({ url: '/api/site-config?timestamp=yesterday', headers: { host: 'localhost' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toHaveProperty('timestamp');
  });

  it('reports health and readiness', async () => {
    expect((await app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const ready = await app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().status).toBe('ok');
  });

  it('serves the legal pages in both languages, falling back to Portuguese', async () => {
    for (const slug of [
      'terms',
      'privacy',
      'aml-policy',
      'betting-terms',
      'responsible-gaming',
      'em-conformidade-com-a-regulamentacao',
    ]) {
      const pt = await app.inject({ url: `/api/pages/${slug}`, headers: { host: 'localhost' } });
      expect(pt.statusCode, slug).toBe(200);
      expect(pt.json().locale).toBe('pt');
      expect(pt.json().body.length).toBeGreaterThan(1000);
      const en = await app.inject({ url: `/api/pages/${slug}?locale=en`, headers: { host: 'localhost' } });
      expect(en.json().locale).toBe('en');
      expect(en.json().title).not.toBe(pt.json().title);
    }
    const missing = await app.inject({ url: '/api/pages/nao-existe', headers: { host: 'localhost' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Página não encontrada.');
    const weird = await app.inject({ url: '/api/pages/..%2F..%2Fetc', headers: { host: 'localhost' } });
    expect(weird.statusCode).toBe(404);
  });

  it('lists the banners', async () => {
    const res = await app.inject({ url: '/api/settings/banners', headers: { host: 'localhost' } });
    expect(res.json().data.length).toBeGreaterThanOrEqual(3);
  });

  describe('the page shell', () => {
    it('inlines the config and theme so the first paint needs no call', async () => {
      const res = await app.inject({ url: '/', headers: { host: 'localhost:3000' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<html lang="pt-BR"');
      expect(res.body).toContain('<style id="tenant-theme">:root{--c-primary:');
      const state = JSON.parse(/window\.__SORTE__=(.*?)<\/script>/.exec(res.body)![1]!);
      expect(state.state).toBe('ready');
      expect(state.config.site.name).toBe('Sorte Demo');
      expect(res.body).not.toContain('<!--app-');
    });

    it('answers /en pages in English and unknown paths with 404', async () => {
      const en = await app.inject({ url: '/en/casino/games', headers: { host: 'localhost' } });
      expect(en.statusCode).toBe(200);
      expect(en.body).toContain('<html lang="en"');
      const missing = await app.inject({ url: '/no/such/page', headers: { host: 'localhost' } });
      expect(missing.statusCode).toBe(404);
      expect(missing.body).toContain('"state":"ready"');
      const file = await app.inject({ url: '/assets/missing.js', headers: { host: 'localhost' } });
      expect(file.statusCode).toBe(404);
      expect(file.headers['content-type']).toContain('application/json');
    });

    it('keeps the cookie language when the path has no prefix', async () => {
      const res = await app.inject({ url: '/terms', headers: { host: 'localhost', cookie: 'i18n_redirected=en' } });
      expect(res.body).toContain('<html lang="en"');
    });

    it("describes the site in the page's language, falling back to Portuguese without an English text", async () => {
      const meta = (body: string) => /<meta name="description" content="([^"]*)">/.exec(body)?.[1];
      const pt = await app.inject({ url: '/', headers: { host: 'localhost' } });
      expect(meta(pt.body)).toMatch(/^Sorte Demo: cassino online de demonstração/);
      const en = await app.inject({ url: '/en', headers: { host: 'localhost' } });
      expect(meta(en.body)).toMatch(/^Sorte Demo: a demonstration online casino/);
      expect(en.body).toContain('<meta property="og:description" content="Sorte Demo: a demonstration');
      // The config carries both texts (the footer picks one); the spec's site.description stays a string.
      const config = (await app.inject({ url: '/api/site-config', headers: { host: 'localhost' } })).json();
      expect(config.site.description).toBe(meta(pt.body));
      expect(config.site.description_en).toBe(meta(en.body));

      // A tenant with only the one (Portuguese) description, as before description_en existed.
      await setTenantSettings(app.db, { host: 'localhost', assignments: ['site.description_en=null'] });
      const fallback = await app.inject({ url: '/en', headers: { host: 'localhost' } });
      expect(meta(fallback.body)).toMatch(/^Sorte Demo: cassino online de demonstração/);
      await setTenantSettings(app.db, {
        host: 'localhost',
        assignments: [`site.description_en=${JSON.stringify(config.site.description_en)}`],
      });
    });

    it('carries the licence line in both languages in the site config (the footer picks one)', async () => {
      const config = (await app.inject({ url: '/api/site-config', headers: { host: 'localhost' } })).json();
      // The spec's reg_license stays the Portuguese string; reg_license_en is only added beside it.
      expect(config.reg_license).toMatch(/^DEMONSTRAÇÃO: Sorte Demo/);
      expect(config.reg_license_en).toMatch(/^DEMONSTRATION: Sorte Demo/);
    });

    it('shows "platform not found" to an unknown host', async () => {
      const res = await app.inject({ url: '/', headers: { host: 'nobody.example.com' } });
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('"state":"not_found"');
      expect(res.body).toContain('Plataforma não encontrada');
    });

    it('escapes operator text so it cannot close the script tag', async () => {
      await setTenantSettings(app.db, {
        host: 'localhost',
        assignments: ['site.description="Best </script><script>alert(1)</script> odds"'],
      });
      const res = await app.inject({ url: '/', headers: { host: 'localhost' } });
      expect(res.body).not.toContain('</script><script>alert(1)');
      expect(res.body).toContain('Best &lt;/script&gt;');
    });

    describe('Content-Security-Policy', () => {
      const policy = (header: unknown) =>
        new Map(
          String(header)
            .split(';')
            .map((d) => d.trim().split(/\s+/))
            .map(([name, ...sources]) => [name!, sources]),
        );
      const inlineHashes = (body: string) =>
        [...body.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
          (m) => `'sha256-${createHash('sha256').update(m[1]!).digest('base64')}'`,
        );
      const WIDGET_HOSTS = /googletagmanager|google-analytics|jivosite|cloudflare|accounts\.google/;

      it('allows a tenant without widgets its own origin, its socket and its inline state script, nothing more', async () => {
        const res = await app.inject({ url: '/casino/games', headers: { host: 'localhost:3000' } });
        expect(res.statusCode).toBe(200);
        const csp = policy(res.headers['content-security-policy']);
        expect(csp.get('default-src')).toEqual(["'self'"]);
        // Scripts: this origin and the page's inline scripts by hash; never 'unsafe-inline', never another host.
        const hashes = inlineHashes(res.body);
        expect(hashes.length).toBeGreaterThan(0);
        expect(csp.get('script-src')).toEqual(["'self'", ...hashes]);
        // The API and the realtime socket (/app/{key}) on the page's own origin.
        expect(csp.get('connect-src')).toEqual(["'self'", 'ws://localhost:3000', 'wss://localhost:3000']);
        expect(csp.get('object-src')).toEqual(["'none'"]);
        expect(csp.get('base-uri')).toEqual(["'self'"]);
        expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
        expect(csp.get('img-src')).toEqual(expect.arrayContaining(["'self'", 'data:', 'https:']));
        expect(String(res.headers['content-security-policy'])).not.toMatch(WIDGET_HOSTS);
        // The not-found and maintenance pages carry a policy too.
        const unknown = await app.inject({ url: '/', headers: { host: 'nobody.example.com' } });
        expect(policy(unknown.headers['content-security-policy']).get('script-src')).toEqual([
          "'self'",
          ...inlineHashes(unknown.body),
        ]);
      });

      it('adds exactly the hosts of GTM, Jivo, Turnstile and Google sign-in for a tenant that has them', async () => {
        await setTenantSettings(app.db, {
          host: 'localhost',
          assignments: [
            'gtmId="GTM-ABC123"',
            'jivoChat="aBc123XyZ"',
            'turnstileSiteKey="0x4AAAAAAAB"',
            'googleClientId="123-abc.apps.googleusercontent.com"',
            'casAllowGoogleAuth=true',
            `html=${JSON.stringify('<script>window.operatorTag=1</script><noscript><img src="https://px.example.net/p.gif"></noscript>')}`,
          ],
        });
        try {
          const res = await app.inject({ url: '/', headers: { host: 'localhost' } });
          const csp = policy(res.headers['content-security-policy']);
          const script = csp.get('script-src')!;
          expect(script).not.toContain("'unsafe-inline'");
          expect(script).not.toContain("'unsafe-eval'");
          // The state script (whose config now names the widgets) and the operator's own inline tag, by hash.
          expect(script).toEqual(expect.arrayContaining(inlineHashes(res.body)));
          expect(inlineHashes(res.body).length).toBeGreaterThanOrEqual(2);
          expect(script).toEqual(
            expect.arrayContaining([
              'https://www.googletagmanager.com',
              'https://*.jivosite.com',
              'https://challenges.cloudflare.com',
              'https://accounts.google.com/gsi/client',
            ]),
          );
          expect(csp.get('connect-src')).toEqual(
            expect.arrayContaining([
              "'self'",
              'ws://localhost',
              'wss://localhost',
              'https://www.googletagmanager.com',
              'https://*.google-analytics.com',
              'https://*.jivosite.com',
              'wss://*.jivosite.com',
              'https://accounts.google.com/gsi/',
            ]),
          );
          expect(csp.get('frame-src')).toEqual(
            expect.arrayContaining(['https://challenges.cloudflare.com', 'https://accounts.google.com/gsi/']),
          );
          expect(csp.get('style-src')).toEqual(expect.arrayContaining(['https://accounts.google.com/gsi/style']));

          // Google sign-in turned off: its hosts go, the others stay.
          await setTenantSettings(app.db, { host: 'localhost', assignments: ['casAllowGoogleAuth=false'] });
          const without = String(
            (await app.inject({ url: '/', headers: { host: 'localhost' } })).headers['content-security-policy'],
          );
          expect(without).not.toContain('accounts.google.com');
          expect(without).toContain('https://challenges.cloudflare.com');
        } finally {
          await setTenantSettings(app.db, {
            host: 'localhost',
            assignments: [
              'gtmId=null',
              'jivoChat=null',
              'turnstileSiteKey=null',
              'googleClientId=null',
              'casAllowGoogleAuth=false',
              'html=null',
            ],
          });
        }
        const plain = await app.inject({ url: '/', headers: { host: 'localhost' } });
        expect(String(plain.headers['content-security-policy'])).not.toMatch(WIDGET_HOSTS);
      });
    });

    it('puts an inactive tenant in maintenance (402) for pages and the API', async () => {
      await setTenantSettings(app.db, { host: 'localhost', assignments: ['active=false'] });
      const page = await app.inject({ url: '/', headers: { host: 'localhost' } });
      expect(page.statusCode).toBe(402);
      expect(page.body).toContain('"state":"maintenance"');
      const api = await app.inject({ url: '/api/site-config', headers: { host: 'localhost' } });
      expect(api.statusCode).toBe(402);
      expect(api.json().code).toBe('maintenance');
      await setTenantSettings(app.db, { host: 'localhost', assignments: ['active=true'] });
      expect((await app.inject({ url: '/', headers: { host: 'localhost' } })).statusCode).toBe(200);
    });
  });
});
