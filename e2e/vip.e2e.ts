import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launch, signedInContext } from './support/browser';
import { type Player, registerPlayer } from './support/players';
import { type RunningServer, startServer } from './support/server';

// Níveis VIP e ranking como o jogador os vive, em português: o cartão VIP em /user começa em "Iniciante" com a barra
// para o Bronze (R$ 50,00 apostados no site de demonstração), a barra anda depois de apostas no Dice, o nível Bronze
// chega com o seu prêmio, e /ranking mostra o jogador (nome mascarado, destacado como "Você") e a sua posição; um
// visitante vê o mesmo ranking sem posição.

const AXE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * As e2e/a11y.e2e.ts: axe on the page as it is, its serious and critical violations one line each, within `selector`
 * (the VIP feature's own part of the page; the rest is other features' and e2e/a11y.e2e.ts's).
 */
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

describe.runIf(browserAvailable)('VIP e ranking no navegador', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let player: Player;

  beforeAll(async () => {
    server = await startServer();
    player = await registerPlayer(server, { name: 'Mariana Souza', emailPrefix: 'vip', fund: 20_000 });
    browser = await launch();
    context = await signedInContext(browser, player, { locale: 'pt-BR', viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
  }, 120_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  const text = async (p: Page, id: string) =>
    ((await p.getByTestId(id).first().textContent()) ?? '').replace(/\s/g, ' ');

  async function diceBets(n: number) {
    await page.goto(`${server.url}/originals/dice`, { waitUntil: 'networkidle' });
    await page.locator('#og-amount').fill('10,00');
    for (let i = 0; i < n; i++) {
      await page.getByTestId('og-bet').click();
      await page.getByText(/Você ganhou|Não foi desta vez/).waitFor();
      await expect.poll(() => page.getByTestId('og-bet').isEnabled()).toBe(true);
    }
  }

  it('a barra VIP em /user anda com apostas no Dice e o Bronze chega com o prêmio', async () => {
    await page.goto(`${server.url}/user`, { waitUntil: 'networkidle' });
    await page.getByTestId('vip-card').waitFor();
    expect(await text(page, 'vip-level-name')).toBe('Iniciante');
    expect(await text(page, 'vip-remaining')).toBe(
      'Faltam R$ 50,00 em apostas para Bronze. Prêmio de R$ 1,00 ao chegar lá.',
    );
    expect(await page.getByTestId('vip-progress').getAttribute('aria-valuenow')).toBe('0');

    await diceBets(3);
    await page.goto(`${server.url}/user`, { waitUntil: 'networkidle' });
    // O consumidor conta as apostas logo depois delas: a página relê o nível até ver as três.
    await expect.poll(() => text(page, 'vip-total-bet'), { timeout: 20_000 }).toBe('R$ 30,00');
    expect(await page.getByTestId('vip-progress').getAttribute('aria-valuenow')).toBe('60');
    expect(await text(page, 'vip-remaining')).toContain('Faltam R$ 20,00 em apostas para Bronze.');
    expect(await text(page, 'vip-points')).toBe('30');

    await diceBets(2);
    await page.goto(`${server.url}/user`, { waitUntil: 'networkidle' });
    await expect.poll(() => text(page, 'vip-level-name'), { timeout: 20_000 }).toBe('Bronze');
    expect(await text(page, 'vip-remaining')).toContain('para Prata');
    // O prêmio do Bronze (R$ 1,00) vira notificação do jogador.
    const notes = await (
      await fetch(`${server.url}/api/notifications`, { headers: { authorization: `Bearer ${player.token}` } })
    ).json();
    expect(JSON.stringify(notes)).toContain('Você chegou ao nível Bronze!');
  }, 120_000);

  it('/ranking mostra o jogador com o nome mascarado, a sua posição e a contagem até reiniciar', async () => {
    await page.goto(`${server.url}/ranking`, { waitUntil: 'networkidle' });
    const me = page.getByTestId('ranking-me-row');
    await me.waitFor();
    const row = ((await me.textContent()) ?? '').replace(/\s/g, ' ');
    expect(row).toContain('Mari***');
    expect(row).toContain('Você');
    expect(row).toContain('R$ 50,00');
    expect(row).not.toContain('Mariana');
    expect(await text(page, 'ranking-me')).toMatch(/Sua posição.*Você está em \d+º lugar, com R\$ 50,00 apostados\./);
    expect(await text(page, 'ranking-period')).toMatch(/Semana de \d{2}\/\d{2} a \d{2}\/\d{2}.*Reinicia em/);

    // Um visitante vê o mesmo ranking, sem posição e sem "Você".
    const guest = await browser.newContext({ locale: 'pt-BR', viewport: { width: 360, height: 780 } });
    await guest.addInitScript(() => localStorage.setItem('ageVerified', 'true'));
    const g = await guest.newPage();
    await g.goto(`${server.url}/ranking`, { waitUntil: 'networkidle' });
    await g.getByTestId('ranking-guest').waitFor();
    expect(await g.getByTestId('ranking-me-row').count()).toBe(0);
    expect(await text(g, 'ranking-podium')).toContain('Mari***');
    await guest.close();
  }, 120_000);

  for (const theme of ['dark', 'light'] as const) {
    it(`${theme}: /ranking e o cartão VIP em /user passam no axe num celular de 360 px`, async () => {
      const phone = await browser.newContext({
        locale: 'pt-BR',
        viewport: { width: 360, height: 780 },
        bypassCSP: true,
      });
      await phone.addInitScript(
        ([t, id, theme]) => {
          localStorage.setItem('auth', t as string);
          localStorage.setItem('ageVerified', 'true');
          localStorage.setItem('color-mode', theme as string);
          localStorage.setItem('pushModalClosedAtUser', JSON.stringify({ [id as string]: Date.now() }));
        },
        [player.token, String(player.user.id), theme],
      );
      const p = await phone.newPage();
      const found: Record<string, string[]> = {};
      await p.goto(`${server.url}/ranking`, { waitUntil: 'networkidle' });
      await p.getByTestId('ranking-me-row').waitFor();
      expect(await p.locator('html').getAttribute('data-theme')).toBe(theme);
      found.ranking = await seriousViolations(p, '[data-testid="ranking-page"]');
      await p.goto(`${server.url}/user`, { waitUntil: 'networkidle' });
      await p.getByTestId('vip-progress').waitFor();
      found.user = await seriousViolations(p, '[data-testid="vip-card"]');
      await phone.close();
      expect(found).toEqual({ ranking: [], user: [] });
    }, 60_000);
  }
});
