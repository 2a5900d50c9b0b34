import {
  AdjustBalanceReply,
  AdminBetsReply,
  AdminLedgerReply,
  AdminPlayerReply,
  AdminPlayersReply,
  BET_PRODUCTS,
  STAFF_ROLES,
  type StaffRole,
} from '@sorte/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client } from '../../test/accounts';
import { testApp } from '../../test/helpers';
import { demoTenantId, fundedPlayer } from '../casino/test-support';
import * as ledger from '../ledger/index';
import { PROMOTIONS_COMMANDS } from '../promotions/index';
import { createTenant } from '../tenants/index';
import { roleCan } from './permissions';
import { staffCall, testStaff } from './test-support';

let app: FastifyInstance;
let tenantA: number;
let tenantB: number;
const HOST_B = 'jogadores-b.test';

beforeAll(async () => {
  app = await testApp({ tenantCacheTtlMs: 0, tenantNegativeCacheTtlMs: 0 });
  tenantA = await demoTenantId(app);
  tenantB = (await createTenant(app.db, { name: 'Jogadores B', host: HOST_B })).id;
});
afterAll(() => app.close());

const staff = (role: StaffRole, o: { tenant?: 'A' | 'B' | null; stepUp?: boolean } = {}) =>
  testStaff(app, role, {
    tenantId: o.tenant === null ? null : o.tenant === 'B' ? tenantB : tenantA,
    host: o.tenant === 'B' ? HOST_B : 'localhost',
    stepUp: o.stepUp,
  });

let seq = 0;
/** A player of tenant A with a name of their own and `cents` of cash. */
async function player(cents = 0) {
  const p = await fundedPlayer(app, cents);
  const last = `Zulmira${process.pid}x${++seq}${Date.now().toString(36)}`;
  await app.db.query('update users set last_name = $2 where id = $1', [p.id, last]);
  return { ...p, last };
}

const audit = async (userId: number, action: string) =>
  (
    await app.db.query<{ actor: string; before: unknown; after: Record<string, unknown>; ip: string }>(
      'select actor, before, after, ip from rg_audit where user_id = $1 and action = $2 order by id',
      [userId, action],
    )
  ).rows;

describe('player search', () => {
  it('finds a player by id, CPF, phone, e-mail and name, masked for support', async () => {
    const p = await player(1234);
    const support = await staff('support');
    const digits = p.phone.replace(/\D/g, '').slice(-11);
    const queries = [
      String(p.id),
      p.cpf,
      `${p.cpf.slice(0, 3)}.${p.cpf.slice(3, 6)}.${p.cpf.slice(6, 9)}-${p.cpf.slice(9)}`,
      digits,
      `(${digits.slice(0, 2)}) ${digits.slice(2, 7)}-${digits.slice(7)}`,
      p.email,
      p.email.slice(0, p.email.indexOf('@') + 1),
      p.last.toLowerCase(),
      `maria ${p.last.slice(0, 12)}`,
    ];
    for (const q of queries) {
      const res = await staffCall(app, support, 'GET', `/api/admin/players?q=${encodeURIComponent(q)}`);
      expect(res.statusCode, `${q}: ${res.body}`).toBe(200);
      const body = AdminPlayersReply.parse(res.json());
      const row = body.data.find((r) => r.id === p.id);
      expect(row, q).toBeDefined();
      expect(row).toMatchObject({
        tenant_id: tenantA,
        name: `Maria ${p.last}`,
        cpf: `***.${p.cpf.slice(3, 6)}.${p.cpf.slice(6, 9)}-**`,
        status: 'active',
        balance: 1234,
      });
      expect(row!.email).not.toBe(p.email);
      expect(row!.phone).toMatch(/^\*\*\*\d{4}$/);
    }
  });

  it('pages newest first with a cursor, and a bad cursor or query is a 422 in the caller’s language', async () => {
    await player();
    await player();
    const support = await staff('support');
    const first = (await staffCall(app, support, 'GET', '/api/admin/players?limit=1')).json();
    expect(first.data).toHaveLength(1);
    const second = (
      await staffCall(app, support, 'GET', `/api/admin/players?limit=1&cursor=${first.next_cursor}`)
    ).json();
    expect(second.data[0].id).toBeLessThan(first.data[0].id);
    const bad = await staffCall(app, support, 'GET', '/api/admin/players?cursor=%21%21');
    expect(bad.statusCode).toBe(422);
    const long = await app.inject({
      method: 'GET',
      url: `/api/admin/players?q=${'x'.repeat(101)}`,
      headers: { ...support.headers, 'accept-language': 'en' },
    });
    expect(long.statusCode).toBe(422);
    expect(JSON.stringify(long.json().errors)).toMatch(/Invalid search/);
  });

  it('keeps each tenant to its own players: search finds nothing, the page and its tabs are 404', async () => {
    const p = await player(500);
    const other = await staff('admin', { tenant: 'B' });
    const found = await staffCall(app, other, 'GET', `/api/admin/players?q=${p.cpf}`);
    expect(found.statusCode).toBe(200);
    expect(found.json().data).toEqual([]);
    for (const tab of ['', '/ledger', '/bets', '/bonuses', '/missions', '/sessions', '/notes', '/kyc', '/limits'])
      expect((await staffCall(app, other, 'GET', `/api/admin/players/${p.id}${tab}`)).statusCode, tab).toBe(404);
    const blocked = await staffCall(app, other, 'POST', `/api/admin/players/${p.id}/block`, { reason: 'x' });
    expect(blocked.statusCode).toBe(404);
    expect((await staffCall(app, other, 'GET', `/api/admin/players?tenant=${tenantA}`)).statusCode).toBe(403);
    // Platform staff see every tenant, or the one they name.
    const platform = await staff('support', { tenant: null });
    const all = (await staffCall(app, platform, 'GET', `/api/admin/players?q=${p.cpf}`)).json();
    expect(all.data.map((r: { id: number }) => r.id)).toEqual([p.id]);
    const inB = (await staffCall(app, platform, 'GET', `/api/admin/players?q=${p.cpf}&tenant=${tenantB}`)).json();
    expect(inB.data).toEqual([]);
    expect((await staffCall(app, platform, 'GET', `/api/admin/players/${p.id}`)).statusCode).toBe(200);
  });
});

