import type { StaffRole } from '@sorte/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, lastCode, newCpf, newEmail, newIp, newPhone } from '../../test/accounts';
import { testApp } from '../../test/helpers';
import { demoTenantId } from '../casino/test-support';
import * as ledger from '../ledger/index';
import { createTenant, defaultTenantSettings } from '../tenants/index';
import { staffCall, type TestStaff, testStaff } from './test-support';

/**
 * The console's promotions: who may read and act on offers, coupons, cashback, missions, VIP and CPAs; a new offer
 * refused field by field in both languages, then taken by players until it is ended; a coupon's uses and its offer's
 * budget; a cashback week computed once; a mission stopped; a CPA in review paid once by finance; one tenant's staff
 * never reaching another's promotions; every act in the audit log.
 */

let app: FastifyInstance;
let tenantA: number;
let tenantB: number;
const HOST_B = 'promo-b.test';

beforeAll(async () => {
  app = await testApp({ tenantCacheTtlMs: 0, tenantNegativeCacheTtlMs: 0 });
  // Real HTTP: the sandbox PSP posts its webhooks to this server.
  await app.listen({ host: '127.0.0.1', port: 0 });
  tenantA = await demoTenantId(app);
  tenantB = (
    await createTenant(app.db, {
      name: 'Promo B',
      host: HOST_B,
      settings: {
        ...defaultTenantSettings({ name: 'Promo B', host: HOST_B }),
        cashback: true,
        cashback_conversion_percentage: 10,
      },
    })
  ).id;
}, 60_000);
afterAll(() => app.close());

const staff = (role: StaffRole, tenantId: number | null = tenantA) =>
  testStaff(app, role, { tenantId, host: tenantId === tenantB ? HOST_B : 'localhost' });
const call = (s: TestStaff, method: 'GET' | 'POST' | 'PATCH', url: string, body?: object, lang?: string) =>
  staffCall(app, lang ? { ...s, headers: { ...s.headers, 'accept-language': lang } } : s, method, url, body);

