import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launch } from './support/browser';
import { registerPlayer } from './support/players';
import { type RunningServer, startServer } from './support/server';

// Sorte Originals as a player lives it, in Portuguese: plays Dice and Mines, rotates the seed pair, and
// verifies the Dice bet on /fairness, recomputed in the browser. The player and the session are made through the
// API (register with the dev outbox code, deposit by sandbox PIX) and the token is put where session.ts reads it.

describe.runIf(browserAvailable)('originals in the browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let token: string;

  beforeAll(async () => {
    server = await startServer();
    ({ token } = await registerPlayer(server, { name: 'Maria da Silva', emailPrefix: 'og', fund: 20_000 }));

    browser = await launch();
    context = await browser.newContext({ locale: 'pt-BR', viewport: { width: 1280, height: 900 } });
    await context.addInitScript((t) => {
      localStorage.setItem('auth', t);
      localStorage.setItem('ageVerified', 'true');
    }, token);
    page = await context.newPage();
    // The push-permission prompt (another feature) is answered as a player would whenever it comes up.
    await page.addLocatorHandler(page.getByRole('button', { name: 'Agora não' }), async (l) => l.click());
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('plays dice, plays mines, rotates the seeds and verifies the dice bet on /fairness', async () => {
    // Dice: the rules and paytable are on the page before the bet.
    await page.goto(`${server.url}/originals/dice`);
    await page.getByText('Regras e tabela de pagamentos').waitFor();
    await page.getByText(/Retorno ao jogador \(RTP\) teórico/).waitFor();
    await page.getByTestId('og-bet').click();
    await page.getByText(/Você ganhou|Não foi desta vez/).waitFor();
    const roll = (await page.getByTestId('og-result').innerText()).trim();
    expect(roll).toMatch(/^\d{1,3},\d{2}$/);

    // The fairness tab: hash, client seed and the next nonce (1 after one bet).
    await page.getByRole('tab', { name: 'Jogo justo' }).click();
    const hash = (await page.getByTestId('og-seed-hash').innerText()).trim();
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    await expect.poll(async () => (await page.getByTestId('og-nonce').innerText()).trim()).toBe('1');

    // Mines: start, reveal tiles until the round ends or a gem is found, then cash out if still open.
    await page.goto(`${server.url}/originals/mines`);
    await page.getByTestId('og-mines-count').selectOption('1');
    await page.getByTestId('og-bet').click();
    await page.getByTestId('og-cashout').waitFor();
    await page.locator('[data-tile="12"]').click();
    const outcome = page.getByTestId('og-mines-outcome');
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="og-mines-outcome"]') ||
        !document.querySelector('[data-testid="og-cashout"]')?.hasAttribute('disabled'),
    );
    if (!(await outcome.isVisible())) await page.getByTestId('og-cashout').click();
    await expect.poll(async () => (await outcome.innerText()).trim()).toMatch(/Você ganhou|Boom/);

    // Rotate: the previous server seed is revealed.
    await page.getByRole('tab', { name: 'Jogo justo' }).click();
    await page.locator('#og-new-client-seed').fill('minha-semente-e2e');
    await page.getByTestId('og-rotate').click();
    await page.getByTestId('og-previous').waitFor();
    expect((await page.getByTestId('og-client-seed').innerText()).trim()).toBe('minha-semente-e2e');

    // History of dice -> Verificar -> /fairness recomputes the roll and checks the commitment.
    await page.goto(`${server.url}/originals/dice`);
    await page.getByRole('tab', { name: 'Minhas apostas' }).click();
    await page.getByRole('link', { name: 'Verificar' }).first().click();
    await page.waitForURL(/\/fairness\?/);
    await page.getByTestId('og-v-result').waitFor();
    expect(await page.getByTestId('og-v-hash-check').innerText()).toContain('confere com o hash mostrado');
    expect(await page.getByTestId('og-v-hash').inputValue()).toBe(hash);
    expect(await page.getByTestId('og-v-result').innerText()).toContain(`Rolagem: ${roll}`);
  }, 120_000);

  it('a guest lands in demo mode and plays dice with the play balance, never calling the money endpoints', async () => {
    const guest = await browser.newContext({ locale: 'pt-BR', viewport: { width: 1280, height: 900 } });
    const p = await guest.newPage();
    const moneyCalls: string[] = [];
    p.on('request', (r) => {
      // Bets, Mines rounds, seeds, wallet: none of them may be called by a demo.
      if (/\/api\/(originals\/(\w+\/bet|mines\/|seeds)|wallet|main-gateway)/.test(new URL(r.url()).pathname))
        moneyCalls.push(r.url());
    });
    // A guest confirms their age when the site's gate asks.
    await p.addLocatorHandler(p.getByRole('button', { name: 'Sim, tenho 18 anos ou mais' }), async (b) => {
      await b.click();
    });
    try {
      await p.goto(`${server.url}/originals/dice`);
      await p.getByTestId('og-demo-banner').waitFor();
      expect(await p.getByTestId('og-demo-banner').innerText()).toContain('Crie sua conta para jogar valendo');
      expect(await p.getByTestId('og-demo-toggle').isChecked()).toBe(true);
      expect((await p.getByTestId('og-demo-balance').innerText()).replace(/\s+/g, ' ')).toContain('R$ 1.000,00');

      // The commitment is on the page before the bet.
      await p.getByRole('tab', { name: 'Jogo justo (demo)' }).click();
      const hash = (await p.getByTestId('og-seed-hash').innerText()).trim();
      expect(hash).toMatch(/^[0-9a-f]{64}$/);
      expect((await p.getByTestId('og-nonce').innerText()).trim()).toBe('0');

      await p.getByTestId('og-bet').click();
      await p.getByText(/Você ganhou|Não foi desta vez/).waitFor();
      const roll = (await p.getByTestId('og-result').innerText()).trim();
      const won = (await p.getByText(/Você ganhou/).count()) > 0;
      // R$ 1,00 at 2x over 50,50 (49,5%): R$ 999,00 after a loss, R$ 1.001,00 after a win (integer centavos).
      await expect
        .poll(async () => (await p.getByTestId('og-demo-balance').innerText()).replace(/\s+/g, ' '))
        .toContain(won ? 'R$ 1.001,00' : 'R$ 999,00');
      await expect.poll(async () => (await p.getByTestId('og-nonce').innerText()).trim()).toBe('1');

      // Rotate: the demo server seed is revealed, and the demo bet is verifiable on /fairness.
      await p.getByTestId('og-rotate').click();
      await p.getByTestId('og-previous').waitFor();
      await p.getByRole('tab', { name: 'Minhas apostas (demo)' }).click();
      await p.getByTestId('og-demo-history').waitFor();
      await p.getByRole('link', { name: 'Verificar' }).first().click();
      await p.waitForURL(/\/fairness\?/);
      await p.getByTestId('og-v-result').waitFor();
      expect(await p.getByTestId('og-v-hash-check').innerText()).toContain('confere com o hash mostrado');
      expect(await p.getByTestId('og-v-hash').inputValue()).toBe(hash);
      expect(await p.getByTestId('og-v-result').innerText()).toContain(`Rolagem: ${roll}`);

      // The play balance survives a reload of the tab (sessionStorage), still labelled demo.
      await p.goto(`${server.url}/originals/dice`);
      expect((await p.getByTestId('og-demo-balance').innerText()).replace(/\s+/g, ' ')).toContain(
        won ? 'R$ 1.001,00' : 'R$ 999,00',
      );
      expect(moneyCalls).toEqual([]);
    } finally {
      await guest.close();
    }
  }, 120_000);
});
