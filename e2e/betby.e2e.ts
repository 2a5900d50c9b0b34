import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launch, signedInContext } from './support/browser';
import { api, type Player, registerPlayer } from './support/players';
import { type RunningServer, startServer } from './support/server';

// O widget da Betby como o jogador o vive, em português, sem rede: com o script real da Betby inacessível, a página
// mostra "Apostas esportivas indisponíveis" com "Tentar de novo" (nunca uma página em branco); com o script do
// simulador local, o widget abre com o token do jogador, "Depositar" abre o depósito, e uma aposta ganha passa pelos
// callbacks assinados da carteira e muda o saldo.

describe.runIf(browserAvailable)('Betby no navegador', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let player: Player;

  const enable = (widgetUrl: string) => {
    const r = server.ops('betby:enable', '--host', 'localhost', '--brand-id', 'sorte-demo', '--widget-url', widgetUrl);
    if (r.code !== 0) throw new Error(r.out);
  };
  const widgetUrl = async () => (await api(server, 'GET', '/betby/widget')).body?.widget_url;
  const balance = async () => {
    const w = (await api(server, 'GET', '/profile/wallet', undefined, player.token)).body as {
      balance: number;
      bonus: number;
    };
    return w.balance + w.bonus;
  };

  beforeAll(async () => {
    server = await startServer();
    player = await registerPlayer(server, { name: 'Paula Ramos', emailPrefix: 'betby', fund: 20_000 });
    browser = await launch();
    context = await signedInContext(browser, player, { locale: 'pt-BR', viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
  }, 120_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  it('sem rede, o widget mostra um aviso traduzido com "Tentar de novo"; depois abre', async () => {
    const real = 'https://ui.invisiblesport.com/bt-renderer.min.js';
    enable(real);
    await expect.poll(widgetUrl, { timeout: 20_000 }).toBe(real);
    await page.goto(`${server.url}/widgetbetby`);
    const alert = page.getByRole('alert').filter({ hasText: 'Apostas esportivas indisponíveis' });
    await alert.waitFor({ timeout: 30_000 });
    expect(await alert.innerText()).toContain('Verifique sua conexão e tente de novo.');

    enable('/api/betby/standin/renderer.js');
    await expect.poll(widgetUrl, { timeout: 20_000 }).toBe('/api/betby/standin/renderer.js');
    await alert.getByRole('button', { name: 'Tentar de novo' }).click();
    await page.locator('[data-betby-standin="sorte-demo"]').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('betby-widget').getAttribute('data-state')).toBe('ready');
  }, 120_000);

  it('em /sportsbook, com o token do jogador: a navegação do widget vai para o endereço, "Depositar" abre o depósito e uma aposta ganha muda o saldo', async () => {
    await page.goto(`${server.url}/sportsbook`);
    const widget = page.locator('[data-betby-standin="sorte-demo"]');
    await widget.waitFor({ timeout: 20_000 });
    expect(await widget.getAttribute('data-lang')).toBe('pt-br');

    await widget.getByRole('button', { name: 'Ao vivo' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/sportsbook/live');
    await widget.waitFor();

    await widget.getByRole('button', { name: 'Depositar' }).click();
    const deposit = page.getByRole('dialog').filter({ hasText: 'Depositar via PIX' });
    await deposit.waitFor();
    await page.keyboard.press('Escape');
    await deposit.waitFor({ state: 'hidden' });

    const before = await balance();
    await widget.getByRole('button', { name: 'Apostar e ganhar' }).click();
    await widget.locator('[data-status="settled"]').waitFor({ timeout: 20_000 });
    expect(await widget.getByRole('status').innerText()).toBe('Aposta liquidada');
    // R$ 10,00 a 2,50: a aposta sai e o prêmio de R$ 25,00 entra.
    expect(await balance()).toBe(before + 1_500);
  }, 120_000);

  it('um visitante vê o widget sem token, e "Entre para apostar" abre o login com a volta para a mesma página', async () => {
    const guest = await browser.newContext({ locale: 'pt-BR', viewport: { width: 390, height: 844 } });
    await guest.addInitScript(() => localStorage.setItem('ageVerified', 'true'));
    const g = await guest.newPage();
    try {
      await g.goto(`${server.url}/sportsbook/football`);
      const widget = g.locator('[data-betby-standin="sorte-demo"]');
      await widget.waitFor({ timeout: 20_000 });
      await widget.getByRole('button', { name: 'Entre para apostar' }).click();
      await expect.poll(() => new URL(g.url()).pathname).toBe('/login');
      expect(new URL(g.url()).searchParams.get('redirect')).toBe('/sportsbook/football');
      await g.getByRole('dialog').first().waitFor();
    } finally {
      await guest.close();
    }
  }, 120_000);
});
