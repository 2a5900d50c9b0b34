import { DashboardReply, ProductReportReply, RtpReportReply } from '@sorte/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, registerPlayer } from '../../test/accounts';
import { testApp } from '../../test/helpers';
import * as ledger from '../ledger/index';
import { createTenant, setTenantSettings } from '../tenants/index';
import { statsToday } from './dashboard';
import { catchUpStats } from './stats';
import { staffCall, type TestStaff, testStaff } from './test-support';

let app: FastifyInstance;
let tenantA: number;
let tenantB: number;
const HOST_A = 'painel-a.test';
const HOST_B = 'painel-b.test';
const today = statsToday();

beforeAll(async () => {
  app = await testApp({ tenantCacheTtlMs: 0, tenantNegativeCacheTtlMs: 0 });
  app.realtime.domainEventsHeld = true;
  tenantA = (await createTenant(app.db, { name: 'Painel A', host: HOST_A })).id;
  tenantB = (await createTenant(app.db, { name: 'Painel B', host: HOST_B })).id;
});
afterAll(() => app.close());

let seq = 0;
const key = (what: string) => `test:dash:${what}:${Date.now()}:${++seq}`;

async function player(host: string, tenantId: number) {
  const r = await registerPlayer(app, { host });
  return { tenantId, userId: Number(r.user.id), token: r.token, host };
}

/** Everything the ledger holds, folded in now (no wait for a gap: the test's transactions are all committed). */
const catchUp = () => catchUpStats(app.db, { settleMs: 0 });

