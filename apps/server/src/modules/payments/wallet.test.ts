import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { parsePix } from 'pix-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '../../ops/commands';
import { client, registerPlayer } from '../../test/accounts';
import { testApp } from '../../test/helpers';
import { reviewDocument } from '../kyc/index';
import { checkLedger } from '../ledger/index';
import { crc16, dynamicBrCode, isValidBrCode, staticBrCode } from './psp/brcode';
import { runtimeFor } from './runtime';
import { reviewWithdrawal } from './withdrawals';

let app: FastifyInstance;
const PG = Boolean(process.env.TEST_DATABASE_URL);

beforeAll(async () => {
  app = await testApp({ tenantCacheTtlMs: 0, tenantNegativeCacheTtlMs: 0 });
  // These tests read the domain events a call wrote: the queue's dispatcher (which takes them off) is held.
  app.realtime.domainEventsHeld = true;
  // Real HTTP: the sandbox PSP posts its webhooks to this server.
  await app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(() => app.close());

const rt = () => runtimeFor(app.db)!;

type Player = Awaited<ReturnType<typeof registerPlayer>> & { c: ReturnType<typeof client>; id: number };

async function player(o: { verified?: boolean; kyc?: boolean } = {}): Promise<Player> {
  const p = await registerPlayer(app);
  const c = client(app, { token: p.token });
  const id = Number(p.user.id);
  if (o.verified !== false)
    await app.db.query('update users set email_verified_at = now(), phone_verified_at = now() where id = $1', [id]);
  if (o.kyc) {
    for (const type of ['id_front', 'selfie']) {
      const { rows } = await app.db.query<{ id: number }>(
        `insert into kyc_documents (tenant_id, user_id, type, storage_key, content_type, size)
          select tenant_id, id, $2, 'kyc/x.png', 'image/png', 1 from users where id = $1 returning id`,
        [id, type],
      );
      await reviewDocument(app.db, { id: rows[0]!.id, approve: true });
    }
  }
  return { ...p, c, id };
}

async function deposit(p: Player, amount: number) {
  const res = await p.c.post('/api/main-gateway/qrcode-pix', { amount });
  expect(res.statusCode, res.body).toBe(200);
  const { txid } = res.json();
  const paid = await p.c.post(`/api/dev/pix/${txid}/pay`, {});
  expect(paid.statusCode, paid.body).toBe(200);
  return txid as string;
}

const wallet = async (p: Player) => (await p.c.get('/api/profile/wallet')).json();

const withdraw = (p: Player, body: Record<string, unknown>, key?: string, lang?: string) =>
  p.c.post('/api/wallet/withdraw/request', body, {
    ...(key ? { 'idempotency-key': key } : {}),
    ...(lang ? { 'accept-language': lang } : {}),
  });

describe('BR Code', () => {
  it('reproduces the reference vectors byte for byte', () => {
    expect(
      staticBrCode({
        key: 'thalesog@me.com',
        description: 'Pedido 123',
        amount: 1000,
        merchantName: 'THALES OGLIARI',
        merchantCity: 'SÃO MIGUEL DO Ó',
      }),
    ).toBe(
      '00020126510014br.gov.bcb.pix0115thalesog@me.com0210Pedido 123520400005303986540510.005802BR5914THALES OGLIARI6015SAO MIGUEL DO O62070503***63040DC6',
    );
    expect(
      dynamicBrCode({
        location: 'https://payload.psp.com/3ec9d2f9-5f03-4e0e-820d-63a81e769e87',
        merchantName: 'THALES OGLIARI',
        merchantCity: 'SAO MIGUEL DO O',
      }),
    ).toBe(
      '00020101021226740014br.gov.bcb.pix2552payload.psp.com/3ec9d2f9-5f03-4e0e-820d-63a81e769e875204000053039865802BR5914THALES OGLIARI6015SAO MIGUEL DO O62070503***63042895',
    );
    expect(
      staticBrCode({
        key: '123e4567-e12b-12d1-a456-426655440000',
        merchantName: 'Fulano de Tal',
        merchantCity: 'BRASILIA',
      }),
    ).toBe(
      '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D',
    );
    expect(crc16('123456789')).toBe('29B1'); // CRC-16/CCITT-FALSE check value
    expect(
      isValidBrCode(
        '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3E',
      ),
    ).toBe(false);
  });
});

describe(`PIX deposits (${PG ? 'postgres' : 'pglite'})`, () => {
  it('answers a valid dynamic BR Code, a QR image and a 5-minute expiry', async () => {
    const p = await player();
    const res = await p.c.post('/api/main-gateway/qrcode-pix', { amount: 5_000 });
    expect(res.statusCode, res.body).toBe(200);
    const b = res.json();
    expect(b).toMatchObject({ status: true, amount: 5_000, show: true });
    expect(b.txid).toMatch(/^[a-zA-Z0-9]{32}$/);
    expect(isValidBrCode(b.qrcode)).toBe(true);
    const parsed = parsePix(b.qrcode) as { type: string; url: string; merchantName: string };
    expect(parsed.type).toBe('DYNAMIC');
    expect(parsed.url).toMatch(/^127\.0\.0\.1:\d+\/qr\/v2\/[0-9a-f]{32}$/);
    expect(b.qrcode_image).toMatch(/^data:image\/png;base64,/);
    const ttl = Date.parse(b.expires_at) - Date.now();
    expect(ttl).toBeGreaterThan(290_000);
    expect(ttl).toBeLessThanOrEqual(300_000);
    const st = await p.c.post('/api/main-gateway/consult-status-transaction', { txid: b.txid });
    expect(st.json()).toMatchObject({ status: 'waiting_payment', amount: 5_000 });
  });

  it('refuses amounts outside the tenant limits with {status:false, message} in pt and en', async () => {
    const p = await player();
    const low = await p.c.post('/api/main-gateway/qrcode-pix', { amount: 1 });
    expect(low.statusCode).toBe(422);
    expect(low.json()).toMatchObject({ status: false });
    expect(low.json().message).toMatch(/^O valor mínimo de depósito é R\$/);
    const en = await p.c.post('/api/main-gateway/qrcode-pix', { amount: 999_999_999 }, { 'accept-language': 'en' });
    expect(en.json().message).toMatch(/^The maximum deposit is R\$/);
    const bad = await p.c.post('/api/main-gateway/qrcode-pix', { amount: '12.50' });
    expect(bad.json().errors.amount).toEqual(['Informe um valor em centavos (número inteiro).']);
    const none = await p.c.post('/api/main-gateway/qrcode-pix', {}, { 'accept-language': 'en' });
    expect(none.json().errors.amount).toEqual(['This field is required.']);
    const guest = await client(app).post('/api/main-gateway/qrcode-pix', { amount: 5_000 });
    expect(guest.statusCode).toBe(401);
  });

  it('credits a paid charge once through the webhook, counts the deposit and records the events', async () => {
    const p = await player();
    const txid = await deposit(p, 7_500);
    expect(await wallet(p)).toMatchObject({ balance: 7_500, balance_withdrawal: 7_500, bonus: 0, deposit_count: 1 });
    const st = await p.c.post('/api/main-gateway/consult-status-transaction', { txid });
    expect(st.json()).toMatchObject({ status: 'paid', balance: 7_500 });
    // The deposit's events (the registration's login, published by auth, is not one of them).
    const { rows } = await app.db.query<{ type: string }>(
      "select name as type from event_log where user_id = $1 and name <> 'auth.logged_in' order by id",
      [p.id],
    );
    expect(rows.map((r) => r.type)).toEqual([
      'payments.deposit_approved',
      'wallet.balance_updated',
      'payments.first_deposit',
    ]);
    // The PSP delivers the same webhook 10 more times, concurrently: still one credit.
    const sandbox = rt().sandbox!.url;
    await Promise.all(
      Array.from({ length: 10 }, () => fetch(`${sandbox}/sandbox/cob/${txid}/resend-webhook`, { method: 'POST' })),
    );
    expect((await wallet(p)).balance).toBe(7_500);
    // A second deposit is not a first deposit.
    await deposit(p, 2_500);
    expect(await wallet(p)).toMatchObject({ balance: 10_000, deposit_count: 2 });
  });

  it('refunds a payment from another CPF and credits nothing', async () => {
    const p = await player();
    const res = await p.c.post('/api/main-gateway/qrcode-pix', { amount: 3_000 });
    const { txid } = res.json();
    const paid = await p.c.post(`/api/dev/pix/${txid}/pay-other`, {});
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await wallet(p)).balance).toBe(0);
    const st = await p.c.post('/api/main-gateway/consult-status-transaction', { txid });
    expect(st.json().status).toBe('refunded');
  });

  it('rejects a forged webhook and only believes the PSP', async () => {
    const p = await player();
    const { txid } = (await p.c.post('/api/main-gateway/qrcode-pix', { amount: 3_000 })).json();
    const forged = {
      pix: [
        { endToEndId: 'E12345678202611231200abcdef123456', txid, valor: '30.00', horario: new Date().toISOString() },
      ],
    };
    const bad = await app.inject({ method: 'POST', url: '/api/pix/webhook/wrong-secret/pix', payload: forged });
    expect(bad.statusCode).toBe(401);
    // Even with the right secret, a charge the PSP does not report as paid is not credited.
    const ok = await app.inject({
      method: 'POST',
      url: `/api/pix/webhook/${rt().webhookSecret}/pix`,
      payload: forged,
    });
    expect(ok.statusCode).toBe(200);
    expect((await wallet(p)).balance).toBe(0);
  });

  it('marks an expired charge refused and never lets another player read it', async () => {
    const p = await player();
    const other = await player();
    const { txid } = (await p.c.post('/api/main-gateway/qrcode-pix', { amount: 3_000 })).json();
    expect((await other.c.post('/api/main-gateway/consult-status-transaction', { txid })).statusCode).toBe(404);
    await p.c.post(`/api/dev/pix/${txid}/expire`, {});
    const st = await p.c.post('/api/main-gateway/consult-status-transaction', { txid });
    expect(st.json()).toMatchObject({ status: 'refused', expired: true });
  });
});

