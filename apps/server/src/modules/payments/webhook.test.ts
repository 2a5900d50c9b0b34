import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { client, registerPlayer } from '../../test/accounts';
import { testApp, testConfig, testDb } from '../../test/helpers';
import { runtimeFor } from './runtime';
import { resolveWebhookSecret } from './webhook-secret';

const PG = Boolean(process.env.TEST_DATABASE_URL);

let app: FastifyInstance;
const rt = () => runtimeFor(app.db)!;

beforeAll(async () => {
  // Not listening: the sandbox PSP has no webhook URL, so every webhook here is one the test sends itself.
  app = await testApp({ tenantCacheTtlMs: 0, tenantNegativeCacheTtlMs: 0 });
});
afterAll(() => app.close());

async function openCharge(amount: number) {
  const p = await registerPlayer(app);
  const c = client(app, { token: p.token });
  const res = await c.post('/api/main-gateway/qrcode-pix', { amount });
  expect(res.statusCode, res.body).toBe(200);
  return { c, cpf: p.cpf, txid: res.json().txid as string };
}

/** What the payer's bank does: pays the charge at the PSP (which would then post its webhook). */
async function payAtPsp(txid: string, cpf: string) {
  const res = await fetch(`${rt().sandbox!.url}/sandbox/cob/${txid}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ cpf, nome: 'Maria da Silva' }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { endToEndId: string }).endToEndId;
}

const webhook = (txid: string, endToEndId: string, secret = rt().webhookSecret) =>
  app.inject({
    method: 'POST',
    url: `/api/pix/webhook/${secret}/pix`,
    payload: { pix: [{ endToEndId, txid, valor: '50.00', horario: new Date().toISOString() }] },
  });

const balanceOf = async (c: { get(url: string): Promise<{ json(): { balance: number } }> }) =>
  (await c.get('/api/profile/wallet')).json().balance;

describe(`PSP webhook (${PG ? 'postgres' : 'pglite'})`, () => {
  it('answers a storm of 50 webhooks for one paid charge with one PSP lookup and one credit', async () => {
    const { c, cpf, txid } = await openCharge(5_000);
    const e2e = await payAtPsp(txid, cpf);
    const before = await rt().sandbox!.lookups(txid);

    const replies = await Promise.all(Array.from({ length: 50 }, () => webhook(txid, e2e)));
    for (const r of replies) expect(r.statusCode, r.body).toBe(200);

    expect((await rt().sandbox!.lookups(txid)) - before).toBe(1);
    expect(await balanceOf(c)).toBe(5_000);
    const { rows } = await app.db.query<{ n: number }>(
      'select count(*)::int as n from ledger_transactions where idempotency_key = $1',
      [`pix:e2e:${e2e}`],
    );
    expect(rows[0]!.n).toBe(1);

    // The PSP retrying later: the charge is settled, so nobody asks the PSP again.
    expect((await webhook(txid, e2e)).statusCode).toBe(200);
    expect((await rt().sandbox!.lookups(txid)) - before).toBe(1);
    expect(await balanceOf(c)).toBe(5_000);
  });

  it('does not let a webhook ride on a lookup that started before the payment', async () => {
    const { c, cpf, txid } = await openCharge(5_000);
    // Hold the PSP's answers until the test lets them go, to order the calls.
    const psp = rt().pix.psp;
    const getCharge = psp.getCharge.bind(psp);
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    psp.getCharge = async (t) => {
      const charge = await getCharge(t);
      await gate;
      return charge;
    };
    try {
      // The player's status poll reads the charge while it is still unpaid...
      const poll = c.post('/api/main-gateway/consult-status-transaction', { txid });
      await new Promise((r) => setTimeout(r, 200));
      // ...then the payment lands and its webhook arrives while that read is still out.
      const e2e = await payAtPsp(txid, cpf);
      const hook = webhook(txid, e2e);
      await new Promise((r) => setTimeout(r, 50));
      release();
      expect((await poll).statusCode).toBe(200);
      expect((await hook).statusCode).toBe(200);
    } finally {
      psp.getCharge = getCharge;
    }
    expect(await balanceOf(c)).toBe(5_000);
    expect(await rt().sandbox!.lookups(txid)).toBe(2);
  });

  it('takes a random secret of its own database, kept across restarts, and refuses the old fixed one', async () => {
    const secret = rt().webhookSecret;
    expect(secret).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(secret).not.toBe('sandbox-webhook');
    const { txid } = await openCharge(5_000);
    const stale = await webhook(txid, 'E00000000202611231200abcdef123456', 'sandbox-webhook');
    expect(stale.statusCode).toBe(401);

    // A restart on the same database keeps it (the URL registered at the PSP stays valid)...
    const db = await testDb();
    try {
      const first = await buildApp(testConfig(), { db });
      const mine = runtimeFor(db)!.webhookSecret;
      await first.close();
      const second = await buildApp(testConfig(), { db });
      expect(runtimeFor(db)!.webhookSecret).toBe(mine);
      await second.close();
      // ...another database has another one, and a configured secret wins.
      expect(mine).not.toBe(secret);
      expect(await resolveWebhookSecret(db, 'configured-secret')).toBe('configured-secret');
    } finally {
      await db.close();
    }
  });
});
