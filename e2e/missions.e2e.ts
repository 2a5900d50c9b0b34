import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launch, signedInContext } from './support/browser';
import { type Player, registerPlayer } from './support/players';
import { type RunningServer, startServer } from './support/server';

// Missões como o jogador as vive, em português: o operador cria a missão "Jogue 3 rodadas no Dice" (recompensa de
// R$ 5,00); o widget flutuante dela aparece em todas as páginas, abre e fica aberto, enche a cada aposta no Dice (ao
// vivo, sem recarregar), mostra "Resgatar" ao completar, e o resgate credita R$ 5,00 no saldo do cabeçalho.

const HOST = '127.0.0.1';

describe.runIf(browserAvailable)('missões no navegador', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let player: Player;
  let missionId: number;

  beforeAll(async () => {
    server = await startServer();
    const made = server.ops(
      'mission:create',
      '--host',
      HOST,
      '--name',
      'Jogue 3 rodadas no Dice',
      '--name-en',
      'Play 3 rounds of Dice',
      '--goal',
      'rounds',
      '--target',
      '3',
      '--game',
      'dice',
      '--reward-cash',
      '500',
    );
    expect(made.code, made.out).toBe(0);
    missionId = Number(made.out.trim().split('\n').at(-1));
    player = await registerPlayer(server, { name: 'Maria da Silva', emailPrefix: 'missao', fund: 5_000 });
    browser = await launch();
    // Idade confirmada e o convite de notificações fechado há pouco (é de outra feature e poderia cobrir a página).
    context = await signedInContext(browser, player, { locale: 'pt-BR', viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
  }, 120_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  const text = async (locator: ReturnType<Page['getByTestId']>) =>
    ((await locator.first().textContent()) ?? '').replace(/\s/g, ' ');

  it('o widget da missão enche com as apostas no Dice e o resgate credita a recompensa no saldo', async () => {
    await page.goto(`${server.url}/`, { waitUntil: 'networkidle' });
    const widget = page.locator(`[data-testid="mission-widget"][data-mission="${missionId}"]`);
    // Recolhido, ele mostra o progresso num anel; aberto, o nome, a barra e a recompensa.
    await widget.getByRole('button', { name: 'Abrir a missão Jogue 3 rodadas no Dice' }).click();
    await widget.getByText('Recompensa: R$ 5,00').waitFor();
    expect(await text(widget.getByTestId('mission-progress'))).toBe('0 de 3');
    // Widgets empilhados de baixo para cima: o de baixo a 178 px do fim da tela, nenhum acima de 74 px.
    for (const box of await page
      .getByTestId('mission-widget')
      .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as DOMRect))) {
      expect(box.top).toBeGreaterThanOrEqual(74);
      expect(box.bottom).toBeLessThanOrEqual(900 - 178 + 1);
    }

    // Em outra página o widget continua aberto (lembrado neste aparelho).
    await page.goto(`${server.url}/originals/dice`, { waitUntil: 'networkidle' });
    await widget.getByText('Recompensa: R$ 5,00').waitFor();
    const before = await text(page.getByTestId('header-balance'));
    await page.locator('#og-amount').fill('1,00');
    for (let i = 1; i <= 3; i++) {
      await page.getByTestId('og-bet').click();
      await page.getByText(/Você ganhou|Não foi desta vez/).waitFor();
      await expect.poll(() => page.getByTestId('og-bet').isEnabled()).toBe(true);
      await expect.poll(() => text(widget.getByTestId('mission-progress')), { timeout: 15_000 }).toBe(`${i} de 3`);
    }
    expect(await widget.getAttribute('data-state')).toBe('completed');

    const afterBets = await text(page.getByTestId('header-balance'));
    expect(afterBets).not.toBe(before);
    await widget.getByRole('button', { name: 'Resgatar' }).click();
    await page.getByText('Recompensa de R$ 5,00 creditada no seu saldo.').waitFor();
    // O saldo sobe R$ 5,00 e o widget sai de cena (a missão foi resgatada).
    const cents = (s: string) => Number(s.replace(/[^\d]/g, ''));
    await expect.poll(async () => cents(await text(page.getByTestId('header-balance')))).toBe(cents(afterBets) + 500);
    await expect.poll(() => widget.count()).toBe(0);

    // Na lista de missões (menu lateral), ela aparece como resgatada.
    await page
      .getByRole('link', { name: 'Missões' })
      .or(page.getByRole('button', { name: 'Missões' }))
      .first()
      .click();
    const item = page.getByTestId('missions-list').getByRole('listitem').filter({ hasText: 'Jogue 3 rodadas no Dice' });
    await item.getByText('Resgatada').waitFor();
  }, 120_000);
});
