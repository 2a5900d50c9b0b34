import http from 'node:http';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launch } from './support/browser';
import { api, type Player, randomCpf, registerPlayer } from './support/players';
import { type RunningServer, startServer } from './support/server';

// Responsible gaming as a player lives it, in Portuguese: a deposit limit set on /responsible-gambling and hit in the
// deposit modal; a time reminder set on the page and shown on schedule (the browser's clock is moved on, the figures
// are the server's); a regulated tenant's new player asked for loss and time limits before the first deposit.

const REGULATED_HOST = 'regulado.localhost';

/** A JSON call to the API as a browser on `host` makes it (the tenant is the Host header's). */
function apiAt(
  server: RunningServer,
  host: string,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const data = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: server.port,
        method,
        path: `/api${path}`,
        headers: {
          host: `${host}:${server.port}`,
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (c) => {
          text += c;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : {} }));
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

/** A player registered on the regulated tenant the way the site does it (SMS code from the dev outbox). */
async function registerRegulated(server: RunningServer): Promise<Player> {
  const local = String(Math.floor(10_000_000 + Math.random() * 89_999_999));
  const phone = `119${local}`;
  const email = `reg${local}@exemplo.com`;
  const sent = await apiAt(server, REGULATED_HOST, 'POST', '/auth/verify-code', { phone });
  if (sent.status !== 200) throw new Error(`verify-code: ${sent.status} ${JSON.stringify(sent.body)}`);
  const outbox = await apiAt(server, REGULATED_HOST, 'GET', `/dev/outbox?to=${encodeURIComponent(`+55${phone}`)}`);
  const code = (outbox.body as unknown as { code: string }[])[0]!.code;
  const reg = await apiAt(server, REGULATED_HOST, 'POST', '/auth/register', {
    name: 'João Pereira',
    username: phone,
    email,
    password: 'senha-forte-1',
    password_confirmation: 'senha-forte-1',
    birth_date: '1988-03-09',
    cpf: randomCpf(),
    code,
    terms: true,
    age_confirmed: true,
  });
  if (reg.status !== 201) throw new Error(`register: ${reg.status} ${JSON.stringify(reg.body)}`);
  return { token: reg.body.token as string, user: reg.body.user as Record<string, unknown>, phone, email };
}

