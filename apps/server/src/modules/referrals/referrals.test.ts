import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '../../ops/commands';
import { publish } from '../../platform/events/index';
import { client, lastCode, newCpf, newEmail, newIp, newPhone } from '../../test/accounts';
import { testApp } from '../../test/helpers';
import * as ledger from '../ledger/index';
import { createTenant, defaultTenantSettings, findTenantByHost } from '../tenants/index';
import { REFERRALS_JOBS } from './jobs';
import { approveReferral, payDue } from './service';

/**
 * Refer a friend on the real app and database (PGlite, or PostgreSQL with TEST_DATABASE_URL): links and their
 * fraud refusals at registration, the CPA earned from a friend's real PIX deposit and Originals bets, the review,
 * the payout job and the operator's commands, the regulated rule and the on/off switch, and who sees what.
 * The demo tenant pays R$ 20,00 once the friend's first deposit is R$ 20,00 or more and they wagered R$ 50,00.
 */

let app: FastifyInstance;
const DAY = 86_400_000;
const UA_A = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/131 Mobile';
const UA_B = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari/604.1';

beforeAll(async () => {
  app = await testApp({ tenantCacheTtlMs: 0, tenantNegativeCacheTtlMs: 0 });
  // Real HTTP: the sandbox PSP posts its webhooks to this server.
  await app.listen({ host: '127.0.0.1', port: 0 });
  await createTenant(app.db, {
    name: 'Outra Casa',
    host: 'outra.test',
    settings: {
      ...defaultTenantSettings({ name: 'Outra Casa', host: 'outra.test' }),
      cpa_value: 3_000,
      affiliate_regular_user_active: true,
      cpa_min_deposit: 1_000,
      cpa_min_wager: 1_000,
    },
  });
  await createTenant(app.db, {
    name: 'Casa Regulada',
    host: 'regulada.test',
    settings: {
      ...defaultTenantSettings({ name: 'Casa Regulada', host: 'regulada.test' }),
      is_regulated: true,
      registerCPF: true,
      cpa_value: 2_500,
      affiliate_regular_user_active: true,
      cpa_min_deposit: 100_000,
      cpa_min_wager: 5_000,
      cpa_review_days: 1,
    },
  });
}, 60_000);
afterAll(() => app.close());

type Player = {
  id: number;
  token: string;
  code: string;
  cpf: string;
  host: string;
  ip: string;
  ua: string;
  registration: Record<string, unknown>;
};

/** Registers through the real calls from one device (client address and browser), with a referral code or not. */
async function register(o: { ref?: string; host?: string; ip?: string; ua?: string; cpf?: string } = {}) {
  const host = o.host ?? 'localhost';
  const ip = o.ip ?? newIp();
  const ua = o.ua ?? UA_B;
  const c = client(app, { host, ip });
  const phone = newPhone();
  const cpf = o.cpf ?? newCpf();
  await c.post('/api/auth/verify-code', { phone }, { 'user-agent': ua });
  const code = await lastCode(app, phone, host);
  const res = await c.post(
    '/api/auth/register',
    {
      name: 'Mariana Souza',
      username: phone,
      email: newEmail(),
      password: 'senha-forte-1',
      password_confirmation: 'senha-forte-1',
      birth_date: '1990-05-17',
      cpf,
      code,
      terms: true,
      age_confirmed: true,
      ...(o.ref ? { ref: o.ref } : {}),
    },
    { 'user-agent': ua },
  );
  return res;
}

async function player(o: Parameters<typeof register>[0] = {}): Promise<Player> {
  const ip = o.ip ?? newIp();
  const ua = o.ua ?? UA_B;
  const res = await register({ ...o, ip, ua });
  expect(res.statusCode, res.body).toBe(201);
  const body = res.json();
  return {
    id: Number(body.user.id),
    token: body.token,
    code: body.user.referral_code,
    cpf: body.user.cpf ?? '',
    host: o.host ?? 'localhost',
    ip,
    ua,
    registration: body,
  };
}

