import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '../../../ops/commands';
import { AppError } from '../../../platform/errors';
import type { Tenant } from '../../../platform/tenancy';
import { client, registerPlayer } from '../../../test/accounts';
import { testApp } from '../../../test/helpers';
import * as ledger from '../../ledger/index';
import { createTenant, defaultTenantSettings, findTenantByHost } from '../../tenants/index';
import { addDays, lastClosedWeek, localDay, weekOf, zonedInstant } from './calc';
import { CASHBACK_JOBS } from './jobs';
import { announceReleased, claimCashback, grantCashback, listCashback, runCashback } from './service';

/**
 * Cashback on the real app and database (PGlite, or PostgreSQL with TEST_DATABASE_URL): net loss from the ledger,
 * the percentage, one run per week, the three daily windows with an injected clock, claims credited once through
 * the ledger (20 at once on one entry), and who may see and claim what.
 */

let app: FastifyInstance;
let demo: Tenant;
const SP = 'America/Sao_Paulo';
let seq = 0;

beforeAll(async () => {
  app = await testApp({ tenantCacheTtlMs: 0, tenantNegativeCacheTtlMs: 0 });
  demo = (await findTenantByHost(app.db, 'localhost'))!;
}, 60_000);
afterAll(() => app.close());

/** The Wednesday of the week `k` weeks before this one, in São Paulo ("YYYY-MM-DD"). */
const weekDay = (k: number) => addDays(weekOf(localDay(new Date(), SP), SP).start, -7 * k + 2);
/** A wall-clock time of a day in São Paulo as an instant. */
const sp = (day: string, hhmm: string) => zonedInstant(day, Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3)), SP);

async function player(host = 'localhost', deposit = 100_000) {
  const r = await registerPlayer(app, { host });
  const id = Number(r.user.id);
  const tenant = (await findTenantByHost(app.db, host))!;
  if (deposit > 0)
    await app.db.transaction((tx) =>
      ledger.credit(tx, {
        tenantId: tenant.id,
        userId: id,
        amount: deposit,
        type: 'deposit',
        idempotencyKey: `test:cb:dep:${id}:${++seq}`,
        reference: 'test deposit',
      }),
    );
  return { id, token: r.token, tenant, c: client(app, { token: r.token, host }) };
}

type Move = { bet: number } | { win: number } | { refund: number } | { reverseWin: number } | { bonusCredit: number };

/** Plays through the real ledger calls, then dates those movements at `at` (a week already over). */
async function play(p: { id: number; tenant: Tenant }, moves: Move[], at: Date) {
  const ids: number[] = [];
  const base = { tenantId: p.tenant.id, userId: p.id, reference: 'test round' };
  await app.db.transaction(async (tx) => {
    for (const m of moves) {
      const key = `test:cb:${p.id}:${++seq}`;
      if ('bet' in m)
        ids.push((await ledger.debitBet(tx, { ...base, amount: m.bet, idempotencyKey: key })).transaction_id);
      if ('win' in m)
        ids.push((await ledger.creditWin(tx, { ...base, amount: m.win, idempotencyKey: key })).transaction_id);
      if ('refund' in m)
        ids.push(
          (await ledger.creditWin(tx, { ...base, amount: m.refund, idempotencyKey: key, type: 'refund' }))
            .transaction_id,
        );
      if ('reverseWin' in m) {
        ids.push((await ledger.creditWin(tx, { ...base, amount: m.reverseWin, idempotencyKey: key })).transaction_id);
        const r = await ledger.reverse(tx, {
          tenantId: p.tenant.id,
          originalKey: key,
          idempotencyKey: `${key}:rev`,
          reference: 'test rollback',
        });
        ids.push(r.transaction_id);
      }
      if ('bonusCredit' in m)
        ids.push(
          (
            await ledger.credit(tx, {
              ...base,
              amount: m.bonusCredit,
              idempotencyKey: key,
              type: 'bonus',
              account: 'bonus',
            })
          ).transaction_id,
        );
    }
  });
  // Test setup only: the play happened in a past week (the ledger dates movements by the database clock).
  await app.db.query('update ledger_transactions set created_at = $2 where id = any($1::bigint[])', [ids, at]);
}