describe('the player page', () => {
  it('answers the header and every tab; roles without wallets see no balance and get 403 on the ledger', async () => {
    const p = await player(2500);
    const support = await staff('support');
    const page = await staffCall(app, support, 'GET', `/api/admin/players/${p.id}`);
    expect(page.statusCode, page.body).toBe(200);
    const body = AdminPlayerReply.parse(page.json());
    expect(body.wallet).toMatchObject({ cash: 2500, bonus: 0 });
    expect(body.player).toMatchObject({ id: p.id, status: 'active', email: p.email });
    expect(body.risk_flags.map((f) => f.code)).toContain('unverified_contacts');
    const led = await staffCall(app, support, 'GET', `/api/admin/players/${p.id}/ledger`);
    expect(led.statusCode).toBe(200);
    expect(AdminLedgerReply.parse(led.json()).data[0]).toMatchObject({ type: 'deposit', cash: 2500, bonus: 0 });
    for (const product of BET_PRODUCTS) {
      const bets = await staffCall(app, support, 'GET', `/api/admin/players/${p.id}/bets?product=${product}`);
      expect(bets.statusCode, `${product} ${bets.body}`).toBe(200);
      AdminBetsReply.parse(bets.json());
    }
    for (const tab of ['bonuses', 'missions', 'sessions', 'notes', 'kyc', 'limits'])
      expect((await staffCall(app, support, 'GET', `/api/admin/players/${p.id}/${tab}`)).statusCode, tab).toBe(200);
    const sessions = (await staffCall(app, support, 'GET', `/api/admin/players/${p.id}/sessions`)).json();
    expect(sessions.data[0]).toMatchObject({ live: true });

    const marketing = await staff('marketing');
    expect((await staffCall(app, marketing, 'GET', `/api/admin/players/${p.id}`)).json().wallet).toBeNull();
    expect((await staffCall(app, marketing, 'GET', `/api/admin/players/${p.id}/ledger`)).statusCode).toBe(403);
    expect((await staffCall(app, marketing, 'GET', '/api/admin/players')).json().data[0].balance).toBeNull();
    expect((await staffCall(app, support, 'GET', '/api/admin/players/999999999')).statusCode).toBe(404);
  });
});

const ACTS: { path: string; action: Parameters<typeof roleCan>[1]; subject: Parameters<typeof roleCan>[2] }[] = [
  { path: 'block', action: 'block', subject: 'Player' },
  { path: 'unblock', action: 'block', subject: 'Player' },
  { path: 'adjust', action: 'adjust', subject: 'Wallet' },
  { path: 'bonuses', action: 'grant', subject: 'Bonus' },
  { path: 'sessions/end', action: 'update', subject: 'Player' },
  { path: 'limits/lift', action: 'lift', subject: 'Limits' },
  { path: 'notes', action: 'update', subject: 'Player' },
];

