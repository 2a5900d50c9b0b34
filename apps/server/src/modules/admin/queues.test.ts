import {
  AdminAuditReply,
  AdminWithdrawalReply,
  AdminWithdrawalsReply,
  STAFF_CSRF_HEADER,
  type StaffRole,
} from '@sorte/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, registerPlayer } from '../../test/accounts';
import { testApp } from '../../test/helpers';
import { passwordHasher } from '../auth/index';
import { demoTenantId } from '../casino/test-support';
import * as ledger from '../ledger/index';
import { appendAudit, listAudit } from '../responsible-gaming/index';
import { createTenant } from '../tenants/index';
import { createStaff } from './auth-service';
import { startStaffSession } from './sessions';
import * as staffRepo from './staff-repo';
import { codeAtStep, stepAt } from './totp';

let app: FastifyInstance;
let tenantA: number;
let tenantB: number;
const HOST_A = 'localhost';
const HOST_B = 'fila-b.test';

beforeAll(async () => {
  app = await testApp({ tenantCacheTtlMs: 0, tenantNegativeCacheTtlMs: 0 });
  // The events a decision publishes stay in the log for the assertions below.
  app.realtime.domainEventsHeld = true;
  tenantA = await demoTenantId(app);
  tenantB = (await createTenant(app.db, { name: 'Fila B', host: HOST_B })).id;
});
afterAll(() => app.close());

let seq = 0;
type Staff = { id: number; email: string; headers: Record<string, string> };

/** A logged-in staff member (rows through the staff module's own repo); null tenant: platform staff. */
async function staff(
  role: StaffRole,
  o: { tenantId?: number | null; host?: string; stepUp?: boolean } = {},
): Promise<Staff> {
  const email = `queue-${role}-${++seq}@sorte.test`;
  const tenantId = o.tenantId === undefined ? tenantA : o.tenantId;
  const id = await staffRepo.insertStaff(app.db, { tenantId, email, passwordHash: 'x', role, totpSecret: 'x' });
  const { token, session } = await startStaffSession(app.db, { staffId: id, ip: null, userAgent: null });
  if (o.stepUp !== false) await staffRepo.markSteppedUp(app.db, session.id);
  return {
    id,
    email,
    headers: { host: o.host ?? HOST_A, cookie: `sorte_staff=${token}`, [STAFF_CSRF_HEADER]: session.csrf_token },
  };
}

const IP = '203.0.113.7';
const call = (s: Staff, method: 'GET' | 'POST', url: string, payload?: object) =>
  app.inject({ method, url, headers: s.headers, remoteAddress: IP, ...(payload ? { payload } : {}) });

type Pending = { id: number; userId: number; tenantId: number; amount: number; host: string; token: string };

/**
 * A withdrawal above the review threshold (R$ 5.000,00), requested by a new player through the player's own calls:
 * it waits in the queue (status 5) with its amount held.
 */
async function underReview(host = HOST_A, amount = 600_000): Promise<Pending> {
  const p = await registerPlayer(app, { host });
  const userId = Number(p.user.id);
  const tenantId = host === HOST_A ? tenantA : tenantB;
  // Contacts verified, as the withdrawal requires (the verification flows are the auth module's tests).
  await app.db.query('update users set email_verified_at = now(), phone_verified_at = now() where id = $1', [userId]);
  await app.db.transaction((tx) =>
    ledger.credit(tx, {
      tenantId,
      userId,
      amount,
      type: 'deposit',
      idempotencyKey: `test:admin-queue:${userId}`,
      reference: 'test deposit',
    }),
  );
  const c = client(app, { host, token: p.token });
  const method = await c.post('/api/wallet/withdraw/method', { type: 'cpf', key: p.cpf });
  expect(method.statusCode, method.body).toBe(200);
  const w = await c.post(
    '/api/wallet/withdraw/request',
    { amount, method_id: method.json().method.id },
    { 'idempotency-key': `w${userId}` },
  );
  expect(w.statusCode, w.body).toBe(200);
  expect(w.json().withdrawal.status).toBe(5);
  return { id: w.json().withdrawal.id, userId, tenantId, amount, host, token: p.token };
}

