import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../platform/db/index';
import { migrate } from '../../../platform/db/migrate';
import { testDb } from '../../../test/helpers';
import { BcbPixProvider } from './bcb';
import { type SandboxPsp, startSandboxPsp } from './sandbox';

const CLIENT = { clientId: 'two-nodes', clientSecret: 'two-nodes-secret' };
// A txid is 26 to 35 letters and digits.
const TXID = () => `tx${randomBytes(15).toString('hex')}`;

let db: Db & { label: string };
let a: SandboxPsp;
let b: SandboxPsp;
let receiver: http.Server;
const received: { pix: { txid: string; endToEndId: string }[] }[] = [];

const client = (psp: SandboxPsp) => new BcbPixProvider({ baseUrl: psp.url, ...CLIENT, key: 'pix@sorte.local' });
const post = (psp: SandboxPsp, path: string, body: unknown = {}) =>
  fetch(`${psp.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

beforeAll(async () => {
  db = await testDb();
  await migrate(db);
  // Two nodes' stand-ins on one database: the same PSP seen through two addresses.
  a = await startSandboxPsp({ db, ...CLIENT });
  b = await startSandboxPsp({ db, ...CLIENT });
  receiver = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => {
      raw += c.toString();
    });
    req.on('end', () => {
      received.push(JSON.parse(raw));
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
});

afterAll(async () => {
  await a?.close();
  await b?.close();
  await new Promise((r) => receiver?.close(r));
  await db?.close();
});

describe(`sandbox PSP on two nodes (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('pays on one node a charge created on the other, and posts the webhook the first registered', async () => {
    const port = (receiver.address() as AddressInfo).port;
    await client(a).registerWebhook(`http://127.0.0.1:${port}/hook`);
    const txid = TXID();
    const charge = await client(a).createCharge({ txid, amount: 2_500, expiresInSeconds: 300 });
    expect(charge.status).toBe('ATIVA');

    const paid = await post(b, `/sandbox/cob/${txid}/pay`, { cpf: '52998224725', nome: 'Maria da Silva' });
    expect(paid.status).toBe(200);
    const { endToEndId, webhook } = (await paid.json()) as { endToEndId: string; webhook: { status: number } };
    expect(webhook.status).toBe(200);
    expect(received.at(-1)?.pix[0]).toMatchObject({ txid, endToEndId });

    // Both nodes read the same charge, and count every read, wherever it arrived.
    const before = await a.lookups(txid);
    expect((await client(a).getCharge(txid))?.status).toBe('CONCLUIDA');
    expect((await client(b).getCharge(txid))?.payments).toMatchObject([{ endToEndId, amount: 2_500 }]);
    expect(await b.lookups(txid)).toBe(before + 2);

    // Paid once: paying again through the first node is refused.
    expect((await post(a, `/sandbox/cob/${txid}/pay`)).status).toBe(409);
  });

  it('refunds a payment once when both nodes are asked at once, and never above what was paid', async () => {
    const txid = TXID();
    await client(b).createCharge({ txid, amount: 1_000, expiresInSeconds: 300 });
    const { endToEndId } = (await (await post(a, `/sandbox/cob/${txid}/pay`)).json()) as { endToEndId: string };
    const refund = (psp: SandboxPsp, refundId: string) =>
      client(psp).refund({ endToEndId, refundId, amount: 1_000, reason: 'teste' });
    await Promise.all([refund(a, 'r1'), refund(b, 'r1')]);
    const pix = (await (await fetch(`${a.url}/pix/${endToEndId}`, { headers: await bearer(b) })).json()) as {
      devolucoes: { id: string }[];
    };
    expect(pix.devolucoes.map((d) => d.id)).toEqual(['r1']);
    await expect(refund(b, 'r2')).rejects.toThrow();
  });

  it('ends the next payout as one node was told, whichever node sends it', async () => {
    const set = await fetch(`${a.url}/sandbox/next-payout`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ outcome: 'fail' }),
    });
    expect(set.status).toBe(200);
    const id = `p${Date.now()}`;
    const sent = await client(b).payout({ id, amount: 500, key: 'x@y.com', keyType: 'email', recipientCpf: null });
    expect(sent.status).toBe('EM_PROCESSAMENTO');
    expect((await client(a).getPayout(id))?.status).toBe('NAO_REALIZADO');
    // Taken once: the next payout succeeds again.
    const next = `q${Date.now()}`;
    await client(a).payout({ id: next, amount: 500, key: 'x@y.com', keyType: 'email', recipientCpf: null });
    expect((await client(b).getPayout(next))?.status).toBe('REALIZADO');
  });
});

/** A token from one node, used on the other: tokens are signed, not remembered. */
async function bearer(psp: SandboxPsp) {
  const res = await fetch(`${psp.url}/oauth/token`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`${CLIENT.clientId}:${CLIENT.clientSecret}`).toString('base64')}` },
  });
  const { access_token } = (await res.json()) as { access_token: string };
  return { authorization: `Bearer ${access_token}` };
}