describe('acts on a player', () => {
  it('follows the role matrix: 403 for every role without the act (before the body is read)', async () => {
    const p = await player();
    for (const role of STAFF_ROLES) {
      const s = await staff(role);
      for (const act of ACTS) {
        const res = await staffCall(app, s, 'POST', `/api/admin/players/${p.id}/${act.path}`, {});
        if (roleCan(role, act.action, act.subject)) expect(res.statusCode, `${role} ${act.path}`).toBe(422);
        else expect(res.statusCode, `${role} ${act.path}`).toBe(403);
      }
    }
  });

  it('needs a fresh TOTP for adjust, grant and lift (403 step_up_required), nothing written', async () => {
    const p = await player(100);
    const s = await staff('owner', { stepUp: false });
    for (const path of ['adjust', 'bonuses', 'limits/lift']) {
      const res = await staffCall(app, s, 'POST', `/api/admin/players/${p.id}/${path}`, {});
      expect(res.statusCode, path).toBe(403);
      expect(res.json().code).toBe('step_up_required');
    }
    const blocked = await staffCall(app, s, 'POST', `/api/admin/players/${p.id}/block`, { reason: 'fraude' });
    expect(blocked.statusCode).toBe(200);
  });

  it('blocks: sessions end, login is refused; unblock lets the player in again; both audited', async () => {
    const p = await player();
    const risk = await staff('risk');
    const res = await staffCall(app, risk, 'POST', `/api/admin/players/${p.id}/block`, { reason: 'chargeback' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().player).toMatchObject({ status: 'blocked', blocked_reason: 'chargeback' });
    expect((await client(app, { token: p.token }).get('/api/auth/me')).statusCode).toBe(401);
    const login = await client(app, {}).post('/api/auth/login', { login: p.email, password: p.password });
    expect(login.statusCode).toBe(403);
    expect(login.json().message).toMatch(/bloqueada/);
    expect(await audit(p.id, 'player.block')).toMatchObject([
      {
        actor: `staff:${risk.id} ${risk.email}`,
        ip: '203.0.113.7',
        before: { blocked: false },
        after: { blocked: true },
      },
    ]);
    const search = (await staffCall(app, risk, 'GET', `/api/admin/players?q=${p.id}`)).json();
    expect(search.data[0].status).toBe('blocked');
    const un = await staffCall(app, risk, 'POST', `/api/admin/players/${p.id}/unblock`, { reason: 'resolvido' });
    expect(un.json().player.status).toBe('active');
    expect(await audit(p.id, 'player.unblock')).toHaveLength(1);
    const again = await client(app, {}).post('/api/auth/login', { login: p.email, password: p.password });
    expect(again.statusCode, again.body).toBe(200);
  });

  it('adjusts through the ledger: one movement per Idempotency-Key, audited once, never below zero', async () => {
    const p = await player(1000);
    const finance = await staff('finance');
    const adjust = (amount: number, key: string) =>
      app.inject({
        method: 'POST',
        url: `/api/admin/players/${p.id}/adjust`,
        headers: { ...finance.headers, 'idempotency-key': key },
        payload: { amount, reason: 'goodwill' },
        remoteAddress: '203.0.113.7',
      });
    const noKey = await staffCall(app, finance, 'POST', `/api/admin/players/${p.id}/adjust`, {
      amount: 5,
      reason: 'x',
    });
    expect(noKey.statusCode).toBe(422);
    const one = await adjust(500, 'k-credit-1');
    expect(one.statusCode, one.body).toBe(200);
    expect(AdjustBalanceReply.parse(one.json())).toMatchObject({ balance: { cash: 1500 }, replayed: false });
    const two = await adjust(500, 'k-credit-1');
    expect(two.json()).toMatchObject({ transaction_id: one.json().transaction_id, replayed: true });
    expect((await adjust(700, 'k-credit-1')).statusCode).toBe(409);
    const rows = await app.db.query('select id from ledger_transactions where user_id = $1 and type = $2', [
      p.id,
      'adjustment',
    ]);
    expect(rows.rows).toHaveLength(1);
    expect(await audit(p.id, 'wallet.adjust')).toMatchObject([
      { before: { cash: 1000 }, after: { cash: 1500, amount: 500, reason: 'goodwill' } },
    ]);
    const over = await adjust(-1501, 'k-debit-over');
    expect(over.statusCode).toBe(402);

    // Concurrent debits of 600 on 1500: at most two fit, the balance never goes below zero.
    const results = await Promise.all([1, 2, 3, 4, 5].map((i) => adjust(-600, `k-race-${i}`)));
    const ok = results.filter((r) => r.statusCode === 200).length;
    expect(ok).toBeLessThanOrEqual(2);
    expect(results.every((r) => r.statusCode === 200 || r.statusCode === 402)).toBe(true);
    const b = await ledger.getBalance(app.db, { tenantId: tenantA, userId: p.id });
    expect(b.cash).toBe(1500 - 600 * ok);
    expect(b.cash).toBeGreaterThanOrEqual(0);
    expect(await audit(p.id, 'wallet.adjust')).toHaveLength(1 + ok);
    const check = await ledger.checkLedger(app.db, tenantA);
    expect(check.problems).toEqual([]);
  });

  it('grants an existing offer through promotions, once per key, audited', async () => {
    const offer = Number(
      await PROMOTIONS_COMMANDS['offer:create']!.run(
        { db: app.db },
        {
          flags: {
            host: 'localhost',
            name: 'Cortesia',
            'name-en': 'Courtesy',
            kind: 'no_deposit',
            amount: '900',
            wagering: '5',
          },
          positional: [],
        },
      ),
    );
    const p = await player();
    await app.db.query('update users set email_verified_at = now(), phone_verified_at = now() where id = $1', [p.id]);
    const marketing = await staff('marketing');
    const offers = (await staffCall(app, marketing, 'GET', `/api/admin/players/${p.id}/offers`)).json();
    expect(offers.data.map((o: { id: number }) => o.id)).toContain(offer);
    const grant = () =>
      app.inject({
        method: 'POST',
        url: `/api/admin/players/${p.id}/bonuses`,
        headers: { ...marketing.headers, 'idempotency-key': 'grant-1' },
        payload: { offer_id: offer, reason: 'retention' },
      });
    const g = await grant();
    expect(g.statusCode, g.body).toBe(200);
    expect(g.json()).toMatchObject({ replayed: false });
    expect((await grant()).json()).toMatchObject({ bonus_id: g.json().bonus_id, replayed: true });
    expect(await audit(p.id, 'bonus.grant')).toMatchObject([
      { after: { offerId: offer, amount: 900, reason: 'retention' } },
    ]);
    const tab = (await staffCall(app, marketing, 'GET', `/api/admin/players/${p.id}/bonuses`)).json();
    expect(tab.data[0]).toMatchObject({ offer: 'Cortesia', amount: 900 });
  });

  it('lifts a limit through the player’s own path: pending for the cooling-off, audited', async () => {
    const p = await player();
    const c = client(app, { token: p.token });
    const set = await c.post('/api/responsible-gaming/limits', { kind: 'deposit', period: 'day', amount: 5000 });
    expect(set.statusCode, set.body).toBe(200);
    const risk = await staff('risk');
    const lift = await staffCall(app, risk, 'POST', `/api/admin/players/${p.id}/limits/lift`, {
      kind: 'deposit',
      period: 'day',
      amount: null,
      reason: 'pedido do jogador por telefone',
    });
    expect(lift.statusCode, lift.body).toBe(200);
    expect(lift.json().status).toBe('pending');
    const limits = (await staffCall(app, risk, 'GET', `/api/admin/players/${p.id}/limits`)).json();
    expect(limits.limits[0]).toMatchObject({ kind: 'deposit', amount: 5000, pending_amount: null });
    expect(limits.limits[0].pending_effective_at).not.toBeNull();
    expect(await audit(p.id, 'limits.lift')).toMatchObject([
      { before: { amount: 5000 }, after: { amount: null, status: 'pending' } },
    ]);
  });

  it('ends sessions and keeps notes, both audited', async () => {
    const p = await player();
    const support = await staff('support');
    const end = await staffCall(app, support, 'POST', `/api/admin/players/${p.id}/sessions/end`, { reason: 'pedido' });
    expect(end.statusCode, end.body).toBe(200);
    expect(end.json().ended).toBeGreaterThanOrEqual(1);
    expect((await client(app, { token: p.token }).get('/api/auth/me')).statusCode).toBe(401);
    const note = await staffCall(app, support, 'POST', `/api/admin/players/${p.id}/notes`, { body: 'Ligou às 10h' });
    expect(note.statusCode, note.body).toBe(200);
    const notes = (await staffCall(app, support, 'GET', `/api/admin/players/${p.id}/notes`)).json();
    expect(notes.data[0]).toMatchObject({ body: 'Ligou às 10h', author: `staff:${support.id} ${support.email}` });
    expect(await audit(p.id, 'player.end_sessions')).toHaveLength(1);
    expect(await audit(p.id, 'player.note')).toHaveLength(1);
    const auditor = await staff('auditor');
    expect((await staffCall(app, auditor, 'POST', `/api/admin/players/${p.id}/notes`, { body: 'x' })).statusCode).toBe(
      403,
    );
  });
});
