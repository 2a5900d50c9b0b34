import fs from 'node:fs';
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium } from 'playwright-core';

const CANDIDATES = [
  process.env.CHROMIUM_PATH,
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
];

export const chromiumPath = CANDIDATES.find((p): p is string => Boolean(p && fs.existsSync(p))) ?? null;

/**
 * The system Chromium (never a downloaded one). Hosts ending in .test resolve to this machine, so a test can
 * visit several tenants' hosts on the one local server.
 */
export async function launch(): Promise<Browser> {
  if (!chromiumPath) throw new Error('no Chromium found: apt-get install -y chromium, or set CHROMIUM_PATH');
  return chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--host-resolver-rules=MAP *.test 127.0.0.1',
    ],
  });
}

/** Outside CI a machine without Chromium skips the browser suite, and says so; in CI it is required. */
export const browserAvailable = (() => {
  if (chromiumPath) return true;
  if (process.env.CI) throw new Error('CI needs Chromium for the browser suite (.ci/run installs it)');
  console.warn('SKIPPED: the browser suite needs Chromium (apt-get install -y chromium)');
  return false;
})();

/**
 * A browser context already signed in as `player`, with the 18+ question answered and the push-notification invite
 * closed just now (another feature's modal that could cover the page under test).
 */
export async function signedInContext(
  browser: Browser,
  player: { token: string; user: Record<string, unknown> },
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  await context.addInitScript(
    ([t, id]) => {
      // Runs in the page; this file is also compiled without the DOM's types.
      const store = (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage;
      store.setItem('auth', t as string);
      store.setItem('ageVerified', 'true');
      store.setItem('pushModalClosedAtUser', JSON.stringify({ [id as string]: Date.now() }));
    },
    [player.token, String(player.user.id)],
  );
  return context;
}