const auditRows = async (withdrawalUser: number, action: string) =>
  (
    await app.db.query<{ actor: string; before: { status: string }; after: { status: string }; ip: string }>(
      'select actor, before, after, ip from rg_audit where user_id = $1 and action = $2 order by id',
      [withdrawalUser, action],
    )
  ).rows;

const wallet = async (w: Pending) =>
  (await client(app, { host: w.host, token: w.token }).get('/api/profile/wallet')).json() as {
    balance: number;
    pending_withdrawal: number;
  };

describe('the withdrawals queue', () => {
  it('shows finance the queue with the 120-minute clock and the player masked; support gets 403', async () => {
    const w = await underReview();
    const finance = await staff('finance');
    const res = await call(finance, 'GET', '/api/admin/withdrawals');
    expect(res.statusCode, res.body).toBe(200);
    AdminWithdrawalsReply.parse(res.json());
    const row = res.json().data.find((r: { id: number }) => r.id === w.id);
    expect(row).toMatchObject({
      tenant_id: tenantA,
      player_id: w.userId,
      player_name: 'Maria S.',
      amount: 600_000,
      pix_key_type: 'cpf',
      status: 'under_review',
      review_reason: 'amount_above_threshold',
    });
    expect(Date.parse(row.due_at) - Date.parse(row.requested_at)).toBe(120 * 60_000);
    expect(JSON.stringify(res.json())).not.toContain(w.token);

    const support = await staff('support');
    const refused = await call(support, 'GET', '/api/admin/withdrawals');
    expect(refused.statusCode).toBe(403);
  });

  it('finance approves with a step-up: the payout is released, audited with before/after and IP, once', async () => {
    const w = await underReview();
    const noStepUp = await staff('finance', { stepUp: false });
    const refused = await call(noStepUp, 'POST', `/api/admin/withdrawals/${w.id}/approve`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('step_up_required');
    expect(await auditRows(w.userId, 'withdrawal.approve')).toHaveLength(0);

    const finance = await staff('finance');
    const ok = await call(finance, 'POST', `/api/admin/withdrawals/${w.id}/approve`);
    expect(ok.statusCode, ok.body).toBe(200);
    AdminWithdrawalReply.parse(ok.json());
    expect(ok.json().withdrawal).toMatchObject({
      id: w.id,
      status: 'pending',
      reviewed_by: `staff:${finance.id} ${finance.email}`,
    });

    const again = await call(finance, 'POST', `/api/admin/withdrawals/${w.id}/approve`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Este saque não está mais em análise: outra decisão já foi tomada.');
    const rejectLate = await call(finance, 'POST', `/api/admin/withdrawals/${w.id}/reject`, { reason: 'tarde' });
    expect(rejectLate.statusCode).toBe(409);

    const audit = await auditRows(w.userId, 'withdrawal.approve');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actor: `staff:${finance.id} ${finance.email}`,
      before: { id: w.id, status: 'under_review', amount: 600_000 },
      after: { id: w.id, status: 'pending' },
      ip: IP,
    });
    expect(await auditRows(w.userId, 'withdrawal.reject')).toHaveLength(0);

    // The player's browser is told live: payments published the status change for the realtime consumers.
    const { rows: events } = await app.db.query<{ payload: { id: number; status: number } }>(
      `select payload from event_log where name = 'payments.withdrawal_updated' and user_id = $1`,
      [w.userId],
    );
    expect(events.map((e) => e.payload)).toEqual([{ id: w.id, status: 0 }]);
  });

  it('the whole way: staff:create, login with TOTP, a refused approve, step-up with the next code, approve', async () => {
    const w = await underReview();
    const email = `fluxo-${++seq}@sorte.test`;
    const password = 'senha-do-painel-1';
    const made = await createStaff(app.db, passwordHasher(app.config.passwordHash), {
      tenantId: tenantA,
      email,
      role: 'finance',
      password,
    });
    // Login takes the current step; the step-up the next one (a step is never accepted twice, one either side is).
    const step = stepAt(Date.now());
    const login = await app.inject({
      method: 'POST',
      url: '/api/admin/auth/login',
      headers: { host: HOST_A },
      payload: { email, password, totp: codeAtStep(made.secret, step) },
    });
    expect(login.statusCode, login.body).toBe(200);
    const s: Staff = {
      id: made.id,
      email,
      headers: {
        host: HOST_A,
        cookie: String(login.headers['set-cookie']).split(';')[0]!,
        [STAFF_CSRF_HEADER]: login.json().csrf_token,
      },
    };
    const early = await call(s, 'POST', `/api/admin/withdrawals/${w.id}/approve`);
    expect(early.statusCode).toBe(403);
    expect(early.json()).toMatchObject({ code: 'step_up_required' });
    const up = await call(s, 'POST', '/api/admin/auth/step-up', { totp: codeAtStep(made.secret, step + 1) });
    expect(up.statusCode, up.body).toBe(200);
    const ok = await call(s, 'POST', `/api/admin/withdrawals/${w.id}/approve`);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await auditRows(w.userId, 'withdrawal.approve')).toMatchObject([{ actor: `staff:${made.id} ${email}` }]);
  });

  it('two decisions at once: one applies, the other is a 409, and one audit row is written', async () => {
    const w = await underReview();
    const [f1, f2] = [await staff('finance'), await staff('finance')];
    const replies = await Promise.all([
      call(f1, 'POST', `/api/admin/withdrawals/${w.id}/approve`),
      call(f2, 'POST', `/api/admin/withdrawals/${w.id}/reject`, { reason: 'ao mesmo tempo' }),
    ]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const rows = [
      ...(await auditRows(w.userId, 'withdrawal.approve')),
      ...(await auditRows(w.userId, 'withdrawal.reject')),
    ];
    expect(rows).toHaveLength(1);
    const approved = replies[0]!.statusCode === 200;
    expect(await wallet(w)).toMatchObject(
      approved ? { balance: 0, pending_withdrawal: 600_000 } : { balance: 600_000, pending_withdrawal: 0 },
    );
  });

  it('rejects with a reason: the amount returns to the player, audited once', async () => {
    const w = await underReview();
    expect(await wallet(w)).toMatchObject({ balance: 0, pending_withdrawal: 600_000 });
    const finance = await staff('finance');
    const noReason = await call(finance, 'POST', `/api/admin/withdrawals/${w.id}/reject`, {});
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors.reason[0]).toBe('Informe o motivo (até 500 caracteres).');

    const res = await call(finance, 'POST', `/api/admin/withdrawals/${w.id}/reject`, { reason: 'Chave de terceiros' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().withdrawal).toMatchObject({ status: 'cancelled', review_reason: 'Chave de terceiros' });
    expect(await wallet(w)).toMatchObject({ balance: 600_000, pending_withdrawal: 0 });
    const audit = await auditRows(w.userId, 'withdrawal.reject');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      before: { status: 'under_review' },
      after: { status: 'cancelled', review_reason: 'Chave de terceiros' },
      ip: IP,
    });
    expect(
      (await call(finance, 'POST', `/api/admin/withdrawals/${w.id}/reject`, { reason: 'de novo' })).statusCode,
    ).toBe(409);
    expect(await wallet(w)).toMatchObject({ balance: 600_000, pending_withdrawal: 0 });
  });

  it('the auditor reads the audit log but cannot approve', async () => {
    const w = await underReview();
    const auditor = await staff('auditor');
    const res = await call(auditor, 'POST', `/api/admin/withdrawals/${w.id}/approve`);
    expect(res.statusCode).toBe(403);
    expect((await call(auditor, 'GET', '/api/admin/audit')).statusCode).toBe(200);
    expect((await call(auditor, 'GET', '/api/admin/withdrawals')).statusCode).toBe(200);
  });

  it('keeps each tenant’s staff to their tenant: another’s withdrawal is not found, and never listed', async () => {
    const a = await underReview(HOST_A);
    const b = await underReview(HOST_B);
    const financeA = await staff('finance');
    const list = (await call(financeA, 'GET', '/api/admin/withdrawals?status=all&limit=100')).json().data as {
      id: number;
      tenant_id: number;
    }[];
    expect(list.some((r) => r.id === a.id)).toBe(true);
    expect(list.every((r) => r.tenant_id === tenantA)).toBe(true);
    expect((await call(financeA, 'GET', `/api/admin/withdrawals?tenant=${tenantB}`)).statusCode).toBe(403);
    for (const act of ['approve', 'reject']) {
      const res = await call(financeA, 'POST', `/api/admin/withdrawals/${b.id}/${act}`, { reason: 'x' });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Saque não encontrado.');
    }
    expect(await auditRows(b.userId, 'withdrawal.approve')).toHaveLength(0);
    expect(await wallet(b)).toMatchObject({ pending_withdrawal: 600_000 });

    // Tenant B's own staff log in on B's host only; there they see B's queue and decide.
    const financeB = await staff('finance', { tenantId: tenantB, host: HOST_B });
    const onA = await staff('finance', { tenantId: tenantB, host: HOST_A });
    expect((await call(onA, 'GET', '/api/admin/withdrawals')).statusCode).toBe(401);
    const listB = (await call(financeB, 'GET', '/api/admin/withdrawals')).json().data as { id: number }[];
    expect(listB.map((r) => r.id)).toContain(b.id);
    expect(listB.map((r) => r.id)).not.toContain(a.id);

    // Tenant B's audit rows are not tenant A's to read.
    expect((await call(financeB, 'POST', `/api/admin/withdrawals/${b.id}/approve`)).statusCode).toBe(200);
    const adminA = await staff('admin');
    const auditA = (await call(adminA, 'GET', `/api/admin/audit?user_id=${b.userId}`)).json().data;
    expect(auditA).toEqual([]);
    expect((await call(adminA, 'GET', `/api/admin/audit?tenant=${tenantB}`)).statusCode).toBe(403);

    // Platform staff see every tenant, or the one they name.
    const platform = await staff('finance', { tenantId: null });
    const all = (await call(platform, 'GET', '/api/admin/withdrawals?status=all&limit=100')).json().data as {
      tenant_id: number;
    }[];
    expect(new Set(all.map((r) => r.tenant_id))).toEqual(new Set([tenantA, tenantB]));
    const onlyB = (await call(platform, 'GET', `/api/admin/withdrawals?status=all&tenant=${tenantB}`)).json().data as {
      tenant_id: number;
    }[];
    expect(onlyB.length).toBeGreaterThan(0);
    expect(onlyB.every((r) => r.tenant_id === tenantB)).toBe(true);
  });

  it('pages the queue by keyset on each sort, every row once, in order', async () => {
    const amounts = [700_000, 650_000, 800_000];
    const made: Pending[] = [];
    for (const amount of amounts) made.push(await underReview(HOST_A, amount));
    const finance = await staff('finance');
    for (const sort of ['due_at', '-due_at', 'amount', '-amount', 'requested_at', '-requested_at']) {
      const seen: { id: number; amount: number; due_at: string }[] = [];
      let cursor: string | null = null;
      do {
        const q: string = `/api/admin/withdrawals?sort=${sort}&limit=2${cursor ? `&cursor=${cursor}` : ''}`;
        const page = await call(finance, 'GET', q);
        expect(page.statusCode, page.body).toBe(200);
        seen.push(...page.json().data);
        cursor = page.json().next_cursor;
      } while (cursor);
      const all = (await call(finance, 'GET', `/api/admin/withdrawals?sort=${sort}&limit=100`)).json().data;
      expect(seen.map((r) => r.id)).toEqual(all.map((r: { id: number }) => r.id));
      expect(new Set(seen.map((r) => r.id)).size).toBe(seen.length);
      for (const m of made) expect(seen.map((r) => r.id)).toContain(m.id);
      const key = (r: { amount: number; due_at: string }) =>
        sort.endsWith('amount') ? r.amount : Date.parse(r.due_at);
      const keys = seen.map(key);
      const sorted = [...keys].sort((x, y) => (sort.startsWith('-') ? y - x : x - y));
      expect(keys).toEqual(sorted);
    }
    const bad = await call(finance, 'GET', '/api/admin/withdrawals?cursor=nope');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.cursor[0]).toMatch(/^Cursor de página inválido/);
  });
});

