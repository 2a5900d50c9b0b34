import http from 'node:http';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launch } from './support/browser';
import { type RunningServer, startServer } from './support/server';

// The foundation as a player sees it: the site served by the real server (embedded PGlite, demo tenant seeded),
// rendered by Chromium.
describe.runIf(browserAvailable)('site shell in the browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;

  beforeAll(async () => {
    server = await startServer();
    // A second tenant on its own host, then switched off: its site must show the maintenance state.
    const created = server.ops('tenant:create', '--host', 'pausa.test', '--name', 'Pausa Bet');
    expect(created.code, created.out).toBe(0);
    const off = server.ops('tenant:set', '--host', 'pausa.test', 'active=false');
    expect(off.code, off.out).toBe(0);
    browser = await launch();
    context = await browser.newContext({ locale: 'pt-BR', viewport: { width: 360, height: 740 } });
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  /** fetch() may not set Host; node:http may. Returns the status for a page on another tenant's host. */
  const statusOn = (host: string, path = '/') =>
    new Promise<number>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port: server.port, path, headers: { host: `${host}:${server.port}` } }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        })
        .on('error', reject);
    });

  const open = async (path: string, origin = server.url): Promise<Page> => {
    const page = await context.newPage();
    await page.goto(`${origin}${path}`, { waitUntil: 'networkidle' });
    return page;
  };

  it('renders the home page in Portuguese, with the demo tenant and its banners', async () => {
    const page = await open('/');
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('pt-BR');
    await page.getByText('Entrar', { exact: true }).first().waitFor();
    expect(await page.getByText('Cadastrar', { exact: true }).count()).toBeGreaterThan(0);
    expect(await page.title()).not.toBe('');
    const footer = page.locator('footer');
    await footer.getByText(/^Sorte Demo: cassino online de demonstração/).waitFor();
    // The licence line in Portuguese, and not its English text.
    await footer.getByText(/^DEMONSTRAÇÃO: Sorte Demo Entretenimento/).waitFor();
    expect(await footer.getByText(/DEMONSTRATION|holds no real authorization/).count()).toBe(0);
    await page.close();
  });

  it('renders /en in English', async () => {
    const page = await open('/en');
    await page.getByText('Log in', { exact: true }).first().waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    expect(await page.getByText('Entrar', { exact: true }).count()).toBe(0);
    // The tenant's description in the footer follows the language too.
    const footer = page.locator('footer');
    await footer.getByText(/^Sorte Demo: a demonstration online casino/).waitFor();
    expect(await footer.getByText(/cassino online/).count()).toBe(0);
    // And so does its licence line.
    await footer.getByText(/^DEMONSTRATION: Sorte Demo Entretenimento/).waitFor();
    expect(await footer.getByText(/DEMONSTRAÇÃO|não possui autorização/).count()).toBe(0);
    await page.close();
  });

  it('shows the 404 error page with its reference code for an unknown path', async () => {
    const res = await fetch(`${server.url}/isto-nao-existe`);
    expect(res.status).toBe(404);
    const page = await open('/isto-nao-existe');
    await page.getByText('Voltar ao início').first().waitFor();
    const body = await page.locator('body').innerText();
    expect(body).toContain('404');
    expect(body).toMatch(/ERR-404\d{6}/);
    expect(body).toContain('Página anterior');
    await page.close();
  });

  it('shows the maintenance state for an inactive tenant (HTTP 402)', async () => {
    const origin = `http://pausa.test:${server.port}`;
    expect(await statusOn('pausa.test')).toBe(402);
    const page = await open('/', origin);
    await page.getByText('Fazendo uma pausa para melhorar!').waitFor();
    expect(await page.locator('body').innerText()).toContain(
      'Para descobrir mais, entre em contato com um administrador!',
    );
    await page.close();
  });

  it('shows "Plataforma não encontrada" on a host no tenant owns', async () => {
    expect(await statusOn('ninguem.test')).toBe(404);
    const page = await open('/', `http://ninguem.test:${server.port}`);
    await page.getByText('Plataforma não encontrada').waitFor();
    expect(await page.getByText('Clique aqui para saber mais').count()).toBe(1);
    await page.close();
  });

  it('stores the ?ref= referral code for the registration form', async () => {
    const page = await open('/?ref=AMIGO42');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('ref'))).toBe('AMIGO42');
    await page.close();
  });
});
