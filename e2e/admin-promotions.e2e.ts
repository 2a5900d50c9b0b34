import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launch } from './support/browser';
import { api, registerPlayer } from './support/players';
import { type RunningServer, startServer } from './support/server';
import { signedInStaff } from './support/staff';

// The console's promotions as marketing runs them: a new no-deposit offer made in the form (a missing amount is
// caught before sending), a coupon for it, a player redeeming the coupon on the site's API and the console counting
// the use against the offer's budget; missions, VIP levels and cashback; finance on the referrals and CPA screen.
// Screenshots of each screen go to SHOTS (pt-BR on a laptop, en on a tablet) for a person to look at.

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots/promotions';

describe.runIf(browserAvailable)('back office promotions', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launch();
    fs.mkdirSync(SHOTS, { recursive: true });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const signedIn = (role: string, locale: 'pt-BR' | 'en', width: number, height: number) =>
    signedInStaff(server, browser, role, locale, width, height);
  const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  async function open(page: Page, path: string, name: string) {
    await page.goto(`${server.url}/admin${path}`, { waitUntil: 'networkidle' });
    // Generous waits: the suite shares two cores with the server it drives.
    await page.locator('.ant-table').first().waitFor({ timeout: 60_000 });
    await page.locator('.ant-table-placeholder, tr.ant-table-row').first().waitFor({ timeout: 60_000 });
    await shot(page, name);
  }

  it('marketing: an offer from the form, a coupon for it, and the coupon’s use as a player redeems it', async () => {
    const page = await signedIn('marketing', 'pt-BR', 1366, 768);
    await open(page, '/promotions/offers', 'offers-pt-BR-1366');
    await page.getByRole('button', { name: 'Nova oferta' }).click();
    const drawer = page.locator('.ant-drawer-content');
    // The select's visible box, not its hidden input: the click then waits for the drawer to finish sliding in.
    await drawer
      .locator('.ant-form-item', { has: page.getByLabel('Tipo') })
      .locator('.ant-select-selector')
      .click();
    await page.locator('.ant-select-item-option', { hasText: 'Sem depósito' }).click();
    await drawer.getByLabel('Nome (português)').fill('Presente de Natal');
    await drawer.getByLabel('Nome (inglês)').fill('Christmas gift');
    await drawer.getByLabel('Orçamento em reais').fill('500');
    // Without the bonus amount the form says so and sends nothing.
    await page.getByRole('button', { name: 'Criar' }).click();
    await expect.poll(() => drawer.locator('.ant-form-item-explain-error').allInnerTexts()).toContain('Obrigatório.');
    await shot(page, 'offer-form-refused-pt-BR-1366');
    await drawer.getByLabel('Valor do bônus').fill('12,5');
    await page.getByRole('button', { name: 'Criar' }).click();
    const row = page.locator('tr.ant-table-row', { hasText: 'Presente de Natal' });
    await row.waitFor();
    expect(await row.innerText()).toMatch(/R\$\s12,50; rollover 30x bônus; 30 dias/);
    await shot(page, 'offer-created-pt-BR-1366');

    await open(page, '/promotions/coupons', 'coupons-pt-BR-1366');
    await page.getByRole('button', { name: 'Novo cupom' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Código').fill('natal26');
    await dialog
      .locator('.ant-form-item', { has: page.getByLabel('Oferta') })
      .locator('.ant-select-selector')
      .click();
    await page.locator('.ant-select-item-option', { hasText: 'Presente de Natal' }).click();
    await dialog.getByLabel('Limite de usos').fill('50');
    await dialog.getByRole('button', { name: 'Criar' }).click();
    const coupon = page.locator('tr.ant-table-row', { hasText: 'NATAL26' });
    await coupon.waitFor();
    expect(await coupon.innerText()).toContain('0 / 50');

    const player = await registerPlayer(server);
    const redeemed = await api(server, 'POST', '/bonuses/redeem', { coupon: 'natal26' }, player.token);
    expect(redeemed.status, JSON.stringify(redeemed.body)).toBe(200);
    await page.getByRole('button', { name: 'Atualizar' }).click();
    await expect.poll(() => coupon.innerText()).toContain('1 / 50');
    // Intl writes a no-break space after R$.
    expect(await coupon.innerText()).toMatch(/R\$\s12,50 \/ R\$\s500,00/);
    await shot(page, 'coupon-used-pt-BR-1366');

    for (const [path, name] of [
      ['/promotions/cashback', 'cashback'],
      ['/promotions/missions', 'missions'],
      ['/promotions/vip', 'vip'],
    ] as const)
      await open(page, path, `${name}-pt-BR-1366`);
    expect(await page.locator('tr.ant-table-row').count()).toBeGreaterThan(1);

    // The date pickers speak Portuguese too (Ant Design's own texts follow the console's language).
    await open(page, '/promotions/cashback', 'cashback-pt-BR-1366');
    await page.getByPlaceholder('Selecionar data').click();
    await page.locator('.ant-picker-dropdown').getByText('Hoje').waitFor();
    await shot(page, 'cashback-picker-pt-BR-1366');
    await page.context().close();
  }, 300_000);

  it('marketing in English on a tablet: every promotions screen fits its width', async () => {
    const page = await signedIn('marketing', 'en', 768, 1024);
    for (const [path, name, heading] of [
      ['/promotions/offers', 'offers', 'Bonus offers'],
      ['/promotions/coupons', 'coupons', 'Coupons'],
      ['/promotions/cashback', 'cashback', 'Cashback'],
      ['/promotions/missions', 'missions', 'Missions'],
      ['/promotions/vip', 'vip', 'VIP levels'],
      ['/promotions/affiliates', 'affiliates', 'Referrals & CPA'],
    ] as const) {
      await open(page, path, `${name}-en-768`);
      await expect.poll(() => page.locator('.ant-page-header-heading-title').innerText()).toBe(heading);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(1);
    }
    await page.context().close();
  }, 300_000);

  it('finance sees the referrals and CPAs but none of marketing’s screens', async () => {
    const page = await signedIn('finance', 'pt-BR', 1366, 768);
    await open(page, '/promotions/affiliates', 'affiliates-pt-BR-1366');
    await page.getByText('CPAs em análise').waitFor();
    const menu = await page.locator('.ant-layout-sider').innerText();
    expect(menu).toContain('Indicações');
    expect(menu).not.toContain('Ofertas');
    expect(menu).not.toContain('Cupons');
    // The dashboard's "affiliate payouts" queue opens the list filtered to the CPAs in review.
    await page.goto(`${server.url}/admin/promotions/affiliates?status=review`, { waitUntil: 'networkidle' });
    await expect.poll(() => page.locator('.ant-select-selection-item').first().innerText()).toBe('Em análise');
    await page.context().close();
  }, 120_000);
});
