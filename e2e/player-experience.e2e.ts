import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launch } from './support/browser';
import { api, registerPlayer } from './support/players';
import { type RunningServer, startServer } from './support/server';

// The player experience of trust and no dead end, as a player lives it: the header balance follows an Originals
// bet without a reload, numbers are written the way the page's language writes them, and no link in the menus,
// home tiles, banners or error page leads to a 404 or to the "not available yet" page.

const digits = (s: string) => Number(s.replace(/\D/g, ''));

describe.runIf(browserAvailable)('player experience in the browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let token: string;

  beforeAll(async () => {
    server = await startServer();
    ({ token } = await registerPlayer(server, { name: 'Maria da Silva', emailPrefix: 'px', fund: 20_000 }));
    browser = await launch();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const newContext = async (o: { player: boolean; locale?: string; width?: number }): Promise<BrowserContext> => {
    const context = await browser.newContext({
      locale: o.locale ?? 'pt-BR',
      viewport: { width: o.width ?? 1280, height: o.width === 360 ? 780 : 900 },
    });
    await context.addInitScript(
      ({ t, player }) => {
        localStorage.setItem('ageVerified', 'true');
        if (player) localStorage.setItem('auth', t);
      },
      { t: token, player: o.player },
    );
    return context;
  };

  const settle = async (page: Page) => {
    await page.waitForLoadState('networkidle');
    await page
      .locator('.preloader')
      .waitFor({ state: 'detached' })
      .catch(() => {});
  };

  it('moves the header balance with an Originals bet, and keeps it through in-app navigation, without a reload', async () => {
    const context = await newContext({ player: true });
    const page = await context.newPage();
    await page.addLocatorHandler(page.getByRole('dialog', { name: 'Ativar notificações' }), async (d) =>
      d.getByRole('button', { name: 'Agora não' }).click(),
    );
    await page.goto(`${server.url}/`);
    const header = page.getByTestId('header-balance');
    await expect.poll(async () => digits(await header.innerText())).toBe(20_000);
    // A marker that a full page load would wipe.
    await page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });

    // In-app: the side menu's Sorte Originals, then the Dice card.
    await page.locator('#side-menu').getByRole('link', { name: 'Sorte Originals' }).first().click();
    await page.getByTestId('og-card-dice').click();
    await page.getByTestId('og-bet').waitFor();
    await page.getByTestId('og-bet').click();
    await page.getByText(/Você ganhou|Não foi desta vez/).waitFor();
    const wallet = (await api(server, 'GET', '/profile/wallet', undefined, token)).body as {
      balance: number;
      bonus: number;
    };
    const after = wallet.balance + wallet.bonus;
    expect(after).not.toBe(20_000);
    await expect.poll(async () => digits(await header.innerText())).toBe(after);

    // In-app to the wallet through the account menu: the same figure there, still no reload.
    await page.getByRole('button', { name: 'Menu da conta' }).click();
    await page.locator('.header-account__dropdown').getByRole('link', { name: 'Carteira' }).click();
    await expect.poll(async () => digits(await page.getByTestId('wallet-balance').innerText())).toBe(after);
    expect(digits(await header.innerText())).toBe(after);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    await context.close();
  }, 90_000);

  it('writes numbers the way the page language does: Plinko, RTP and money, pt and en', async () => {
    const context = await newContext({ player: true });
    const page = await context.newPage();
    await page.addLocatorHandler(
      page.getByRole('dialog', { name: /Ativar notificações|Turn on notifications/ }),
      async (d) => d.getByRole('button', { name: /Agora não|Not now/ }).click(),
    );
    const boardTexts = async () =>
      (await page.locator('.og-plinko__svg text').evaluateAll((ts) => ts.map((t) => t.textContent ?? '')))
        .map((s) => s.trim())
        .filter(Boolean);

    // Portuguese: decimal commas on the board, the RTP and the balance.
    await page.goto(`${server.url}/originals/plinko`);
    await page.locator('.og-plinko__svg text').first().waitFor();
    const pt = await boardTexts();
    expect(
      pt.some((s) => /^\d+,\d+$/.test(s)),
      pt.join(' '),
    ).toBe(true);
    expect(
      pt.some((s) => /^\d+\.\d{1,2}$/.test(s)),
      pt.join(' '),
    ).toBe(false);
    await expect
      .poll(async () => await page.getByTestId('header-balance').innerText())
      .toMatch(/R\$\s\d{1,3}(\.\d{3})*,\d{2}/);

    // English: decimal points.
    await page.goto(`${server.url}/en/originals/plinko`);
    await page.locator('.og-plinko__svg text').first().waitFor();
    const en = await boardTexts();
    expect(
      en.some((s) => /^\d+\.\d+$/.test(s)),
      en.join(' '),
    ).toBe(true);
    expect(
      en.some((s) => /^\d+,\d{1,2}$/.test(s)),
      en.join(' '),
    ).toBe(false);
    await expect
      .poll(async () => await page.getByTestId('header-balance').innerText())
      .toMatch(/R\$\d{1,3}(,\d{3})*\.\d{2}/);

    // One RTP per game: the Originals lobby card, the casino lobby card and the rules say the same, per language.
    for (const [prefix, rtp] of [
      ['', '98,98%'],
      ['/en', '98.98%'],
    ] as const) {
      await page.goto(`${server.url}${prefix}/originals`);
      expect(await page.getByTestId('og-card-dice').innerText()).toContain(`RTP ${rtp}`);
      await page.goto(`${server.url}${prefix}/originals/dice`);
      await expect.poll(async () => await page.getByTestId('og-rtp').innerText()).toContain(rtp);
      await page.goto(`${server.url}${prefix}/casino/category/originals`);
      const card = page.locator('.casino-card').filter({ hasText: 'Dice' }).first();
      await expect.poll(async () => await card.innerText()).toContain(`RTP ${rtp}`);
    }
    await context.close();
  }, 90_000);

  /** Every link a player can follow from the menus, home tiles, banners and the error page of one session. */
  const linksOf = async (page: Page, prefix: string, player: boolean): Promise<Set<string>> => {
    const hrefs = new Set<string>();
    const collect = async (selector: string) => {
      for (const h of await page.locator(selector).evaluateAll((as) => as.map((a) => a.getAttribute('href'))))
        if (h?.startsWith('/')) hrefs.add(h);
    };
    await page.goto(`${server.url}${prefix || '/'}`);
    await settle(page);
    await page.locator('.home__shortcuts a').first().waitFor();
    await collect('#side-menu a');
    await collect('.home__shortcuts a');
    await collect('.hero a');
    await collect('.app-footer a');
    if (player) {
      await page.getByRole('button', { name: /Menu da conta|Account menu/ }).click();
      await collect('.header-account__dropdown a');
    }
    await page.goto(`${server.url}${prefix}/pagina-que-nao-existe`);
    await page.locator('.error-page__explore a').first().waitFor();
    await collect('.error-page__explore a');
    return hrefs;
  };

  for (const [label, player, prefix] of [
    ['a guest, in Portuguese', false, ''],
    ['a player, in Portuguese', true, ''],
    ['a player, in English', true, '/en'],
  ] as const) {
    it(`shows ${label} no link to a 404 or to a page that is not available yet`, async () => {
      const context = await newContext({ player, locale: prefix ? 'en-US' : 'pt-BR' });
      const page = await context.newPage();
      await page.addLocatorHandler(
        page.getByRole('dialog', { name: /Ativar notificações|Turn on notifications/ }),
        async (d) => d.getByRole('button', { name: /Agora não|Not now/ }).click(),
      );
      const links = await linksOf(page, prefix, player);
      // The places a player expects are among them.
      const expected = player
        ? [
            '/account/wallet',
            '/account/wallet?tab=withdraw',
            '/user/edit/history-casino',
            '/originals',
            '/responsible-gambling',
            '/pages/faq',
            '/bonus',
            '/promotion',
          ]
        : ['/casino/games', '/originals', '/responsible-gaming', '/pages/faq', '/promotion'];
      for (const path of expected) expect([...links], path).toContain(`${prefix}${path}`);
      expect([...links].some((h) => /\/pages\/news/.test(h))).toBe(false);

      for (const href of links) {
        const res = await page.goto(`${server.url}${href}`);
        expect(res?.status(), href).toBeLessThan(400);
        await settle(page);
        expect(await page.locator('.unavailable').count(), `${href} is the "not available yet" page`).toBe(0);
        expect(await page.locator('.error-page').count(), `${href} shows the error page`).toBe(0);
        expect(await page.locator('main, .app-main, #root').first().innerText(), href).not.toMatch(
          /Página não encontrada|Page not found/,
        );
      }

      // Banners: in the page's language, for this viewer.
      await page.goto(`${server.url}${prefix || '/'}`);
      await settle(page);
      const images = await page.locator('.hero img').evaluateAll((is) => is.map((i) => i.getAttribute('src') ?? ''));
      expect(images.length).toBeGreaterThanOrEqual(3);
      for (const src of images) expect(src.includes('-en'), src).toBe(prefix === '/en');
      const bannerLinks = await page.locator('.hero a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
      expect(bannerLinks).toContain(player ? `${prefix}/account/wallet` : `${prefix}/register`);
      await context.close();
    }, 180_000);
  }
});