describe(`withdrawals (${PG ? 'postgres' : 'pglite'})`, () => {
  it('validates PIX keys per type and only accepts the player own CPF', async () => {
    const p = await player();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ type: 'iban', key: 'x' }, 'type', 'Tipo de chave inválido. Use CPF, e-mail, celular ou chave aleatória.'],
      [{ type: 'cpf', key: '123' }, 'key', 'Chave CPF inválida.'],
      [{ type: 'cpf', key: '529.982.247-25' }, 'key', 'A chave CPF precisa ser o seu próprio CPF.'],
      [{ type: 'email', key: 'nope' }, 'key', 'Chave e-mail inválida.'],
      [{ type: 'phone', key: '1133334444' }, 'key', 'Chave celular inválida.'],
      [{ type: 'evp', key: 'abc' }, 'key', 'Chave aleatória inválida (formato 123e4567-e89b-12d3-a456-426614174000).'],
      [{ type: 'email' }, 'key', 'Este campo é obrigatório.'],
    ];
    for (const [body, f, msg] of cases) {
      const res = await p.c.post('/api/wallet/withdraw/method', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().errors[f]).toEqual([msg]);
    }
    const en = await p.c.post('/api/wallet/withdraw/method', { type: 'cpf', key: '123' }, { 'accept-language': 'en' });
    expect(en.json().errors.key).toEqual(['Invalid CPF key.']);
    const ok = await p.c.post('/api/wallet/withdraw/method', { type: 'cpf', key: p.cpf });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().method.key).toMatch(/^\*\*\*\.\d{3}\.\d{3}-\*\*$/);
    const dup = await p.c.post('/api/wallet/withdraw/method', { type: 'cpf', key: p.cpf });
    expect(dup.json().errors.key).toEqual(['Esta chave PIX já está cadastrada.']);
    // A random key the player registered at their bank (the sandbox DICT learns it through the dev API).
    const uuid = randomUUID();
    const reg = await app.inject({
      method: 'PUT',
      url: '/api/dev/pix/dict',
      headers: { host: 'localhost', authorization: `Bearer ${p.token}` },
      payload: { type: 'evp', key: uuid, owner: 'me' },
    });
    expect(reg.statusCode, reg.body).toBe(200);
    const evp = await p.c.post('/api/wallet/withdraw/method', { type: 'evp', key: uuid.toUpperCase() });
    expect(evp.json().method).toMatchObject({ key: uuid, verified: true });
    const list = (await p.c.get('/api/wallet/withdraw/methods')).json();
    expect(list.data).toHaveLength(2);
  });

  async function withMethod(p: Player) {
    const m = await p.c.post('/api/wallet/withdraw/method', { type: 'email', key: p.email });
    return m.json().method.id as number;
  }

  it('applies the spec rules: key, range, available balance, verified contacts', async () => {
    const p = await player({ verified: false });
    await app.db.query('update users set email_verified_at = null, phone_verified_at = null where id = $1', [p.id]);
    const method = await withMethod(p);
    await deposit(p, 10_000);
    const noKey = await withdraw(p, { amount: 5_000, method_id: method });
    expect(noKey.statusCode).toBe(422);
    expect(noKey.json().errors.idempotency_key[0]).toMatch(/Idempotency-Key/);
    const low = await withdraw(p, { amount: 1, method_id: method }, 'k1');
    expect(low.json().errors.amount[0]).toMatch(/^O valor mínimo de saque é R\$/);
    const lowEn = await withdraw(p, { amount: 1, method_id: method }, 'k1', 'en');
    expect(lowEn.json().errors.amount[0]).toMatch(/^The minimum withdrawal is R\$/);
    const unverified = await withdraw(p, { amount: 5_000, method_id: method }, 'k2');
    expect(unverified.json().errors.email).toEqual(['Verifique seu e-mail antes de sacar.']);
    await app.db.query('update users set email_verified_at = now() where id = $1', [p.id]);
    const noPhone = await withdraw(p, { amount: 5_000, method_id: method }, 'k2', 'en');
    expect(noPhone.json().errors.phone).toEqual(['Verify your phone before withdrawing.']);
    await app.db.query('update users set phone_verified_at = now() where id = $1', [p.id]);
    const tooMuch = await withdraw(p, { amount: 20_000, method_id: method }, 'k3');
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().errors.amount[0]).toMatch(/^Saldo disponível para saque insuficiente/);
    const other = await player();
    const notMine = await withdraw(p, { amount: 5_000, method_id: await withMethod(other) }, 'k4');
    expect(notMine.json().errors.method_id).toEqual(['Escolha uma chave PIX cadastrada.']);
    expect((await wallet(p)).balance).toBe(10_000);
  });

  it('holds the amount at once, replays the same key, 409 on a changed body, and cancels back', async () => {
    const p = await player();
    const method = await withMethod(p);
    await deposit(p, 10_000);
    const first = await withdraw(p, { amount: 4_000, method_id: method }, 'same-key');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ status: true, withdrawal: { status: 0, amount: 4_000 }, balance: 6_000 });
    const again = await withdraw(p, { amount: 4_000, method_id: method }, 'same-key');
    expect(again.json()).toMatchObject({ replayed: true, withdrawal: { id: first.json().withdrawal.id } });
    const changed = await withdraw(p, { amount: 4_500, method_id: method }, 'same-key');
    expect(changed.statusCode).toBe(409);
    expect(await wallet(p)).toMatchObject({ balance: 6_000, pending_withdrawal: 4_000 });
    const list = (await p.c.get('/api/wallet/transactions?type=withdraw')).json();
    expect(list.transactions.data[0]).toMatchObject({ type: 'withdraw', value: 4_000, status: 0, actions: ['cancel'] });
    const other = await player();
    const notOwner = await other.c.post('/api/main-gateway/user-cancel-withdrawal', { id: first.json().withdrawal.id });
    expect(notOwner.statusCode).toBe(404);
    const cancel = await p.c.post('/api/main-gateway/user-cancel-withdrawal', { id: first.json().withdrawal.id });
    expect(cancel.json()).toMatchObject({ status: true, withdrawal: { status: 2 }, balance: 10_000 });
    const twice = await p.c.post('/api/main-gateway/user-cancel-withdrawal', { id: first.json().withdrawal.id });
    expect(twice.json()).toMatchObject({ status: false, message: 'Este saque não pode mais ser cancelado.' });
    expect(await wallet(p)).toMatchObject({ balance: 10_000, pending_withdrawal: 0 });
  });

  it('pays out through the PSP once documents are approved; invalid key releases; failure goes to review', async () => {
    const p = await player();
    const method = await withMethod(p);
    await deposit(p, 30_000);
    const w1 = (await withdraw(p, { amount: 5_000, method_id: method }, 'a1')).json().withdrawal.id;
    await rt().runJobs();
    let row = await app.db.query<{ status: number }>('select status from withdrawals where id = $1', [w1]);
    expect(row.rows[0]!.status).toBe(0); // documents not approved yet: stays pending
    for (const type of ['id_front', 'selfie']) {
      const { rows } = await app.db.query<{ id: number }>(
        `insert into kyc_documents (tenant_id, user_id, type, storage_key, content_type, size)
          select tenant_id, id, $2, 'kyc/x.png', 'image/png', 1 from users where id = $1 returning id`,
        [p.id, type],
      );
      await reviewDocument(app.db, { id: rows[0]!.id, approve: true });
    }
    await rt().runJobs(); // sent: processing
    await app.db.query('update withdrawals set next_attempt_at = now() where id = $1', [w1]);
    await rt().runJobs(); // read back: paid
    row = await app.db.query('select status from withdrawals where id = $1', [w1]);
    expect(row.rows[0]!.status).toBe(1);
    expect(await wallet(p)).toMatchObject({ balance: 25_000, pending_withdrawal: 0 });

    await fetch(`${rt().sandbox!.url}/sandbox/next-payout`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: '{"outcome":"invalid_key"}',
    });
    const w2 = (await withdraw(p, { amount: 5_000, method_id: method }, 'a2')).json().withdrawal.id;
    await rt().runJobs();
    row = await app.db.query('select status from withdrawals where id = $1', [w2]);
    expect(row.rows[0]!.status).toBe(3);
    expect(await wallet(p)).toMatchObject({ balance: 25_000, pending_withdrawal: 0 });

    await fetch(`${rt().sandbox!.url}/sandbox/next-payout`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: '{"outcome":"fail"}',
    });
    const w3 = (await withdraw(p, { amount: 5_000, method_id: method }, 'a3')).json().withdrawal.id;
    await rt().runJobs();
    await app.db.query('update withdrawals set next_attempt_at = now() where id = $1', [w3]);
    await rt().runJobs();
    row = await app.db.query('select status from withdrawals where id = $1', [w3]);
    expect(row.rows[0]!.status).toBe(5);
    await reviewWithdrawal(app.db, { id: w3, approve: false, operator: 'test', reason: 'conta encerrada' });
    expect(await wallet(p)).toMatchObject({ balance: 25_000, pending_withdrawal: 0 });
  });

  it('sends amounts above the review threshold to an operator', async () => {
    const p = await player({ kyc: true });
    const method = await withMethod(p);
    await deposit(p, 600_000);
    const res = await withdraw(p, { amount: 550_000, method_id: method }, 'big');
    expect(res.json().withdrawal.status).toBe(5);
    await rt().runJobs();
    expect(
      (
        await app.db.query<{ status: number }>('select status from withdrawals where id = $1', [
          res.json().withdrawal.id,
        ])
      ).rows[0]!.status,
    ).toBe(5);
    await reviewWithdrawal(app.db, { id: res.json().withdrawal.id, approve: true, operator: 'test' });
    await rt().runJobs();
    await app.db.query('update withdrawals set next_attempt_at = now() where id = $1', [res.json().withdrawal.id]);
    await rt().runJobs();
    expect(
      (
        await app.db.query<{ status: number }>('select status from withdrawals where id = $1', [
          res.json().withdrawal.id,
        ])
      ).rows[0]!.status,
    ).toBe(1);
  });

  it('200 concurrent withdrawal requests on one wallet never overdraw', async () => {
    const p = await player();
    const method = await withMethod(p);
    await deposit(p, 100_000);
    const n = PG ? 200 : 60;
    const results = await Promise.all(
      Array.from({ length: n }, (_, i) => withdraw(p, { amount: 3_000, method_id: method }, `c${i}`)),
    );
    const ok = results.filter((r) => r.statusCode === 200).length;
    const refused = results.filter((r) => r.statusCode === 422).length;
    expect(ok).toBe(33); // 33 * 3_000 = 99_000
    expect(ok + refused).toBe(n);
    expect(await wallet(p)).toMatchObject({ balance: 1_000, pending_withdrawal: 99_000 });
  });
});