describe('the audit log', () => {
  it('filters by actor, action, player and period on the server, and pages newest first', async () => {
    const finance = await staff('finance');
    const other = await staff('finance');
    const ws = [await underReview(), await underReview(), await underReview()];
    // The database's clock, as the rows' created_at are its own.
    const { rows: clock } = await app.db.query<{ now: Date }>('select now() as now');
    const start = new Date(clock[0]!.now).toISOString();
    await call(finance, 'POST', `/api/admin/withdrawals/${ws[0]!.id}/approve`);
    await call(finance, 'POST', `/api/admin/withdrawals/${ws[1]!.id}/reject`, { reason: 'Documento vencido' });
    await call(other, 'POST', `/api/admin/withdrawals/${ws[2]!.id}/approve`);
    const risk = await staff('risk');

    const mine = (await call(risk, 'GET', `/api/admin/audit?actor=staff:${finance.id}`)).json().data as {
      action: string;
      user_id: number;
      actor: string;
      ip: string;
    }[];
    expect(mine.map((r) => [r.action, r.user_id])).toEqual([
      ['withdrawal.reject', ws[1]!.userId],
      ['withdrawal.approve', ws[0]!.userId],
    ]);
    expect(mine.every((r) => r.actor === `staff:${finance.id} ${finance.email}` && r.ip === IP)).toBe(true);

    const approvals = (
      await call(risk, 'GET', `/api/admin/audit?action=withdrawal.approve&from=${encodeURIComponent(start)}`)
    ).json().data as { user_id: number }[];
    expect(approvals.map((r) => r.user_id)).toEqual([ws[2]!.userId, ws[0]!.userId]);

    const oneReply = (await call(risk, 'GET', `/api/admin/audit?user_id=${ws[1]!.userId}`)).json();
    AdminAuditReply.parse(oneReply);
    const one = oneReply.data;
    expect(one).toHaveLength(1);
    expect(one[0]).toMatchObject({ action: 'withdrawal.reject', after: { review_reason: 'Documento vencido' } });

    const future = (await call(risk, 'GET', '/api/admin/audit?from=2999-01-01')).json().data;
    expect(future).toEqual([]);
    const past = (
      await call(risk, 'GET', `/api/admin/audit?to=${encodeURIComponent(start)}&action=withdrawal.reject`)
    ).json().data as { user_id: number }[];
    expect(past.map((r) => r.user_id)).not.toContain(ws[1]!.userId);

    // Page by page, newest first, each row once.
    const ids: number[] = [];
    let cursor: string | null = null;
    do {
      const q: string = `/api/admin/audit?limit=1&from=${encodeURIComponent(start)}${cursor ? `&cursor=${cursor}` : ''}`;
      const page = await call(risk, 'GET', q);
      ids.push(...page.json().data.map((r: { id: number }) => r.id));
      cursor = page.json().next_cursor;
    } while (cursor);
    expect(ids).toHaveLength(3);
    expect([...ids].sort((x, y) => y - x)).toEqual(ids);

    const badRange = await call(risk, 'GET', '/api/admin/audit?from=2026-02-01&to=2026-01-01');
    expect(badRange.statusCode).toBe(422);
    const badDate = await call(risk, 'GET', '/api/admin/audit?from=ontem');
    expect(badDate.statusCode).toBe(422);
    expect(badDate.json().errors.from[0]).toMatch(/^Data inválida/);
  });

  it('matches an actor by its first word exactly: staff:1 is not staff:12, and LIKE wildcards are literal', async () => {
    // A tenant of its own, so the rows of the other tests do not enter the answers.
    const tenantId = (await createTenant(app.db, { name: 'Atores', host: 'atores.test' })).id;
    for (const actor of ['staff:1 a@x.test', 'staff:12 b@x.test', 'staff:1_ c@x.test', 'staff:1', 'staff:1%x d@x.test'])
      await appendAudit(app.db, { tenantId, userId: null, actor, action: 'probe' });
    const actors = async (actor: string) =>
      (await listAudit(app.db, { tenantId, actor, limit: 10 })).map((r) => r.actor).sort();
    expect(await actors('staff:1')).toEqual(['staff:1', 'staff:1 a@x.test']);
    expect(await actors('staff:1_')).toEqual(['staff:1_ c@x.test']);
    expect(await actors('staff:1%x')).toEqual(['staff:1%x d@x.test']);
    expect(await actors('staff:1 a@x.test')).toEqual(['staff:1 a@x.test']);
  });
});
