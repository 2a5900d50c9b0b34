import { Ajv2020 } from 'ajv/dist/2020.js';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, registerPlayer } from '../../test/accounts';
import { testApp } from '../../test/helpers';
import { reviewDocument } from '../kyc/index';
import { runtimeFor } from './index';

/**
 * The wallet page, KYC documents and channel auth, walked through as a player: every success must be the status
 * and body /api/openapi.json documents, and every field of the body must be documented (an object of the reply
 * with a field its contract does not name fails), so the reference and the web's types stay exact.
 */

type Schema = { [k: string]: unknown };
type Doc = {
  paths: Record<
    string,
    Record<string, { responses: Record<string, { content?: Record<string, { schema: Schema }> }> }>
  >;
};

const PG = Boolean(process.env.TEST_DATABASE_URL);
let app: FastifyInstance;
let doc: Doc;
const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });

beforeAll(async () => {
  app = await testApp();
  // Real HTTP: the sandbox PSP posts its webhooks to this server.
  await app.listen({ host: '127.0.0.1', port: 0 });
  doc = (await app.inject({ url: '/api/openapi.json', headers: { host: 'localhost' } })).json() as Doc;
}, 60_000);
afterAll(() => app.close());

/** The schema with every object closed: a field the contract does not name is an error. */
function closed(s: unknown): unknown {
  if (Array.isArray(s)) return s.map(closed);
  if (!s || typeof s !== 'object') return s;
  const out: Schema = Object.fromEntries(Object.entries(s).map(([k, v]) => [k, closed(v)]));
  if (out.properties) out.additionalProperties = false;
  return out;
}

/** The reply is a success documented for this operation, with a body exactly as documented. */
function expectDocumented(method: string, path: string, res: LightMyRequestResponse) {
  expect(res.statusCode, `${method} ${path}: ${res.body}`).toBeLessThan(300);
  const op = doc.paths[path]?.[method.toLowerCase()];
  expect(op, `${method} ${path} is documented`).toBeDefined();
  const schema = op!.responses[String(res.statusCode)]?.content?.['application/json']?.schema;
  expect(schema, `${method} ${path} documents ${res.statusCode}`).toBeDefined();
  const validate = ajv.compile(closed(schema) as Schema);
  const body = res.json();
  expect(validate(body), `${method} ${path}: ${ajv.errorsText(validate.errors)} in ${res.body.slice(0, 400)}`).toBe(
    true,
  );
  return body;
}