const entriesOf = async (userId: number) =>
  (
    await app.db.query<{ id: number; amount: number; type: string; claims: number; net_loss: number }>(
      'select id, amount::int as amount, type, claims, net_loss::int as net_loss from cashback_entries where user_id = $1',
      [userId],
    )
  ).rows;

const cashOf = async (p: { id: number; tenant: Tenant }) =>
  (await ledger.getBalance(app.db, { tenantId: p.tenant.id, userId: p.id })).cash;

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe('computing a week', () => {
  it("gives back the tenant's percentage of each loser's net loss (stakes - wins - refunds, real money only), once", async () => {
    const day = weekDay(2);
    const at = sp(day, '15:00');
    const a = await player();
    // 12,000 staked; 3,000 won; 1,000 given back; a 500 win rolled back counts for nothing: net loss 8,000.
    await play(
      a,
      [{ bet: 5_000 }, { bet: 5_000 }, { win: 3_000 }, { refund: 1_000 }, { bet: 2_000 }, { reverseWin: 500 }],
      at,
    );
    const winner = await player();
    await play(winner, [{ bet: 1_000 }, { win: 5_000 }], at);
    const small = await player();
    await play(small, [{ bet: 20 }], at);
    const bonusOnly = await player('localhost', 0);
    await play(bonusOnly, [{ bonusCredit: 1_000 }, { bet: 1_000 }], at);
    const otherWeek = await player();
    await play(otherWeek, [{ bet: 3_000 }], sp(weekDay(3), '15:00'));

    const first = await runCashback(app.db, demo, { now: new Date(), day, source: 'ops' });
    expect(first.created).toBe(true);
    expect(first.period.start).toBe(addDays(day, -2));
    expect(first.run).toMatchObject({ entries: 2, total: 802, percentage: 10, type: 'calendar' });
    // Released on the tenant's day and hour (the demo: Monday 12:00) after the week.
    expect(first.run.available_at).toEqual(sp(addDays(day, 5), '12:00'));
    expect(await entriesOf(a.id)).toEqual([
      expect.objectContaining({ amount: 800, net_loss: 8_000, type: 'calendar', claims: 3 }),
    ]);
    // 10% of 20 centavos is 2: too small for three claims, so paid in one.
    expect(await entriesOf(small.id)).toEqual([expect.objectContaining({ amount: 2, type: 'immediate', claims: 1 })]);
    expect(await entriesOf(winner.id)).toEqual([]);
    expect(await entriesOf(bonusOnly.id)).toEqual([]);
    expect(await entriesOf(otherWeek.id)).toEqual([]);

    // The same week again, by the job or the operator, adds nothing.
    const again = await runCashback(app.db, demo, { now: new Date(), day: addDays(day, 3), source: 'job' });
    expect(again).toMatchObject({ created: false, run: { id: first.run.id, entries: 2, total: 802, source: 'ops' } });
    const out = await runCommand({ db: app.db }, ['cashback:run', '--host', 'localhost', '--period', day]);
    expect(out.ok).toBe(true);
    expect(out.output).toMatch(/was already computed .*2 entries, R\$\s8,02 in all.*nothing new was written/);
    expect(await entriesOf(a.id)).toHaveLength(1);
  });

  it('lets two runs of one week race and still creates each entry once', async () => {
    const day = weekDay(4);
    const p = await player();
    await play(p, [{ bet: 9_000 }], sp(day, '10:00'));
    const runs = await Promise.all([
      runCashback(app.db, demo, { now: new Date(), day, source: 'job' }),
      runCashback(app.db, demo, { now: new Date(), day, source: 'ops' }),
    ]);
    expect(runs.filter((r) => r.created)).toHaveLength(1);
    expect(await entriesOf(p.id)).toEqual([expect.objectContaining({ amount: 900 })]);
  });

  it('refuses, writing nothing, a week not over, a bad date, an unknown host or a tenant without cashback', async () => {
    const run = (...argv: string[]) => runCommand({ db: app.db }, ['cashback:run', ...argv]);
    const now = await run('--host', 'localhost', '--period', localDay(new Date(), SP));
    expect(now).toMatchObject({ ok: false });
    expect(now.output).toMatch(/is not over until .*\nnothing was written/);
    expect((await run('--host', 'localhost', '--period', '2026-02-30')).output).toMatch(/--period must be a date/);
    expect((await run('--host', 'localhost', '--period')).output).toMatch(/--period needs a date/);
    expect((await run('--host', 'nowhere.example')).output).toMatch(/no tenant is served from nowhere\.example/);
    expect((await run()).output).toMatch(/missing --host/);
    const off = await run('--host', 'regulado.localhost');
    expect(off.output).toMatch(/cashback is off for regulado\.localhost/);
    const { rows } = await app.db.query<{ n: number }>(
      `select count(*)::int as n from cashback_runs where period_start >= $1`,
      [weekOf(localDay(new Date(), SP), SP).start],
    );
    expect(rows[0]!.n).toBe(0);
  });

  it('has the weekly job compute the week that just ended once, then find nothing to do', async () => {
    const [job] = CASHBACK_JOBS;
    // The app's own scheduler may have run it already; either way, after a run there is nothing left.
    if (await job!.hasWork!(app.db)) await job!.run({ db: app.db, signal: new AbortController().signal, node: 'test' });
    expect(await job!.hasWork!(app.db)).toBe(false);
    const week = lastClosedWeek(new Date(), SP).start;
    const { rows } = await app.db.query<{ source: string }>(
      'select source from cashback_runs where tenant_id = $1 and period_start = $2',
      [demo.id, week],
    );
    expect(rows).toEqual([{ source: 'job' }]);
    // The regulated demo has cashback off: the job leaves it alone.
    const regulated = (await findTenantByHost(app.db, 'regulado.localhost'))!;
    const none = await app.db.query('select 1 from cashback_runs where tenant_id = $1', [regulated.id]);
    expect(none.rows).toEqual([]);
  });

  it("uses another tenant's percentage, type, release day and time zone", async () => {
    const host = 'cashback-test.localhost';
    await createTenant(app.db, {
      name: 'Cashback Teste',
      host,
      settings: {
        ...defaultTenantSettings({ name: 'Cashback Teste', host }),
        cashback: true,
        cashback_conversion_percentage: 7.5,
        cashback_type: 'immediate',
        cashback_release_day: 3,
        cashback_release_hour: '09:30',
        timezone: 'America/Manaus',
      },
    });
    const p = await player(host);
    const day = weekDay(2);
    await play(p, [{ bet: 12_345 }], new Date(`${day}T12:00:00-04:00`));
    const r = await runCashback(app.db, p.tenant, { now: new Date(), day, source: 'ops' });
    expect(r.run).toMatchObject({ entries: 1, total: 925, percentage: 7.5, type: 'immediate' });
    // Wednesday after the week, 09:30 in Manaus (UTC-4).
    expect(r.run.available_at).toEqual(new Date(`${addDays(day, 7)}T09:30:00-04:00`));
    const list = await listCashback(app.db, p.tenant, p.id, new Date());
    expect(list).toMatchObject({ timezone: 'America/Manaus', total: 925, available_amount: 925 });
    expect(list.entries[0]).toMatchObject({ amount: 925, type: 'immediate', allowed: 1, available: 1, claims: 1 });
  });
});

