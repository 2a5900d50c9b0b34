import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launch, signedInContext } from './support/browser';
import { api, type Player, registerPlayer } from './support/players';
import { type RunningServer, startServer } from './support/server';

// Caixas dadas de presente, em português: o operador dá uma caixa ao jogador (`ops box:grant`) e o modal de prêmio
// aparece na hora, com a caixa, de onde ela veio e "Abrir agora", que leva à página da caixa; "Depois" a deixa em
// Minhas caixas, e a notificação da caixa abre o mesmo modal de novo. Por fim a abertura é conferida na página de
// jogo justo (jogo "Caixa"): o bilhete recalculado no navegador é o do recibo.

const AXE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** As e2e/a11y.e2e.ts: axe's serious and critical violations within `selector`, one line each. */
async function seriousViolations(page: Page, selector: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE });
  const violations = (await page.evaluate(async (include) => {
    const axe = (window as unknown as { axe: { run: (c: object, o: object) => Promise<{ violations: unknown[] }> } })
      .axe;
    return (await axe.run({ include: [include] }, { resultTypes: ['violations'] })).violations;
  }, selector)) as { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[];
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id} ${n.target.join(' ')}: ${v.help}`));
}

type Opening = {
  id: number;
  ticket: number;
  fairness: { server_seed_hash: string; client_seed: string; nonce: number; server_seed: string | null };
};

describe.runIf(browserAvailable)('caixas de presente no navegador', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let player: Player;
  let box: { id: number; name: string; title: string };

  beforeAll(async () => {
    server = await startServer();
    player = await registerPlayer(server, { name: 'Joana Prado', emailPrefix: 'presente' });
    const all = (await api(server, 'GET', '/boxes/all')).body.data as { id: number; name: string; title: string }[];
    box = all.find((b) => b.name === 'caixa-bronze') ?? all[0]!;
    browser = await launch();
    // bypassCSP: axe is injected inline, which the site's CSP (rightly) refuses.
    // Idade confirmada e o convite de notificações fechado há pouco (é de outra feature e poderia cobrir o modal).
    context = await signedInContext(browser, player, {
      locale: 'pt-BR',
      viewport: { width: 390, height: 844 },
      bypassCSP: true,
    });
    page = await context.newPage();
  }, 120_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  /** The page's realtime client has joined the player's private channel (the modal listens there). */
  async function subscribed(): Promise<void> {
    const channel = `private-user.${player.user.id}`;
    const joined = new Promise<void>((resolve) => {
      page.on('websocket', (ws) =>
        ws.on('framereceived', (f) => {
          const text = typeof f.payload === 'string' ? f.payload : f.payload.toString();
          if (text.includes('subscription_succeeded') && text.includes(channel)) resolve();
        }),
      );
    });
    await page.goto(`${server.url}/`, { waitUntil: 'domcontentloaded' });
    await joined;
    // The lazy chunks that listen on the channel (the modal among them) attach right after the subscription.
    await page.waitForTimeout(1_000);
  }

  const grant = () => {
    const r = server.ops('box:grant', '--host', 'localhost', '--user', String(player.user.id), '--box', box.name);
    expect(r.code, r.out).toBe(0);
  };

  it('o operador dá uma caixa: o modal aparece ao vivo e "Abrir agora" leva à página da caixa', async () => {
    await subscribed();
    grant();
    const modal = page.getByRole('dialog', { name: 'Você ganhou uma caixa!' });
    await modal.waitFor({ timeout: 15_000 });
    await modal.getByText('Presente do cassino').waitFor();
    await modal.getByText(box.title, { exact: true }).waitFor();
    expect(await modal.locator('img.box-reward__art').getAttribute('src')).toMatch(/\/static\/boxes\//);
    await page.waitForTimeout(700); // the pop-in animation ends (axe reads the colours it lands on)
    expect(await seriousViolations(page, '.box-reward .ui-modal__dialog')).toEqual([]);
    await modal.getByRole('button', { name: 'Abrir agora' }).click();
    await page.waitForURL(`**/casino/box/${box.name}`);
    await page.getByRole('heading', { level: 1, name: box.title }).waitFor();
    await page.getByText('Você tem 1 desta caixa para abrir').waitFor({ timeout: 10_000 });
  });

  it('"Depois" deixa a caixa em Minhas caixas, e a notificação da caixa abre o modal de novo', async () => {
    grant();
    const modal = page.getByRole('dialog', { name: 'Você ganhou uma caixa!' });
    await modal.waitFor({ timeout: 15_000 });
    await modal.getByRole('button', { name: 'Depois' }).click();
    await modal.waitFor({ state: 'detached' });
    const mine = (await api(server, 'GET', '/boxes/user/get?status=unopened', undefined, player.token)).body.data as {
      source: string;
    }[];
    expect(mine.filter((b) => b.source === 'operator')).toHaveLength(2);

    await page.locator('.app-header__bell').click();
    const item = page.locator('.notif__item', { hasText: 'Você ganhou uma caixa!' }).first();
    await item.waitFor({ timeout: 10_000 });
    await item.getByText(/Presente do cassino: .* já está em Minhas caixas/).waitFor();
    await item.click();
    await modal.waitFor();
    await modal.getByRole('button', { name: 'Depois' }).click();
    await modal.waitFor({ state: 'detached' });
  });

  it('a abertura de uma caixa dada se confere na página de jogo justo (jogo Caixa)', async () => {
    const opened = await api(server, 'POST', '/boxes/open', { box_id: box.id }, player.token);
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    const id = (opened.body.data as Opening[])[0]!.id;
    // A troca de sementes revela a semente do servidor usada na abertura.
    const rotated = await api(server, 'POST', '/originals/seeds/rotate', {}, player.token);
    expect(rotated.status, JSON.stringify(rotated.body)).toBe(200);
    const receipt = (await api(server, 'GET', `/boxes/openings/${id}`, undefined, player.token)).body.data as Opening;
    expect(receipt.fairness.server_seed).toMatch(/^[0-9a-f]{64}$/);

    const q = new URLSearchParams({
      game: 'box',
      server_seed: receipt.fairness.server_seed!,
      hash: receipt.fairness.server_seed_hash,
      client_seed: receipt.fairness.client_seed,
      nonce: String(receipt.fairness.nonce),
      ticket: String(receipt.ticket),
      box: box.name,
    });
    await page.goto(`${server.url}/fairness?${q}`, { waitUntil: 'domcontentloaded' });
    const shown = new Intl.NumberFormat('pt-BR').format(receipt.ticket);
    await page.getByTestId('og-v-ticket-result').getByText(`Bilhete: ${shown} (de 1 a 100.000)`).waitFor();
    await page.getByTestId('og-v-ticket-check').getByText(`Confere com o bilhete do recibo (${shown}).`).waitFor();
    await page.getByTestId('og-v-hash-check').getByText('O SHA-256 da semente confere com o hash mostrado.').waitFor();
  });
});