function upload(token: string, type: string, file: Buffer) {
  const boundary = '----sorte';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="type"\r\n\r\n${type}\r\n`),
    Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="document"; filename="d.png"\r\ncontent-type: image/png\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return app.inject({
    method: 'POST',
    url: '/api/documents/upload',
    headers: {
      host: 'localhost',
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload,
  });
}

describe(`payments, KYC and channel auth replies as documented (${PG ? 'postgres' : 'pglite'})`, () => {
  it('answers the wallet page calls with exactly the documented bodies', async () => {
    const p = await registerPlayer(app);
    const c = client(app, { token: p.token });
    const id = Number(p.user.id);
    await app.db.query('update users set email_verified_at = now(), phone_verified_at = now() where id = $1', [id]);

    expectDocumented('GET', '/api/profile/wallet', await c.get('/api/profile/wallet'));
    const charge = expectDocumented(
      'POST',
      '/api/main-gateway/qrcode-pix',
      await c.post('/api/main-gateway/qrcode-pix', { amount: 50_000 }),
    );
    const consult = () => c.post('/api/main-gateway/consult-status-transaction', { txid: charge.txid });
    expect(expectDocumented('POST', '/api/main-gateway/consult-status-transaction', await consult())).toMatchObject({
      status: 'waiting_payment',
      paid_at: null,
    });
    expectDocumented('GET', '/api/dev/pix', await c.get('/api/dev/pix'));
    expectDocumented('POST', '/api/dev/pix/{txid}/{action}', await c.post(`/api/dev/pix/${charge.txid}/pay`, {}));
    expect(expectDocumented('POST', '/api/main-gateway/consult-status-transaction', await consult())).toMatchObject({
      status: 'paid',
      balance: 50_000,
    });
    const other = expectDocumented(
      'POST',
      '/api/main-gateway/qrcode-pix',
      await c.post('/api/main-gateway/qrcode-pix', { amount: 2_000 }),
    );
    expectDocumented('POST', '/api/dev/pix/{txid}/{action}', await c.post(`/api/dev/pix/${other.txid}/expire`, {}));

    const dict = await app.inject({
      method: 'PUT',
      url: '/api/dev/pix/dict',
      headers: { host: 'localhost', authorization: `Bearer ${p.token}` },
      payload: { type: 'email', key: p.email, owner: 'me' },
    });
    expectDocumented('PUT', '/api/dev/pix/dict', dict);
    const added = expectDocumented(
      'POST',
      '/api/wallet/withdraw/method',
      await c.post('/api/wallet/withdraw/method', { type: 'email', key: p.email }),
    );
    expectDocumented(
      'POST',
      '/api/wallet/withdraw/method',
      await c.post('/api/wallet/withdraw/method', { type: 'cpf', key: p.cpf }),
    );
    const methods = expectDocumented(
      'GET',
      '/api/wallet/withdraw/methods',
      await c.get('/api/wallet/withdraw/methods'),
    );
    expect(methods.data).toHaveLength(2);

    const key = { 'idempotency-key': `contracts-${id}` };
    const body = { amount: 10_000, method_id: added.method.id };
    const first = expectDocumented(
      'POST',
      '/api/wallet/withdraw/request',
      await c.post('/api/wallet/withdraw/request', body, key),
    );
    const again = expectDocumented(
      'POST',
      '/api/wallet/withdraw/request',
      await c.post('/api/wallet/withdraw/request', body, key),
    );
    expect(again).toMatchObject({ replayed: true, withdrawal: first.withdrawal });
    const second = expectDocumented(
      'POST',
      '/api/wallet/withdraw/request',
      await c.post('/api/wallet/withdraw/request', body, { 'idempotency-key': `contracts-${id}-2` }),
    );

    const list = expectDocumented('GET', '/api/wallet/transactions', await c.get('/api/wallet/transactions'));
    expect(list.transactions.data.map((t: { type: string }) => t.type)).toEqual([
      'withdraw',
      'withdraw',
      'deposit',
      'deposit',
    ]);
    expect(list.transactions.data[0]).toMatchObject({ actions: ['cancel'], withdrawal_id: second.withdrawal.id });
    expectDocumented('GET', '/api/wallet/transactions', await c.get('/api/wallet/transactions?type=deposit&page=2'));
    expectDocumented(
      'POST',
      '/api/main-gateway/user-cancel-withdrawal',
      await c.post('/api/main-gateway/user-cancel-withdrawal', { id: second.withdrawal.id }),
    );

    const payout = await app.inject({
      method: 'PUT',
      url: '/api/dev/pix/next-payout',
      headers: { host: 'localhost' },
      payload: { outcome: 'ok' },
    });
    expectDocumented('PUT', '/api/dev/pix/next-payout', payout);
    for (const type of ['id_front', 'selfie']) {
      const { rows } = await app.db.query<{ id: number }>(
        `insert into kyc_documents (tenant_id, user_id, type, storage_key, content_type, size)
          select tenant_id, id, $2, 'kyc/x.png', 'image/png', 1 from users where id = $1 returning id`,
        [id, type],
      );
      await reviewDocument(app.db, { id: rows[0]!.id, approve: true });
    }
    // The payout is sent on one run and read back as paid on the next one due.
    expectDocumented('POST', '/api/dev/wallet/run-jobs', await c.post('/api/dev/wallet/run-jobs', {}));
    await app.db.query('update withdrawals set next_attempt_at = now() where id = $1', [first.withdrawal.id]);
    expectDocumented('POST', '/api/dev/wallet/run-jobs', await c.post('/api/dev/wallet/run-jobs', {}));
    const paid = expectDocumented('GET', '/api/wallet/transactions', await c.get('/api/wallet/transactions'));
    expect(paid.transactions.data.map((t: { status: unknown }) => t.status)).toEqual([2, 1, 'waiting_payment', 'paid']);
  });

  it('answers the PSP webhook as documented', async () => {
    const secret = runtimeFor(app.db)!.webhookSecret;
    const res = await app.inject({
      method: 'POST',
      url: `/api/pix/webhook/${secret}/pix`,
      payload: { pix: [] },
    });
    expect(expectDocumented('POST', '/api/pix/webhook/{secret}/pix', res)).toEqual({ received: 0 });
  });

  it('answers the KYC document calls with exactly the documented bodies', async () => {
    const p = await registerPlayer(app);
    const c = client(app, { token: p.token });
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const up = expectDocumented('POST', '/api/documents/upload', await upload(p.token, 'id_front', png));
    await reviewDocument(app.db, { id: up.document.id, approve: true });
    const pending = expectDocumented('POST', '/api/documents/upload', await upload(p.token, 'selfie', png));
    const st = expectDocumented('GET', '/api/documents/status', await c.get('/api/documents/status'));
    expect(st).toMatchObject({ status: 'pending', verified: false, required: ['id_front', 'selfie'] });
    const cancelled = expectDocumented(
      'POST',
      '/api/documents/cancel/{id}',
      await c.post(`/api/documents/cancel/${pending.document.id}`),
    );
    expect(cancelled.document.status).toBe('cancelled');
  });

  it('answers channel auth as documented, for a form and for JSON', async () => {
    const p = await registerPlayer(app);
    const form = (url: string, fields: Record<string, string>) =>
      app.inject({
        method: 'POST',
        url,
        headers: {
          host: 'localhost',
          authorization: `Bearer ${p.token}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload: new URLSearchParams(fields).toString(),
      });
    const own = `private-user.${p.user.id}`;
    const priv = expectDocumented(
      'POST',
      '/api/broadcasting/auth',
      await form('/api/broadcasting/auth', { socket_id: '123.456', channel_name: own }),
    );
    expect(Object.keys(priv)).toEqual(['auth']);
    const presence = expectDocumented(
      'POST',
      '/api/broadcasting/auth',
      await client(app, { token: p.token }).post('/api/broadcasting/auth', {
        socket_id: '123.456',
        channel_name: 'presence-chat.30',
      }),
    );
    expect(JSON.parse(presence.channel_data)).toMatchObject({ user_id: String(p.user.id) });
    expectDocumented(
      'POST',
      '/api/broadcasting/user-auth',
      await form('/api/broadcasting/user-auth', { socket_id: '123.456' }),
    );
  });
});