describe('claiming', () => {
  it('opens one claim at 12:01, 18:01 and 23:59 of the release day (injected clock), each credited once', async () => {
    const day = weekDay(5);
    const p = await player();
    await play(p, [{ bet: 10_000 }], sp(day, '15:00'));
    await runCashback(app.db, demo, { now: new Date(), day, source: 'job' });
    const release = addDays(day, 5); // Monday, 12:00 for the demo tenant.
    const [entry] = await entriesOf(p.id);
    const cash0 = await cashOf(p);
    const claim = (hhmm: string) => claimCashback(app.db, demo, p.id, entry!.id, sp(release, hhmm), 'pt');
    const list = (hhmm: string) => listCashback(app.db, demo, p.id, sp(release, hhmm));

    // Before release: counts in the total, nothing available.
    const early = await list('11:59');
    expect(early).toMatchObject({ total: 1_000, available_amount: 0, windows: ['12:01', '18:01', '23:59'] });
    expect(early.entries[0]).toMatchObject({ allowed: 0, claimed: 0, available: 0, next_claim_amount: 333 });
    expect(early.entries[0]!.next_unlock_at).toBe(sp(release, '12:01').toISOString());
    const notYet = await refusal(claim('12:00'));
    expect(notYet.code).toBe('cashback_not_available');
    expect(notYet.status).toBe(422);
    expect(notYet.toBody('pt').message).toMatch(/liberado em \d\d\/\d\d às 12:01/);
    expect(notYet.toBody('en').message).toMatch(/opens on \d\d\/\d\d at 12:01/);

    const first = await claim('12:01');
    expect(first.claimed).toMatchObject({ claim: 1, amount: 333 });
    expect(first.entry).toMatchObject({ allowed: 1, claimed: 1, available: 0, claimed_amount: 333 });
    expect(first.message).toBe('Cashback de R$\u00a03,33 creditado no seu saldo.');
    expect((await refusal(claim('12:02'))).code).toBe('cashback_not_available');
    expect((await refusal(claim('18:00'))).code).toBe('cashback_not_available');
    expect((await list('18:00')).entries[0]).toMatchObject({ allowed: 1, available: 0 });
    expect((await list('18:01')).entries[0]).toMatchObject({ allowed: 2, available: 1 });
    expect((await claim('18:01')).claimed).toMatchObject({ claim: 2, amount: 333 });
    expect((await refusal(claim('23:58'))).code).toBe('cashback_not_available');
    expect((await list('23:58')).entries[0]).toMatchObject({ allowed: 2, available: 0 });
    const last = await claim('23:59');
    expect(last.claimed).toMatchObject({ claim: 3, amount: 334 });
    expect(last.entry).toMatchObject({
      allowed: 3,
      claimed: 3,
      available: 0,
      next_claim_amount: 0,
      claimed_amount: 1_000,
    });
    const done = await refusal(claimCashback(app.db, demo, p.id, entry!.id, sp(addDays(release, 1), '13:00'), 'pt'));
    expect(done.code).toBe('cashback_claimed');
    expect(await cashOf(p)).toBe(cash0 + 1_000);
    const after = await list('23:59');
    expect(after).toMatchObject({ total: 0, available_amount: 0 });
  });

  it('credits 20 claims sent at once on one entry no more than it has (three), and the ledger stays balanced', async () => {
    const day = weekDay(6);
    const p = await player();
    await play(p, [{ bet: 30_001 }], sp(day, '15:00'));
    await runCashback(app.db, demo, { now: new Date(), day, source: 'job' });
    const [entry] = await entriesOf(p.id);
    expect(entry!.amount).toBe(3_000);
    const cash0 = await cashOf(p);
    const later = new Date(Date.now() + 60_000);
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => claimCashback(app.db, demo, p.id, entry!.id, later, 'en')),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    expect(ok).toHaveLength(3);
    for (const r of results)
      if (r.status === 'rejected') expect((r.reason as AppError).code).toMatch(/^cashback_(claimed|not_available)$/);
    expect(await cashOf(p)).toBe(cash0 + 3_000);
    const { rows } = await app.db.query<{ n: number; sum: number }>(
      'select count(*)::int as n, sum(amount)::int as sum from cashback_claims where entry_id = $1',
      [entry!.id],
    );
    expect(rows[0]).toEqual({ n: 3, sum: 3_000 });
    const check = await ledger.checkLedger(app.db);
    expect(check.problems).toEqual([]);
    expect(check.ok).toBe(true);
  });
});

