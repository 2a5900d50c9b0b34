import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launch } from './support/browser';
import { api as callApi, registerPlayer } from './support/players';
import { type RunningServer, startServer } from './support/server';

// The casino as people live it, in Portuguese. A guest searches the lobby (accent- and case-insensitive),
// filters by category and opens a game in demo. A player (registered and funded through the API, logged in by
// putting the token where session.ts reads it) favourites a game and finds it in /casino/favorites, likes it with
// rapid clicks (the final state is the last counted click's), plays one real spin in the provider stand-in, sees
// the header balance follow the game, and finds the round in the casino bet history.

const digits = (s: string) => Number(s.replace(/\D/g, ''));

describe.runIf(browserAvailable)('casino in the browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let guest: BrowserContext;
  let player: BrowserContext;
  let token: string;

  const api = (method: string, path: string, body?: unknown, auth = true) =>
    callApi(server, method, path, body, auth ? token : null);

  const card = (page: Page, title: string) => page.locator('.casino-card').filter({ hasText: title });

  /** A logged-in tab; other features' prompts (push notifications) are dismissed as a person would. */
  async function playerPage(): Promise<Page> {
    const page = await player.newPage();
    await page.addLocatorHandler(page.getByRole('dialog', { name: 'Ativar notificações' }), async (d) => {
      await d.getByRole('button', { name: 'Agora não' }).click();
    });
    return page;
  }

  beforeAll(async () => {
    server = await startServer();
    ({ token } = await registerPlayer(server, { name: 'João Cassino', emailPrefix: 'cs', fund: 20_000 }));

    browser = await launch();
    guest = await browser.newContext({ locale: 'pt-BR', viewport: { width: 1280, height: 900 } });
    player = await browser.newContext({ locale: 'pt-BR', viewport: { width: 1280, height: 900 } });
    await player.addInitScript((t) => localStorage.setItem('auth', t), token);
    // The "keep playing?" modal is covered elsewhere; here it would sit over the lobby.
    await player.addInitScript(() => sessionStorage.setItem('casino:last-game-shown', '1'));
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('a guest searches the lobby without accents, filters by category and opens a game in demo', async () => {
    const page = await guest.newPage();
    await page.goto(`${server.url}/casino/games`);
    // A guest confirms their age when the site's gate asks, then browses.
    await page.addLocatorHandler(page.getByRole('button', { name: 'Sim, tenho 18 anos ou mais' }), async (b) => {
      await b.click();
    });
    await page.getByRole('heading', { name: 'Cassino' }).waitFor();
    const search = page.getByPlaceholder('Buscar jogos ou provedores');

    // 'farao' finds 'Tesouro do Faraó'; 'TIGRE' finds 'Tigre da Fortuna' and nothing else.
    await search.fill('farao');
    await card(page, 'Tesouro do Faraó').waitFor();
    await expect.poll(() => page.locator('.casino-card').count()).toBe(1);
    await search.fill('TIGRE');
    await card(page, 'Tigre da Fortuna').waitFor();
    await expect.poll(() => page.locator('.casino-card').count()).toBe(1);
    await search.fill('nada-disso-existe');
    await page.getByText('Nenhum jogo encontrado.').waitFor();
    await search.fill('');

    // Category chip: Roleta keeps the roulette only.
    await page.getByRole('button', { name: 'Roleta', exact: true }).click();
    await page.waitForURL(/\/casino\/category\/roulette/);
    await card(page, 'Roleta Europeia').waitFor();
    await expect.poll(() => card(page, 'Tigre da Fortuna').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Roleta', exact: true }).getAttribute('aria-pressed')).toBe('true');

    // The game page: RTP shown; a guest is offered login for real money and may play the demo.
    await card(page, 'Roleta Europeia').locator('.casino-card__title').click();
    await page.waitForURL(/\/casino\/mesa-viva\/roleta-europeia$/);
    await page.getByRole('heading', { name: 'Roleta Europeia' }).waitFor();
    await page.getByText('RTP teórico').waitFor();
    await page.getByRole('button', { name: 'Entre para jogar' }).waitFor();
    await page.getByRole('button', { name: 'Modo demo' }).click();
    await page.getByText('Você está jogando com créditos fictícios.').waitFor();
    const frame = page.frameLocator('iframe.casino-game__frame');
    await expect.poll(async () => (await frame.locator('#bal').innerText()).trim()).toMatch(/\d/);
    await page.close();
  }, 90_000);

  it('a player favourites a game, sees it in favourites, and likes it with rapid clicks', async () => {
    const page = await playerPage();
    await page.goto(`${server.url}/casino/games`);
    await page.getByPlaceholder('Buscar jogos ou provedores').fill('tigre');
    const tigre = card(page, 'Tigre da Fortuna');
    await tigre.waitFor();
    await expect.poll(() => page.locator('.casino-card').count()).toBe(1);
    await tigre.getByRole('button', { name: 'Adicionar aos favoritos' }).click();
    await expect.poll(() => tigre.getByRole('button', { name: 'Remover dos favoritos' }).count()).toBe(1);

    await page.goto(`${server.url}/casino/favorites`);
    await page.getByRole('heading', { name: 'Favoritos' }).waitFor();
    await card(page, 'Tigre da Fortuna').waitFor();
    await expect.poll(() => page.locator('.casino-card').count()).toBe(1);

    // Rapid likes, timed inside the page: clicks 250 ms apart count, the one 50 ms after another is ignored.
    // Counted: like, unlike, like, (ignored), unlike, like -> liked.
    const like = card(page, 'Tigre da Fortuna').getByTestId('like');
    await page.evaluate(async () => {
      const b = document.querySelector<HTMLButtonElement>('.casino-card [data-testid="like"]')!;
      const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
      for (const gap of [250, 250, 50, 250, 250]) {
        b.click();
        await wait(gap);
      }
      b.click();
    });
    expect(await like.getAttribute('aria-pressed')).toBe('true');
    const games = (await api('GET', '/casinos/games?searchTerm=tigre')).body.data as { id: number }[];
    const id = games[0]!.id;
    await expect.poll(async () => (await api('GET', '/games/likes')).body.user_likes).toEqual([id]);
    await expect.poll(async () => like.getAttribute('class')).not.toContain('is-pending');
    expect(((await api('GET', '/auth/me')).body.user as { user_likes: number[] }).user_likes).toEqual([id]);

    // After a reload the heart comes from the player's user_likes.
    await page.reload();
    await card(page, 'Tigre da Fortuna').waitFor();
    await expect
      .poll(() => card(page, 'Tigre da Fortuna').getByTestId('like').getAttribute('aria-pressed'))
      .toBe('true');

    // Rapid again: one counted click (unlike), then two clicks < 200 ms after it, ignored -> unliked.
    await page.evaluate(async () => {
      const b = document.querySelector<HTMLButtonElement>('.casino-card [data-testid="like"]')!;
      const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
      b.click();
      await wait(60);
      b.click();
      await wait(60);
      b.click();
    });
    await expect.poll(async () => (await api('GET', '/games/likes')).body.user_likes).toEqual([]);
    expect(await card(page, 'Tigre da Fortuna').getByTestId('like').getAttribute('aria-pressed')).toBe('false');
    await page.close();
  }, 90_000);

  it('a funded player plays a real spin: the balance follows and the round is in the bet history', async () => {
    const page = await playerPage();
    await page.goto(`${server.url}/casino/aurora/tigre-da-fortuna`);
    await page.getByRole('heading', { name: 'Tigre da Fortuna' }).waitFor();
    const header = page.getByTestId('header-balance');
    await expect.poll(async () => digits(await header.innerText())).toBe(20_000);

    await page.getByRole('button', { name: 'Jogar', exact: true }).click();
    const frame = page.frameLocator('iframe.casino-game__frame');
    await expect.poll(async () => digits(await frame.locator('#bal').innerText())).toBe(20_000);
    expect(await page.getByText('Você está jogando com créditos fictícios.').count()).toBe(0);
    const stake = Number(await frame.locator('#bet').inputValue());
    expect(stake).toBeGreaterThan(0);
    await frame.locator('#go').click();
    await expect.poll(async () => (await frame.locator('#msg').innerText()).trim()).not.toBe('');
    const after = digits(await frame.locator('#bal').innerText());
    // The game's balance is the wallet's: the header follows it.
    await expect.poll(async () => digits(await header.innerText())).toBe(after);
    const wallet = (await api('GET', '/wallet/bets')).body.data as {
      bet: number;
      win: number;
      multiplier: number;
      status: string;
    }[];
    expect(wallet).toHaveLength(1);
    expect(wallet[0]).toMatchObject({ bet: stake, status: 'closed' });
    expect(after).toBe(20_000 - stake + wallet[0]!.win);

    // The casino bet history (inside the account pages) lists the round.
    await page.goto(`${server.url}/user/edit/history-casino`);
    await page.getByRole('heading', { name: 'Histórico de apostas do cassino' }).waitFor();
    const row = page.locator('.casino-bet').first();
    await row.getByText('Tigre da Fortuna').waitFor();
    // Won, even or lost, and the multiplier, as the page's language writes it.
    const { win, multiplier } = wallet[0]!;
    const outcome = win > stake ? 'Ganhou' : win === stake ? 'Empatou' : 'Perdeu';
    const times = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 4 }).format(
      multiplier,
    );
    expect(await row.innerText()).toContain(outcome);
    expect(await row.innerText()).toContain(`${times}x`);
    expect(await row.innerText()).not.toContain('Concluída');
    expect(digits(await row.locator('dd').first().innerText())).toBe(stake);

    // The launch is in the player's recent games.
    await page.goto(`${server.url}/casino/recent`);
    await card(page, 'Tigre da Fortuna').waitFor();
    await page.close();
  }, 90_000);
});
