import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launch, signedInContext } from './support/browser';
import { type Player, registerPlayer } from './support/players';
import { type RunningServer, startServer } from './support/server';

// A casa de apostas esportivas como o jogador a vive, em português, sobre o feed simulado (jogos reais acelerados):
// em /sports as odds dos jogos ao vivo mudam na tela, uma aposta simples e uma múltipla de 3 seleções saem do
// boletim, a simples é encerrada antecipadamente em "Minhas apostas" e a múltipla é liquidada pelo operador
// (sports:settle), cada passo com o saldo do cabeçalho mudando pelo valor certo; axe sem violações graves nas partes
// da casa de apostas.

const AXE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** As e2e/a11y.e2e.ts: axe's serious and critical violations within `selector`, one line each. */
async function seriousViolations(page: Page, selector: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE });
  const violations = (await page.evaluate(async (include) => {
    const axe = (window as unknown as { axe: { run: (c: object, o: object) => Promise<{ violations: unknown[] }> } })
      .axe;
    return (await axe.run({ include: [include] }, { resultTypes: ['violations'] })).violations;
  }, selector)) as {
    id: string;
    impact: string | null;
    help: string;
    nodes: { target: unknown[]; failureSummary?: string }[];
  }[];
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map((n) => `${v.id} ${n.target.join(' ')}: ${(n.failureSummary ?? v.help).replace(/\s+/g, ' ')}`),
    );
}

/** "R$ 1.234,56" -> centavos. */
const centavos = (text: string): number => {
  const m = /R\$\s*([\d.]+),(\d{2})/.exec(text.replace(/\s/g, ' '));
  if (!m) throw new Error(`no amount in "${text}"`);
  return Number(m[1]!.replace(/\./g, '')) * 100 + Number(m[2]);
};
const brl = (c: number) =>
  `R$ ${new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2 }).format(c / 100)}`.replace(/\u00a0/g, ' ');

