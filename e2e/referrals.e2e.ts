import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launch, signedInContext } from './support/browser';
import { type Player, randomCpf, registerPlayer } from './support/players';
import { type RunningServer, startServer } from './support/server';

// Indique um amigo como os jogadores o vivem, em português: a Ana abre /refers, vê o seu link, as regras com os
// valores do site (R$ 20,00 para o primeiro depósito de R$ 20,00 e R$ 50,00 apostados, após 7 dias de análise) e
// nenhum amigo ainda; o Bruno, em outro celular, abre o link dela e cria a conta pelo modal de cadastro (o código da
// indicação já vem preenchido); a Ana recarrega /refers e vê 'Bru***' cadastrado na sua lista.

describe.runIf(browserAvailable)('indique um amigo no navegador', () => {
  let server: RunningServer;
  let browser: Browser;
  let ana: Player;
  let anaContext: BrowserContext;
  let brunoContext: BrowserContext;
  let page: Page;
  let friend: Page;

  beforeAll(async () => {
    server = await startServer();
    ana = await registerPlayer(server, { name: 'Ana Pereira', emailPrefix: 'indica' });
    browser = await launch();
    anaContext = await signedInContext(browser, ana, { locale: 'pt-BR', viewport: { width: 1280, height: 900 } });
    page = await anaContext.newPage();
    // O amigo usa o próprio celular: outro navegador e outro aparelho que o da Ana.
    brunoContext = await browser.newContext({
      locale: 'pt-BR',
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
    });
    friend = await brunoContext.newPage();
    await friend.addLocatorHandler(friend.getByRole('dialog', { name: 'Ativar notificações' }), async (d) => {
      await d.getByRole('button', { name: 'Agora não' }).click();
    });
  }, 120_000);

  afterEach(async ({ task }) => {
    if (task.result?.state !== 'fail') return;
    const base = path.join(os.tmpdir(), `referrals-e2e-${task.name.slice(0, 40).replace(/\W+/g, '-')}`);
    await page.screenshot({ path: `${base}-ana.png`, fullPage: true }).catch(() => {});
    await friend.screenshot({ path: `${base}-amigo.png`, fullPage: true }).catch(() => {});
    console.warn(`screenshots of the failure: ${base}-*.png`);
  });

  afterAll(async () => {
    await anaContext?.close();
    await brunoContext?.close();
    await browser?.close();
    await server?.stop();
  });

  const text = async (p: Page, id: string) => ((await p.getByTestId(id).first().innerText()) ?? '').replace(/\s/g, ' ');
  let link = '';

  it('mostra o link da Ana, as regras com os valores do site e a lista vazia', async () => {
    await page.goto(`${server.url}/refers`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Indique um amigo e ganhe' }).waitFor();
    link = await page.getByTestId('refers-link').inputValue();
    expect(link).toBe(`${server.url}/register?ref=${ana.user.referral_code as string}`);
    const how = await text(page, 'refers-how');
    expect(how).toContain('primeiro depósito de pelo menos R$ 20,00 e aposta R$ 50,00 no total');
    expect(how).toContain('Você ganha R$ 20,00 em dinheiro, creditados no seu saldo após 7 dias de análise.');
    const whatsapp = await page.getByTestId('refers-whatsapp').getAttribute('href');
    expect(whatsapp).toMatch(/^https:\/\/wa\.me\/\?text=/);
    expect(decodeURIComponent(whatsapp!.split('text=')[1]!)).toContain(link);
    await page.getByTestId('refers-empty').waitFor();
    expect(await text(page, 'refers-totals')).toContain('Total ganho R$ 0,00');
  });

  it('o Bruno cria a conta pelo link da Ana e aparece na lista dela', async () => {
    await friend.goto(link, { waitUntil: 'networkidle' });
    // Bruno's phone has never been here: the 18+ gate greets him. Its code loads lazily and can show after the
    // network is idle, so wait for it rather than look once.
    const gate = friend.getByTestId('age-gate');
    await gate.waitFor({ timeout: 15_000 });
    await friend.getByRole('button', { name: 'Sim, tenho 18 anos ou mais' }).click();
    await gate.waitFor({ state: 'detached' });
    const contact = friend.getByTestId('register-contact');
    await contact.waitFor({ timeout: 15_000 });
    const local = String(Math.floor(10_000_000 + Math.random() * 89_999_999));
    await contact.getByLabel('Celular').fill(`11 9${local}`);
    await contact.getByRole('button', { name: 'Enviar código' }).click();
    const form = friend.getByTestId('register-form');
    await form.waitFor();
    let code: string | null = null;
    await expect
      .poll(async () => {
        const res = await fetch(`${server.url}/api/dev/outbox?to=${encodeURIComponent(`+55119${local}`)}`);
        code = ((await res.json()) as { code: string | null }[])[0]?.code ?? null;
        return code;
      })
      .not.toBeNull();
    await form.getByLabel('Código de verificação').fill(code!);
    await form.getByLabel('Nome completo').fill('Bruno Costa');
    await form.getByLabel('E-mail').fill(`bruno${local}@exemplo.com`);
    await form.getByLabel('Data de nascimento').fill('03021992');
    await form.getByLabel('CPF').fill(randomCpf());
    await form.getByLabel(/^Senha\*?$/).fill('bruno#2026');
    await form.getByLabel('Confirmar senha').fill('bruno#2026');
    await form.getByLabel('Confirmo que tenho 18 anos ou mais.').check();
    await form.getByLabel(/Li e aceito os/).check();
    await form.getByRole('button', { name: 'Criar conta' }).click();
    await form.waitFor({ state: 'detached', timeout: 15_000 });
    // Nada sobre a Ana aparece para o Bruno: a conta foi criada como qualquer outra.
    await friend.getByText('Conta criada! Boas-vindas.').waitFor();
    expect(await friend.getByText('Ana Pereira').count()).toBe(0);

    await page.goto(`${server.url}/refers`, { waitUntil: 'networkidle' });
    const list = page.getByTestId('refers-list');
    await list.waitFor();
    const row = (await list.innerText()).replace(/\s/g, ' ');
    expect(row).toContain('Bru***');
    expect(row).toContain('Cadastrado');
    expect(row).toContain('Depósito pendente · Apostou R$ 0,00 de R$ 50,00');
    expect(row).not.toContain('Bruno Costa');
  });
});
