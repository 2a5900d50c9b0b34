import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launch } from './support/browser';
import { api, type Player, registerPlayer } from './support/players';
import { type RunningServer, startServer } from './support/server';

// The site on a 360 x 780 phone, in Portuguese and English, as a player holds it: what must be on the first screen
// without scrolling, what must never be covered or cut at the screen's edge, and a live feed that is not empty.

const W = 360;
const H = 780;
const GAMES = ['dice', 'mines', 'limbo', 'plinko', 'keno', 'slot', 'crash', 'double'];

type Box = { top: number; bottom: number; left: number; right: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.top < b.bottom && a.bottom > b.top && a.left < b.right && a.right > b.left;
const onScreen = (b: Box | null) => !!b && b.top >= 0 && b.bottom <= H && b.left >= 0 && b.right <= W;

async function box(page: Page, selector: string): Promise<Box | null> {
  return page.evaluate((sel) => {
    const el = document.querySelector(sel);
    if (!el) return null;
    const r = el.getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, width: r.width, height: r.height };
  }, selector);
}

/** The chat button's box while it is shown (null when it stepped aside or is not there). */
async function fabShown(page: Page): Promise<Box | null> {
  return page.evaluate(() => {
    const el = document.querySelector('.chat-fab');
    if (!el) return null;
    const s = getComputedStyle(el);
    if (s.visibility === 'hidden' || s.display === 'none' || Number(s.opacity) < 0.1) return null;
    const r = el.getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, width: r.width, height: r.height };
  });
}