describe.runIf(browserAvailable)('Apostas esportivas no navegador', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let player: Player;
  // The three events of the accumulator, for the operator's settlement.
  let accaEvents: string[] = [];

  beforeAll(async () => {
    // Matches at 12x: prices move every few seconds, and no pre-match pick of the test kicks off under it. Under test
    // the server leaves the demo's book off; the operator turns it on, as for any tenant.
    server = await startServer({ SPORTS_FEED_TIME_SCALE: '12' });
    const on = server.ops('tenant:set', '--host', 'localhost', 'hasSports=true');
    if (on.code !== 0) throw new Error(on.out);
    player = await registerPlayer(server, { name: 'Rafael Costa', emailPrefix: 'esportes', fund: 20_000 });
    browser = await launch();
    // bypassCSP: axe is injected inline, which the site's CSP (rightly) refuses.
    context = await signedInContext(browser, player, {
      locale: 'pt-BR',
      viewport: { width: 1280, height: 900 },
      bypassCSP: true,
    });
    page = await context.newPage();
  }, 120_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  const text = async (id: string) => ((await page.getByTestId(id).first().textContent()) ?? '').replace(/\s/g, ' ');
  const balance = () => text('header-balance');

  /** Event ids of the "Começando em breve" rows, skipping the first ones (the next to kick off). */
  async function soonEvents(skip: number, n: number): Promise<string[]> {
    const rows = page.getByTestId('sp-soon-list').getByTestId('sp-event-row');
    await rows.nth(skip + n - 1).waitFor();
    const ids: string[] = [];
    for (let i = skip; i < skip + n; i++) ids.push((await rows.nth(i).getAttribute('data-event')) ?? '');
    return ids;
  }

  /** Taps the home team's price of an event's row. */
  const pickHome = (eventId: string) =>
    page.locator(`[data-testid="sp-soon-list"] [data-event="${eventId}"] [data-testid="sp-odds"]`).first().click();

  it('em /sports as odds ao vivo mudam, e uma simples e uma múltipla de 3 saem do boletim', async () => {
    // The feed's first round of fixtures and kick-offs lands a few seconds after the server starts.
    const count = async (live: 0 | 1) =>
      ((await (await fetch(`${server.url}/api/sports/events?live=${live}`)).json()) as { data: unknown[] }).data.length;
    await expect.poll(() => count(1), { timeout: 30_000, interval: 500 }).toBeGreaterThan(0);
    await expect.poll(() => count(0), { timeout: 30_000, interval: 500 }).toBeGreaterThan(5);
    await page.goto(`${server.url}/sports`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Esportes', level: 1 }).waitFor();
    await expect.poll(balance).toContain('R$ 200,00');
    const live = page.getByTestId('sp-live-list').getByTestId('sp-event-row');
    await live.first().waitFor();
    expect(await page.getByTestId('sp-live-list').textContent()).toMatch(/AO VIVO \d+'|AO VIVO Intervalo/);

    // Um preço ao vivo muda na tela: o botão pisca para cima ou para baixo.
    await expect
      .poll(
        () =>
          page
            .locator('[data-testid="sp-live-list"] .sp-odds--up, [data-testid="sp-live-list"] .sp-odds--down')
            .count(),
        {
          timeout: 40_000,
          interval: 250,
        },
      )
      .toBeGreaterThan(0);

    const [single, ...acca] = await soonEvents(2, 4);
    accaEvents = acca;

    // Simples: R$ 10,00 no mandante do primeiro jogo.
    await pickHome(single!);
    await expect.poll(() => page.getByTestId('sp-pick').count()).toBe(1);
    await page.getByTestId('sp-stake').first().fill('10,00');
    await page.getByTestId('sp-place').click();
    await page.locator('[data-testid="sp-receipts"] [data-status="open"]').waitFor();
    expect(await text('sp-receipts')).toContain('Aposta feita');
    await expect.poll(balance).toContain('R$ 190,00');
    expect(await page.getByTestId('sp-slip-empty').isVisible()).toBe(true);

    // Múltipla: três jogos, o boletim passa a "Múltipla" sozinho; R$ 5,00 na odd total.
    for (const id of acca) await pickHome(id);
    await expect.poll(() => page.getByTestId('sp-pick').count()).toBe(3);
    expect(await page.getByTestId('sp-mode-multi').getAttribute('aria-checked')).toBe('true');
    expect(await text('sp-total-odds')).toMatch(/^\d+,\d{2}$/);
    await page.getByTestId('sp-stake').first().fill('5,00');
    expect(centavos(await text('sp-potential'))).toBeGreaterThan(500);
    await page.getByTestId('sp-place').click();
    await expect.poll(() => text('sp-receipts')).toContain('Múltipla de 3');
    expect(await text('sp-receipts')).toContain('Aposta feita');
    await expect.poll(balance).toContain('R$ 185,00');

    expect(await seriousViolations(page, '[data-testid="sports-lobby"]')).toEqual([]);
    expect(await seriousViolations(page, '[data-testid="sp-slip"]')).toEqual([]);

    // A página do jogo: todos os mercados agrupados, com o placar e o horário.
    await page.goto(`${server.url}/sportsbook/event/${acca[0]}`, { waitUntil: 'networkidle' });
    await page.getByTestId('sp-board').waitFor();
    await expect.poll(() => page.getByTestId('sp-market').count()).toBeGreaterThan(8);
    for (const group of ['Principais', 'Gols', 'Handicap', 'Placar exato'])
      expect(await page.getByRole('heading', { name: group, level: 2 }).count()).toBe(1);
    expect(await seriousViolations(page, '[data-testid="sp-event"]')).toEqual([]);
  }, 90_000);

  it('encerra a simples antecipadamente e vê a múltipla ser liquidada, com o saldo acompanhando', async () => {
    await page.goto(`${server.url}/sportsbook/bets`, { waitUntil: 'networkidle' });
    const open = page.getByTestId('sp-bets-open').getByTestId('sp-bet');
    await expect.poll(() => open.count()).toBe(2);
    const singleCard = page.locator('[data-testid="sp-bets-open"] [data-testid="sp-bet"]', { hasText: 'Simples' });
    await singleCard.getByTestId('sp-cashout').click();
    const confirm = singleCard.getByTestId('sp-cashout-confirm');
    await confirm.waitFor();
    await expect.poll(async () => /Encerrar por R\$/.test((await confirm.textContent()) ?? '')).toBe(true);
    const before = centavos(await balance());
    const offer = centavos((await confirm.textContent()) ?? '');
    expect(offer).toBeGreaterThan(0);
    await confirm.click();
    await expect.poll(() => open.count(), { timeout: 15_000 }).toBe(1);
    // The quote may be renewed while the button is pressed: what was paid is what the settled bet says.
    await page.getByRole('tab', { name: 'Resolvidas' }).click();
    const cashed = page.locator('[data-testid="sp-bets-settled"] [data-status="cashed_out"]');
    await cashed.waitFor();
    const paid = centavos((await cashed.getByTestId('sp-bet-payout').textContent()) ?? '');
    expect(Math.abs(paid - offer)).toBeLessThan(200);
    await expect.poll(balance).toContain(brl(before + paid));

    // O operador liquida os três jogos da múltipla com vitória do mandante: a múltipla ganha.
    await page.getByRole('tab', { name: 'Abertas' }).click();
    const acca = page.getByTestId('sp-bets-open').getByTestId('sp-bet').first();
    const potential = centavos((await acca.getByTestId('sp-bet-payout').textContent()) ?? '');
    const beforeSettle = centavos(await balance());
    for (const id of accaEvents) {
      const r = server.ops('sports:settle', '--event', id, '--score', '2-1');
      expect(r.code, r.out).toBe(0);
    }
    await page.getByRole('tab', { name: 'Resolvidas' }).click();
    const won = page.locator('[data-testid="sp-bets-settled"] [data-status="won"]');
    await expect.poll(() => won.count(), { timeout: 20_000, interval: 500 }).toBe(1);
    expect(await won.getByTestId('sp-bet-status').textContent()).toBe('Ganhou');
    expect(centavos((await won.getByTestId('sp-bet-payout').textContent()) ?? '')).toBe(potential);
    await expect.poll(balance, { timeout: 15_000 }).toContain(brl(beforeSettle + potential));

    expect(await seriousViolations(page, '[data-testid="sp-bets-page"]')).toEqual([]);
  }, 90_000);
});
