import {
  AdminDepositReply,
  AdminDepositsReply,
  AdminKycDetailReply,
  AdminKycQueueReply,
  AdminWithdrawalReply,
  AdminWithdrawalsReply,
  RefundDepositReply,
  type StaffRole,
} from '@sorte/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '../../ops/commands';
import { client, registerPlayer } from '../../test/accounts';
import { testApp } from '../../test/helpers';
import { demoTenantId } from '../casino/test-support';
import { documentStorage } from '../kyc/index';
import * as ledger from '../ledger/index';
import { setTwoPersonAbove } from '../payments/index';
import { createTenant } from '../tenants/index';
import { type TestStaff, testStaff } from './test-support';

let app: FastifyInstance;
let tenantA: number;
let tenantB: number;
const HOST_A = 'localhost';
const HOST_B = 'pagamentos-b.test';
const PG = Boolean(process.env.TEST_DATABASE_URL);

beforeAll(async () => {
  app = await testApp({ tenantCacheTtlMs: 0, tenantNegativeCacheTtlMs: 0 });
  app.realtime.domainEventsHeld = true;
  // Real HTTP: the sandbox PSP answers the refunds and posts its webhooks to this server.
  await app.listen({ host: '127.0.0.1', port: 0 });
  tenantA = await demoTenantId(app);
  tenantB = (await createTenant(app.db, { name: 'Pagamentos B', host: HOST_B })).id;
  // Tenant A: two approvals above R$ 5.500,00 (the queue's single-approval review starts at R$ 5.000,00).
  await setTwoPersonAbove(app.db, { tenantId: tenantA, above: 550_000 });
});
afterAll(() => app.close());

const staff = (role: StaffRole, o: { tenantId?: number | null; host?: string; stepUp?: boolean } = {}) =>
  testStaff(app, role, { tenantId: o.tenantId === undefined ? tenantA : o.tenantId, host: o.host, stepUp: o.stepUp });

const call = (s: TestStaff, method: 'GET' | 'POST', url: string, payload?: object, lang?: string) =>
  app.inject({
    method,
    url,
    headers: { ...s.headers, ...(lang ? { 'accept-language': lang } : {}) },
    remoteAddress: '203.0.113.7',
    ...(payload ? { payload } : {}),
  });

const audits = async (userId: number, action: string) =>
  (
    await app.db.query<{ actor: string; before: unknown; after: unknown; ip: string | null }>(
      'select actor, before, after, ip from rg_audit where user_id = $1 and action = $2 order by id',
      [userId, action],
    )
  ).rows;

type Player = { id: number; token: string; host: string; cpf: string; c: ReturnType<typeof client> };

async function player(host = HOST_A): Promise<Player> {
  const p = await registerPlayer(app, { host });
  const id = Number(p.user.id);
  await app.db.query('update users set email_verified_at = now(), phone_verified_at = now() where id = $1', [id]);
  return { id, token: p.token, host, cpf: p.cpf, c: client(app, { host, token: p.token }) };
}

/** A withdrawal above the review threshold, waiting in the queue (status 5). */
async function underReview(amount: number, host = HOST_A) {
  const p = await player(host);
  const tenantId = host === HOST_A ? tenantA : tenantB;
  await app.db.transaction((tx) =>
    ledger.credit(tx, {
      tenantId,
      userId: p.id,
      amount,
      type: 'deposit',
      idempotencyKey: `test:admin-payments:${p.id}`,
      reference: 'test deposit',
    }),
  );
  const method = await p.c.post('/api/wallet/withdraw/method', { type: 'cpf', key: p.cpf });
  expect(method.statusCode, method.body).toBe(200);
  const w = await p.c.post(
    '/api/wallet/withdraw/request',
    { amount, method_id: method.json().method.id },
    { 'idempotency-key': `w${p.id}` },
  );
  expect(w.statusCode, w.body).toBe(200);
  expect(w.json().withdrawal.status).toBe(5);
  return { id: w.json().withdrawal.id as number, player: p };
}

/** A PIX deposit paid through the sandbox PSP (the dev page's pay button). */
async function paidDeposit(p: Player, amount: number) {
  const res = await p.c.post('/api/main-gateway/qrcode-pix', { amount });
  expect(res.statusCode, res.body).toBe(200);
  const { txid } = res.json();
  const paid = await p.c.post(`/api/dev/pix/${txid}/pay`, {});
  expect(paid.statusCode, paid.body).toBe(200);
  const { rows } = await app.db.query<{ id: number }>('select id from pix_charges where txid = $1', [txid]);
  return { id: Number(rows[0]!.id), txid: txid as string };
}