async function auditOf(action: string, tenantId = tenantA) {
  const owner = await staff('owner', tenantId);
  const res = await call(owner, 'GET', `/api/admin/audit?action=${action}&limit=1`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data[0] as { actor: string; before: unknown; after: unknown } | undefined;
}

const OFFER = {
  kind: 'no_deposit',
  name_pt: 'Presente de boas-vindas',
  name_en: 'Welcome gift',
  amount: 1_500,
  wagering: 10,
};

describe(`promotions in the console (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('lets each role read and act only on what its permissions give', async () => {
    const matrix: [StaffRole, string, number][] = [
      ['marketing', '/api/admin/promotions/offers', 200],
      ['marketing', '/api/admin/promotions/coupons', 200],
      ['marketing', '/api/admin/promotions/cashback', 200],
      ['marketing', '/api/admin/promotions/missions', 200],
      ['marketing', '/api/admin/promotions/vip', 200],
      ['marketing', '/api/admin/promotions/affiliates', 200],
      ['finance', '/api/admin/promotions/affiliates', 200],
      ['finance', '/api/admin/promotions/offers', 403],
      ['support', '/api/admin/promotions/offers', 403],
      ['support', '/api/admin/promotions/affiliates', 403],
      ['trader', '/api/admin/promotions/missions', 403],
      ['kyc', '/api/admin/promotions/vip', 403],
      ['auditor', '/api/admin/promotions/cashback', 200],
      ['auditor', '/api/admin/promotions/affiliates', 200],
    ];
    for (const [role, url, status] of matrix) {
      const res = await call(await staff(role), 'GET', url);
      expect(res.statusCode, `${role} GET ${url}: ${res.body}`).toBe(status);
    }
    // Read-only roles cannot create; marketing runs promotions but does not pay CPAs.
    const auditor = await staff('auditor');
    expect((await call(auditor, 'POST', '/api/admin/promotions/offers', OFFER)).statusCode).toBe(403);
    expect((await call(auditor, 'POST', '/api/admin/promotions/cashback/runs', {})).statusCode).toBe(403);
    const finance = await staff('finance');
    expect(
      (await call(finance, 'POST', '/api/admin/promotions/coupons', { code: 'XYZ', offer_id: 1 })).statusCode,
    ).toBe(403);
    const marketing = await staff('marketing');
    expect((await call(marketing, 'POST', '/api/admin/promotions/affiliates/1/approve', {})).statusCode).toBe(403);
  });

  it('creates an offer checked field by field, players see it, and it leaves their list once ended', async () => {
    const mk = await staff('marketing');
    const bad = await call(mk, 'POST', '/api/admin/promotions/offers', {
      kind: 'deposit_match',
      name_pt: 'Dobro',
      wagering: 300,
      amount: 1_000,
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({
      percent: ['Obrigatório para este tipo de oferta.'],
      max_bonus: ['Obrigatório para este tipo de oferta.'],
      amount: ['Não se aplica a este tipo de oferta.'],
      wagering: ['O rollover vai de 0 a 200 vezes, com até 2 casas decimais.'],
    });
    const badEn = await call(mk, 'POST', '/api/admin/promotions/offers', { ...OFFER, amount: 0 }, 'en');
    expect(badEn.json().errors.amount).toEqual(['Give a whole number of centavos, from 1 to 1,000,000,000.']);
    const before = (await call(mk, 'GET', '/api/admin/promotions/offers')).json().data.length;

    const made = await call(mk, 'POST', '/api/admin/promotions/offers', OFFER);
    expect(made.statusCode, made.body).toBe(201);
    const offer = made.json().offer;
    expect(offer).toMatchObject({
      tenant_id: tenantA,
      kind: 'no_deposit',
      name_pt: 'Presente de boas-vindas',
      live: true,
      granted_count: 0,
      rules: 'R$ 15,00; rollover 10x bônus; 30 dias',
    });
    const list = (await call(mk, 'GET', '/api/admin/promotions/offers', undefined, 'en')).json().data;
    expect(list).toHaveLength(before + 1);
    expect(list[0]).toMatchObject({ id: offer.id, rules: 'R$15.00; wagering 10x bonus; 30 days' });
    expect(await auditOf('offer.create')).toMatchObject({
      actor: expect.stringContaining(`staff:${mk.id}`),
      before: null,
      after: { id: offer.id, name_pt: 'Presente de boas-vindas' },
    });
    const liveIds = async () =>
      ((await client(app).get('/api/promotions/offers')).json().offers as { id: number }[]).map((o) => o.id);
    expect(await liveIds()).toContain(offer.id);

    const ended = await call(mk, 'PATCH', `/api/admin/promotions/offers/${offer.id}`, { active: false });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json().offer).toMatchObject({ active: false, live: false });
    expect(await liveIds()).not.toContain(offer.id);
    expect(await auditOf('offer.end')).toMatchObject({ before: { active: true }, after: { active: false } });
    const late = await call(mk, 'POST', '/api/admin/promotions/coupons', { code: 'TARDE', offer_id: offer.id });
    expect(late.statusCode).toBe(422);
    expect(late.json().errors.offer_id).toEqual(['Esta oferta foi encerrada: reative-a antes de criar um cupom.']);
    // Nothing was written by the refused drafts: one more offer than before, no more.
    expect((await call(mk, 'GET', '/api/admin/promotions/offers')).json().data).toHaveLength(before + 1);
  });

  it("shows a coupon's uses and its offer's budget; a code is taken once", async () => {
    const mk = await staff('marketing');
    const offer = (
      await call(mk, 'POST', '/api/admin/promotions/offers', { ...OFFER, budget_amount: 300_000, budget_count: 200 })
    ).json().offer;
    const made = await call(mk, 'POST', '/api/admin/promotions/coupons', {
      code: 'natal-26',
      offer_id: offer.id,
      max_uses: 100,
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().coupon).toMatchObject({
      code: 'NATAL-26',
      offer_name: 'Presente de boas-vindas',
      uses: 0,
      max_uses: 100,
      budget_amount: 300_000,
      budget_count: 200,
      granted_amount: 0,
      listed: true,
      active: true,
    });
    const again = await call(mk, 'POST', '/api/admin/promotions/coupons', { code: 'NATAL-26', offer_id: offer.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Este código de cupom já existe.');
    const noOffer = await call(mk, 'POST', '/api/admin/promotions/coupons', { code: 'OUTRO', offer_id: 999_999 }, 'en');
    expect(noOffer.statusCode).toBe(422);
    expect(noOffer.json().errors.offer_id).toEqual(['Offer not found.']);

    // A player redeems it: the console shows one use and the offer's grant against its budget.
    const p = await registerOn('localhost');
    const redeem = await client(app, { token: p.token }).post('/api/bonuses/redeem', { coupon: 'natal-26' });
    expect(redeem.statusCode, redeem.body).toBe(200);
    const coupons = (await call(mk, 'GET', '/api/admin/promotions/coupons')).json().data;
    expect(coupons.find((c: { code: string }) => c.code === 'NATAL-26')).toMatchObject({
      uses: 1,
      granted_count: 1,
      granted_amount: 1_500,
    });
    expect(await auditOf('coupon.create')).toMatchObject({ after: { code: 'NATAL-26' } });
  });

  it("keeps each tenant's promotions to its own staff", async () => {
    const mkA = await staff('marketing');
    const offerA = (await call(mkA, 'POST', '/api/admin/promotions/offers', OFFER)).json().offer;
    const mkB = await staff('marketing', tenantB);
    const listB = (await call(mkB, 'GET', '/api/admin/promotions/offers')).json().data;
    expect(listB.some((o: { tenant_id: number }) => o.tenant_id !== tenantB)).toBe(false);
    expect((await call(mkB, 'GET', `/api/admin/promotions/offers?tenant=${tenantA}`)).statusCode).toBe(403);
    const end = await call(mkB, 'PATCH', `/api/admin/promotions/offers/${offerA.id}`, { active: false });
    expect(end.statusCode).toBe(404);
    const coupon = await call(mkB, 'POST', '/api/admin/promotions/coupons', { code: 'ROUBO', offer_id: offerA.id });
    expect(coupon.statusCode).toBe(422);
    const missionsA = (await call(mkA, 'GET', '/api/admin/promotions/missions')).json().data;
    expect(missionsA.length).toBeGreaterThan(0);
    const stop = await call(mkB, 'POST', `/api/admin/promotions/missions/${missionsA[0].id}/disable`, {});
    expect(stop.statusCode).toBe(404);
    expect((await call(mkA, 'GET', '/api/admin/promotions/offers')).json().data[0]).toMatchObject({
      id: offerA.id,
      active: true,
    });
    // Platform staff name the tenant: without one an act is refused and a list is empty.
    const platform = await staff('marketing', null);
    expect((await call(platform, 'GET', '/api/admin/promotions/offers')).json().data).toEqual([]);
    expect(
      (await call(platform, 'GET', `/api/admin/promotions/offers?tenant=${tenantA}`)).json().data[0],
    ).toMatchObject({ id: offerA.id });
    const noTenant = await call(platform, 'POST', '/api/admin/promotions/offers', OFFER);
    expect(noTenant.statusCode).toBe(422);
    expect(noTenant.json().errors.tenant).toBeDefined();
  });

  it('computes a cashback week once, however often it is asked', async () => {
    const mk = await staff('marketing', tenantB);
    // A past week the weekly job (which computes the last one) leaves alone.
    const first = await call(mk, 'POST', '/api/admin/promotions/cashback/runs', { period: '2025-06-04' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ created: true, run: { tenant_id: tenantB, source: 'ops', percentage: 10 } });
    const again = await call(mk, 'POST', '/api/admin/promotions/cashback/runs', { period: '2025-06-08' });
    expect(again.json()).toMatchObject({ created: false, run: { id: first.json().run.id } });
    const list = (await call(mk, 'GET', '/api/admin/promotions/cashback')).json();
    expect(list).toMatchObject({ enabled: true, percentage: 10 });
    expect(list.data.map((r: { id: number }) => r.id)).toContain(first.json().run.id);
    expect(first.json().run).toMatchObject({ period_start: '2025-06-02', period_end: '2025-06-08' });
    const future = await call(mk, 'POST', '/api/admin/promotions/cashback/runs', { period: '2099-01-05' }, 'en');
    expect(future.statusCode).toBe(422);
    expect(future.json().errors.period).toEqual([
      'That week has not ended yet: cashback is computed after its Sunday.',
    ]);
    const bad = await call(mk, 'POST', '/api/admin/promotions/cashback/runs', { period: '05/01/2026' });
    expect(bad.json().errors.period).toEqual(['Informe um dia (AAAA-MM-DD).']);
    // Computed once, audited once.
    const owner = await staff('owner', tenantB);
    const audited = (await call(owner, 'GET', '/api/admin/audit?action=cashback.run&limit=10')).json().data;
    expect(audited).toHaveLength(1);
  });

  it('lists missions with their progress and stops one; the VIP ladder with its players', async () => {
    const mk = await staff('marketing');
    const missions = (await call(mk, 'GET', '/api/admin/promotions/missions')).json().data;
    const live = missions.find((m: { active: boolean }) => m.active);
    expect(live).toMatchObject({ tenant_id: tenantA, players: expect.any(Number), description: expect.any(String) });
    const stop = await call(mk, 'POST', `/api/admin/promotions/missions/${live.id}/disable`, {});
    expect(stop.statusCode, stop.body).toBe(200);
    expect(stop.json().mission).toMatchObject({ id: live.id, active: false });
    expect(await auditOf('mission.disable')).toMatchObject({ before: { active: true }, after: { active: false } });
    const p = await registerOn('localhost');
    const seen = (await client(app, { token: p.token }).get('/api/missions')).json();
    expect(JSON.stringify(seen)).not.toContain(`"id":${live.id},`);

    const vip = (await call(mk, 'GET', '/api/admin/promotions/vip')).json();
    expect(vip.levels.length).toBeGreaterThan(1);
    expect(vip.levels[0]).toMatchObject({ level: expect.any(Number), name_pt: expect.any(String) });
    // Level 0 (anyone who wagered this season) is counted in the total but is not a rung of the ladder.
    expect(vip.players).toBeGreaterThanOrEqual(
      vip.levels.reduce((a: number, l: { players: number }) => a + l.players, 0),
    );
  });

  it('pays a CPA in review once when finance approves it, and rejects another with its reason', async () => {
    const a = await registerOn('localhost');
    const b = await registerOn('localhost', a.user.referral_code);
    await deposit(b, 2_000);
    await wager(b, 5_000);
    const fin = await staff('finance');
    const list = (await call(fin, 'GET', '/api/admin/promotions/affiliates?status=review')).json();
    const r = list.data.find((x: { referred_id: number }) => x.referred_id === Number(b.user.id));
    expect(r).toMatchObject({ status: 'review', cpa_amount: 2_000, referrer_id: Number(a.user.id) });
    expect(list.in_review).toBeGreaterThanOrEqual(1);
    expect(list.in_review_amount).toBeGreaterThanOrEqual(2_000);

    const cash = async () => (await ledger.getBalance(app.db, { tenantId: tenantA, userId: Number(a.user.id) })).cash;
    const before = await cash();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => call(fin, 'POST', `/api/admin/promotions/affiliates/${r.id}/approve`, {})),
    );
    expect(results.filter((x) => x.statusCode === 200)).toHaveLength(1);
    expect(results.filter((x) => x.statusCode === 409)).toHaveLength(4);
    expect(await cash()).toBe(before + 2_000);
    expect(await auditOf('affiliate.approve')).toMatchObject({
      before: { status: 'review' },
      after: { status: 'paid' },
    });
    const again = await call(fin, 'POST', `/api/admin/promotions/affiliates/${r.id}/approve`, {}, 'en');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Only a CPA in review can be approved.');
    expect((await ledger.checkLedger(app.db, tenantA)).ok).toBe(true);

    const c = await registerOn('localhost', a.user.referral_code);
    const rc = (await call(fin, 'GET', '/api/admin/promotions/affiliates?limit=100'))
      .json()
      .data.find((x: { referred_id: number }) => x.referred_id === Number(c.user.id));
    const noReason = await call(fin, 'POST', `/api/admin/promotions/affiliates/${rc.id}/reject`, {});
    expect(noReason.statusCode).toBe(422);
    const short = await call(fin, 'POST', `/api/admin/promotions/affiliates/${rc.id}/reject`, { reason: 'no' }, 'en');
    expect(short.statusCode).toBe(422);
    expect(short.json().errors.reason).toEqual(['Write the reason (3 to 500 characters).']);
    const rejected = await call(fin, 'POST', `/api/admin/promotions/affiliates/${rc.id}/reject`, {
      reason: 'Contas ligadas ao mesmo endereço',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().referral).toMatchObject({
      status: 'rejected',
      reason_note: 'Contas ligadas ao mesmo endereço',
    });
    expect(await auditOf('affiliate.reject')).toMatchObject({ after: { status: 'rejected' } });
    // Tenant B's finance never reaches it.
    const finB = await staff('finance', tenantB);
    expect((await call(finB, 'POST', `/api/admin/promotions/affiliates/${r.id}/approve`, {})).statusCode).toBe(404);

    // Keyset pages: no referral twice across pages.
    const p1 = (await call(fin, 'GET', '/api/admin/promotions/affiliates?limit=1')).json();
    expect(p1.next_cursor).toBeTruthy();
    const p2 = (await call(fin, 'GET', `/api/admin/promotions/affiliates?limit=1&cursor=${p1.next_cursor}`)).json();
    expect(p2.data[0].id).toBeLessThan(p1.data[0].id);
    expect((await call(fin, 'GET', '/api/admin/promotions/affiliates?cursor=%21%21')).statusCode).toBe(422);
  }, 120_000);
});

type Registered = { token: string; user: { id: number; referral_code: string }; ip: string };

/** A player registered through the real calls, each from a device of their own (a shared one is refused as fraud). */
async function registerOn(host: string, ref?: string): Promise<Registered> {
  const ip = newIp();
  const c = client(app, { host, ip });
  const phone = newPhone();
  await c.post('/api/auth/verify-code', { phone });
  const code = await lastCode(app, phone, host);
  const res = await c.post('/api/auth/register', {
    name: 'Joana Lima',
    username: phone,
    email: newEmail(),
    password: 'senha-forte-1',
    password_confirmation: 'senha-forte-1',
    birth_date: '1991-03-02',
    cpf: newCpf(),
    code,
    terms: true,
    age_confirmed: true,
    ...(ref ? { ref } : {}),
  });
  expect(res.statusCode, res.body).toBe(201);
  return { ...res.json(), ip };
}

/** A real PIX deposit, paid in the sandbox, with its events delivered. */
async function deposit(p: Registered, amount: number) {
  const api = client(app, { ip: p.ip, token: p.token });
  const charge = await api.post('/api/main-gateway/qrcode-pix', { amount });
  expect(charge.statusCode, charge.body).toBe(200);
  const txid = charge.json().txid;
  expect((await api.post(`/api/dev/pix/${txid}/pay`, {})).statusCode).toBe(200);
  for (let i = 0; i < 100; i++) {
    const { rows } = await app.db.query<{ status: string }>('select status from pix_charges where txid = $1', [txid]);
    if (rows[0]?.status === 'paid') break;
    await new Promise((r) => setTimeout(r, 50));
  }
  await app.events.drain();
}

let seq = 0;
/** Originals dice bets of R$ 10,00 until `total` is staked (topped up by a house adjustment, not a deposit). */
async function wager(p: Registered, total: number) {
  await app.db.transaction((tx) =>
    ledger.credit(tx, {
      tenantId: tenantA,
      userId: Number(p.user.id),
      amount: total,
      type: 'adjustment',
      idempotencyKey: `test:admin-promo:${p.user.id}:${++seq}`,
      reference: 'test stakes',
    }),
  );
  const api = client(app, { ip: p.ip, token: p.token });
  for (let staked = 0; staked < total; staked += 1_000) {
    const res = await api.post(
      '/api/originals/dice/bet',
      { amount: 1_000, target: 50.5, condition: 'over' },
      { 'idempotency-key': `admin-promo-${p.user.id}-${++seq}` },
    );
    expect(res.statusCode, res.body).toBe(200);
  }
  await app.events.drain();
}