const api = (p: Player) => client(app, { host: p.host, ip: p.ip, token: p.token });
const affiliates = async (p: Player, page = 1) => {
  const res = await api(p).get(`/api/profile/affiliates?page=${page}`, { 'user-agent': p.ua });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const tenantOf = async (host = 'localhost') => (await findTenantByHost(app.db, host))!;
const cash = async (p: Player) =>
  (await ledger.getBalance(app.db, { tenantId: (await tenantOf(p.host)).id, userId: p.id })).cash;
const ops = (line: string[]) => runCommand({ db: app.db }, line);
const referralOf = async (referredId: number) =>
  (
    await app.db.query<{ id: number; status: string; reason: string | null }>(
      'select id, status, reason from referrals where referred_id = $1',
      [referredId],
    )
  ).rows[0] ?? null;

/** A real PIX deposit, paid in the sandbox; its events delivered. */
async function deposit(p: Player, amount: number) {
  const charge = await api(p).post('/api/main-gateway/qrcode-pix', { amount });
  expect(charge.statusCode, charge.body).toBe(200);
  const txid = charge.json().txid;
  const paid = await api(p).post(`/api/dev/pix/${txid}/pay`, {});
  expect(paid.statusCode, paid.body).toBe(200);
  // The sandbox PSP's webhook may land just after its answer.
  for (let i = 0; i < 100; i++) {
    const { rows } = await app.db.query<{ status: string }>('select status from pix_charges where txid = $1', [txid]);
    if (rows[0]?.status === 'paid') break;
    await new Promise((r) => setTimeout(r, 50));
  }
  await app.events.drain();
}

let betSeq = 0;
/** Cash for the stakes, so a losing streak does not stop them (a house adjustment, not a deposit). */
async function topUp(p: Player, amount: number) {
  const t = await tenantOf(p.host);
  await app.db.transaction((tx) =>
    ledger.credit(tx, {
      tenantId: t.id,
      userId: p.id,
      amount,
      type: 'adjustment',
      idempotencyKey: `test:ref:top:${p.id}:${++betSeq}`,
      reference: 'test stakes',
    }),
  );
}
/** Real Originals dice bets of `each` centavos until `total` is staked; their settled rounds delivered. */
async function wager(p: Player, total: number, each = 1_000) {
  await topUp(p, total);
  for (let staked = 0; staked < total; staked += each) {
    const res = await api(p).post(
      '/api/originals/dice/bet',
      { amount: each, target: 50.5, condition: 'over' },
      { 'idempotency-key': `ref-${p.id}-${++betSeq}` },
    );
    expect(res.statusCode, res.body).toBe(200);
  }
  await app.events.drain();
}

describe('linking at registration', () => {
  it("links a friend who registers with a player's code, and the friend's registration says nothing about it", async () => {
    const a = await player({ ua: UA_A });
    const plain = await player();
    const b = await player({ ref: a.code });
    expect(Object.keys(b.registration).sort()).toEqual(Object.keys(plain.registration).sort());
    expect(Object.keys(b.registration.user as object).sort()).toEqual(
      Object.keys(plain.registration.user as object).sort(),
    );
    expect(JSON.stringify(b.registration)).not.toMatch(/referred_by|referrer/);
    const list = await affiliates(a);
    expect(list.data).toEqual([
      expect.objectContaining({ name: 'Mari***', status: 'registered', earnings: 0, deposited: false, wagered: 0 }),
    ]);
    expect(list.totals).toEqual({ earned: 0, pending: 0, paid: 0 });
    expect(list.referral_code).toBe(a.code);
    expect(list.program).toEqual({
      active: true,
      cpa_value: 2_000,
      min_deposit: 2_000,
      min_wager: 5_000,
      review_days: 7,
    });
    const { rows } = await app.db.query<{ referred_by: number | null }>('select referred_by from users where id = $1', [
      b.id,
    ]);
    expect(Number(rows[0]!.referred_by)).toBe(a.id);
  });

  it("refuses a player's own second account from the same device (self-referral), and tells the new player nothing", async () => {
    const a = await player({ ua: UA_A });
    const res = await register({ ref: a.code, ip: a.ip, ua: a.ua });
    expect(res.statusCode, res.body).toBe(201);
    const second = Number(res.json().user.id);
    expect(await referralOf(second)).toMatchObject({ status: 'refused', reason: 'same_device' });
    const { rows } = await app.db.query<{ referred_by: number | null }>('select referred_by from users where id = $1', [
      second,
    ]);
    expect(rows[0]!.referred_by).toBeNull();
    expect((await affiliates(a)).data).toEqual([]);
    // The operator sees the refusal and its reason.
    const listed = await ops(['affiliate:list', '--host', 'localhost', '--status', 'refused']);
    expect(listed.output).toMatch(new RegExp(`${second} Mariana Souza\\s+refused\\s+same_device`));
  });

  it("a registration with the referrer's CPF opens no account and links nobody", async () => {
    const a = await player({ ua: UA_A });
    const res = await register({ ref: a.code, cpf: a.cpf });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.cpf).toBeDefined();
    expect((await affiliates(a)).data).toEqual([]);
    const { rows } = await app.db.query('select 1 from referrals where referrer_id = $1', [a.id]);
    expect(rows).toEqual([]);
  });

  it('a code from another tenant links nobody, and each player sees only their own friends', async () => {
    const a = await player({ ua: UA_A });
    const other = await player({ host: 'outra.test', ref: a.code });
    expect(await referralOf(other.id)).toBeNull();
    const b = await player({ ref: a.code });
    const c = await player({ ua: UA_A });
    const d = await player({ ref: c.code });
    expect((await affiliates(a)).data.map((r: { id: number }) => r.id)).toEqual([(await referralOf(b.id))!.id]);
    expect((await affiliates(c)).data.map((r: { id: number }) => r.id)).toEqual([(await referralOf(d.id))!.id]);
    expect((await affiliates(b)).data).toEqual([]);
    expect((await client(app).get('/api/profile/affiliates')).statusCode).toBe(401);
  });

  it("pages the list ten at a time and refuses a bad page in the player's language", async () => {
    const a = await player({ ua: UA_A });
    for (let i = 0; i < 11; i++) await player({ ref: a.code });
    const first = await affiliates(a);
    expect(first).toMatchObject({ current_page: 1, last_page: 2, per_page: 10, total: 11 });
    expect(first.data).toHaveLength(10);
    const second = await affiliates(a, 2);
    expect(second.data).toHaveLength(1);
    expect(second.current_page).toBe(2);
    const bad = await api(a).get('/api/profile/affiliates?page=abc');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.page).toEqual(['Página inválida.']);
    const badEn = await api(a).get('/api/profile/affiliates?page=abc', { 'accept-language': 'en' });
    expect(badEn.json().errors.page).toEqual(['Invalid page.']);
  });
});

