import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launch, signedInContext } from './support/browser';
import { api, type Player, registerPlayer } from './support/players';
import { type RunningServer, startServer } from './support/server';

// Caixas misteriosas como o jogador as vive, em português: na vitrine /casino/crates ele escolhe a caixa mais barata,
// lê a tabela de prêmios (chances exatas, RTP), compra uma, abre, vê a roleta parar no prêmio sorteado pelo servidor,
// vende o prêmio se for colecionável (ou vê o dinheiro creditado) e o saldo do cabeçalho fica igual ao da API. Sem
// saldo para a caixa mais cara, a recusa oferece um depósito; um visitante vê a caixa e é convidado a entrar.

type Prize = { id: number; name: string; kind: string; value: number; tickets: { from: number; to: number } };
type Box = { id: number; name: string; title: string; price: number; sell_price: number; prize_count: number };

describe.runIf(browserAvailable)('caixas misteriosas no navegador', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let player: Player;

  beforeAll(async () => {
    server = await startServer();
    player = await registerPlayer(server, { name: 'Maria da Silva', emailPrefix: 'caixa', fund: 5_000 });
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

  const cents = (s: string | null) => Number((s ?? '').replace(/[^\d]/g, ''));
  const headerCents = async () => cents(await page.getByTestId('header-balance').first().textContent());
  const apiCents = async () => {
    const w = (await api(server, 'GET', '/profile/wallet', undefined, player.token)).body as {
      balance: number;
      bonus: number;
    };
    return w.balance + w.bonus;
  };

  it('compra a caixa mais barata, abre, a roleta para no prêmio sorteado, e o saldo do cabeçalho é o da API', async () => {
    const all = (await api(server, 'GET', '/boxes/all')).body.data as Box[];
    const box = [...all].sort((a, b) => a.price - b.price)[0]!;
    const prizes = (await api(server, 'GET', `/boxes/get/${box.name}/prizes`)).body.data as Prize[];

    // A vitrine: cada caixa com preço e RTP; a mais barata leva à sua página.
    await page.goto(`${server.url}/casino/crates`, { waitUntil: 'networkidle' });
    await expect.poll(() => page.getByTestId('crate-card').count()).toBe(all.length);
    await page.locator(`[data-testid="crate-card"][data-box="${box.name}"]`).click();
    await page.waitForURL(`**/casino/box/${box.name}`);
    await page.getByRole('heading', { level: 1, name: box.title }).waitFor();
    await expect.poll(() => page.getByTestId('box-prize-row').count()).toBe(box.prize_count);
    expect(await page.getByTestId('box-rtp').textContent()).toMatch(/^RTP \d{1,2},\d{2}%$/);
    // As chances somam exatamente 100%: cada uma é a faixa de bilhetes do prêmio sobre 100.000.
    const chances = await page.getByTestId('box-prize-chance').allTextContents();
    const thousandths = chances.map((c) => Math.round(Number(c.replace('%', '').replace(',', '.')) * 1000));
    expect(thousandths.reduce((a, b) => a + b, 0)).toBe(100_000);

    // Comprar 1: o saldo do cabeçalho cai o preço, e a caixa aparece para abrir.
    await page.getByTestId('header-balance').first().waitFor();
    await expect.poll(headerCents).toBe(5_000);
    await page.getByRole('button', { name: /^Comprar 1 por R\$/ }).click();
    await page.getByText('Você tem 1 desta caixa para abrir').waitFor();
    await expect.poll(headerCents).toBe(5_000 - box.price);
    expect(await apiCents()).toBe(5_000 - box.price);

    // Abrir: a roleta gira e para com o prêmio sorteado sob o marcador.
    await page.getByRole('button', { name: 'Abrir', exact: true }).click();
    const reel = page.getByTestId('box-reel');
    await reel.waitFor();
    await page.locator('[data-testid="box-reel"][data-state="landed"]').waitFor({ timeout: 15_000 });
    const marker = (await page.getByTestId('box-reel-marker').boundingBox())!;
    const rolled = (await page.getByTestId('box-reel-rolled').boundingBox())!;
    const x = marker.x + marker.width / 2;
    expect(x).toBeGreaterThan(rolled.x);
    expect(x).toBeLessThan(rolled.x + rolled.width);

    // O prêmio mostrado é o que o servidor registrou, e o bilhete do comprovante cai na faixa dele.
    const won = (
      (await api(server, 'GET', '/prizes/user', undefined, player.token)).body.data as { name: string }[]
    )[0]!;
    const result = page.getByTestId('box-result');
    expect(await result.getByTestId('box-result-name').textContent()).toBe(won.name);
    const prize = prizes.find((p) => p.name === won.name)!;
    const ticket = Number(await page.getByTestId('box-receipt-ticket').textContent());
    expect(ticket).toBeGreaterThanOrEqual(prize.tickets.from);
    expect(ticket).toBeLessThanOrEqual(prize.tickets.to);
    expect(await page.getByRole('link', { name: 'Verificar' }).getAttribute('href')).toContain('game=box');

    let expected = 5_000 - box.price;
    if (prize.kind === 'collectible') {
      // Colecionável: vendido de volta pelo valor dele, uma vez.
      await result.getByRole('button', { name: /^Vender por R\$/ }).click();
      await result.getByText(/^Vendido por R\$/).waitFor();
      expected += prize.value;
    } else if (prize.kind === 'cash') {
      await result.getByText('Creditado no saldo').waitFor();
      expected += prize.value;
    } else {
      await result.getByText(/adicionad/).waitFor();
    }
    await expect.poll(headerCents).toBe(await apiCents());
    if (prize.kind !== 'bonus' && prize.kind !== 'free_spins') expect(await apiCents()).toBe(expected);

    // Em Meus itens, o prêmio aparece com o que aconteceu com ele.
    await page.goto(`${server.url}/account/items`, { waitUntil: 'networkidle' });
    const item = page.getByTestId('item').filter({ hasText: won.name }).first();
    await item.waitFor();
    const status = { collectible: 'sold', cash: 'credited' }[prize.kind as 'cash'] ?? 'granted';
    expect(await item.getAttribute('data-status')).toBe(status);
    expect(await headerCents()).toBe(await apiCents());
  }, 60_000);
  it('sem saldo, a compra pede um depósito; um visitante é convidado a entrar para comprar', async () => {
    const all = (await api(server, 'GET', '/boxes/all')).body.data as Box[];
    const dearest = [...all].sort((a, b) => b.price - a.price)[0]!;
    expect(dearest.price).toBeGreaterThan(await apiCents());
    await page.goto(`${server.url}/casino/box/${dearest.name}`, { waitUntil: 'networkidle' });
    const before = await apiCents();
    await page.getByRole('button', { name: /^Comprar 1 por R\$/ }).click();
    const error = page.getByTestId('box-error');
    await error.getByText('Saldo insuficiente. Deposite para comprar esta caixa.').waitFor();
    await error.getByRole('button', { name: 'Depositar' }).click();
    await page.getByRole('dialog').first().waitFor();
    expect(await apiCents()).toBe(before);

    const guest = await browser.newContext({ locale: 'pt-BR', viewport: { width: 360, height: 780 } });
    await guest.addInitScript(() => localStorage.setItem('ageVerified', 'true'));
    const visitor = await guest.newPage();
    await visitor.goto(`${server.url}/casino/box/${dearest.name}`, { waitUntil: 'networkidle' });
    await expect.poll(() => visitor.getByTestId('box-prize-row').count()).toBeGreaterThan(0);
    expect(await visitor.getByTestId('box-buy').count()).toBe(0);
    await visitor.getByRole('button', { name: 'Entre para comprar' }).click();
    await visitor.getByRole('dialog', { name: 'Entrar' }).waitFor();
    expect(new URL(visitor.url()).searchParams.get('redirect')).toBe(`/casino/box/${dearest.name}`);
    await guest.close();
  }, 60_000);
});