async function dashboardOf(s: TestStaff, query = '') {
  const res = await staffCall(app, s, 'GET', `/api/admin/dashboard${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return DashboardReply.parse(res.json());
}

describe('dashboard figures', () => {
  let aStaff: TestStaff;
  let played: { stake: number; payout: number };

  it('counts a deposit, a dice bet, a bonus converted, a cashback and a paid withdrawal once each', async () => {
    aStaff = await testStaff(app, 'finance', { tenantId: tenantA, host: HOST_A });
    const empty = await dashboardOf(aStaff);
    expect(empty.period.deposits).toBe(0);

    const p = await player(HOST_A, tenantA);
    const w = { tenantId: tenantA, userId: p.userId };
    await app.db.transaction((tx) =>
      ledger.credit(tx, { ...w, amount: 100_000, type: 'deposit', idempotencyKey: key('dep'), reference: 'test' }),
    );
    await app.db.transaction((tx) =>
      ledger.credit(tx, { ...w, amount: 20_000, type: 'deposit', idempotencyKey: key('dep'), reference: 'test' }),
    );
    // A dice bet through the player's own call (Originals' one-statement path).
    const bet = await client(app, { token: p.token, host: HOST_A }).post(
      '/api/originals/dice/bet',
      { amount: 1000, target: 50.5, condition: 'over' },
      { 'idempotency-key': key('dice') },
    );
    expect(bet.statusCode, bet.body).toBe(200);
    played = { stake: 1000, payout: bet.json().payout };
    // A bonus granted (no cost yet) and half of it converted to cash (the cost), then a cashback paid in cash.
    await app.db.transaction((tx) =>
      ledger.credit(tx, {
        ...w,
        amount: 5_000,
        type: 'bonus',
        account: 'bonus',
        idempotencyKey: key('b'),
        reference: 't',
      }),
    );
    await app.db.transaction((tx) =>
      ledger.transfer(tx, {
        ...w,
        amount: 2_500,
        type: 'rollover',
        from: 'bonus',
        to: 'cash',
        idempotencyKey: key('roll'),
        reference: 't',
      }),
    );
    await app.db.transaction((tx) =>
      ledger.credit(tx, { ...w, amount: 700, type: 'cashback', idempotencyKey: key('cb'), reference: 't' }),
    );
    // A withdrawal: held (cash -> pending), then paid (pending -> payouts); another held and released.
    await app.db.transaction(async (tx) => {
      await ledger.transfer(tx, {
        ...w,
        amount: 30_000,
        type: 'withdraw',
        from: 'cash',
        to: 'pending',
        idempotencyKey: 'withdraw:t1:hold',
        reference: 't',
      });
      await ledger.debit(tx, {
        ...w,
        amount: 30_000,
        type: 'withdraw',
        account: 'pending',
        idempotencyKey: 'withdraw:t1:paid',
        reference: 't',
      });
      await ledger.transfer(tx, {
        ...w,
        amount: 1_000,
        type: 'withdraw',
        from: 'cash',
        to: 'pending',
        idempotencyKey: 'withdraw:t2:hold',
        reference: 't',
      });
      await ledger.transfer(tx, {
        ...w,
        amount: 1_000,
        type: 'withdraw',
        from: 'pending',
        to: 'cash',
        idempotencyKey: 'withdraw:t2:release',
        reference: 't',
      });
    });

    // Not folded yet: the dashboard reads the rollups only.
    expect((await dashboardOf(aStaff)).period.deposits).toBe(0);
    await catchUp();
    const d = await dashboardOf(aStaff);
    const ggr = played.stake - played.payout;
    expect(d.tenant_id).toBe(tenantA);
    expect(d.from).toBe(today);
    expect(d.period).toEqual({
      deposits: 120_000,
      deposit_count: 2,
      withdrawals: 30_000,
      withdrawal_count: 1,
      stakes: 1000,
      wins: played.payout,
      ggr,
      bonus_cost: 3_200,
      tax: 0,
      ngr: ggr - 3_200,
      hold: ggr / 1000,
      first_deposits: 1,
      active_players: 1,
    });
    expect(d.today_figures).toEqual(d.period);
    expect(d.products.find((x) => x.product === 'originals')).toEqual({
      product: 'originals',
      stakes: 1000,
      wins: played.payout,
      ggr,
      rounds: 1,
      hold: ggr / 1000,
    });
    expect(d.days).toEqual([
      {
        day: today,
        deposits: 120_000,
        withdrawals: 30_000,
        stakes: 1000,
        ggr,
        ngr: ggr - 3_200,
        first_deposits: 1,
        active_players: 1,
      },
    ]);
  });

  it('counts a player once over a period of several days, across a new year too', async () => {
    const week = new Date(Date.parse(`${today}T00:00:00Z`) - 6 * 86_400_000).toISOString().slice(0, 10);
    const d = await dashboardOf(aStaff, `?from=${week}&to=${today}`);
    expect(d.days).toHaveLength(7);
    expect(d.period.active_players).toBe(1);
    expect(d.period.deposits).toBe(120_000);
    const years = await dashboardOf(aStaff, `?from=${Number(today.slice(0, 4)) - 1}-12-30&to=${today}`);
    expect(years.period.active_players).toBe(1);
  });

  it('folds nothing twice: a second run, and two runs at once, leave the figures as they were', async () => {
    const before = await dashboardOf(aStaff);
    expect((await catchUp()).ledger).toBe(0);
    const p = await player(HOST_A, tenantA);
    await app.db.transaction((tx) =>
      ledger.credit(tx, {
        tenantId: tenantA,
        userId: p.userId,
        amount: 5_000,
        type: 'deposit',
        idempotencyKey: key('dep'),
        reference: 'test',
      }),
    );
    // Two runners at once (PostgreSQL: two connections; the position row's lock makes the second wait and find
    // nothing left), and small batches so the run takes several.
    await Promise.all([catchUpStats(app.db, { settleMs: 0, batch: 1 }), catchUpStats(app.db, { settleMs: 0 })]);
    await catchUp();
    const after = await dashboardOf(aStaff);
    expect(after.period.deposits).toBe(before.period.deposits + 5_000);
    expect(after.period.deposit_count).toBe(before.period.deposit_count + 1);
    expect(after.period.first_deposits).toBe(before.period.first_deposits + 1);
    expect(after.period.ggr).toBe(before.period.ggr);
  });

  it('waits for a gap in the ledger ids younger than the settle time, then counts past it', async () => {
    const p = await player(HOST_A, tenantA);
    const w = { tenantId: tenantA, userId: p.userId };
    // A rolled-back movement burns an id: the gap.
    await app.db
      .transaction(async (tx) => {
        await ledger.credit(tx, { ...w, amount: 1, type: 'deposit', idempotencyKey: key('gone'), reference: 't' });
        throw new Error('rolled back');
      })
      .catch(() => {});
    await app.db.transaction((tx) =>
      ledger.credit(tx, { ...w, amount: 4_000, type: 'deposit', idempotencyKey: key('dep'), reference: 'test' }),
    );
    const before = (await dashboardOf(aStaff)).period.deposits;
    await catchUpStats(app.db, { settleMs: 60_000 });
    expect((await dashboardOf(aStaff)).period.deposits).toBe(before);
    await catchUp();
    expect((await dashboardOf(aStaff)).period.deposits).toBe(before + 4_000);
  });
});

describe('tenants, tax and roles', () => {
  let bStaff: TestStaff;

  it('keeps each tenant to its own figures; platform staff pick one or see all', async () => {
    const p = await player(HOST_B, tenantB);
    const w = { tenantId: tenantB, userId: p.userId };
    await app.db.transaction((tx) =>
      ledger.credit(tx, { ...w, amount: 50_000, type: 'deposit', idempotencyKey: key('dep'), reference: 'test' }),
    );
    // A provider game's stake and win, as the seamless wallet books them (keys "casino:<provider>:<tx>").
    await app.db.transaction((tx) =>
      ledger.debitBet(tx, {
        ...w,
        amount: 10_000,
        idempotencyKey: key('casino:pg:bet').replace('test:dash:', ''),
        reference: 'round:pg:1',
        metadata: { provider: 'pg', game_id: 424242 },
      }),
    );
    await app.db.transaction((tx) =>
      ledger.creditWin(tx, {
        ...w,
        amount: 4_000,
        idempotencyKey: key('casino:pg:win').replace('test:dash:', ''),
        reference: 'round:pg:1',
        metadata: { provider: 'pg', game_id: 424242 },
      }),
    );
    await catchUp();
    // Regulated: 12 % of the GGR (R$ 60,00) is the tax.
    await setTenantSettings(app.db, { host: HOST_B, assignments: ['is_regulated=true', 'feed_simulation=false'] });

    bStaff = await testStaff(app, 'admin', { tenantId: tenantB, host: HOST_B });
    const b = await dashboardOf(bStaff);
    expect(b.period.deposits).toBe(50_000);
    expect(b.period.ggr).toBe(6_000);
    expect(b.period.tax).toBe(720);
    expect(b.period.ngr).toBe(6_000 - 720);
    expect(b.tax_rate).toBe(0.12);
    expect(b.products.find((x) => x.product === 'casino')?.rounds).toBe(1);

    const aStaff = await testStaff(app, 'owner', { tenantId: tenantA, host: HOST_A });
    const a = await dashboardOf(aStaff);
    expect(a.period.deposits).not.toBe(50_000);
    expect(a.products.find((x) => x.product === 'casino')?.stakes).toBe(0);
    // Asking for B's figures as A's staff: refused, never B's numbers.
    const other = await staffCall(app, aStaff, 'GET', `/api/admin/dashboard?tenant=${tenantB}`);
    expect(other.statusCode).toBe(403);
    expect(other.body).not.toContain('50000');
    const rep = await staffCall(
      app,
      aStaff,
      'GET',
      `/api/admin/reports/products?from=${today}&to=${today}&tenant=${tenantB}`,
    );
    expect(rep.statusCode).toBe(403);

    const platform = await testStaff(app, 'auditor', { tenantId: null, host: HOST_A });
    const onlyB = await dashboardOf(platform, `?tenant=${tenantB}`);
    expect(onlyB.period).toEqual(b.period);
    const all = await dashboardOf(platform);
    expect(all.tenant_id).toBeNull();
    expect(all.period.deposits).toBeGreaterThanOrEqual(a.period.deposits + 50_000);
  });

  it('reports by product and RTP per game, as JSON and CSV in both languages', async () => {
    const auditor = await testStaff(app, 'auditor', { tenantId: tenantB, host: HOST_B });
    const res = await staffCall(app, auditor, 'GET', `/api/admin/reports/products?from=${today}&to=${today}`);
    expect(res.statusCode, res.body).toBe(200);
    const r = ProductReportReply.parse(res.json());
    expect(r.data).toEqual([
      {
        period: today,
        product: 'casino',
        rounds: 1,
        stakes: 10_000,
        wins: 4_000,
        cash_stakes: 10_000,
        cash_wins: 4_000,
        ggr: 6_000,
        hold: 0.6,
      },
    ]);
    const month = ProductReportReply.parse(
      (
        await staffCall(app, auditor, 'GET', `/api/admin/reports/products?from=${today}&to=${today}&group=month`)
      ).json(),
    );
    expect(month.data[0]?.period).toBe(today.slice(0, 7));

    const csvPt = await staffCall(
      app,
      auditor,
      'GET',
      `/api/admin/reports/products?from=${today}&to=${today}&format=csv`,
    );
    expect(csvPt.statusCode, csvPt.body).toBe(200);
    expect(csvPt.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csvPt.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Período,Produto,Rodadas,Apostas (BRL),Ganhos (BRL),Apostas em dinheiro (BRL),Ganhos em dinheiro (BRL),GGR (BRL),Hold (%)',
    );
    expect(lines[1]).toBe(`${today},Cassino,1,100.00,40.00,100.00,40.00,60.00,60.00`);
    const csvEn = await app.inject({
      method: 'GET',
      url: `/api/admin/reports/rtp?from=${today}&to=${today}&format=csv`,
      headers: { ...auditor.headers, 'accept-language': 'en' },
    });
    expect(csvEn.statusCode, csvEn.body).toBe(200);
    const en = csvEn.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(en[0]).toBe('Product,Game,Name,Rounds,Stakes (BRL),Paid (BRL),Realised RTP (%),Theoretical RTP (%)');
    expect(en[1]).toBe('Casino,424242,424242,1,100.00,40.00,40.00,');

    const rtpA = await staffCall(
      app,
      await testStaff(app, 'finance', { tenantId: tenantA, host: HOST_A }),
      'GET',
      `/api/admin/reports/rtp?from=${today}&to=${today}`,
    );
    expect(rtpA.statusCode, rtpA.body).toBe(200);
    const dice = RtpReportReply.parse(rtpA.json()).data.find((x) => x.game === 'dice');
    expect(dice).toMatchObject({
      product: 'originals',
      name: 'Dice',
      rounds: 1,
      stakes: 1000,
      theoretical_rtp: 0.9898,
    });
  });

  it('lets support see the dashboard but no report; marketing reads reports but exports none; bad days are 422', async () => {
    const support = await testStaff(app, 'support', { tenantId: tenantA, host: HOST_A });
    expect((await staffCall(app, support, 'GET', '/api/admin/dashboard')).statusCode).toBe(200);
    expect(
      (await staffCall(app, support, 'GET', `/api/admin/reports/products?from=${today}&to=${today}`)).statusCode,
    ).toBe(403);
    expect((await staffCall(app, support, 'GET', `/api/admin/reports/rtp?from=${today}&to=${today}`)).statusCode).toBe(
      403,
    );
    const marketing = await testStaff(app, 'marketing', { tenantId: tenantA, host: HOST_A });
    const url = `/api/admin/reports/products?from=${today}&to=${today}`;
    expect((await staffCall(app, marketing, 'GET', url)).statusCode).toBe(200);
    expect((await staffCall(app, marketing, 'GET', `${url}&format=csv`)).statusCode).toBe(403);
    const kyc = await testStaff(app, 'kyc', { tenantId: tenantA, host: HOST_A });
    expect((await staffCall(app, kyc, 'GET', url)).statusCode).toBe(403);
    expect(
      (await app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: { host: HOST_A } })).statusCode,
    ).toBe(401);

    const bad = await staffCall(app, marketing, 'GET', '/api/admin/reports/products?from=2026-02-30&to=2026-03-01');
    expect(bad.statusCode).toBe(422);
    expect(JSON.stringify(bad.json().errors)).toMatch(/Data inválida/);
    const reversed = await app.inject({
      method: 'GET',
      url: '/api/admin/dashboard?from=2026-03-02&to=2026-03-01',
      headers: { ...marketing.headers, 'accept-language': 'en' },
    });
    expect(reversed.statusCode).toBe(422);
    expect(reversed.body).toMatch(/Invalid period/);
    expect((await staffCall(app, marketing, 'GET', '/api/admin/reports/rtp?from=2026-03-01')).statusCode).toBe(422);
  });
});