describe('the CPA', () => {
  it('is earned once the friend deposited and wagered enough, held for review, and paid once by the job', async () => {
    const a = await player({ ua: UA_A });
    const b = await player({ ref: a.code });
    await deposit(b, 1_500);
    await wager(b, 5_000);
    // A first deposit under R$ 20,00 does not qualify, whatever is wagered.
    expect((await affiliates(a)).data[0]).toMatchObject({ status: 'qualifying', deposited: false, wagered: 5_000 });

    const c = await player({ ref: a.code });
    await deposit(c, 2_000);
    await wager(c, 4_000);
    expect((await affiliates(a)).data[0]).toMatchObject({ status: 'qualifying', wagered: 4_000, earnings: 0 });
    await wager(c, 1_000);
    const inReview = (await affiliates(a)).data[0];
    expect(inReview).toMatchObject({ status: 'review', earnings: 2_000, paid_at: null });
    const reviewEnds = Date.parse(inReview.review_until);
    expect(reviewEnds - Date.now()).toBeGreaterThan(6.9 * DAY);
    expect((await affiliates(a)).totals).toEqual({ earned: 2_000, pending: 2_000, paid: 0 });

    // Before the review ends the job pays nothing.
    const before = await cash(a);
    expect(await payDue(app.db, new Date())).toBe(0);
    expect(await cash(a)).toBe(before);
    // After it, twice (or on two nodes): paid once.
    const later = new Date(reviewEnds + 1_000);
    const [x, y] = await Promise.all([payDue(app.db, later), payDue(app.db, later)]);
    expect(x + y).toBe(1);
    expect(await payDue(app.db, later)).toBe(0);
    expect(await cash(a)).toBe(before + 2_000);
    expect((await affiliates(a)).totals).toEqual({ earned: 2_000, pending: 0, paid: 2_000 });
    expect((await affiliates(a)).data[0]).toMatchObject({ status: 'paid', earnings: 2_000 });
    // More play by the friend earns nothing more.
    await wager(c, 2_000);
    expect(await cash(a)).toBe(before + 2_000);

    const t = await tenantOf();
    const moves = await app.db.query(
      `select 1 from ledger_transactions where tenant_id = $1 and idempotency_key like 'referrals:%' and user_id = $2`,
      [t.id, a.id],
    );
    expect(moves.rows).toHaveLength(1);
    expect((await ledger.checkLedger(app.db, t.id)).ok).toBe(true);

    // The referrer was told when the friend qualified and when paid, in their language.
    const notes = (await api(a).get('/api/notifications?page=1')).json();
    const titles = JSON.stringify(notes);
    expect(titles).toContain('Seu amigo se qualificou!');
    expect(titles).toContain('Indicação paga');
  }, 120_000);

  it('twenty operator approvals at once pay one CPA once', async () => {
    const a = await player({ ua: UA_A });
    const b = await player({ ref: a.code });
    await deposit(b, 2_000);
    await wager(b, 5_000);
    const r = (await referralOf(b.id))!;
    expect(r.status).toBe('review');
    const before = await cash(a);
    const t = await tenantOf();
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => approveReferral(app.db, { tenantId: t.id, id: r.id, now: new Date() })),
    );
    expect(results.filter((x) => x.status === 'fulfilled')).toHaveLength(1);
    expect(await cash(a)).toBe(before + 2_000);
    expect((await referralOf(b.id))!.status).toBe('paid');
    expect((await ledger.checkLedger(app.db, t.id)).ok).toBe(true);
    // Approving again says why and writes nothing.
    const again = await ops(['affiliate:approve', String(r.id)]);
    expect(again.ok).toBe(false);
    expect(again.output).toContain('is paid');
    expect(await cash(a)).toBe(before + 2_000);
  }, 120_000);

  it("is rejected at qualification when the friend turns out to live at the referrer's address", async () => {
    const a = await player({ ua: UA_A });
    const b = await player({ ref: a.code });
    const address = {
      zip_code: '01310-100',
      street: 'Avenida Paulista',
      number: '1000',
      neighborhood: 'Bela Vista',
      city: 'São Paulo',
      state: 'SP',
    };
    expect((await api(a).post('/api/address/create', address)).statusCode).toBe(200);
    expect(
      (await api(b).post('/api/address/create', { ...address, zip_code: '01310100', street: 'avenida  paulista' }))
        .statusCode,
    ).toBe(200);
    await deposit(b, 2_000);
    await wager(b, 5_000);
    expect(await referralOf(b.id)).toMatchObject({ status: 'rejected', reason: 'same_address' });
    expect((await affiliates(a)).data[0]).toMatchObject({ status: 'rejected', earnings: 0 });
    expect((await affiliates(a)).totals).toEqual({ earned: 0, pending: 0, paid: 0 });
  }, 120_000);

  it("is rejected when the friend later plays from the referrer's device", async () => {
    const a = await player({ ua: UA_A });
    const b = await player({ ref: a.code });
    // The friend signs in on the referrer's phone.
    const phone = (await app.db.query<{ phone: string }>('select phone from users where id = $1', [b.id])).rows[0]!
      .phone;
    const signed = await client(app, { ip: a.ip }).post(
      '/api/auth/login',
      { login: phone, password: 'senha-forte-1' },
      { 'user-agent': a.ua },
    );
    expect(signed.statusCode, signed.body).toBe(200);
    await deposit(b, 2_000);
    await wager(b, 5_000);
    expect(await referralOf(b.id)).toMatchObject({ status: 'rejected', reason: 'same_device' });
  }, 120_000);

  it("an operator's rejection is validated, kept with its reason, and stops the CPA", async () => {
    const a = await player({ ua: UA_A });
    const b = await player({ ref: a.code });
    const r = (await referralOf(b.id))!;
    for (const [line, says] of [
      [['affiliate:reject', String(r.id)], 'missing --reason'],
      [['affiliate:reject', 'abc', '--reason', 'fraude'], 'whole number'],
      [['affiliate:reject', '999999999', '--reason', 'fraude'], 'no referral 999999999'],
      [['affiliate:reject', String(r.id), '--reason', 'x'], '3 to 500'],
      [['affiliate:approve', String(r.id)], 'only a CPA in review'],
      [['affiliate:list', '--host', 'localhost', '--status', 'pago'], '--status must be one of'],
      [['affiliate:list', '--host', 'nada.test'], 'no tenant'],
    ] as const) {
      const res = await ops([...line]);
      expect(res.ok, line.join(' ')).toBe(false);
      expect(res.output).toContain(says);
    }
    expect(await referralOf(b.id)).toMatchObject({ status: 'registered', reason: null });
    const ok = await ops(['affiliate:reject', String(r.id), '--reason', 'contas ligadas pelo suporte']);
    expect(ok.ok, ok.output).toBe(true);
    expect(await referralOf(b.id)).toMatchObject({ status: 'rejected', reason: 'operator' });
    await deposit(b, 2_000);
    await wager(b, 5_000);
    expect(await referralOf(b.id)).toMatchObject({ status: 'rejected' });
    expect((await affiliates(a)).totals.earned).toBe(0);
  }, 120_000);
});