describe('granting by hand', () => {
  it("lets an operator grant a player's cashback, released now and claimed like a weekly one; bad input writes nothing", async () => {
    const p = await player();
    const foreign = await player('regulado.localhost', 0);
    const grant = (...argv: string[]) => runCommand({ db: app.db }, ['cashback:grant', '--host', 'localhost', ...argv]);
    const user = ['--user', String(p.id)];
    expect((await grant(...user, '--amount', '0', '--reason', 'x')).output).toMatch(
      /--amount must be a whole number >= 1/,
    );
    expect((await grant(...user, '--amount', '500')).output).toMatch(/missing --reason/);
    expect((await grant(...user, '--amount', '10000001', '--reason', 'x')).output).toMatch(/1 to 10000000 centavos/);
    expect((await grant(...user, '--amount', '500', '--reason', 'x', '--type', 'weekly')).output).toMatch(
      /--type must be calendar or immediate/,
    );
    expect((await grant('--user', '999999999', '--amount', '500', '--reason', 'x')).output).toMatch(
      /no player 999999999 on localhost/,
    );
    expect((await grant('--user', String(foreign.id), '--amount', '500', '--reason', 'x')).output).toMatch(/no player/);
    const regulated = await runCommand({ db: app.db }, [
      'cashback:grant',
      '--host',
      'regulado.localhost',
      '--user',
      String(foreign.id),
      '--amount',
      '500',
      '--reason',
      'x',
    ]);
    expect(regulated.output).toMatch(/regulado\.localhost is regulated: cashback is paid only on net losses/);
    expect(await entriesOf(p.id)).toEqual([]);
    expect(await entriesOf(foreign.id)).toEqual([]);

    const ok = await grant(...user, '--amount', '500', '--reason', 'Atendimento: compensação', '--type', 'immediate');
    expect(ok.ok, ok.output).toBe(true);
    expect(ok.output).toMatch(/^cashback \d+ granted to player \d+ on localhost: R\$\s5,00, immediate \(1 claim\)/);
    const list = (await p.c.get('/api/bonuses/cashback')).json();
    expect(list.entries).toEqual([
      expect.objectContaining({
        amount: 500,
        type: 'immediate',
        available: 1,
        net_loss: 0,
        reason: 'Atendimento: compensação',
      }),
    ]);
    const cash0 = await cashOf(p);
    const claim = await p.c.post('/api/bonuses/cashback/claim', { cashback_id: list.entries[0].id });
    expect(claim.statusCode, claim.body).toBe(200);
    expect(await cashOf(p)).toBe(cash0 + 500);
  });

  it("keeps a grant apart from the week's computed entry of the same player", async () => {
    const day = weekDay(8);
    const p = await player();
    await grantCashback(app.db, demo, { userId: p.id, amount: 1_000, reason: 'gesto', now: sp(day, '09:00') });
    await play(p, [{ bet: 4_000 }], sp(day, '15:00'));
    const r = await runCashback(app.db, demo, { now: new Date(), day, source: 'job' });
    expect(r.run).toMatchObject({ entries: 1, total: 400 });
    const rows = await entriesOf(p.id);
    expect(rows.map((e) => e.amount).sort((a, b) => a - b)).toEqual([400, 1_000]);
  });
});