describe(`randomized run (${PG ? 'postgres' : 'pglite'})`, () => {
  it('deposits, withdrawals, cancels and payout failures end with ledger:check clean and no overdraft', async () => {
    const players = await Promise.all([player({ kyc: true }), player({ kyc: true }), player({ kyc: true })]);
    const methods = await Promise.all(
      players.map(
        async (p) =>
          (await p.c.post('/api/wallet/withdraw/method', { type: 'cpf', key: p.cpf })).json().method.id as number,
      ),
    );
    let seed = 42;
    const rnd = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % n;
    };
    const sandbox = rt().sandbox!.url;
    for (let step = 0; step < 40; step++) {
      const i = rnd(players.length);
      const p = players[i]!;
      switch (rnd(5)) {
        case 0:
          await deposit(p, 2_000 + rnd(20) * 500);
          break;
        case 1:
        case 2:
          await withdraw(p, { amount: 2_000 + rnd(10) * 300, method_id: methods[i]! }, `r${step}`);
          break;
        case 3: {
          const list = (await p.c.get('/api/wallet/transactions?type=withdraw')).json().transactions.data as {
            withdrawal_id: number;
            actions: string[];
          }[];
          const open = list.find((x) => x.actions.includes('cancel'));
          if (open) await p.c.post('/api/main-gateway/user-cancel-withdrawal', { id: open.withdrawal_id });
          break;
        }
        default: {
          const outcome = ['ok', 'fail', 'invalid_key'][rnd(3)];
          await fetch(`${sandbox}/sandbox/next-payout`, {
            method: 'PUT',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ outcome }),
          });
          await app.db.query('update withdrawals set next_attempt_at = now() where status in (0, 4)');
          await rt().runJobs();
          await app.db.query('update withdrawals set next_attempt_at = now() where status in (0, 4)');
          await rt().runJobs();
        }
      }
    }
    const check = await checkLedger(app.db);
    expect(check.problems).toEqual([]);
    for (const p of players) {
      const w = await wallet(p);
      expect(w.balance).toBeGreaterThanOrEqual(0);
      const { rows } = await app.db.query<{ s: number }>(
        `select coalesce(sum(amount), 0)::bigint as s from withdrawals where user_id = $1 and status in (0, 4, 5)`,
        [p.id],
      );
      expect(w.pending_withdrawal).toBe(Number(rows[0]!.s));
    }
  }, 60_000);
});

