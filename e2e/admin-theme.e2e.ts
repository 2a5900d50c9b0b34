import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launch } from './support/browser';
import { type RunningServer, startServer } from './support/server';
import { awayFromStepBoundary, createStaff, staffLogIn } from './support/staff';

// The theme editor as an operator uses it: the demo tenant's owner changes the primary colour at /admin, sees it
// in the live preview (the player site in a frame, the draft applied in their browser only), saves, and a new
// player page at the tenant's host draws its primary elements in the new colour.

const NEW_PRIMARY = '#1d4ed8';
const NEW_PRIMARY_RGB = 'rgb(29, 78, 216)';

describe.runIf(browserAvailable)('theme editor at /admin', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launch();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('the owner changes the primary colour, previews it, saves, and the player site shows it', async () => {
    const owner = createStaff(server, 'owner');
    const ctx = await browser.newContext({ locale: 'pt-BR', viewport: { width: 1366, height: 900 } });
    const admin = await ctx.newPage();
    await awayFromStepBoundary();
    await staffLogIn(admin, server.url, owner);
    await admin.goto(`${server.url}/admin/tenant/theme`, { waitUntil: 'networkidle' });

    // The primary colour's picker: its hex field takes the new value.
    await admin.getByLabel('Principal', { exact: true }).click();
    const hex = admin.locator('.ant-color-picker-hex-input input').first();
    await hex.fill(NEW_PRIMARY.slice(1));
    await hex.press('Enter');
    await admin.keyboard.press('Escape');

    // The preview (same-origin frame of the player site) has the draft; nobody else does yet.
    const preview = admin.frameLocator('[data-testid="theme-preview"]');
    await expect
      .poll(() =>
        preview
          .locator('html')
          .evaluate((el) => getComputedStyle(el).getPropertyValue('--c-primary').trim().toLowerCase()),
      )
      .toBe(NEW_PRIMARY);
    const before = await (await fetch(`${server.url}/api/site-config`)).json();
    expect(before.colors.primary).not.toBe(NEW_PRIMARY);

    await admin.getByRole('button', { name: 'Salvar tema' }).click();
    await admin.getByText('Tema salvo: o site já o mostra.').waitFor();

    // A new page of the player site at the tenant's host: its primary button is drawn in the saved colour.
    const player = await ctx.newPage();
    await player.goto(server.url, { waitUntil: 'networkidle' });
    const primary = player.locator('.ui-btn--solid.ui-c-primary').first();
    await primary.waitFor();
    expect(await primary.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(NEW_PRIMARY_RGB);
    await ctx.close();
  }, 40_000);
});