describe.runIf(browserAvailable)('responsible gaming in the browser', () => {
  let server: RunningServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    server = await startServer();
    browser = await launch();
  }, 120_000);

  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => {});
    await browser?.close();
    await server?.stop();
  });

  /** A logged-in page for the player: age confirmed, the push prompt answered a moment ago (another feature's). */
  async function pageFor(player: Player | null, o: { clock?: boolean } = {}): Promise<Page> {
    const context = await browser.newContext({ locale: 'pt-BR', viewport: { width: 1280, height: 900 } });
    contexts.push(context);
    if (o.clock) await context.clock.install();
    await context.addInitScript(
      ([t, u, id]) => {
        if (t) {
          localStorage.setItem('auth', t);
          localStorage.setItem('user', u as string);
          localStorage.setItem('pushModalClosedAtUser', JSON.stringify({ [id as string]: Date.now() }));
        }
        localStorage.setItem('ageVerified', 'true');
      },
      [player?.token ?? '', JSON.stringify(player?.user ?? null), String(player?.user.id ?? '')],
    );
    const page = await context.newPage();
    await page.addLocatorHandler(page.getByRole('button', { name: 'Agora não' }), async (l) => l.click());
    return page;
  }

  /** Text of a test id with the currency's no-break spaces as plain spaces. */
  const textOf = async (page: Page, id: string) =>
    ((await page.getByTestId(id).first().textContent()) ?? '').replace(/\s/g, ' ');

  it('define um limite de depósito e o atinge no modal de depósito', async () => {
    // R$ 80,00 already deposited today.
    const player = await registerPlayer(server, { fund: 8_000 });

    const page = await pageFor(player);
    await page.goto(`http://localhost:${server.port}/responsible-gambling`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Jogo Responsável', level: 1 }).waitFor();
    await expect.poll(() => textOf(page, 'rg-limit-deposit-day')).toContain('Sem limite');
    await page.getByTestId('rg-edit-deposit-day').click();
    await page.getByTestId('rg-limit-amount').fill('100');
    await page.getByTestId('rg-limit-save').click();
    await page.getByText('Limite salvo. Já está valendo.').waitFor();
    await expect.poll(() => textOf(page, 'rg-limit-deposit-day')).toContain('R$ 80,00 de R$ 100,00');
    expect(await textOf(page, 'rg-limit-deposit-day')).toContain('Restam R$ 20,00');
    const bar = page.getByTestId('rg-limit-deposit-day').getByRole('progressbar');
    expect(await bar.getAttribute('aria-valuenow')).toBe('8000');

    // R$ 50,00 more would pass the limit: the modal says so and links to the limits.
    await page.getByTestId('open-deposit').click();
    await page.getByTestId('deposit-amount').fill('50,00');
    await page.getByTestId('generate-pix').click();
    const link = page.getByTestId('rg-limit-link');
    await link.waitFor();
    const refusal = (await page.locator('.ui-field__error').first().textContent()) ?? '';
    expect(refusal.replace(/\s/g, ' ')).toContain('limite de depósito de R$ 100,00');
    expect(await page.getByTestId('pix-code').count()).toBe(0);
    expect(await link.textContent()).toContain('Ver meus limites');

    // Within the limit the charge is made.
    await page.getByTestId('deposit-amount').fill('20,00');
    await page.getByTestId('generate-pix').click();
    await page.getByTestId('pix-code').waitFor();
  });

  it('o lembrete de tempo aparece no horário escolhido, em qualquer página, e encerra a sessão', async () => {
    const player = await registerPlayer(server, { fund: 5_000 });
    // Two dice bets of R$ 1,00 in this session.
    for (const key of ['rg-e2e-1', 'rg-e2e-2']) {
      const res = await fetch(`${server.url}/api/originals/dice/bet`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${player.token}`,
          'idempotency-key': `${key}-${player.user.id}`,
        },
        body: JSON.stringify({ amount: 100, target: 50.5, condition: 'over' }),
      });
      expect(res.status).toBe(200);
    }

    const page = await pageFor(player, { clock: true });
    await page.goto(`http://localhost:${server.port}/responsible-gambling#reminder`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Lembrete de tempo' }).waitFor();
    await page.getByText('A cada 15 min').click();
    await page.getByText('Lembrete salvo.').waitFor();
    await page.getByTestId('rg-next-reminder').waitFor();

    // Fifteen minutes on, on any page: the reminder with the session's figures.
    const scheduled = page.waitForResponse((r) => r.url().includes('/api/responsible-gaming/session'));
    await page.goto(`http://localhost:${server.port}/originals`, { waitUntil: 'networkidle' });
    await scheduled;
    // The reply is in; the page sets its timer when it has rendered it.
    await page.waitForTimeout(1_000);
    await page.clock.fastForward('15:00');
    const dialog = page.getByRole('alertdialog', { name: 'Lembrete de tempo' });
    await dialog.waitFor({ timeout: 15_000 });
    await expect.poll(() => textOf(page, 'rg-figure-wagered')).toBe('R$ 2,00');
    expect(await dialog.getByRole('button', { name: 'Continuar' }).isVisible()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Fazer uma pausa' }).isVisible()).toBe(true);

    // "Continuar": the reminder goes and comes back one interval later.
    await dialog.getByRole('button', { name: 'Continuar' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.clock.fastForward('05:00');
    expect(await dialog.count()).toBe(0);
    // The page times the reminder on the server's clock, set again by every session read: a read that the jump set
    // off and that lands later would move the timer by the jump. Let those land, then move on to the server's time.
    await page.waitForTimeout(1_000);
    const status = await api(server, 'GET', '/responsible-gaming/session', undefined, player.token);
    const nextAt = (status.body.reality_check as { next_at: string }).next_at;
    await page.clock.fastForward(Date.parse(nextAt) - Date.now() + 30_000);
    await dialog.waitFor({ timeout: 15_000 });

    // "Encerrar sessão": logged out, told so with the figures, and the token no longer works.
    await dialog.getByRole('button', { name: 'Encerrar sessão' }).click();
    const notice = page.getByTestId('rg-notice');
    await notice.waitFor();
    expect(await notice.textContent()).toContain('Você encerrou a sessão');
    await page.getByRole('button', { name: 'Entrar' }).first().waitFor();
    const me = await api(server, 'GET', '/auth/me', undefined, player.token);
    expect(me.status).toBe(401);
  });

  it('o limite de tempo de jogo encerra a sessão e o jogador é avisado', async () => {
    const player = await registerPlayer(server);
    const page = await pageFor(player);
    const watching = page.waitForResponse((r) => r.url().includes('/api/responsible-gaming/session'));
    await page.goto(`http://localhost:${server.port}/originals`, { waitUntil: 'networkidle' });
    await watching;
    // One minute a day, set now: the server's session round ends play once the minute is over.
    const set = await api(
      server,
      'POST',
      '/responsible-gaming/limits',
      { kind: 'time', period: 'day', amount: 1 },
      player.token,
    );
    expect(set.status).toBe(200);
    const notice = page.getByTestId('rg-notice');
    await notice.waitFor({ timeout: 150_000 });
    expect(await notice.textContent()).toContain('limite de tempo de jogo');
    await page.getByRole('button', { name: 'Entrar' }).first().waitFor();
    expect((await api(server, 'GET', '/auth/me', undefined, player.token)).status).toBe(401);
    const bet = await fetch(`${server.url}/api/originals/dice/bet`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${player.token}`,
        'idempotency-key': `rg-e2e-late-${player.user.id}`,
      },
      body: JSON.stringify({ amount: 100, target: 50.5, condition: 'over' }),
    });
    expect(bet.status).toBe(401);
  }, 200_000);

  it('um jogador novo do site regulado define limites de perda e de tempo antes do primeiro depósito', async () => {
    const origin = `http://${REGULATED_HOST}:${server.port}`;

    // The risk warning at login.
    const guest = await pageFor(null);
    await guest.goto(`${origin}/login`, { waitUntil: 'networkidle' });
    await guest.getByTestId('login-form').waitFor();
    await expect
      .poll(() => guest.getByTestId('rg-risk-warning').textContent())
      .toContain('Jogar pode causar dependência');

    const player = await registerRegulated(server);
    const page = await pageFor(player);
    await page.goto(`${origin}/`, { waitUntil: 'networkidle' });
    await page.getByTestId('open-deposit').click();
    const gate = page.getByTestId('rg-deposit-gate');
    await gate.waitFor();
    expect(await gate.textContent()).toContain('Antes do primeiro depósito');
    // Suggested values are filled in; the player keeps the loss limit and asks for less time.
    expect(await page.getByTestId('rg-gate-loss').inputValue()).not.toBe('');
    await page.getByTestId('rg-gate-time').fill('90');
    await page.getByTestId('rg-gate-submit').click();

    // Then the deposit form, and a charge.
    await page.getByTestId('deposit-amount').waitFor();
    await page.getByTestId('generate-pix').click();
    await page.getByTestId('pix-code').waitFor();

    const limits = await apiAt(server, REGULATED_HOST, 'GET', '/responsible-gaming/limits', undefined, player.token);
    const set = limits.body.limits as { kind: string; period: string; amount: number }[];
    expect(set.find((l) => l.kind === 'time')?.amount).toBe(90);
    expect(set.some((l) => l.kind === 'loss')).toBe(true);
    expect(limits.body.required).toEqual([]);
  });
});
