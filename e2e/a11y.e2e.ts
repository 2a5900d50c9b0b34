import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launch } from './support/browser';
import { type Player, registerPlayer } from './support/players';
import { type RunningServer, startServer } from './support/server';

// axe-core in the browser on the pages a player meets first (home, casino lobby, Dice, wallet, bonus, promotions,
// promo codes, mystery boxes) and on the register, login and deposit modals, in the dark and the light theme, on a 360 x 780
// phone: no serious or critical violation (contrast, names, roles, landmarks ...). One browser; a context per theme
// and session.

const AXE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type Violation = {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
};

/** Runs axe on the page as it is and returns its serious and critical violations, one readable line each. */
async function seriousViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE });
  const violations = (await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (c: Document, o: object) => Promise<{ violations: unknown[] }> } })
      .axe;
    return (await axe.run(document, { resultTypes: ['violations'] })).violations;
  })) as Violation[];
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map(
        (n) => `${v.id} (${v.impact}) ${n.target.join(' ')}: ${(n.failureSummary ?? v.help).replace(/\s+/g, ' ')}`,
      ),
    );
}

describe.runIf(browserAvailable)('accessibility (axe) in both themes', () => {
  let server: RunningServer;
  let browser: Browser;
  let player: Player;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    server = await startServer();
    player = await registerPlayer(server, { name: 'Maria da Silva', emailPrefix: 'a11y', fund: 10_000 });
    browser = await launch();
  }, 120_000);

  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
    await server?.stop();
  });

  /**
   * A phone in Portuguese with the theme chosen in the header, as a returning visitor (age confirmed) or as the
   * logged-in player who closed the push prompt a moment ago (it stays away for 24 h).
   */
  async function phone(theme: 'dark' | 'light', loggedIn: boolean): Promise<Page> {
    // Playwright's own injected axe script is inline; the site's CSP (rightly) refuses inline scripts.
    const context = await browser.newContext({
      locale: 'pt-BR',
      viewport: { width: 360, height: 780 },
      bypassCSP: true,
    });
    contexts.push(context);
    await context.addInitScript(
      ([theme, token, id]) => {
        localStorage.setItem('color-mode', theme as string);
        localStorage.setItem('ageVerified', 'true');
        if (token) {
          localStorage.setItem('auth', token);
          localStorage.setItem('pushModalClosedAtUser', JSON.stringify({ [id as string]: Date.now() }));
        }
      },
      [theme, loggedIn ? player.token : null, String(player.user.id)],
    );
    return context.newPage();
  }

  async function visit(page: Page, path: string, theme: string) {
    await page.goto(`${server.url}${path}`, { waitUntil: 'networkidle' });
    await page.locator('main#content').waitFor();
    expect(await page.locator('html').getAttribute('data-theme')).toBe(theme);
  }

  for (const theme of ['dark', 'light'] as const) {
    it(`${theme}: home, casino lobby, Dice, wallet, bonus, promotions, promo codes and refer a friend, logged in`, async () => {
      const page = await phone(theme, true);
      const paths = [
        '/',
        '/casino/games',
        '/originals/dice',
        '/account/wallet',
        '/bonus',
        '/promotion',
        '/promo-codes',
        '/refers',
      ];
      const found: Record<string, string[]> = {};
      for (const path of paths) {
        await visit(page, path, theme);
        await page.getByTestId('header-balance').waitFor();
        found[path] = await seriousViolations(page);
      }
      expect(found).toEqual(Object.fromEntries(paths.map((p) => [p, []])));
    });

    it(`${theme}: the mystery boxes pages, and a box opened with reduced motion (its result and receipt)`, async () => {
      const page = await phone(theme, true);
      const paths = ['/casino/crates', '/casino/box/caixa-bronze', '/account/boxes', '/account/items'];
      const found: Record<string, string[]> = {};
      for (const path of paths) {
        await visit(page, path, theme);
        await page.getByTestId('header-balance').waitFor();
        await page.locator('main#content [aria-busy="true"]').waitFor({ state: 'detached' });
        found[path] = await seriousViolations(page);
      }
      // Reduced motion: no reel, the result and its receipt show at once.
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await visit(page, '/casino/box/caixa-bronze', theme);
      await page.getByTestId('box-buy').click();
      await page.locator('[data-testid="box-owned"]:not([data-count="0"])').waitFor();
      await page.getByTestId('box-open').click();
      await page.getByTestId('box-results').waitFor();
      expect(await page.getByTestId('box-reels').count()).toBe(0);
      found.opened = await seriousViolations(page);
      expect(found).toEqual(Object.fromEntries([...paths, 'opened'].map((p) => [p, []])));
    });

    it(`${theme}: the home page as a guest, the register and login modals`, async () => {
      const page = await phone(theme, false);
      const found: Record<string, string[]> = {};
      await visit(page, '/', theme);
      await page.getByRole('button', { name: 'Cadastrar' }).first().waitFor();
      found.home = await seriousViolations(page);
      // A returning guest is offered the registration 2 s after arriving.
      const register = page.getByRole('dialog', { name: 'Criar conta' });
      await register.waitFor();
      found.register = await seriousViolations(page);
      await visit(page, '/login', theme);
      await page.getByRole('dialog', { name: 'Entrar' }).waitFor();
      found.login = await seriousViolations(page);
      expect(found).toEqual({ home: [], register: [], login: [] });
    });

    it(`${theme}: the deposit modal`, async () => {
      const page = await phone(theme, true);
      await visit(page, '/account/wallet', theme);
      await page.getByTestId('open-deposit').click();
      await page.getByTestId('generate-pix').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});
