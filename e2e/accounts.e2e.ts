import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launch } from './support/browser';
import { randomCpf } from './support/players';
import { type RunningServer, startServer } from './support/server';

// Accounts as a player lives them, in Portuguese: register through the modals with the code read from the
// dev outbox, log out, log in again, change the password and log in with the new one.

/** A valid CPF (both check digits computed), different on every run. */
describe.runIf(browserAvailable)('accounts in the browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  const local = String(Math.floor(10_000_000 + Math.random() * 89_999_999));
  const phoneTyped = `11 9${local}`;
  const phoneE164 = `+55119${local}`;
  const email = `e2e${local}@exemplo.com`;
  const firstPassword = 'primeira#2026';
  const newPassword = 'segunda#2026';

  beforeAll(async () => {
    server = await startServer();
    browser = await launch();
    context = await browser.newContext({ locale: 'pt-BR', viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    // Other features' prompts (push notifications ...) may open over the page for a logged-in player: a person
    // would close them, so the test does too.
    await page.addLocatorHandler(page.getByRole('dialog', { name: 'Ativar notificações' }), async (d) => {
      await d.getByRole('button', { name: 'Agora não' }).click();
    });
  });

  // A failed step leaves a screenshot behind, so the failure can be seen.
  afterEach(async ({ task }) => {
    if (task.result?.state !== 'fail') return;
    const file = path.join(os.tmpdir(), `accounts-e2e-${task.name.slice(0, 40).replace(/\W+/g, '-')}.png`);
    await page.screenshot({ path: file, fullPage: true }).catch(() => {});
    console.warn(`screenshot of the failure: ${file}`);
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  /** The newest code the dev outbox holds for a target (the test reads it as a person reads /dev/outbox). */
  async function codeFor(to: string, after: string | null = null): Promise<string> {
    let code: string | null = null;
    await expect
      .poll(async () => {
        const res = await fetch(`${server.url}/api/dev/outbox?to=${encodeURIComponent(to)}`);
        const list = (await res.json()) as { code: string | null; created_at: string }[];
        const fresh = list.find((m) => m.code && (after === null || m.created_at > after));
        code = fresh?.code ?? null;
        return code;
      })
      .not.toBeNull();
    return code!;
  }

  const dialog = () => page.getByRole('dialog');
  const header = () => page.locator('header.app-header');

  /** Account menu -> Sair. Retried: another feature's prompt closing over the page also closes the menu. */
  async function logOut() {
    const entrar = header().getByRole('button', { name: 'Entrar', exact: true });
    await expect
      .poll(
        async () => {
          if (await entrar.isVisible()) return true;
          if (!(await page.getByTestId('logout').isVisible())) {
            await header().getByRole('button', { name: 'Menu da conta' }).click();
          }
          await page
            .getByTestId('logout')
            .click({ timeout: 2000 })
            .catch(() => {});
          return entrar.isVisible();
        },
        { timeout: 20_000, interval: 300 },
      )
      .toBe(true);
  }

  async function login(password: string) {
    await header().getByRole('button', { name: 'Entrar', exact: true }).click();
    const form = page.getByTestId('login-form');
    await form.waitFor();
    await form.getByLabel('E-mail ou celular').fill(phoneTyped);
    await form.getByLabel(/^Senha\*?$/).fill(password);
    await form.getByRole('button', { name: 'Entrar', exact: true }).click();
  }

  it('registers a new player through the register modal with the code from the outbox', async () => {
    await page.goto(`${server.url}/`, { waitUntil: 'networkidle' });
    // First visit: the 18+ gate.
    await page.getByTestId('age-gate').waitFor();
    await page.getByRole('button', { name: 'Sim, tenho 18 anos ou mais' }).click();
    await page.getByTestId('age-gate').waitFor({ state: 'detached' });

    await header().getByRole('button', { name: 'Cadastrar', exact: true }).click();
    const contact = page.getByTestId('register-contact');
    await contact.waitFor();
    // Rules are checked on change, with the spec's Portuguese messages.
    await contact.getByLabel('Celular').fill('11 1234');
    await expect.poll(() => contact.getByText('Número de celular inválido.').count()).toBe(1);
    await contact.getByLabel('Celular').fill(phoneTyped);
    await expect.poll(() => contact.getByText('Número de celular inválido.').count()).toBe(0);
    await contact.getByRole('button', { name: 'Enviar código' }).click();

    const form = page.getByTestId('register-form');
    await form.waitFor();
    // The 20 s resend countdown runs.
    await expect.poll(() => form.getByTestId('resend-code').textContent()).toMatch(/Reenviar código em \d+ s/);
    expect(await form.getByTestId('resend-code').isDisabled()).toBe(true);

    const code = await codeFor(phoneE164);
    await form.getByLabel('Código de verificação').fill(code);
    await form.getByLabel('Nome completo').fill('Joana');
    await form.getByText('Por favor, insira seu nome completo.').waitFor();
    await form.getByLabel('Nome completo').fill('Joana D');
    await form.getByText('O sobrenome deve ter mais de três caracteres.').waitFor();
    await form.getByLabel('Nome completo').fill('Joana Dias');
    await form.getByLabel('E-mail').fill(email);
    await form.getByLabel('Data de nascimento').fill('17051990');
    await form.getByLabel('CPF').fill('111.111.111-11');
    await form.getByText('CPF inválido').waitFor();
    await form.getByLabel('CPF').fill(randomCpf());
    await form.getByLabel(/^Senha\*?$/).fill(firstPassword);
    await form.getByLabel('Confirmar senha').fill('outra#2026');
    await form.getByText('As senhas não coincidem').waitFor();
    await form.getByLabel('Confirmar senha').fill(firstPassword);
    // Submitting without the two confirmations shows their rules.
    await form.getByRole('button', { name: 'Criar conta' }).click();
    await form.getByText('Você precisa aceitar os termos e condições.').waitFor();
    await form.getByLabel('Confirmo que tenho 18 anos ou mais.').check();
    await form.getByLabel(/Li e aceito os/).check();
    await form.getByRole('button', { name: 'Criar conta' }).click();

    // The new account's next step: the deposit modal greets the player; closing it leaves the page.
    await form.waitFor({ state: 'detached' });
    await page.getByTestId('deposit-welcome').waitFor();
    await dialog().getByText('Conta criada! Boas-vindas.').waitFor();
    await dialog().getByRole('button', { name: 'Fechar' }).click();
    await dialog().waitFor({ state: 'detached' });
    // Logged in: the header shows the account menu instead of Entrar / Cadastrar.
    await header().getByRole('button', { name: 'Menu da conta' }).waitFor();
    expect(await header().getByRole('button', { name: 'Entrar', exact: true }).count()).toBe(0);
    const stored = await page.evaluate(() => ({
      token: localStorage.getItem('auth'),
      user: JSON.parse(localStorage.getItem('user') ?? 'null') as { username: string; name: string } | null,
      cookie: document.cookie,
    }));
    expect(stored.token).toMatch(/^[\w-]{43}$/);
    expect(stored.user?.username).toBe(phoneE164);
    expect(stored.user?.name).toBe('Joana Dias');
    expect(stored.cookie).toContain('auth_client=');
    expect(stored.cookie).toContain('auth_state=');
  });

  it('keeps the session across a reload (checked with /auth/me), then logs out', async () => {
    await page.reload({ waitUntil: 'networkidle' });
    await header().getByRole('button', { name: 'Menu da conta' }).waitFor();
    await logOut();
    const stored = await page.evaluate(() => ({
      token: localStorage.getItem('auth'),
      user: localStorage.getItem('user'),
      cookie: document.cookie,
    }));
    expect(stored).toMatchObject({ token: null, user: null });
    expect(stored.cookie).not.toContain('auth_client=');
  });

  it('sends a guest from an auth-only page to the login modal and back after logging in', async () => {
    await page.goto(`${server.url}/user/edit/access-data`, { waitUntil: 'networkidle' });
    await page.getByTestId('login-form').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    // A wrong password gets the one generic message.
    const form = page.getByTestId('login-form');
    await form.getByLabel('E-mail ou celular').fill(phoneTyped);
    await form.getByLabel(/^Senha\*?$/).fill('errada#123');
    await form.getByRole('button', { name: 'Entrar', exact: true }).click();
    await form.getByText('Login ou senha incorretos.').waitFor();
    await form.getByLabel(/^Senha\*?$/).fill(firstPassword);
    await form.getByRole('button', { name: 'Entrar', exact: true }).click();
    await page.getByTestId('edit-page').waitFor();
    expect(new URL(page.url()).pathname).toBe('/user/edit/access-data');
  });

  it('changes the password on /user/edit/access-data; the new one logs in, the old one does not', async () => {
    const form = page.getByTestId('password-form');
    await form.getByLabel('Senha atual').fill('nao-e-esta1');
    await form.getByLabel(/^Nova senha/).fill(newPassword);
    await form.getByLabel('Confirmar nova senha').fill(newPassword);
    await form.getByRole('button', { name: 'Salvar nova senha' }).click();
    await form.getByText('Senha atual incorreta.').waitFor();
    await form.getByLabel('Senha atual').fill(firstPassword);
    await form.getByRole('button', { name: 'Salvar nova senha' }).click();
    await page.getByText('Senha alterada. Suas outras sessões foram encerradas.').waitFor();

    // Log out from the header: on an auth-only page the player is taken home.
    await logOut();
    expect(new URL(page.url()).pathname).toBe('/');

    await login(firstPassword);
    await page.getByTestId('login-form').getByText('Login ou senha incorretos.').waitFor();
    await page
      .getByTestId('login-form')
      .getByLabel(/^Senha\*?$/)
      .fill(newPassword);
    await page.getByTestId('login-form').getByRole('button', { name: 'Entrar', exact: true }).click();
    await header().getByRole('button', { name: 'Menu da conta' }).waitFor();
  });

  it('clears the login fields when the modal closes', async () => {
    await logOut();
    await header().getByRole('button', { name: 'Entrar', exact: true }).click();
    const form = page.getByTestId('login-form');
    await form.getByLabel('E-mail ou celular').fill(phoneTyped);
    await page.getByRole('button', { name: 'Fechar' }).click();
    await form.waitFor({ state: 'detached' });
    await header().getByRole('button', { name: 'Entrar', exact: true }).click();
    await page.getByTestId('login-form').waitFor();
    expect(await page.getByTestId('login-form').getByLabel('E-mail ou celular').inputValue()).toBe('');
  });

  it('opens the registration modal by itself 2 s after load for a returning guest, not before', async () => {
    // The previous step left a guest whose age was confirmed on an earlier visit.
    await page.goto(`${server.url}/`, { waitUntil: 'domcontentloaded' });
    const started = Date.now();
    await page.getByTestId('register-contact').waitFor({ timeout: 10_000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
    await page.getByRole('button', { name: 'Fechar' }).click();
    await page.getByTestId('register-contact').waitFor({ state: 'detached' });
  });

  it('opens the register modal from /en/register in English', async () => {
    await page.goto(`${server.url}/en/register`, { waitUntil: 'networkidle' });
    const contact = page.getByTestId('register-contact');
    await contact.getByText('Step 1 of 2: confirm your contact').waitFor();
    await contact.getByLabel('Mobile number').fill('11 1234');
    await contact.getByText('Invalid mobile number.').waitFor();
  });
});
