import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launch } from './support/browser';
import { api, type Player, registerPlayer } from './support/players';
import { type RunningServer, startServer } from './support/server';
import { awayFromStepBoundary, createStaff, currentCode, staffLogIn as logIn, type Staff } from './support/staff';

// The back office's payments screens in Portuguese: a withdrawal above the tenant's two-person amount gets a first
// approval from one finance member (still in the queue, "1 de 2") and is released by a second; a deposit is found
// by the player's id and refunded to its payer; a KYC reviewer sees a player's documents side by side and decides.
// With SHOTS_DIR set, each screen is also photographed at 1366x768 and 768x1024 in pt-BR and en.

const SHOTS = process.env.SHOTS_DIR;

describe.runIf(browserAvailable)('back office payments at /admin', () => {
  let server: RunningServer;
  let browser: Browser;
  let big: Player;
  let payer: Player;
  let depositId: number;
  let kycDocId: number;

  async function verifiedWithKey(p: Player) {
    const auth = { 'content-type': 'application/json', authorization: `Bearer ${p.token}` };
    await fetch(`${server.url}/api/auth/verify-email`, { method: 'POST', headers: auth, body: '{}' });
    const box = await (await fetch(`${server.url}/api/dev/outbox?to=${encodeURIComponent(p.email)}`)).json();
    await fetch(`${server.url}/api/auth/verify-email`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ code: box[0].code }),
    });
    const key = await api(server, 'POST', '/wallet/withdraw/method/own-cpf', {}, p.token);
    expect(key.status).toBe(200);
    return (key.body.method as { id: number }).id;
  }

  async function withdraw(p: Player, methodId: number, amount: number, n: number) {
    const res = await fetch(`${server.url}/api/wallet/withdraw/request`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${p.token}`,
        'idempotency-key': `e2e-${n}-${Date.now()}`,
      },
      body: JSON.stringify({ amount, method_id: methodId }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
  }

  /** A document photo drawn by the browser itself: a card with the player's (made-up) data. */
  async function documentImage(title: string, color: string): Promise<Buffer> {
    const page = await browser.newPage({ viewport: { width: 480, height: 300 } });
    await page.setContent(
      `<body style="margin:0;font-family:sans-serif"><div style="width:480px;height:300px;background:${color};
        color:#123;padding:24px;box-sizing:border-box"><h2 style="margin:0 0 16px">${title}</h2>
        <div style="display:flex;gap:20px"><div style="width:110px;height:140px;background:#ccd;border-radius:8px"></div>
        <div>NOME<br><b>ANA LIMA</b><br><br>CPF<br><b>***.456.789-**</b><br><br>NASCIMENTO<br><b>17/05/1990</b></div>
        </div></div></body>`,
    );
    const png = await page.screenshot();
    await page.close();
    return png;
  }

  async function upload(p: Player, type: string, data: Buffer) {
    const form = new FormData();
    form.set('type', type);
    form.set('document', new Blob([new Uint8Array(data)], { type: 'image/png' }), `${type}.png`);
    const res = await fetch(`${server.url}/api/documents/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${p.token}` },
      body: form,
    });
    expect(res.status, await res.clone().text()).toBe(200);
    return ((await res.json()) as { document: { id: number } }).document.id;
  }

  beforeAll(async () => {
    server = await startServer({ WITHDRAWAL_REVIEW_ABOVE: '1000' });
    browser = await launch();
    // Two approvals above R$ 200,00 for the demo tenant (the default is R$ 50.000,00).
    const set = server.ops('withdrawal:two-person', '--tenant', '1', '--above', '20000');
    expect(set.code, set.out).toBe(0);
    big = await registerPlayer(server, { name: 'Paula Souza', emailPrefix: 'grande', fund: 100_000 });
    const small = await registerPlayer(server, { name: 'João Pereira', emailPrefix: 'pequeno', fund: 20_000 });
    payer = await registerPlayer(server, { name: 'Ana Lima', emailPrefix: 'deposito', fund: 15_000 });
    await api(server, 'POST', '/main-gateway/qrcode-pix', { amount: 7_500 }, payer.token);
    await withdraw(big, await verifiedWithKey(big), 30_000, 1);
    await withdraw(small, await verifiedWithKey(small), 5_000, 2);
    const front = await upload(
      payer,
      'id_front',
      await documentImage('REPÚBLICA FEDERATIVA DO BRASIL — RG', '#e8f1e4'),
    );
    await upload(payer, 'id_back', await documentImage('RG — VERSO', '#e4ecf1'));
    await upload(payer, 'selfie', await documentImage('SELFIE COM DOCUMENTO', '#f1ece4'));
    kycDocId = front;
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function signIn(role: string): Promise<{ ctx: BrowserContext; page: Page; staff: Staff }> {
    const staff = createStaff(server, role);
    const ctx = await browser.newContext({ locale: 'pt-BR', viewport: { width: 1366, height: 768 } });
    const page = await ctx.newPage();
    await awayFromStepBoundary();
    await logIn(page, server.url, staff);
    return { ctx, page, staff };
  }

  async function stepUp(page: Page, staff: Staff) {
    const dialog = page.getByRole('dialog', { name: 'Confirme com o autenticador' });
    await dialog.waitFor();
    await dialog.getByLabel('Código de 6 dígitos').fill(currentCode(staff));
    await dialog.getByRole('button', { name: 'Confirmar' }).click();
  }

  /** The screen at `url` in both languages and both sizes, as the signed-in staff member of `ctx` sees it. */
  async function shoot(ctx: BrowserContext, name: string, url: string, ready: string[]) {
    if (!SHOTS) return;
    fs.mkdirSync(SHOTS, { recursive: true });
    const state = await ctx.storageState();
    for (const [lang, text] of [
      ['pt-BR', ready[0]!],
      ['en', ready[1]!],
    ] as const)
      for (const [w, h] of [
        [1366, 768],
        [768, 1024],
      ] as const) {
        const c = await browser.newContext({ storageState: state, viewport: { width: w, height: h }, locale: lang });
        await c.addInitScript((l) => localStorage.setItem('sorte-admin-locale', l), lang);
        const p = await c.newPage();
        await p.goto(`${server.url}/admin${url}`, { waitUntil: 'networkidle' });
        // A photograph is a by-product: a screen slow to show its text is photographed as it is, and said so.
        const shown = await p
          .getByText(text)
          .first()
          .waitFor({ timeout: 15_000 })
          .then(() => true)
          .catch(() => false);
        if (!shown) console.warn(`screenshot ${name} ${lang} ${w}: "${text}" not shown`);
        await p.waitForTimeout(300);
        await p.screenshot({ path: path.join(SHOTS, `${name}-${lang}-${w}.png`), fullPage: true });
        await c.close();
      }
  }

  it('a large withdrawal needs two finance members: the first is recorded (1 de 2), the second releases it', async () => {
    const first = await signIn('finance');
    await first.page.goto(`${server.url}/admin/withdrawals`, { waitUntil: 'networkidle' });
    const row = first.page.locator('tr', { hasText: 'R$ 300,00' });
    await row.waitFor();
    expect(await row.innerText()).toContain('Precisa de duas');
    expect(await first.page.locator('tr', { hasText: 'R$ 50,00' }).innerText()).toContain('Uma basta');
    await row.getByRole('button', { name: 'Aprovar' }).click();
    await first.page.getByRole('dialog').getByRole('button', { name: 'Aprovar' }).click();
    await stepUp(first.page, first.staff);
    await first.page.getByText('Primeira aprovação registrada').waitFor();
    await expect.poll(async () => row.innerText()).toContain('1 de 2');
    expect(await row.innerText()).toContain(first.staff.email);
    await shoot(first.ctx, 'withdrawals', '/withdrawals', ['1 de 2', '1 of 2']);

    const second = await signIn('finance');
    await second.page.goto(`${server.url}/admin/withdrawals`, { waitUntil: 'networkidle' });
    const row2 = second.page.locator('tr', { hasText: 'R$ 300,00' });
    await row2.getByRole('button', { name: 'Aprovar' }).click();
    await second.page.getByRole('dialog').getByRole('button', { name: 'Aprovar' }).click();
    await stepUp(second.page, second.staff);
    await second.page.getByText('Saque aprovado.').waitFor();
    await expect.poll(() => second.page.locator('tr', { hasText: 'R$ 300,00' }).count()).toBe(0);
    await first.ctx.close();
    await second.ctx.close();
  }, 120_000);

  it('finance finds a deposit by the player’s id and refunds it to the payer with a reason', async () => {
    const { ctx, page } = await signIn('finance');
    await page.goto(`${server.url}/admin/payments/deposits`, { waitUntil: 'networkidle' });
    await page.getByText('R$ 75,00').first().waitFor();
    await shoot(ctx, 'deposits', '/payments/deposits', ['Aguardando pagamento', 'Waiting for payment']);
    await page.getByLabel('Busca').fill(String(payer.user.id));
    await page.getByRole('button', { name: 'Buscar' }).click();
    const paidRow = page.locator('tr', { hasText: 'R$ 150,00' });
    await paidRow.waitFor();
    await expect.poll(() => page.locator('tbody tr', { hasText: 'Ana L.' }).count()).toBe(2);
    depositId = Number((await paidRow.locator('td').first().innerText()).trim());
    await paidRow.getByRole('link', { name: 'Abrir' }).click();
    await page.getByRole('button', { name: 'Devolver ao pagador' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Motivo da devolução').fill('Pedido do jogador por engano');
    await dialog.getByRole('button', { name: 'Devolver ao pagador' }).click();
    await page.getByText('Devolução feita e confirmada pelo PSP.').waitFor();
    await page.locator('.ant-descriptions').getByText('Pedido do jogador por engano').waitFor();
    const wallet = await api(server, 'GET', '/profile/wallet', undefined, payer.token);
    expect(wallet.body.balance).toBe(0);
    await shoot(ctx, 'deposit', `/payments/deposits/${depositId}`, ['Pedido do jogador', 'Pedido do jogador']);
    await ctx.close();
  }, 120_000);

  it('a KYC reviewer sees the documents side by side, approves the front and rejects the selfie with a reason', async () => {
    const { ctx, page } = await signIn('kyc');
    await page.goto(`${server.url}/admin/payments/kyc`, { waitUntil: 'networkidle' });
    await page.getByText('Documento (frente)').first().waitFor();
    await shoot(ctx, 'kyc-queue', '/payments/kyc', ['Documento (frente)', 'ID (front)']);
    await page.goto(`${server.url}/admin/payments/kyc/${kycDocId}`, { waitUntil: 'networkidle' });
    await expect.poll(() => page.locator('.ant-row .ant-card img').count()).toBe(3);
    await expect
      .poll(() =>
        page
          .locator('.ant-card img')
          .evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).naturalWidth > 0)),
      )
      .toBe(true);
    await shoot(ctx, 'kyc-review', `/payments/kyc/${kycDocId}`, ['Selfie', 'Selfie']);
    const front = page.locator('.ant-row .ant-card', { hasText: 'Documento (frente)' });
    await front.getByRole('button', { name: 'Aprovar' }).click();
    await page.getByText('Documento aprovado. O jogador foi avisado.').waitFor();
    const selfie = page.locator('.ant-row .ant-card', { hasText: 'Selfie' });
    await selfie.getByRole('button', { name: 'Recusar' }).click();
    await page.getByRole('dialog').getByLabel('Motivo (o jogador verá este texto)').fill('Rosto não aparece inteiro');
    await page.getByRole('dialog').getByRole('button', { name: 'Recusar' }).click();
    await page.getByText('Rosto não aparece inteiro').waitFor();
    const status = await api(server, 'GET', '/documents/status', undefined, payer.token);
    const byType = Object.fromEntries(
      (status.body.documents as { type: string; status: string }[]).map((d) => [d.type, d.status]),
    );
    expect(byType).toMatchObject({ id_front: 'approved', selfie: 'rejected', id_back: 'pending' });
    // The file is the staff route's only: without a staff session it is refused.
    expect((await fetch(`${server.url}/api/admin/kyc/${kycDocId}/file`)).status).toBe(401);
    await ctx.close();
  }, 120_000);
});
