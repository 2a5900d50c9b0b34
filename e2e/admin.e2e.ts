import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launch } from './support/browser';
import { type Player, registerPlayer } from './support/players';
import { type RunningServer, startServer } from './support/server';
import { awayFromStepBoundary, createStaff, currentCode, staffLogIn as logIn, previousCode } from './support/staff';

// The back office as the operator's staff live it, in Portuguese: a finance staff member logs in at /admin with
// e-mail, password and the authenticator's code, approves a withdrawal a player asked for (a fresh code for the
// approval) and the player's open wallet shows it without a reload; a support staff member has no queue to open,
// and the API refuses them too.

describe.runIf(browserAvailable)('back office at /admin', () => {
  let server: RunningServer;
  let browser: Browser;
  let player: Player;
  let playerPage: Page;

  beforeAll(async () => {
    // Withdrawals above R$ 10,00 wait for a person (the default threshold is R$ 5.000,00).
    server = await startServer({ WITHDRAWAL_REVIEW_ABOVE: '1000' });
    player = await registerPlayer(server, { name: 'Paula Souza', emailPrefix: 'saque', fund: 10_000 });
    // E-mail verified (with the code of the dev outbox) and the PIX key of the player's own CPF, as the wallet does.
    const auth = { 'content-type': 'application/json', authorization: `Bearer ${player.token}` };
    await fetch(`${server.url}/api/auth/verify-email`, { method: 'POST', headers: auth, body: '{}' });
    const box = await (await fetch(`${server.url}/api/dev/outbox?to=${encodeURIComponent(player.email)}`)).json();
    const verified = await fetch(`${server.url}/api/auth/verify-email`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ code: box[0].code }),
    });
    expect(verified.status).toBe(200);
    const key = await fetch(`${server.url}/api/wallet/withdraw/method/own-cpf`, {
      method: 'POST',
      headers: auth,
      body: '{}',
    });
    expect(key.status).toBe(200);
    browser = await launch();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('a player asks for a withdrawal; finance logs in with TOTP, approves it with a fresh code, and the player sees it live', async () => {
    const ctx = await browser.newContext({ locale: 'pt-BR', viewport: { width: 1280, height: 900 } });
    await ctx.addInitScript(
      ([t, u, id]) => {
        localStorage.setItem('auth', t as string);
        localStorage.setItem('user', u as string);
        localStorage.setItem('ageVerified', 'true');
        localStorage.setItem('pushModalClosedAtUser', JSON.stringify({ [id as string]: Date.now() }));
      },
      [player.token, JSON.stringify(player.user), String(player.user.id)],
    );
    playerPage = await ctx.newPage();
    const text = async (id: string) => (await playerPage.getByTestId(id).innerText()).replace(/\s+/g, ' ');
    await playerPage.goto(`${server.url}/account/wallet?tab=withdraw`, { waitUntil: 'networkidle' });
    await playerPage.getByTestId('withdraw-amount').fill('50,00');
    await playerPage.getByTestId('request-withdraw').click();
    await expect.poll(() => text('wallet-pending')).toContain('R$ 50,00');

    const finance = createStaff(server, 'finance');
    const staffCtx = await browser.newContext({ locale: 'pt-BR', viewport: { width: 1366, height: 900 } });
    const admin = await staffCtx.newPage();
    await awayFromStepBoundary();
    await logIn(admin, server.url, finance);
    // Finance lands on the dashboard, whose pending queues count the withdrawal and link to the review queue.
    await admin.waitForURL(/\/admin\/dashboard/);
    expect(await admin.getByTestId('staff-role').innerText()).toBe('Financeiro');
    await admin.getByRole('link', { name: 'Saques em análise' }).click();
    await admin.waitForURL(/\/admin\/withdrawals$/);
    const row = admin.locator('tr', { hasText: 'R$ 50,00' });
    await row.waitFor();
    expect(await row.innerText()).toContain('Em análise');

    await row.getByRole('button', { name: 'Aprovar' }).click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Aprovar' }).click();
    // The approval asks for a fresh authenticator code; the login's code would be a replay.
    const stepUp = admin.getByRole('dialog', { name: 'Confirme com o autenticador' });
    await stepUp.waitFor();
    await stepUp.getByLabel('Código de 6 dígitos').fill(previousCode(finance));
    await stepUp.getByRole('button', { name: 'Confirmar' }).click();
    await stepUp.getByRole('alert').waitFor();
    await stepUp.getByLabel('Código de 6 dígitos').fill(currentCode(finance));
    await stepUp.getByRole('button', { name: 'Confirmar' }).click();
    await admin.getByText('Saque aprovado.').waitFor();
    await expect.poll(() => admin.locator('tr', { hasText: 'R$ 50,00' }).count()).toBe(0);

    // The player's page, open all along, tells them at once (a live notification, no reload): the approval puts
    // the withdrawal in the payout queue.
    await playerPage.getByText('Saque pendente').first().waitFor({ timeout: 10_000 });
    expect(await playerPage.getByText('Seu saque voltou para a fila e será processado em breve.').count()).toBe(1);
    await staffCtx.close();
    await ctx.close();
  }, 60_000);

  it('support staff do not see the queue, and the API refuses it with 403', async () => {
    const support = createStaff(server, 'support');
    const ctx = await browser.newContext({ locale: 'pt-BR', viewport: { width: 1366, height: 900 } });
    const admin = await ctx.newPage();
    await awayFromStepBoundary();
    await logIn(admin, server.url, support);
    expect(await admin.getByTestId('staff-role').innerText()).toBe('Suporte');
    await admin.getByRole('menuitem', { name: 'Minhas sessões' }).waitFor();
    // No queue in the menu; the dashboard counts the withdrawals waiting but gives support no way into them.
    await admin.getByText('Filas pendentes').waitFor();
    expect(await admin.getByRole('menuitem', { name: 'Saques em análise' }).count()).toBe(0);
    expect(await admin.getByRole('link', { name: 'Saques em análise' }).count()).toBe(0);
    // The browser's own session (cookie) asks the API directly: refused, with the message in Portuguese.
    const res = await admin.evaluate(async () => {
      const r = await fetch('/api/admin/withdrawals', { headers: { 'accept-language': 'pt-BR' } });
      return { status: r.status, body: await r.json() };
    });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Seu perfil (suporte) não permite esta ação.');
    await ctx.close();
  }, 40_000);
});