describe('the release notice', () => {
  it('tells the player once, in their language, when an entry can be claimed, and not before', async () => {
    const p = await player();
    const titles = async () =>
      (
        (await p.c.get('/api/notifications')).json().data as { title: string; description: string; url: string }[]
      ).filter((n) => n.title === 'Cashback disponível');
    const at = new Date(Date.now() + 3_600_000);
    await grantCashback(app.db, demo, { userId: p.id, amount: 1_234, reason: 'gesto', type: 'immediate', now: at });

    // Not yet released: nothing to say (other players' due entries may be told by this pass; this one is not).
    await announceReleased(app.db, new Date());
    await app.events.drain();
    expect(await titles()).toEqual([]);

    // Its hour came: one notice, pointing to the bonus page; a second pass (another node, the next tick) adds none.
    await announceReleased(app.db, new Date(at.getTime() + 1_000));
    await announceReleased(app.db, new Date(at.getTime() + 2_000));
    await app.events.drain();
    expect(await titles()).toEqual([
      // Intl writes "R$" and the amount apart with a no-break space.
      expect.objectContaining({
        description: expect.stringMatching(/^Seu cashback de R\$\s12,34 está disponível\. Resgate em Bônus\.$/),
        url: '/bonus',
      }),
    ]);
  });
});

