import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launch } from './support/browser';
import { type Cluster, clusterUnavailable, startCluster } from './support/cluster';
import { api, type Player, registerPlayer } from './support/players';
import type { RunningServer } from './support/server';

// Two server nodes on one PostgreSQL schema and one Redis, each serving the built site, as behind a load balancer.
// The PSP posts its webhooks to node A (PIX_WEBHOOK_URL, as it would to the balancer's address), so a payment made
// on node A's /dev/pix is confirmed and credited by node A; the player's browser is connected to node B only.

const unavailable = browserAvailable ? await clusterUnavailable() : 'no Chromium';
if (unavailable) console.warn(`[scale-out.e2e] SKIPPED: ${unavailable}`);

describe.skipIf(Boolean(unavailable))('two nodes on PostgreSQL + Redis', () => {
  let cluster: Cluster;
  let nodeA: RunningServer;
  let nodeB: RunningServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    cluster = await startCluster({
      count: 2,
      env: (urls) => ({ PIX_WEBHOOK_URL: urls[0]!, WALLET_JOBS: 'false', ORIGINALS_ENGINES: 'off' }),
    });
    [nodeA, nodeB] = cluster.nodes as [RunningServer, RunningServer];
    browser = await launch();
  });

  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
    await cluster?.stop();
  });

  /** The player's site on node B, signed in, resolved once its private channel is subscribed there. */
  async function openOnB(player: Player): Promise<Page> {
    const context = await browser.newContext({ locale: 'pt-BR', viewport: { width: 1280, height: 800 } });
    contexts.push(context);
    await context.addInitScript(
      ([token, user]) => {
        localStorage.setItem('auth', token as string);
        localStorage.setItem('user', user as string);
        localStorage.setItem('ageVerified', 'true');
      },
      [player.token, JSON.stringify(player.user)],
    );
    const page = await context.newPage();
    // The push prompt (its own feature) opens soon after the realtime mount: the player answers "Agora não".
    await page.addLocatorHandler(page.getByRole('button', { name: 'Agora não' }), async (l) =>
      l.dispatchEvent('click'),
    );
    const channel = `private-user.${player.user.id}`;
    const subscribed = new Promise<void>((resolve) => {
      page.on('websocket', (ws) => {
        if (!ws.url().startsWith(nodeB.url.replace(/^http/, 'ws'))) return;
        ws.on('framereceived', ({ payload }) => {
          const text = String(payload);
          if (text.includes('subscription_succeeded') && text.includes(channel)) resolve();
        });
      });
    });
    await page.goto(`${nodeB.url}/`);
    await page.getByTestId('header-balance').waitFor();
    await Promise.race([
      subscribed,
      new Promise((_, reject) => setTimeout(() => reject(new Error(`${channel} not subscribed on B`)), 20_000)),
    ]);
    return page;
  }

  /** What the payer's bank does, through node A's /dev/pix page: the "Pagar" button of this charge's row. */
  async function payOnA(txid: string) {
    const context = await browser.newContext({ locale: 'pt-BR' });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(`${nodeA.url}/dev/pix`);
    await page.locator('tr', { hasText: txid }).getByRole('button', { name: 'Pagar', exact: true }).click();
    await page.getByText(/Pago \(endToEndId E/).waitFor({ timeout: 15_000 });
    await context.close();
  }

  it('a deposit paid and credited on node A shows live on node B, with its notification as a toast', async () => {
    const player = await registerPlayer(nodeA, { name: 'Joana Prado' });
    const page = await openOnB(player);

    // The charge is created through node A; node B has never seen it.
    const charge = await api(nodeA, 'POST', '/main-gateway/qrcode-pix', { amount: 2_500 }, player.token);
    expect(charge.status, JSON.stringify(charge.body)).toBe(200);
    await payOnA(String(charge.body.txid));

    // PaymentApproved and BalanceUpdated reach the browser on B through Redis; the notifications consumer (one
    // node handles each event) raises "Depósito aprovado", shown as the toast and in the list.
    await expect.poll(() => page.getByTestId('header-balance').innerText(), { timeout: 15_000 }).toContain('25,00');
    await page.getByText('Nova notificação').waitFor({ timeout: 15_000 });
    await expect.poll(() => page.getByText('Depósito aprovado').count(), { timeout: 15_000 }).toBeGreaterThan(0);

    // Credited once, whichever node is asked.
    for (const node of [nodeA, nodeB]) {
      const wallet = await api(node, 'GET', '/profile/wallet', undefined, player.token);
      expect(wallet.body.balance).toBe(2_500);
    }
    const list = await api(nodeB, 'GET', '/notifications', undefined, player.token);
    expect(JSON.stringify(list.body).match(/Depósito aprovado/g)).toHaveLength(1);
  });

  it('a charge created in the deposit modal on node B is paid on node A’s /dev/pix, and the modal sees it', async () => {
    const player = await registerPlayer(nodeB, { name: 'Rafael Nunes' });
    const page = await openOnB(player);

    await page.getByTestId('open-deposit').click();
    await page.getByTestId('generate-pix').waitFor();
    const created = page.waitForResponse((r) => r.url().includes('/main-gateway/qrcode-pix'));
    await page.getByTestId('generate-pix').click();
    const { txid, amount } = (await (await created).json()) as { txid: string; amount: number };
    await page.getByTestId('pix-code').waitFor();

    // The sandbox PSP behind node A knows the charge node B created: they are one PSP.
    await payOnA(txid);
    await page.getByTestId('deposit-paid').waitFor({ timeout: 15_000 });
    const reais = (amount / 100).toFixed(2).replace('.', ',');
    await expect.poll(() => page.getByTestId('header-balance').innerText(), { timeout: 15_000 }).toContain(reais);
    const wallet = await api(nodeA, 'GET', '/profile/wallet', undefined, player.token);
    expect(wallet.body.balance).toBe(amount);
  });
});