const balance = async (p: Player) => (await p.c.get('/api/profile/wallet')).json().balance as number;

describe('two-person approval of large withdrawals', () => {
  it('records a first approval (audited, still under review), refuses the same person twice, releases on a second', async () => {
    const { id, player: p } = await underReview(600_000);
    const f1 = await staff('finance');
    const f2 = await staff('finance');

    const list = await call(f1, 'GET', '/api/admin/withdrawals');
    const row = AdminWithdrawalsReply.parse(list.json()).data.find((r) => r.id === id)!;
    expect(row).toMatchObject({ two_person: true, first_approved_by: null });

    const first = await call(f1, 'POST', `/api/admin/withdrawals/${id}/approve`);
    expect(first.statusCode, first.body).toBe(200);
    const held = AdminWithdrawalReply.parse(first.json()).withdrawal;
    expect(held.status).toBe('under_review');
    expect(held.first_approved_by).toBe(`staff:${f1.id} ${f1.email}`);
    expect(await audits(p.id, 'withdrawal.approve_first')).toHaveLength(1);

    const again = await call(f1, 'POST', `/api/admin/withdrawals/${id}/approve`, undefined, 'en');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('two different people');
    const againPt = await call(f1, 'POST', `/api/admin/withdrawals/${id}/approve`);
    expect(againPt.json().message).toContain('duas pessoas diferentes');

    const second = await call(f2, 'POST', `/api/admin/withdrawals/${id}/approve`);
    expect(second.statusCode, second.body).toBe(200);
    const released = AdminWithdrawalReply.parse(second.json()).withdrawal;
    expect(released.status).toBe('pending');
    expect(released.reviewed_by).toBe(`staff:${f2.id} ${f2.email}`);
    expect(released.first_approved_by).toBe(`staff:${f1.id} ${f1.email}`);
    expect(await audits(p.id, 'withdrawal.approve')).toHaveLength(1);
  });

  it('below the two-person amount one approval releases it; a rejection after a first approval ends it', async () => {
    const small = await underReview(520_000);
    const f1 = await staff('finance');
    const f2 = await staff('finance');
    const one = await call(f1, 'POST', `/api/admin/withdrawals/${small.id}/approve`);
    expect(one.json().withdrawal).toMatchObject({ status: 'pending', two_person: false });

    const big = await underReview(700_000);
    expect((await call(f1, 'POST', `/api/admin/withdrawals/${big.id}/approve`)).statusCode).toBe(200);
    const before = await balance(big.player);
    const rej = await call(f2, 'POST', `/api/admin/withdrawals/${big.id}/reject`, { reason: 'documento divergente' });
    expect(rej.statusCode, rej.body).toBe(200);
    expect(rej.json().withdrawal.status).toBe('cancelled');
    expect(await balance(big.player)).toBe(before + 700_000);
    expect((await call(f1, 'POST', `/api/admin/withdrawals/${big.id}/approve`)).statusCode).toBe(409);
  });

  it.runIf(PG)('two second approvals at once release it once (PostgreSQL)', async () => {
    const { id, player: p } = await underReview(800_000);
    const [f1, f2, f3] = await Promise.all([staff('finance'), staff('finance'), staff('finance')]);
    expect((await call(f1, 'POST', `/api/admin/withdrawals/${id}/approve`)).statusCode).toBe(200);
    const both = await Promise.all([
      call(f2, 'POST', `/api/admin/withdrawals/${id}/approve`),
      call(f3, 'POST', `/api/admin/withdrawals/${id}/approve`),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await audits(p.id, 'withdrawal.approve')).toHaveLength(1);
    const events = await app.db.query(
      `select 1 from event_log where name = 'payments.withdrawal_updated' and user_id = $1`,
      [p.id],
    );
    expect(events.rows).toHaveLength(1);
  });

  it('the CLI’s approve and reject are audited under the operator, and it keeps the two-person rule', async () => {
    const { id, player: p } = await underReview(600_000);
    const out1 = await runCommand({ db: app.db }, ['withdrawal:approve', String(id), '--by', 'ana']);
    expect(out1.output).toContain('second approval');
    const same = await runCommand({ db: app.db }, ['withdrawal:approve', String(id), '--by', 'ANA']);
    expect(same).toMatchObject({ ok: false });
    expect(same.output).toContain('duas pessoas diferentes');
    const out2 = await runCommand({ db: app.db }, ['withdrawal:approve', String(id), '--by', 'bruno']);
    expect(out2.output).toContain('approved');
    expect((await audits(p.id, 'withdrawal.approve_first')).map((a) => a.actor)).toEqual(['ops:ana']);
    expect((await audits(p.id, 'withdrawal.approve')).map((a) => a.actor)).toEqual(['ops:bruno']);

    const other = await underReview(520_000);
    await runCommand({ db: app.db }, ['withdrawal:reject', String(other.id), '--by', 'carla', '--reason', 'fraude']);
    const rejected = await audits(other.player.id, 'withdrawal.reject');
    expect(rejected.map((a) => a.actor)).toEqual(['ops:carla']);
  });

  it('the two-person amount is set per tenant and read by staff', async () => {
    await runCommand({ db: app.db }, ['withdrawal:two-person', '--tenant', String(tenantB), '--above', '1000000']);
    const fb = await staff('finance', { tenantId: tenantB, host: HOST_B });
    const res = await call(fb, 'GET', '/api/admin/payments/settings');
    expect(res.json()).toMatchObject({
      tenant_id: tenantB,
      two_person_above: 1_000_000,
      default_two_person_above: 5_000_000,
    });
    const fa = await staff('finance');
    expect((await call(fa, 'GET', '/api/admin/payments/settings')).json().two_person_above).toBe(550_000);
  });
});

describe('deposits', () => {
  it('searches by player id, txid, end-to-end id, amount and period, keyset-paged, tenant-scoped', async () => {
    const p = await player();
    const d1 = await paidDeposit(p, 12_345);
    const d2 = await paidDeposit(p, 5_000);
    const support = await staff('support');
    const byPlayer = await call(support, 'GET', `/api/admin/deposits?q=${p.id}&limit=1`);
    expect(byPlayer.statusCode, byPlayer.body).toBe(200);
    const page1 = AdminDepositsReply.parse(byPlayer.json());
    expect(page1.data.map((d) => d.id)).toEqual([d2.id]);
    expect(page1.data[0]).toMatchObject({ status: 'paid', player_name: 'Maria S.', amount: 5_000 });
    expect(page1.data[0]!.payer_document).toMatch(/^\*\*\*\.\d{3}\.\d{3}-\*\*$/);
    const page2 = await call(support, 'GET', `/api/admin/deposits?q=${p.id}&limit=1&cursor=${page1.next_cursor}`);
    expect(page2.json().data.map((d: { id: number }) => d.id)).toEqual([d1.id]);
    expect(page2.json().next_cursor).toBeNull();

    const byTxid = await call(support, 'GET', `/api/admin/deposits?q=${d1.txid}`);
    expect(byTxid.json().data.map((d: { id: number }) => d.id)).toEqual([d1.id]);
    const e2e = byTxid.json().data[0].end_to_end_id as string;
    const byE2e = await call(support, 'GET', `/api/admin/deposits?q=${e2e}`);
    expect(byE2e.json().data.map((d: { id: number }) => d.id)).toEqual([d1.id]);
    const byAmount = await call(support, 'GET', `/api/admin/deposits?q=${encodeURIComponent('123,45')}&status=paid`);
    expect(byAmount.json().data.map((d: { id: number }) => d.id)).toContain(d1.id);
    const future = await call(support, 'GET', `/api/admin/deposits?q=${p.id}&from=2099-01-01`);
    expect(future.json().data).toEqual([]);
    const badRange = await call(support, 'GET', '/api/admin/deposits?from=2026-02-01&to=2026-01-01', undefined, 'en');
    expect(badRange.statusCode).toBe(422);
    expect(badRange.json().message).toContain('before its end');
    const badQ = await call(support, 'GET', '/api/admin/deposits?q=%25%25', undefined, 'en');
    expect(badQ.statusCode).toBe(422);

    const detail = await call(support, 'GET', `/api/admin/deposits/${d1.id}`);
    expect(AdminDepositReply.parse(detail.json()).deposit.txid).toBe(d1.txid);

    // Another tenant's staff: not listed, not found.
    const other = await staff('finance', { tenantId: tenantB, host: HOST_B });
    expect((await call(other, 'GET', `/api/admin/deposits?q=${p.id}`)).json().data).toEqual([]);
    expect((await call(other, 'GET', `/api/admin/deposits/${d1.id}`)).statusCode).toBe(404);
    expect((await call(other, 'POST', `/api/admin/deposits/${d1.id}/refund`, { reason: 'x' })).statusCode).toBe(404);
    expect((await call(other, 'GET', `/api/admin/deposits?tenant=${tenantA}`)).statusCode).toBe(403);
    // Roles: kyc and marketing do not read deposits.
    expect((await call(await staff('kyc'), 'GET', '/api/admin/deposits')).statusCode).toBe(403);
    expect((await call(await staff('marketing'), 'GET', '/api/admin/deposits')).statusCode).toBe(403);
  });

  it('refunds a paid deposit once: cash debited through the ledger, audited, the PSP asked, a repeat changes nothing', async () => {
    const p = await player();
    const d = await paidDeposit(p, 20_000);
    expect(await balance(p)).toBe(20_000);
    const support = await staff('support');
    expect((await call(support, 'POST', `/api/admin/deposits/${d.id}/refund`, { reason: 'pedido' })).statusCode).toBe(
      403,
    );
    const finance = await staff('finance');
    const noReason = await call(finance, 'POST', `/api/admin/deposits/${d.id}/refund`, {});
    expect(noReason.statusCode).toBe(422);

    const [a, b] = await Promise.all([
      call(finance, 'POST', `/api/admin/deposits/${d.id}/refund`, { reason: 'pedido do jogador' }),
      call(finance, 'POST', `/api/admin/deposits/${d.id}/refund`, { reason: 'pedido do jogador' }),
    ]);
    for (const r of [a, b]) expect(r.statusCode, r.body).toBe(200);
    const done = RefundDepositReply.parse(a.json());
    expect(done.psp_confirmed).toBe(true);
    expect(done.deposit).toMatchObject({ status: 'refunded', refund_reason: 'pedido do jogador' });
    expect(done.deposit.refunded_by).toBe(`staff:${finance.id} ${finance.email}`);
    expect(await balance(p)).toBe(0);
    expect(await audits(p.id, 'deposit.refund')).toHaveLength(1);
    const again = await call(finance, 'POST', `/api/admin/deposits/${d.id}/refund`, { reason: 'outra vez' });
    expect(again.statusCode).toBe(200);
    expect(await balance(p)).toBe(0);
    expect(await audits(p.id, 'deposit.refund')).toHaveLength(1);
    // The PSP holds exactly one devolução of the payment.
    const e2e = done.deposit.end_to_end_id!;
    const psp = await app.db.query('select 1 from sandbox_psp_refunds where end_to_end_id = $1', [e2e]);
    expect(psp.rows).toHaveLength(1);
    const { rows } = await app.db.query<{ n: number }>(
      `select count(*)::int as n from ledger_transactions where idempotency_key = $1`,
      [`pix:refund:${e2e}`],
    );
    expect(rows[0]!.n).toBe(1);
    expect(await ledger.checkLedger(app.db)).toMatchObject({ ok: true });
  });

  it('refuses a refund the player’s cash no longer covers, and leaves everything as it was', async () => {
    const p = await player();
    const d = await paidDeposit(p, 10_000);
    await app.db.transaction((tx) =>
      ledger.debit(tx, {
        tenantId: tenantA,
        userId: p.id,
        amount: 6_000,
        type: 'bet',
        idempotencyKey: `test:spent:${p.id}`,
        reference: 'test bet',
      }),
    );
    const finance = await staff('finance');
    const res = await call(finance, 'POST', `/api/admin/deposits/${d.id}/refund`, { reason: 'pedido' }, 'en');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('no longer covers');
    expect(await balance(p)).toBe(4_000);
    expect((await call(finance, 'GET', `/api/admin/deposits/${d.id}`)).json().deposit.status).toBe('paid');
    expect(await audits(p.id, 'deposit.refund')).toHaveLength(0);
  });
});

/** A pending document with a real file in storage, inserted as the player's upload would leave it. */
async function pendingDocument(p: Player, type: string, tenantId = tenantA) {
  const png = Buffer.from(
    '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
    'hex',
  );
  const key = `kyc/${tenantId}/${p.id}/${type.replace('_', '-')}-test${Math.random().toString(16).slice(2, 10)}.png`;
  await documentStorage(app.config.dataDir).put(key, png, 'image/png');
  const { rows } = await app.db.query<{ id: number }>(
    `insert into kyc_documents (tenant_id, user_id, type, storage_key, content_type, size)
      values ($1, $2, $3, $4, 'image/png', $5) returning id`,
    [tenantId, p.id, type, key, png.length],
  );
  return { id: Number(rows[0]!.id), png };
}

describe('KYC review', () => {
  it('queues pending documents oldest first, shows a player’s set side by side, serves files to staff only', async () => {
    const p = await player();
    const front = await pendingDocument(p, 'id_front');
    const selfie = await pendingDocument(p, 'selfie');
    const reviewer = await staff('kyc');
    const q = await call(reviewer, 'GET', '/api/admin/kyc?status=pending&limit=100');
    expect(q.statusCode, q.body).toBe(200);
    const ids = AdminKycQueueReply.parse(q.json()).data.map((d) => d.id);
    expect(ids.indexOf(front.id)).toBeLessThan(ids.indexOf(selfie.id));

    const detail = await call(reviewer, 'GET', `/api/admin/kyc/${front.id}`);
    const set = AdminKycDetailReply.parse(detail.json()).set;
    expect(set.map((d) => d.type).sort()).toEqual(['id_front', 'selfie']);

    const file = await call(reviewer, 'GET', `/api/admin/kyc/${front.id}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(String(file.headers['cache-control'])).toContain('no-store');
    expect(file.rawPayload.equals(front.png)).toBe(true);

    // Another tenant's staff never gets the file; a player's session is not staff; marketing has no KYC.
    const other = await staff('kyc', { tenantId: tenantB, host: HOST_B });
    expect((await call(other, 'GET', `/api/admin/kyc/${front.id}/file`)).statusCode).toBe(404);
    expect((await call(other, 'GET', `/api/admin/kyc/${front.id}`)).statusCode).toBe(404);
    expect((await call(other, 'GET', '/api/admin/kyc?limit=100')).json().data).toEqual([]);
    const anon = await app.inject({ method: 'GET', url: `/api/admin/kyc/${front.id}/file` });
    expect(anon.statusCode).toBe(401);
    const asPlayer = await p.c.get(`/api/admin/kyc/${front.id}/file`);
    expect(asPlayer.statusCode).toBe(401);
    expect((await call(await staff('marketing'), 'GET', `/api/admin/kyc/${front.id}/file`)).statusCode).toBe(403);
  });

  it('approves and rejects through the kyc module: audited, the player notified, a second decision 409', async () => {
    const p = await player();
    const front = await pendingDocument(p, 'id_front');
    const selfie = await pendingDocument(p, 'selfie');
    const support = await staff('support');
    expect((await call(support, 'GET', `/api/admin/kyc/${front.id}`)).statusCode).toBe(200);
    expect((await call(support, 'POST', `/api/admin/kyc/${front.id}/approve`)).statusCode).toBe(403);
    expect((await call(await staff('finance'), 'POST', `/api/admin/kyc/${front.id}/approve`)).statusCode).toBe(403);
    const other = await staff('kyc', { tenantId: tenantB, host: HOST_B });
    expect((await call(other, 'POST', `/api/admin/kyc/${front.id}/approve`)).statusCode).toBe(404);

    const reviewer = await staff('kyc');
    const ok = await call(reviewer, 'POST', `/api/admin/kyc/${front.id}/approve`);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().document.status).toBe('approved');
    const no = await call(reviewer, 'POST', `/api/admin/kyc/${selfie.id}/reject`, { reason: 'foto ilegível' });
    expect(no.json().document).toMatchObject({ status: 'rejected', reject_reason: 'foto ilegível' });
    const twice = await call(reviewer, 'POST', `/api/admin/kyc/${front.id}/reject`, { reason: 'x' }, 'en');
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toContain('no longer under review');

    const approved = await audits(p.id, 'kyc.approve');
    expect(approved).toHaveLength(1);
    expect(approved[0]).toMatchObject({ actor: `staff:${reviewer.id} ${reviewer.email}`, ip: '203.0.113.7' });
    expect(await audits(p.id, 'kyc.reject')).toHaveLength(1);
    const { rows } = await app.db.query(
      `select payload from event_log where name = 'kyc.document_reviewed' and user_id = $1 order by id`,
      [p.id],
    );
    expect(rows).toHaveLength(2);
  });
});