describe('the cashback calls', () => {
  it("lists and claims the player's own entries, in the player's language, and refuses everything else", async () => {
    const day = weekDay(7);
    const p = await player();
    const other = await player();
    await play(p, [{ bet: 6_000 }], sp(day, '15:00'));
    await play(other, [{ bet: 6_000 }], sp(day, '15:00'));
    await runCashback(app.db, demo, { now: new Date(), day, source: 'job' });
    const [entry] = await entriesOf(p.id);

    expect((await client(app).get('/api/bonuses/cashback')).statusCode).toBe(401);
    expect((await client(app).post('/api/bonuses/cashback/claim', { cashback_id: entry!.id })).statusCode).toBe(401);

    // Released last week: every window of its day has passed.
    const list = await p.c.get('/api/bonuses/cashback');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toMatchObject({ total: 600, available_amount: 600, timezone: SP });
    expect(list.json().entries).toEqual([
      expect.objectContaining({ id: entry!.id, type: 'calendar', amount: 600, allowed: 3, claimed: 0, available: 3 }),
    ]);

    // Another player's entry, a player of another tenant, and an unknown id are all "not found".
    const theirs = await other.c.post('/api/bonuses/cashback/claim', { cashback_id: entry!.id });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe('Cashback não encontrado.');
    const foreign = await player('regulado.localhost', 0);
    expect((await foreign.c.post('/api/bonuses/cashback/claim', { cashback_id: entry!.id })).statusCode).toBe(404);
    expect((await foreign.c.get('/api/bonuses/cashback')).json().entries).toEqual([]);
    expect((await p.c.post('/api/bonuses/cashback/claim', { cashback_id: 999_999_999 })).statusCode).toBe(404);
    const bad = await p.c.post('/api/bonuses/cashback/claim', { cashback_id: 'abc' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.cashback_id).toEqual(['Informe um cashback válido.']);
    const missing = await p.c.post('/api/bonuses/cashback/claim', {}, { 'accept-language': 'en' });
    expect(missing.statusCode).toBe(422);

    // A paused player still takes what is theirs, as a withdrawal would.
    const pause = await p.c.post('/api/responsible-gaming/pause', { period: '24h' });
    expect(pause.statusCode, pause.body).toBe(200);
    const cash0 = await cashOf(p);
    const one = await p.c.post('/api/bonuses/cashback/claim', { cashback_id: String(entry!.id) });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toMatchObject({ claimed: { claim: 1, amount: 200 }, balance: cash0 + 200 });
    const en = await p.c.post('/api/bonuses/cashback/claim', { cashback_id: entry!.id }, { 'accept-language': 'en' });
    expect(en.json().message).toBe('Cashback of R$2.00 credited to your balance.');
    await p.c.post('/api/bonuses/cashback/claim', { cashback_id: entry!.id });
    const fourth = await p.c.post('/api/bonuses/cashback/claim', { cashback_id: entry!.id });
    expect(fourth.statusCode).toBe(422);
    expect(fourth.json()).toMatchObject({
      code: 'cashback_claimed',
      message: 'Este cashback já foi resgatado por completo.',
    });
    const fourthEn = await p.c.post(
      '/api/bonuses/cashback/claim',
      { cashback_id: entry!.id },
      { 'accept-language': 'en' },
    );
    expect(fourthEn.json().message).toBe('This cashback has already been claimed in full.');
    expect(await cashOf(p)).toBe(cash0 + 600);

    // Each claim moved the header's balance live and was recorded as a ledger `cashback` from promotions.
    const events = await app.db.query<{ name: string }>(
      `select name from event_log where user_id = $1 and name in ('promotions.cashback_claimed', 'wallet.balance_updated')
        order by id`,
      [p.id],
    );
    expect(events.rows.filter((e) => e.name === 'promotions.cashback_claimed')).toHaveLength(3);
    expect(events.rows.filter((e) => e.name === 'wallet.balance_updated')).toHaveLength(3);
    const moves = await ledger.listPlayerMovements(app.db, {
      tenantId: demo.id,
      userId: p.id,
      types: ['cashback'],
      limit: 10,
    });
    expect(moves.movements.map((m) => m.value)).toEqual([200, 200, 200]);
  });
});
