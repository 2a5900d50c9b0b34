import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launch } from './support/browser';
import { type RunningServer, startServer } from './support/server';

// Crash and Double (issue 7) as a player lives them, in Portuguese, on the rounds the real server's engines run:
// a Crash bet cashed out by hand on the live curve, a Double bet on red settled by the roll, and a past round
// verified in the browser against the published chain.

function randomCpf(): string {
  const d = Array.from({ length: 9 }, () => Math.floor(Math.random() * 10));
  if (d.every((x) => x === d[0])) d[0] = (d[0]! + 1) % 10;
  for (const len of [9, 10]) {
    let sum = 0;
    for (let i = 0; i < len; i++) sum += d[i]! * (len + 1 - i);
    const r = (sum * 10) % 11;
    d.push(r === 10 ? 0 : r);
  }
  return d.join('');
}

describe.runIf(browserAvailable)('crash and double in the browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let token: string;

  async function api(method: string, path: string, body?: unknown, auth = true) {
    const res = await fetch(`${server.url}/api${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(auth && token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, unknown> };
  }

  beforeAll(async () => {
    server = await startServer();
    const local = String(Math.floor(10_000_000 + Math.random() * 89_999_999));
    const phone = `119${local}`;
    expect((await api('POST', '/auth/verify-code', { phone }, false)).status).toBe(200);
    const outbox = (await (
      await fetch(`${server.url}/api/dev/outbox?to=${encodeURIComponent(`+55${phone}`)}`)
    ).json()) as { code: string }[];
    const reg = await api(
      'POST',
      '/auth/register',
      {
        name: 'Maria da Silva',
        username: phone,
        email: `mp${local}@ex.com`,
        password: 'senha-forte-1',
        password_confirmation: 'senha-forte-1',
        birth_date: '1990-05-17',
        cpf: randomCpf(),
        code: outbox[0]!.code,
        terms: true,
        age_confirmed: true,
      },
      false,
    );
    expect(reg.status).toBe(201);
    token = reg.body.token as string;
    const charge = await api('POST', '/main-gateway/qrcode-pix', { amount: 20_000 });
    expect((await api('POST', `/dev/pix/${charge.body.txid}/pay`, {})).status).toBe(200);

    browser = await launch();
    const context = await browser.newContext({ locale: 'pt-BR', viewport: { width: 1280, height: 900 } });
    await context.addInitScript((t) => localStorage.setItem('auth', t), token);
    page = await context.newPage();
    // Overlays of the shell (age gate, notification prompt) are answered whenever they show up.
    await page.addLocatorHandler(page.getByText('Sim, tenho 18 anos ou mais'), async (l) => l.click());
    await page.addLocatorHandler(page.getByRole('button', { name: 'Agora não' }), async (l) => l.click());
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('bets in a Crash round and cashes out on the live curve; the round verifies on the chain', async () => {
    await page.goto(`${server.url}/originals/crash`);
    await page.getByText('Regras e tabela de pagamentos').waitFor();
    await page.getByText(/Probabilidade de chegar a m: 99% \/ m/).waitFor();
    // A round may crash before we cash out (about 10% below 1.10x): try a few rounds.
    let cashed = false;
    for (let attempt = 0; attempt < 4 && !cashed; attempt++) {
      // The next betting window: after the running round (a 100x round runs 77 s) and a 3 s pause.
      await page.getByTestId('crash-bet').click({ timeout: 150_000 });
      await page
        .getByText(/Aposta feita/)
        .first()
        .waitFor();
      const cashout = page.getByTestId('crash-cashout');
      const crashed = page.getByText(/Explodiu em/);
      await Promise.race([cashout.waitFor({ timeout: 30_000 }), crashed.waitFor({ timeout: 30_000 })]);
      if (await cashout.isVisible()) {
        await cashout.click().catch(() => {});
        cashed = await page
          .getByText(/Você sacou em/)
          .first()
          .waitFor({ timeout: 5_000 })
          .then(
            () => true,
            () => false,
          );
      }
      if (!cashed) await page.getByText(/Explodiu em/).waitFor({ timeout: 120_000 });
    }
    expect(cashed).toBe(true);
    const mine = (await api('GET', '/originals/crash/bets')).body.data as { status: string; cashout: number }[];
    expect(mine.some((b) => b.status === 'won' && b.cashout >= 1)).toBe(true);

    // The fairness tab: the chain's commitment and a past round recomputed in the browser.
    await page.getByText(/Explodiu em/).waitFor({ timeout: 120_000 });
    await page.getByRole('tab', { name: 'Jogo justo' }).click();
    expect((await page.getByTestId('mp-terminating').innerText()).trim()).toMatch(/^[0-9a-f]{64}$/);
    await page.getByTestId('mp-verify-round').first().click();
    expect(await page.getByTestId('mp-verify-result').first().innerText()).toMatch(/hash confere com a cadeia/);
  }, 600_000);

  it('bets on red in Double and sees the roll settle it', async () => {
    await page.goto(`${server.url}/originals/double`);
    const red = page.getByTestId('double-bet-red');
    await expect.poll(() => red.isEnabled(), { timeout: 40_000 }).toBe(true);
    await red.click();
    await page
      .getByText(/Aposta no Vermelho/)
      .first()
      .waitFor();
    await page.getByText(/Saiu \d+ — /).waitFor({ timeout: 40_000 });
    const mine = (await api('GET', '/originals/double/bets')).body.data as { status: string; color: string }[];
    expect(mine[0]).toMatchObject({ color: 'red' });
    expect(['won', 'lost']).toContain(mine[0]!.status);
  }, 120_000);
});
