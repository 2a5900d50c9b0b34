import { launch } from './support/browser';
import { startServer } from './support/server';

const server = await startServer();
const browser = await launch();
try {
  for (const [loc, prefix] of [['pt-BR', ''], ['en-US', '/en']] as const) {
    for (const width of [360, 1280]) {
      const ctx = await browser.newContext({ locale: loc, viewport: { width, height: 900 } });
      const p = await ctx.newPage();
      await p.addLocatorHandler(p.locator('.auth-age button').first(), async (b) => {
        await b.click();
      });
      await p.goto(`${server.url}${prefix}/originals/${process.env.GAME ?? 'dice'}`);
      await p.getByTestId('og-demo-banner').waitFor();
      await p.getByTestId('og-bet').click();
      await p.waitForTimeout(1500);
      const age = p.locator('.auth-age button').first();
      if (await age.isVisible()) await age.click();
      await p.waitForTimeout(300);
      await p.evaluate(() => window.scrollTo(0, 0));
      await p.waitForTimeout(300);
      await p.screenshot({ path: `/tmp/demo-shots/${process.env.GAME ?? 'dice'}-${loc}-${width}.png`, fullPage: false });
      if (process.env.GAME === 'mines') {
        await p.locator('[data-tile="12"]').click();
        await p.waitForTimeout(400);
        await p.evaluate(() => window.scrollTo(0, 0));
        await p.screenshot({ path: `/tmp/demo-shots/mines-${loc}-${width}-b.png` });
        await ctx.close();
        continue;
      }
      await p.locator('.og-tabs [role=tab]').nth(2).click();
      await p.getByTestId('og-rotate').click();
      await p.getByTestId('og-previous').waitFor();
      await p.locator('.og-tabs').screenshot({ path: `/tmp/demo-shots/${process.env.GAME ?? 'dice'}-${loc}-${width}-fair.png` });
      await p.locator('.og-tabs [role=tab]').nth(1).click();
      await p.locator('.og-tabs').screenshot({ path: `/tmp/demo-shots/${process.env.GAME ?? 'dice'}-${loc}-${width}-hist.png` });
      await ctx.close();
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
