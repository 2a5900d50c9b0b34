import fs from 'node:fs';
import type { Browser, BrowserContextOptions, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launch } from './support/browser';
import { registerPlayer } from './support/players';
import { type RunningServer, startServer } from './support/server';
import { awayFromStepBoundary, createStaff, staffLogIn } from './support/staff';

// Every screen of the console as the owner sees it, found from the sider (nested entries too), so a section added
// later is covered without editing this file; plus the first detail page a list links to. In both languages at a
// laptop and a tablet width, each screen shows its heading and content without the whole page scrolling sideways,
// and a full-page screenshot of it goes to SHOTS for a person to look at.

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots/all';

const VIEWS = [
  ['pt-BR', 1366, 768],
  ['pt-BR', 768, 1024],
  ['en', 1366, 768],
  ['en', 768, 1024],
] as const;

// How long the console's calls stay quiet before a screen counts as loaded (a table's second call follows its first).
const QUIET_MS = 150;

// What a screen shows when it failed to open: a route error, a not-found page, a crash message.
const BROKEN = /\b404\b|not found|não encontrad|unexpected application error|something went wrong|algo deu errado/i;

describe.runIf(browserAvailable)('back office screens', () => {
  let server: RunningServer;
  let browser: Browser;
  /** The owner's signed-in browser state, shared by every view (one login for the whole file). */
  let signedIn: NonNullable<BrowserContextOptions['storageState']>;
  /** The sider's screens in its order, as paths under /admin. */
  let screens: string[] = [];

  beforeAll(async () => {
    server = await startServer();
    // Under test the demo's book is off until the operator turns it on, as for any tenant.
    const on = server.ops('tenant:set', '--host', 'localhost', 'hasSports=true');
    if (on.code !== 0) throw new Error(on.out);
    const owner = createStaff(server, 'owner');
    fs.mkdirSync(SHOTS, { recursive: true });
    // A funded player (a row in the players list and one in the deposits list, each with its page), registered
    // while the owner signs in.
    const player = registerPlayer(server, { name: 'Clara Mendes', emailPrefix: 'telas', fund: 5_000 });
    browser = await launch();
    const ctx = await browser.newContext({ locale: 'pt-BR', viewport: { width: 1366, height: 768 } });
    const page = await ctx.newPage();
    await awayFromStepBoundary();
    await staffLogIn(page, server.url, owner);
    // A closed group draws no links for its entries: open each until none is left closed.
    const sider = page.locator('.ant-layout-sider');
    const closed = sider.locator('.ant-menu-submenu:not(.ant-menu-submenu-open) > .ant-menu-submenu-title');
    while ((await closed.count()) > 0) {
      await closed.first().click();
    }
    const hrefs = await sider.locator('a[href]').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
    screens = [...new Set(hrefs.filter((h) => h.startsWith('/admin/')).map((h) => h.slice('/admin'.length)))];
    // The feed fills the book a few seconds after the sportsbook is turned on: the events list should have one.
    for (const until = Date.now() + 90_000; ; ) {
      const r = await page.request.get(`${server.url}/api/admin/catalog/events?limit=1`);
      if (((await r.json()) as { data: unknown[] }).data.length > 0) break;
      if (Date.now() > until) throw new Error('the feed put no event in the book in 90 s');
      await page.waitForTimeout(500);
    }
    signedIn = await ctx.storageState();
    await ctx.close();
    await player;
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('the sider lists the console’s sections', () => {
    for (const p of ['/dashboard', '/players', '/catalog/games', '/catalog/sportsbook', '/audit', '/sessions']) {
      expect(screens).toContain(p);
    }
  });

  it.concurrent.for(VIEWS)(
    'every screen in %s at %i px',
    { timeout: 420_000 },
    async ([locale, width, height], { expect }) => {
      const state = signedIn as Exclude<typeof signedIn, string>;
      const ctx = await browser.newContext({
        locale,
        viewport: { width, height },
        reducedMotion: 'reduce',
        // The owner's session, and the language the header's switch keeps in this browser.
        storageState: {
          cookies: state.cookies,
          origins: [{ origin: server.url, localStorage: [{ name: 'sorte-admin-locale', value: locale }] }],
        },
      });
      const page = await ctx.newPage();
      const tag = `${locale}-${width}`;

      // The console's own calls in flight: a screen has settled when none is left and its content is drawn.
      let inflight = 0;
      let lastCall = Date.now();
      const ours = (r: Request) => new URL(r.url()).pathname.startsWith('/api/');
      page.on('request', (r) => {
        if (!ours(r)) return;
        inflight++;
        lastCall = Date.now();
      });
      const finished = (r: Request) => {
        if (!ours(r)) return;
        inflight--;
        lastCall = Date.now();
      };
      page.on('requestfinished', finished);
      page.on('requestfailed', finished);
      const quiet = (until: number) =>
        new Promise<void>((resolve) => {
          const tick = () => {
            const idle = Date.now() - lastCall;
            if ((inflight === 0 && idle >= QUIET_MS) || Date.now() > until) resolve();
            else setTimeout(tick, inflight > 0 ? 25 : QUIET_MS - idle);
          };
          tick();
        });

      /** The screen is drawn: the one before it is gone, nothing is loading and the content area has text. */
      const drawn = () => {
        const main = document.querySelector('.ant-layout-content');
        if (!main || main.querySelector('[data-left]')) return false;
        if (main.querySelector('.ant-spin-spinning, .ant-skeleton, .ant-card-loading-content')) return false;
        // A frame of the player site (the theme's preview) counts once its page has drawn text.
        for (const frame of Array.from(main.querySelectorAll('iframe'))) {
          const doc = frame.contentDocument;
          if (doc && (doc.readyState !== 'complete' || !doc.body?.innerText.trim())) return false;
        }
        return (main.textContent ?? '').trim().length > 0;
      };
      async function settled(): Promise<boolean> {
        const until = Date.now() + 15_000;
        while (Date.now() < until) {
          const ok = await page.waitForFunction(drawn, null, { timeout: Math.max(until - Date.now(), 1) }).then(
            () => true,
            () => false,
          );
          if (!ok) return false;
          await quiet(until);
          if (inflight === 0 && (await page.evaluate(drawn))) return true;
        }
        return false;
      }
      /** Marks the screen being left, so the next one is not taken for drawn before the router replaces it. */
      const leave = () =>
        page.evaluate(() => {
          document.querySelectorAll('.ant-layout-content > div > *').forEach((el) => {
            el.setAttribute('data-left', '');
          });
        });
      /** Opens a screen in the running console, as the sider's links do (no reload of the whole app). */
      async function open(path: string) {
        await leave();
        await page.evaluate((to) => {
          history.pushState({}, '', to);
          dispatchEvent(new PopStateEvent('popstate'));
        }, `/admin${path}`);
      }

      /** Checks what an operator would notice on the screen and saves its screenshot. */
      async function look(name: string) {
        const ok = await settled();
        await page.screenshot({ path: `${SHOTS}/${tag}-${name}.png`, fullPage: true, animations: 'disabled' });
        const main = page.locator('.ant-layout-content');
        expect.soft(ok, `${tag} ${name}: the content area stays empty or loading`).toBe(true);
        const text = ok ? await main.innerText() : '';
        expect.soft(text, `${tag} ${name}: an error page`).not.toMatch(BROKEN);
        const headings = main.locator('h1, h2, h3, h4, h5, .ant-card-head-title, .ant-page-header-heading-title');
        expect.soft(await headings.count(), `${tag} ${name}: no heading`).toBeGreaterThan(0);
        expect.soft(await main.locator('.ant-alert-error').count(), `${tag} ${name}: an error alert`).toBe(0);
        const { scroll, inner } = await page.evaluate(() => ({
          scroll: document.documentElement.scrollWidth,
          inner: window.innerWidth,
        }));
        expect.soft(scroll, `${tag} ${name}: the whole page scrolls sideways`).toBeLessThanOrEqual(inner + 1);
      }

      await page.goto(`${server.url}/admin${screens[0]}`);
      for (const path of screens) {
        const name = path.slice(1).replaceAll('/', '-');
        if (path !== screens[0]) await open(path);
        await look(name);
        // The console sends a screen it cannot open to the home page.
        expect.soft(new URL(page.url()).pathname, `${tag} ${name}: sent elsewhere`).toBe(`/admin${path}`);

        // The first row's own page (a player, a deposit, an event) or, for a box, its versions under the list.
        const row = page.locator('.ant-layout-content tr.ant-table-row').first();
        if ((await row.count()) === 0) continue;
        const link = row.locator(`a[href^="/admin${path}/"]`).first();
        const button = row.locator('td').first().locator('.ant-btn-link').first();
        if ((await link.count()) > 0) {
          await leave();
          await link.click();
          await look(`${name}-detail`);
          expect.soft(new URL(page.url()).pathname, `${tag} ${name}-detail: not opened`).toMatch(`/admin${path}/`);
        } else if ((await button.count()) > 0) {
          const cards = page.locator('.ant-layout-content .ant-card');
          const before = await cards.count();
          await button.click();
          await expect.poll(() => cards.count(), { timeout: 30_000 }).toBeGreaterThan(before);
          await look(`${name}-detail`);
        }
      }
      await ctx.close();
    },
  );
});
