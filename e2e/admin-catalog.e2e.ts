import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launch } from './support/browser';
import { registerPlayer } from './support/players';
import { type RunningServer, startServer } from './support/server';
import { signedInStaff } from './support/staff';

// The console's catalog as marketing and a trader use it: games with filters, providers, a box draft refused with
// the boxes module's own words then a valid one with its RTP; the sportsbook's events and an event with a player's
// open bet in its liability, suspended and resumed. Screenshots of each screen go to SHOTS (pt-BR and en, desktop
// and tablet) for a person to look at.

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots/catalog';

describe.runIf(browserAvailable)('back office catalog', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    // Under test the demo's book is off until the operator turns it on, as for any tenant.
    const on = server.ops('tenant:set', '--host', 'localhost', 'hasSports=true');
    if (on.code !== 0) throw new Error(on.out);
    browser = await launch();
    fs.mkdirSync(SHOTS, { recursive: true });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const signedIn = (role: string, locale: 'pt-BR' | 'en', width: number, height: number) =>
    signedInStaff(server, browser, role, locale, width, height);
  async function rows(page: Page, name: string) {
    try {
      await page.locator('tr.ant-table-row').first().waitFor({ timeout: 15_000 });
    } catch (err) {
      await shot(page, `failed-${name}`);
      throw err;
    }
  }
  const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

  it('marketing: games, providers and a box draft checked before saving', async () => {
    for (const [locale, w, h] of [
      ['pt-BR', 1366, 768],
      ['en', 768, 1024],
    ] as const) {
      const page = await signedIn('marketing', locale, w, h);
      await page.goto(`${server.url}/admin/catalog/games`, { waitUntil: 'networkidle' });
      await rows(page, `games-${locale}-${w}`);
      await shot(page, `games-${locale}-${w}`);
      await page.goto(`${server.url}/admin/catalog/providers`, { waitUntil: 'networkidle' });
      await rows(page, `providers-${locale}-${w}`);
      await shot(page, `providers-${locale}-${w}`);
      await page.goto(`${server.url}/admin/catalog/boxes`, { waitUntil: 'networkidle' });
      await rows(page, `boxes-${locale}-${w}`);
      await shot(page, `boxes-${locale}-${w}`);
      await page.locator('tr.ant-table-row').first().locator('button').first().click();
      await page.locator('.ant-card').first().waitFor();
      await shot(page, `box-detail-${locale}-${w}`);
      await page.getByRole('button', { name: locale === 'en' ? 'New draft' : 'Novo rascunho' }).click();
      const spec = page.getByRole('dialog').locator('textarea');
      const bad = JSON.parse(await spec.inputValue());
      bad.prizes[3].value = 100_000;
      await spec.fill(JSON.stringify(bad, null, 2));
      await page.getByRole('button', { name: locale === 'en' ? 'Check' : 'Conferir' }).click();
      await page.getByRole('dialog').locator('.ant-alert-error').waitFor();
      expect(await page.getByRole('dialog').locator('.ant-alert-error').innerText()).toContain(
        locale === 'en' ? 'outside 50%-99%' : 'fora de 50%-99%',
      );
      await shot(page, `box-draft-refused-${locale}-${w}`);
      bad.prizes[3].value = 10_000;
      await spec.fill(JSON.stringify(bad, null, 2));
      await page.getByRole('button', { name: locale === 'en' ? 'Check' : 'Conferir' }).click();
      await page.getByRole('dialog').locator('.ant-alert-success').waitFor();
      await shot(page, `box-draft-valid-${locale}-${w}`);
      await page.context().close();
    }
  }, 180_000);

  it('admin: Sorte Originals with their limits', async () => {
    for (const [locale, w, h] of [
      ['pt-BR', 1366, 768],
      ['en', 768, 1024],
    ] as const) {
      const page = await signedIn('admin', locale, w, h);
      await page.goto(`${server.url}/admin/catalog/originals`, { waitUntil: 'networkidle' });
      await rows(page, `originals-${locale}-${w}`);
      await shot(page, `originals-${locale}-${w}`);
      await page.context().close();
    }
  }, 120_000);

  it('trader: events, an event with a player’s open bet, suspended and resumed', async () => {
    const page = await signedIn('trader', 'pt-BR', 1366, 768);
    // The feed fills the book a few seconds after the sportsbook is turned on.
    await expect
      .poll(
        async () =>
          (await (await page.request.get(`${server.url}/api/admin/catalog/events?limit=1`)).json()).data.length,
        {
          timeout: 90_000,
          interval: 2_000,
        },
      )
      .toBeGreaterThan(0);
    await page.goto(`${server.url}/admin/catalog/sportsbook`, { waitUntil: 'networkidle' });
    await rows(page, 'events-pt-BR-1366');
    await shot(page, 'events-pt-BR-1366');
    await page.getByText('Limites e margens').click();
    await page.getByRole('button', { name: 'Salvar limites' }).waitFor();
    await page.waitForTimeout(600);
    await shot(page, 'limits-pt-BR-1366');
    // A not-started event with an open 1x2 market and a priced outcome to bet on.
    const events = await (
      await page.request.get(`${server.url}/api/admin/catalog/events?status=not_started&limit=20`)
    ).json();
    let ev: { id: number } | undefined;
    let o: { id: number; odds: number } | undefined;
    for (const e of events.data) {
      const d = await (await page.request.get(`${server.url}/api/admin/catalog/events/${e.id}`)).json();
      const m = d.markets.find((x: { kind: string; status: string }) => x.kind === '1x2' && x.status === 'active');
      const pick = m?.outcomes.find(
        (x: { odds: number | null; active: boolean }) => x.active && (x.odds ?? 0) >= 10_100,
      );
      if (pick) {
        ev = e;
        o = pick;
        break;
      }
    }
    if (!ev || !o) throw new Error('no priced pre-match outcome to bet on');
    const player = await registerPlayer(server, { name: 'Rita Lima', emailPrefix: 'aposta', fund: 20_000 });
    const bet = await fetch(`${server.url}/api/sports/bets`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${player.token}`,
        'idempotency-key': `catalog-e2e-${Date.now()}`,
      },
      body: JSON.stringify({ selections: [{ outcome_id: o.id, odds: o.odds }], stake: 2_500 }),
    });
    expect(bet.status, await bet.clone().text()).toBeLessThan(300);

    await page.goto(`${server.url}/admin/catalog/sportsbook/${ev.id}`, { waitUntil: 'networkidle' });
    await page.getByText('R$ 25,00').first().waitFor();
    await shot(page, 'event-pt-BR-1366');
    await page.getByRole('button', { name: 'Suspender mercados' }).click();
    await page.getByRole('button', { name: 'Retomar mercados' }).waitFor();
    await shot(page, 'event-held-pt-BR-1366');
    await page.getByRole('button', { name: 'Retomar mercados' }).click();
    await page.getByRole('button', { name: 'Suspender mercados' }).waitFor();

    const en = await signedIn('trader', 'en', 768, 1024);
    await en.goto(`${server.url}/admin/catalog/sportsbook`, { waitUntil: 'networkidle' });
    await rows(en, 'events-en-768');
    await shot(en, 'events-en-768');
    await en.getByText('Limits and margins').click();
    await en.getByRole('button', { name: 'Save limits' }).waitFor();
    // The panel opens with an animation.
    await en.waitForTimeout(600);
    await shot(en, 'limits-en-768');
    await en.goto(`${server.url}/admin/catalog/sportsbook/${ev.id}`, { waitUntil: 'networkidle' });
    await en
      .getByText(/R\$\s?25\.00/)
      .first()
      .waitFor();
    await shot(en, 'event-en-768');

    // A price taken in a window the trader cancels (a goal reported late): the single's leg is voided and its stake
    // goes back to the player.
    const balance = async () =>
      (
        (await (
          await fetch(`${server.url}/api/auth/me`, { headers: { authorization: `Bearer ${player.token}` } })
        ).json()) as { user: { wallet: { balance: number } } }
      ).user.wallet.balance;
    const before = await balance();
    const fmt = (d: Date) => {
      const p = (n: number) => String(n).padStart(2, '0');
      return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
    };
    await page.getByRole('combobox', { name: 'Ação' }).click({ force: true });
    await page.locator('.ant-select-item-option', { hasText: 'Anular um intervalo' }).click();
    const range = page.locator('.ant-picker-range');
    await range.locator('input').nth(0).click();
    await range
      .locator('input')
      .nth(0)
      .fill(fmt(new Date(Date.now() - 10 * 60_000)));
    await page.keyboard.press('Enter');
    await range
      .locator('input')
      .nth(1)
      .fill(fmt(new Date(Date.now() + 60_000)));
    await page.keyboard.press('Enter');
    await page.getByLabel('Motivo').fill('Gol informado com atraso');
    await page.getByRole('button', { name: 'Anular um intervalo' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirmar' }).click();
    await page.getByText(/seleção\(ões\) do intervalo anulada/).waitFor();
    await shot(page, 'event-window-voided-pt-BR-1366');
    await expect.poll(balance).toBe(before + 2_500);
  }, 240_000);
});