describe('tenant rules', () => {
  /** A regulated tenant's friend: the deposit and the stakes through the ledger, their events published and delivered. */
  async function activity(p: Player, o: { deposit?: number; bet?: number }) {
    const t = await tenantOf(p.host);
    const base = { tenantId: t.id, userId: p.id, reference: 'test' };
    await app.db.transaction(async (tx) => {
      if (o.deposit) {
        const key = `test:ref:dep:${p.id}:${++betSeq}`;
        await ledger.credit(tx, { ...base, amount: o.deposit, type: 'deposit', idempotencyKey: key });
        await publish(tx, {
          tenantId: t.id,
          userId: p.id,
          name: 'payments.first_deposit',
          payload: { txid: key, amount: o.deposit },
        });
      }
      if (o.bet) {
        await ledger.credit(tx, {
          ...base,
          amount: o.bet,
          type: 'adjustment',
          idempotencyKey: `test:ref:top:${p.id}:${++betSeq}`,
        });
        await ledger.debitBet(tx, { ...base, amount: o.bet, idempotencyKey: `test:ref:bet:${p.id}:${++betSeq}` });
        await publish(tx, {
          tenantId: t.id,
          userId: p.id,
          name: 'casino.round_settled',
          payload: {
            provider: 'test',
            round_id: `r${betSeq}`,
            game_id: null,
            game: null,
            user_id: p.id,
            bet: o.bet,
            win: 0,
            multiplier: 0,
          },
        });
      }
    });
    await app.events.drain();
  }

  it('in regulated mode only the wager counts: a large deposit alone earns nothing, the wager does', async () => {
    const a = await player({ host: 'regulada.test', ua: UA_A });
    const b = await player({ host: 'regulada.test', ref: a.code });
    expect((await affiliates(a)).program).toEqual({
      active: true,
      cpa_value: 2_500,
      min_deposit: null,
      min_wager: 5_000,
      review_days: 1,
    });
    await activity(b, { deposit: 200_000 });
    expect((await affiliates(a)).data[0]).toMatchObject({ status: 'qualifying', earnings: 0 });
    // R$ 10,00 deposited (under the unregulated minimum, which does not apply) and R$ 50,00 wagered.
    const c = await player({ host: 'regulada.test', ref: a.code });
    await activity(c, { deposit: 1_000, bet: 5_000 });
    expect((await affiliates(a)).data[0]).toMatchObject({ status: 'review', earnings: 2_500 });
    const before = await cash(a);
    expect(await payDue(app.db, new Date(Date.now() + DAY + 1_000))).toBe(1);
    expect(await cash(a)).toBe(before + 2_500);
  }, 120_000);

  it('in regulated mode without a wager condition, and with affiliate_regular_user_active off, nothing links or earns', async () => {
    const cmd = (host: string, ...kv: string[]) => ops(['tenant:set', '--host', host, ...kv]);
    const a = await player({ host: 'regulada.test', ua: UA_A });
    const linked = await player({ host: 'regulada.test', ref: a.code });
    expect((await cmd('regulada.test', 'cpa_min_wager=0')).ok).toBe(true);
    const b = await player({ host: 'regulada.test', ref: a.code });
    expect(await referralOf(b.id)).toMatchObject({ status: 'refused', reason: 'program_off' });
    expect((await affiliates(a)).program.active).toBe(false);
    expect((await cmd('regulada.test', 'cpa_min_wager=5000')).ok).toBe(true);

    const o = await player({ host: 'outra.test', ua: UA_A });
    const early = await player({ host: 'outra.test', ref: o.code });
    const off = await cmd('outra.test', 'affiliate_regular_user_active=false');
    expect(off.ok, off.output).toBe(true);
    const late = await player({ host: 'outra.test', ref: o.code });
    expect(await referralOf(late.id)).toMatchObject({ status: 'refused', reason: 'program_off' });
    // A friend linked while it was on earns nothing once it is off.
    await activity(early, { deposit: 5_000, bet: 5_000 });
    expect(await referralOf(early.id)).toMatchObject({ status: 'rejected', reason: 'program_off' });
    expect((await affiliates(o)).totals.earned).toBe(0);
    expect((await affiliates(o)).data.map((r: { status: string }) => r.status)).toEqual(['rejected']);
    expect(await referralOf(linked.id)).toMatchObject({ status: 'registered' });
    expect((await cmd('outra.test', 'affiliate_regular_user_active=true')).ok).toBe(true);
  }, 120_000);

  it('the payout job idles without due CPAs', async () => {
    const job = REFERRALS_JOBS[0]!;
    await app.db.query(
      `update referrals set status = 'rejected', reason = 'operator', rejected_at = now() where status = 'review'`,
    );
    expect(await job.hasWork!(app.db)).toBe(false);
  });
});
