import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launch } from './support/browser';
import { api as callApi, registerPlayer } from './support/players';
import { type RunningServer, startServer } from './support/server';

// Crash and Double as a player lives them, in Portuguese, on the rounds the real server's engines run:
// a Crash bet cashed out by hand on the live curve, a Double bet on red settled by the roll, and a past round
// verified in the browser against the published chain.

describe.runIf(browserAvailable)('crash and double in the browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let token: string;

  const api = (method: string, path: string, body?: unknown, auth = true) =>
    callApi(server, method, path, body, auth ? token : null);

  beforeAll(async () => {
    server = await startServer();
    const player = await registerPlayer(server, { name: 'Maria da Silva', emailPrefix: 'mp', fund: 20_000 });
    token = player.token;

    browser = await launch();
    const context = await browser.newContext({ locale: 'pt-BR', viewport: { width: 1280, height: 900 } });
    // The shell's overlays belong to other features and are tested there: this player confirmed their age and
    // closed the push prompt a moment ago (it stays away for 24 h), so nothing covers the game mid-round.
    await context.addInitScript(
      ([t, id]) => {
        localStorage.setItem('auth', t as string);
        localStorage.setItem('ageVerified', 'true');
        localStorage.setItem('pushModalClosedAtUser', JSON.stringify({ [id as string]: Date.now() }));
      },
      [token, String(player.user.id)],
    );
    page = await context.newPage();
    await page.addLocatorHandler(page.getByRole('button', { name: 'Agora não' }), async (l) => l.click());
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('bets in a Crash round and cashes out on the live curve; the round verifies on the chain', async () => {
    await page.goto(`${server.url}/originals/crash`);
    await page.getByText('Regras e tabela de pagamentos').waitFor();
    await page.getByText(/Probabilidade de chegar a m: 99% \/ m/).waitFor();
    // A round may crash before we cash out (about 10% below 1.10x): try a few rounds.
    let cashed = false;
    for (let attempt = 0; attempt < 4 && !cashed; attempt++) {
      // The next betting window: after the running round (a 100x round runs 77 s) and a 3 s pause.
      await page.getByTestId('crash-bet').click({ timeout: 150_000 });
      await page
        .getByText(/Aposta feita/)
        .first()
        .waitFor();
      const cashout = page.getByTestId('crash-cashout');
      const crashed = page.getByText(/Explodiu em/);
      await Promise.race([cashout.waitFor({ timeout: 30_000 }), crashed.waitFor({ timeout: 30_000 })]);
      if (await cashout.isVisible()) {
        await cashout.click().catch(() => {});
        cashed = await page
          .getByText(/Você sacou em/)
          .first()
          .waitFor({ timeout: 5_000 })
          .then(
            () => true,
            () => false,
          );
      }
      if (!cashed) await page.getByText(/Explodiu em/).waitFor({ timeout: 120_000 });
    }
    expect(cashed).toBe(true);
    const mine = (await api('GET', '/originals/crash/bets')).body.data as { status: string; cashout: number }[];
    expect(mine.some((b) => b.status === 'won' && b.cashout >= 1)).toBe(true);

    // The fairness tab: the chain's commitment and a past round recomputed in the browser.
    await page.getByText(/Explodiu em/).waitFor({ timeout: 120_000 });
    await page.getByRole('tab', { name: 'Jogo justo' }).click();
    expect((await page.getByTestId('mp-terminating').innerText()).trim()).toMatch(/^[0-9a-f]{64}$/);
    await page.getByTestId('mp-verify-round').first().click();
    expect(await page.getByTestId('mp-verify-result').first().innerText()).toMatch(/hash confere com a cadeia/);
  }, 600_000);

  it('bets on red in Double and sees the roll settle it', async () => {
    await page.goto(`${server.url}/originals/double`);
    const red = page.getByTestId('double-bet-red');
    await expect.poll(() => red.isEnabled(), { timeout: 40_000 }).toBe(true);
    await red.click();
    await page
      .getByText(/Aposta no Vermelho/)
      .first()
      .waitFor();
    await page.getByText(/Saiu \d+ — /).waitFor({ timeout: 40_000 });
    const mine = (await api('GET', '/originals/double/bets')).body.data as { status: string; color: string }[];
    expect(mine[0]).toMatchObject({ color: 'red' });
    expect(['won', 'lost']).toContain(mine[0]!.status);
  }, 120_000);
});
