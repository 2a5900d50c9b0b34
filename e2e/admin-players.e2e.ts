import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launch } from './support/browser';
import { api, type Player, registerPlayer } from './support/players';
import { type RunningServer, startServer } from './support/server';
import { awayFromStepBoundary, createStaff, currentCode, type Staff, staffLogIn } from './support/staff';

// The players section as staff use it, in Portuguese: the owner finds a player by name, opens their page (tabs for
// the ledger and bets), adjusts the balance with a fresh authenticator code and the player's wallet shows it; a
// support staff member sees no adjust button. With SHOTS_DIR set, it also saves the screens at 1366 and 768 px in
// pt-BR and en.

const SHOTS = process.env.SHOTS_DIR;

describe.runIf(browserAvailable)('back office players', () => {
  let server: RunningServer;
  let browser: Browser;
  let paula: Player;

  beforeAll(async () => {
    server = await startServer();
    paula = await registerPlayer(server, { name: 'Paula Souza', emailPrefix: 'paula', fund: 25_000 });
    await registerPlayer(server, { name: 'Rafael Lima', emailPrefix: 'rafael', fund: 8_000 });
    await registerPlayer(server, { name: 'Joana Prado', emailPrefix: 'joana' });
    for (let i = 0; i < 3; i++) {
      const bet = await fetch(`${server.url}/api/originals/dice/bet`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${paula.token}`,
          'idempotency-key': `players-e2e-${i}-${Date.now()}`,
        },
        body: JSON.stringify({ amount: 1_000, target: 50, condition: 'over' }),
      });
      expect(bet.status, await bet.clone().text()).toBe(200);
    }
    browser = await launch();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function signedIn(staff: Staff, o: { width: number; height: number; en?: boolean }): Promise<Page> {
    const ctx = await browser.newContext({ locale: o.en ? 'en-US' : 'pt-BR', viewport: o });
    const page = await ctx.newPage();
    await awayFromStepBoundary();
    await staffLogIn(page, server.url, staff);
    if (o.en) {
      await page.evaluate(() => localStorage.setItem('sorte-admin-locale', 'en'));
      await page.reload({ waitUntil: 'networkidle' });
    }
    return page;
  }

  async function shot(page: Page, name: string) {
    if (!SHOTS) return;
    fs.mkdirSync(SHOTS, { recursive: true });
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
  }

  it('the owner finds Paula, reads her page and adjusts her balance with a fresh code', async () => {
    const owner = createStaff(server, 'owner');
    const page = await signedIn(owner, { width: 1366, height: 768 });
    await page.goto(`${server.url}/admin/players`, { waitUntil: 'networkidle' });
    await page.getByRole('cell', { name: 'Rafael Lima' }).waitFor();
    await shot(page, 'list-1366-pt');
    await page.getByLabel('Nome, CPF, celular, e-mail ou id').fill('paula sou');
    await page.getByRole('button', { name: 'Buscar' }).click();
    await expect.poll(() => page.getByRole('cell', { name: 'Rafael Lima' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Paula Souza' }).click();
    await page.getByRole('tab', { name: 'Extrato' }).waitFor();
    await page.getByRole('cell', { name: 'Depósito' }).waitFor();
    await shot(page, 'player-1366-pt');
    await page.getByRole('tab', { name: 'Apostas' }).click();
    await page.getByRole('tab', { name: 'Apostas' }).waitFor();
    await page.getByText('Originais').click();
    await page.getByRole('cell', { name: 'dice' }).first().waitFor();
    await shot(page, 'player-bets-1366-pt');

    const before = (await api(server, 'GET', '/profile/wallet', undefined, paula.token)).body.balance as number;
    await page.getByRole('button', { name: 'Ajustar saldo' }).click();
    const dialog = page.getByRole('dialog', { name: /Ajustar o saldo/ });
    await dialog.getByLabel('Valor (R$)').fill('15');
    await dialog.getByLabel('Motivo').fill('Cortesia por instabilidade');
    await shot(page, 'adjust-1366-pt');
    await dialog.getByRole('button', { name: 'Ajustar saldo' }).click();
    const stepUp = page.getByRole('dialog', { name: 'Confirme com o autenticador' });
    await stepUp.waitFor();
    await stepUp.getByLabel('Código de 6 dígitos').fill(currentCode(owner));
    await stepUp.getByRole('button', { name: 'Confirmar' }).click();
    await page.getByText(/^Saldo ajustado: R\$/).waitFor();
    const wallet = await api(server, 'GET', '/profile/wallet', undefined, paula.token);
    expect(wallet.body.balance).toBe(before + 1_500);
    await page.getByRole('tab', { name: 'Extrato' }).click();
    await page.getByRole('cell', { name: 'Ajuste manual' }).first().waitFor();
    await page.context().close();
  }, 90_000);

  it('support sees the page without money acts', async () => {
    const support = createStaff(server, 'support');
    const page = await signedIn(support, { width: 1366, height: 768 });
    await page.goto(`${server.url}/admin/players?`, { waitUntil: 'networkidle' });
    await page.getByRole('link', { name: 'Paula Souza' }).click();
    await page.getByRole('button', { name: 'Encerrar sessões' }).waitFor();
    expect(await page.getByRole('button', { name: 'Ajustar saldo' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Bloquear' }).count()).toBe(0);
    await page.context().close();
  }, 60_000);

  it.runIf(SHOTS)(
    'screens at 768 px and in English',
    async () => {
      for (const [w, h] of [
        [1366, 768],
        [768, 1024],
      ] as const) {
        for (const en of [false, true]) {
          if (w === 1366 && !en) continue;
          // A TOTP step is accepted once: a new staff member for each login.
          const page = await signedIn(createStaff(server, 'owner'), { width: w, height: h, en });
          const tag = `${w}-${en ? 'en' : 'pt'}`;
          await page.goto(`${server.url}/admin/players`, { waitUntil: 'networkidle' });
          await page
            .getByRole('link', { name: 'Paula Souza' })
            .waitFor({ timeout: 15_000 })
            .catch(async (e) => {
              await shot(page, `debug-${tag}`);
              throw e;
            });
          await shot(page, `list-${tag}`);
          await page.getByRole('link', { name: 'Paula Souza' }).click();
          await page.getByRole('tab').first().waitFor();
          await page.waitForLoadState('networkidle');
          await shot(page, `player-${tag}`);
          if (w === 1366 && en) {
            for (const tab of ['Limits and exclusions', 'Sessions', 'Notes']) {
              await page.getByRole('tab', { name: tab }).click();
              await page.waitForLoadState('networkidle');
              await shot(page, `tab-${tab.split(' ')[0]!.toLowerCase()}-${tag}`);
            }
            await page.getByRole('button', { name: 'Raise limit' }).click();
            await page.getByRole('dialog').waitFor();
            await shot(page, `lift-${tag}`);
          }
          await page.context().close();
        }
      }
    },
    120_000,
  );
});