describe.runIf(browserAvailable)('phone layouts (360 x 780)', () => {
  let server: RunningServer;
  let browser: Browser;
  let player: Player;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    server = await startServer();
    player = await registerPlayer(server, { name: 'Maria da Silva', emailPrefix: 'phone', fund: 20_000 });
    browser = await launch();
  }, 120_000);

  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
    await server?.stop();
  });

  /** A phone in the given language; logged in as the player (push prompt closed a moment ago) or a returning guest. */
  async function phone(locale: 'pt' | 'en', loggedIn = true): Promise<Page> {
    const context = await browser.newContext({
      locale: locale === 'pt' ? 'pt-BR' : 'en-US',
      viewport: { width: W, height: H },
      hasTouch: true,
      isMobile: true,
    });
    contexts.push(context);
    await context.addInitScript(
      ([token, id]) => {
        localStorage.setItem('ageVerified', 'true');
        if (token) {
          localStorage.setItem('auth', token);
          localStorage.setItem('pushModalClosedAtUser', JSON.stringify({ [id as string]: Date.now() }));
        }
      },
      [loggedIn ? player.token : null, String(player.user.id)],
    );
    return context.newPage();
  }

  const url = (locale: 'pt' | 'en', path: string) => `${server.url}${locale === 'en' ? '/en' : ''}${path}`;

  for (const locale of ['pt', 'en'] as const) {
    it(`${locale}: every Original shows its amount and its play button on the first screen, never under the chat button`, async () => {
      const page = await phone(locale);
      const misses: string[] = [];
      for (const game of GAMES) {
        await page.goto(url(locale, `/originals/${game}`), { waitUntil: 'networkidle' });
        await page.locator('.og-action button').first().waitFor();
        // The chat button checks what it covers once a frame.
        await page.waitForTimeout(300);
        const amount = await box(page, '#og-amount');
        const action = await box(page, '.og-action button');
        const controls = await box(page, '.og-controls');
        const fab = await fabShown(page);
        if (!onScreen(amount)) misses.push(`${game}: amount at ${JSON.stringify(amount)}`);
        if (!onScreen(action)) misses.push(`${game}: play button at ${JSON.stringify(action)}`);
        if (fab && controls && overlaps(fab, controls)) misses.push(`${game}: the chat button covers the controls`);
      }
      expect(misses).toEqual([]);
    });
  }

  for (const locale of ['pt', 'en'] as const) {
    it(`${locale}: the mystery boxes pages fit the phone's width, no button label is cut, and buying is on the first screen`, async () => {
      const page = await phone(locale);
      const problems: string[] = [];
      // Each page is measured once its own content is in (a slow machine can still be on the lazy route's
      // fallback at network idle) and the web fonts have loaded, which change the labels' widths.
      const ready: Record<string, string> = {
        '/casino/crates': '[data-testid="crate-card"]',
        '/casino/box/caixa-bronze': '[data-testid="box-buy"]',
        '/account/boxes': '[data-testid="boxes-empty"], [data-testid="boxes-group"]',
        '/account/items': '[data-testid="items-empty"], [data-testid="item"]',
      };
      for (const [path, selector] of Object.entries(ready)) {
        await page.goto(url(locale, path), { waitUntil: 'networkidle' });
        await page.locator(selector).first().waitFor();
        await page.locator('main#content [aria-busy="true"]').waitFor({ state: 'detached' });
        await page.evaluate(async () => {
          await document.fonts.ready;
        });
        problems.push(
          ...(await page.evaluate(
            ([width, path]) => {
              const out: string[] = [];
              if (document.documentElement.scrollWidth > width)
                out.push(`${path}: the page is ${document.documentElement.scrollWidth}px wide`);
              for (const b of Array.from(document.querySelectorAll('main .ui-btn'))) {
                const label = b.querySelector('.ui-btn__label') ?? b;
                if (label.scrollWidth > label.clientWidth + 1) out.push(`${path}: "${b.textContent}" is cut`);
              }
              return out;
            },
            [W, path] as const,
          )),
        );
        if (path === '/casino/box/caixa-bronze' && !onScreen(await box(page, '[data-testid="box-buy"]')))
          problems.push('the buy button is below the first screen');
      }
      expect(problems).toEqual([]);
    });
  }

  it('Mines: the whole board and "Retirar" fit on one screen during a round', async () => {
    const page = await phone('pt');
    await page.goto(url('pt', '/originals/mines'), { waitUntil: 'networkidle' });
    await page.getByTestId('og-mines-count').selectOption('1');
    await page.getByTestId('og-bet').click();
    await page.getByTestId('og-cashout').waitFor();
    await page.locator('[data-tile="12"]').click();
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(onScreen(await box(page, '[data-tile="0"]'))).toBe(true);
    expect(onScreen(await box(page, '[data-tile="24"]'))).toBe(true);
    // The tile was a gem (1 mine in 25: play on) or the mine (the round is over and the start button is back).
    const end = (await page.getByTestId('og-cashout').count()) ? '[data-testid="og-cashout"]' : '.og-action button';
    expect(onScreen(await box(page, end))).toBe(true);
  });

  it('the chat button steps aside over the footer; a toast never covers the header balance', async () => {
    const page = await phone('pt');
    await page.goto(url('pt', '/'), { waitUntil: 'networkidle' });
    // The button comes with the chat's lazy chunk: on a slow machine that takes more than the poll's default second.
    await expect.poll(() => fabShown(page), { timeout: 15_000 }).not.toBeNull();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => fabShown(page), { timeout: 15_000 }).toBeNull();

    // A toast: resetting the demo balance of an Original confirms with one.
    await page.goto(url('pt', '/originals/dice'), { waitUntil: 'networkidle' });
    await page.locator('.og-demo-toggle').click();
    await page.getByTestId('og-demo-reset').click();
    const toast = page.locator('.ui-toast').first();
    await toast.waitFor();
    const balance = await box(page, '[data-testid="header-balance"]');
    const shown = await toast.boundingBox();
    expect(balance).not.toBeNull();
    expect(shown).not.toBeNull();
    expect(shown!.y).toBeGreaterThanOrEqual(balance!.bottom);
  });

  for (const locale of ['pt', 'en'] as const) {
    it(`${locale}: the casino lobby's tabs, chips and provider select, the Crash tabs and a confirmation dialog are not cut`, async () => {
      const page = await phone(locale);
      await page.goto(url(locale, '/casino/games'), { waitUntil: 'networkidle' });
      await page.locator('.casino-card').first().waitFor();
      const cut = await page.evaluate((width) => {
        const out: string[] = [];
        for (const el of Array.from(document.querySelectorAll('.casino-nav__item, .casino-chips > *'))) {
          const r = el.getBoundingClientRect();
          if (r.left < 0 || r.right > width)
            out.push(`${el.textContent}: ${Math.round(r.left)}..${Math.round(r.right)}`);
        }
        // A select shows its chosen option's text in its box, less padding and the arrow.
        for (const select of Array.from(document.querySelectorAll<HTMLSelectElement>('.casino-select select'))) {
          const s = getComputedStyle(select);
          const ctx = document.createElement('canvas').getContext('2d')!;
          ctx.font = `${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
          const text = select.selectedOptions[0]?.textContent ?? '';
          const room = select.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight) - 20;
          if (ctx.measureText(text).width > room) out.push(`select "${text}" in ${room}px`);
        }
        return out;
      }, W);
      expect(cut).toEqual([]);

      // Star and heart: two labelled buttons on each card, apart, each a real touch target.
      const card = page.locator('.casino-card').first();
      const star = card.locator('.casino-card__actions button').nth(0);
      const heart = card.locator('.casino-card__actions button').nth(1);
      expect(await star.getAttribute('aria-label')).toBe(
        locale === 'pt' ? 'Adicionar aos favoritos' : 'Add to favourites',
      );
      expect(await heart.getAttribute('aria-label')).toBe(locale === 'pt' ? 'Curtir' : 'Like');
      const [s, h] = [(await star.boundingBox())!, (await heart.boundingBox())!];
      expect(Math.min(s.width, s.height, h.width, h.height)).toBeGreaterThanOrEqual(24);
      expect(s.y + s.height <= h.y || h.y + h.height <= s.y || s.x + s.width <= h.x || h.x + h.width <= s.x).toBe(true);

      await page.goto(url(locale, '/originals/crash'), { waitUntil: 'networkidle' });
      const tabs = page.locator('.og-tabs [role="tab"]');
      await tabs.first().waitFor();
      const list = (await page.locator('.og-tabs [role="tablist"]').boundingBox())!;
      for (const tab of await tabs.all()) {
        const b = (await tab.boundingBox())!;
        expect(b.x, await tab.innerText()).toBeGreaterThanOrEqual(list.x - 1);
        expect(b.x + b.width, await tab.innerText()).toBeLessThanOrEqual(list.x + list.width + 1);
      }

      // The confirmation dialog of "Cancelar saque", as the component gallery opens it.
      await page.goto(url(locale, '/NewComponents'), { waitUntil: 'networkidle' });
      await page.getByRole('button', { name: locale === 'pt' ? 'Confirmação (promise)' : 'Confirm (promise)' }).click();
      const dialog = page.getByRole('alertdialog');
      await dialog.getByRole('button', { name: locale === 'pt' ? 'Cancelar saque' : 'Cancel withdrawal' }).waitFor();
      const truncated = await page.evaluate((width) => {
        const out: string[] = [];
        for (const b of Array.from(document.querySelectorAll('.ui-confirm__actions button'))) {
          const r = b.getBoundingClientRect();
          const label = b.querySelector('.ui-btn__label') ?? b;
          if (label.scrollWidth > label.clientWidth + 1 || r.left < 0 || r.right > width) out.push(b.textContent ?? '');
        }
        return out;
      }, W);
      expect(truncated).toEqual([]);
    });
  }

  it('the page does not jump while it loads: from the preloader to the page, layout shift stays under 0.05', async () => {
    const page = await phone('pt');
    await page.addInitScript(() => {
      const w = window as unknown as { __cls: number };
      w.__cls = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
          if (!e.hadRecentInput) w.__cls += e.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const shifts: Record<string, number> = {};
    for (const path of ['/', '/casino/games', '/originals/dice', '/account/wallet']) {
      await page.goto(url('pt', path), { waitUntil: 'networkidle' });
      await page.waitForTimeout(500);
      shifts[path] = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
    }
    for (const [path, cls] of Object.entries(shifts)) expect(cls, path).toBeLessThanOrEqual(0.05);
  });

  it('the live feed shows the latest real rounds as soon as the page opens', async () => {
    const bet = await fetch(`${server.url}/api/originals/dice/bet`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${player.token}`,
        'idempotency-key': `phone-${Date.now()}`,
      },
      body: JSON.stringify({ amount: 1_000, target: 50, condition: 'over' }),
    });
    expect(bet.status, await bet.clone().text()).toBe(200);
    // Settled rounds reach the feed's store through the event bus within a moment.
    await expect
      .poll(async () => ((await api(server, 'GET', '/feed/recent')).body.data as unknown[]).length, { timeout: 10_000 })
      .toBeGreaterThan(0);
    // Nothing is played after the page opens: what it shows was loaded with it.
    const page = await phone('pt');
    await page.goto(url('pt', '/'), { waitUntil: 'networkidle' });
    const feed = page.locator('.bet-feed--home');
    // The home page loads the feed as its place nears the screen.
    await page.locator('[data-slot="bet-feed"]').scrollIntoViewIfNeeded();
    await feed.waitFor();
    const row = feed.locator('.bet-feed__item').filter({ hasText: 'Dice' }).first();
    await row.waitFor({ timeout: 15_000 });
    const text = ((await row.textContent()) ?? '').replace(/\s/g, ' ');
    expect(text).toContain('Mar***');
    // The stake is in the row (a phone may leave that column out of sight).
    expect(text).toContain('R$ 10,00');
  });
});