describe('transactions and documents', () => {
  it('lists newest first with type filters and paging', async () => {
    const p = await player();
    await deposit(p, 5_000);
    await deposit(p, 6_000);
    const all = (await p.c.get('/api/wallet/transactions')).json();
    expect(all.transactions.data.map((t: { value: number }) => t.value)).toEqual([6_000, 5_000]);
    expect(all.transactions.data[0]).toMatchObject({ type: 'deposit', status: 'paid' });
    expect(all.transactions.last_page).toBe(1);
    const w = (await p.c.get('/api/wallet/transactions?type=withdraw&page=1')).json();
    expect(w.transactions.data).toEqual([]);
    const bad = await p.c.get('/api/wallet/transactions?type=nope', { 'accept-language': 'en' });
    expect(bad.json().errors.type[0]).toMatch(/^Invalid type/);
  });

  const upload = (p: Player, type: string | null, file: Buffer | null, lang?: string) => {
    const boundary = '----sorte';
    const parts: Buffer[] = [];
    if (type !== null)
      parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="type"\r\n\r\n${type}\r\n`));
    if (file)
      parts.push(
        Buffer.from(
          `--${boundary}\r\ncontent-disposition: form-data; name="document"; filename="d.bin"\r\ncontent-type: application/octet-stream\r\n\r\n`,
        ),
        file,
        Buffer.from('\r\n'),
      );
    parts.push(Buffer.from(`--${boundary}--\r\n`));
    return app.inject({
      method: 'POST',
      url: '/api/documents/upload',
      headers: {
        host: 'localhost',
        authorization: `Bearer ${p.token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        ...(lang ? { 'accept-language': lang } : {}),
      },
      payload: Buffer.concat(parts),
    });
  };

  it('uploads KYC documents checked by content, reports status, cancels pending ones', async () => {
    const p = await player();
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const pdf = Buffer.from('%PDF-1.4\n%test\n');
    const bad = await upload(p, 'id_front', Buffer.from('<html>not an image</html>'));
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.document).toEqual(['O arquivo deve ser uma imagem jpg, png ou webp, ou um PDF.']);
    const badType = await upload(p, 'passport', png, 'en');
    expect(badType.json().errors.type[0]).toMatch(/^Invalid document type/);
    const missing = await upload(p, null, null);
    expect(missing.json().errors).toMatchObject({
      type: ['Este campo é obrigatório.'],
      document: ['Este campo é obrigatório.'],
    });
    const big = await upload(p, 'selfie', Buffer.concat([png, Buffer.alloc(10 * 1024 * 1024)]));
    expect(big.statusCode).toBe(413);
    const ok = await upload(p, 'id_front', png);
    expect(ok.statusCode, ok.body).toBe(200);
    const ok2 = await upload(p, 'proof_of_address', pdf);
    expect(ok2.json().document).toMatchObject({ type: 'proof_of_address', status: 'pending' });
    let st = (await p.c.get('/api/documents/status')).json();
    expect(st).toMatchObject({ status: 'pending', verified: false });
    const cancel = await p.c.post(`/api/documents/cancel/${ok2.json().document.id}`);
    expect(cancel.json().document.status).toBe('cancelled');
    const other = await player();
    expect((await other.c.post(`/api/documents/cancel/${ok.json().document.id}`)).statusCode).toBe(404);
    await reviewDocument(app.db, { id: ok.json().document.id, approve: true });
    const again = await upload(p, 'id_front', png);
    expect(again.json().errors.type).toEqual(['Este documento já foi aprovado.']);
    st = (await p.c.get('/api/documents/status')).json();
    expect(st.documents).toHaveLength(1);
  });

  it('keeps the whole ledger balanced', async () => {
    const check = await checkLedger(app.db);
    expect(check.problems).toEqual([]);
    expect(check.transactions).toBeGreaterThan(10);
    const ops = await runCommand({ db: app.db }, ['ledger:check']);
    expect(ops.ok).toBe(true);
    expect(ops.output).toMatch(/^OK: \d+ transactions, \d+ entries checked; no differences\./);
  });
});
