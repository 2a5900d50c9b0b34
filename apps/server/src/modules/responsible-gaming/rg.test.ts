import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, registerPlayer } from '../../test/accounts';
import { testApp } from '../../test/helpers';
import { fundedPlayer } from '../casino/test-support';
import { findTenantByHost } from '../tenants/index';
import { runNationalCheck } from './jobs';
import { confirmLimit, setLimit } from './limits';
import { RESPONSIBLE_GAMING_COMMANDS } from './ops';
import { runSessionJob } from './sessions';

/**
 * Responsible gaming through the real API: limits and their 24-hour rule, deposits refused before a PIX charge,
 * pauses, self-exclusion and closure with their money rules, the national self-exclusion list at each moment, the
 * regulated tenant, sessions and reality checks, and the append-only audit log.
 */

let app: FastifyInstance;
const HOUR = 3_600_000;

beforeAll(async () => {
  app = await testApp({ tenantCacheTtlMs: 0, tenantNegativeCacheTtlMs: 0 });
  // Real HTTP: the sandbox PSP posts its webhooks to this server.
  await app.listen({ host: '127.0.0.1', port: 0 });
}, 60_000);
afterAll(() => app.close());

type Player = Awaited<ReturnType<typeof fundedPlayer>> & { c: ReturnType<typeof client> };

async function player(cents = 0, host = 'localhost'): Promise<Player> {
  const p =
    host === 'localhost'
      ? await fundedPlayer(app, cents)
      : await registerPlayer(app, { host }).then((r) => ({ ...r, id: Number(r.user.id) }));
  await app.db.query('update users set email_verified_at = now(), phone_verified_at = now() where id = $1', [p.id]);
  return { ...p, c: client(app, { token: p.token, host }) };
}

const tenantOf = async (host = 'localhost') => (await findTenantByHost(app.db, host))!;
const whoOf = async (p: Player, host = 'localhost') => ({ tenantId: (await tenantOf(host)).id, userId: p.id });
const charges = async (p: Player) =>
  Number(
    (await app.db.query<{ n: number }>('select count(*)::int as n from pix_charges where user_id = $1', [p.id]))
      .rows[0]!.n,
  );

async function deposit(p: Player, amount: number) {
  const res = await p.c.post('/api/main-gateway/qrcode-pix', { amount });
  expect(res.statusCode, res.body).toBe(200);
  const { txid } = res.json();
  const paid = await p.c.post(`/api/dev/pix/${txid}/pay`, {});
  expect(paid.statusCode, paid.body).toBe(200);
  return txid as string;
}

describe('limits', () => {
  it('shows a new limit at once with what its window has used, and refuses a time limit longer than its period', async () => {
    const p = await player();
    const empty = await p.c.get('/api/responsible-gaming/limits');
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toMatchObject({ limits: [], pending: [], required: [] });
    const set = await p.c.post('/api/responsible-gaming/limits', { kind: 'deposit', period: 'day', amount: 10_000 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().change).toMatchObject({ kind: 'deposit', period: 'day', amount: 10_000, status: 'applied' });
    expect(set.json().limits).toEqual([{ kind: 'deposit', period: 'day', amount: 10_000, used: 0, resets_at: null }]);
    const long = await p.c.post('/api/responsible-gaming/limits', { kind: 'time', period: 'day', amount: 1441 });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors.amount).toEqual(['O limite de tempo não pode passar da duração do período.']);
    const bad = await p.c.post('/api/responsible-gaming/limits', { kind: 'bonus', period: 'year', amount: 1 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({
      kind: ['Escolha um tipo de limite válido.'],
      period: ['Escolha um período válido.'],
    });
    expect((await client(app).get('/api/responsible-gaming/limits')).statusCode).toBe(401);
  });

  it('lowers at once; raises or removes only after 24 hours and a confirmation (injected clock)', async () => {
    const p = await player();
    const tenant = await tenantOf();
    const w = await whoOf(p);
    const t0 = new Date('2026-03-02T12:00:00Z');
    const at = (h: number) => ({ now: new Date(t0.getTime() + h * HOUR), ip: '203.0.113.9' });
    await setLimit(app.db, tenant, w, { kind: 'wager', period: 'week', amount: 50_000 }, at(0));
    const lower = await setLimit(app.db, tenant, w, { kind: 'wager', period: 'week', amount: 20_000 }, at(1));
    expect(lower.change.status).toBe('applied');
    expect(lower.limits[0]).toMatchObject({ amount: 20_000 });

    const raise = await setLimit(app.db, tenant, w, { kind: 'wager', period: 'week', amount: 80_000 }, at(2));
    expect(raise.change).toMatchObject({
      status: 'pending',
      effective_at: new Date(t0.getTime() + 26 * HOUR).toISOString(),
    });
    expect(raise.limits[0]).toMatchObject({ amount: 20_000 });
    expect(raise.pending).toEqual([
      expect.objectContaining({ kind: 'wager', period: 'week', amount: 80_000, confirmable: false }),
    ]);
    const early = await confirmLimit(app.db, tenant, w, { kind: 'wager', period: 'week' }, at(25.9)).catch((e) => e);
    expect(early.status).toBe(409);
    expect(early.toBody('pt').message).toMatch(
      /^Você poderá confirmar esta alteração a partir de \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}\.$/,
    );
    const confirmed = await confirmLimit(app.db, tenant, w, { kind: 'wager', period: 'week' }, at(26));
    expect(confirmed.limits[0]).toMatchObject({ amount: 80_000 });
    expect(confirmed.pending).toEqual([]);

    const remove = await setLimit(app.db, tenant, w, { kind: 'wager', period: 'week', amount: null }, at(30));
    expect(remove.change.status).toBe('pending');
    expect(remove.limits).toHaveLength(1);
    const gone = await confirmLimit(app.db, tenant, w, { kind: 'wager', period: 'week' }, at(54));
    expect(gone.limits).toEqual([]);

    // Over HTTP, a fresh increase waits: confirming now is refused.
    await p.c.post('/api/responsible-gaming/limits', { kind: 'loss', period: 'day', amount: 1_000 });
    await p.c.post('/api/responsible-gaming/limits', { kind: 'loss', period: 'day', amount: 9_000 });
    const now = await p.c.post('/api/responsible-gaming/limits/confirm', { kind: 'loss', period: 'day' });
    expect(now.statusCode).toBe(409);
    const none = await p.c.post('/api/responsible-gaming/limits/confirm', { kind: 'time', period: 'day' });
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('Não há alteração pendente para este limite.');
  });
});

describe('deposit limits', () => {
  for (const [period, words] of [
    ['day', 'a cada 24 horas'],
    ['week', 'a cada 7 dias'],
    ['month', 'a cada 30 dias'],
  ] as const) {
    it(`a ${period} limit refuses the deposit that would pass it before any PIX charge, saying the limit and its reset`, async () => {
      const p = await player();
      await p.c.post('/api/responsible-gaming/limits', { kind: 'deposit', period, amount: 5_000 });
      await deposit(p, 3_000);
      const before = await charges(p);
      const res = await p.c.post('/api/main-gateway/qrcode-pix', { amount: 2_500 });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ code: 'limit_deposit', status: false });
      expect(res.json().message).toMatch(
        new RegExp(
          `^Este depósito passaria do seu limite de depósito de R\\$ 50,00 ${words}\\. Ele se renova em \\d{2}/\\d{2}/\\d{4} às \\d{2}:\\d{2}\\.$`,
        ),
      );
      expect(await charges(p)).toBe(before);
      const en = await p.c.post('/api/main-gateway/qrcode-pix', { amount: 2_500 }, { 'accept-language': 'en' });
      expect(en.json().message).toMatch(/^This deposit would go over your deposit limit of R\$50\.00 per /);
      // What still fits goes through.
      expect((await p.c.post('/api/main-gateway/qrcode-pix', { amount: 2_000 })).statusCode).toBe(200);
      const limits = (await p.c.get('/api/responsible-gaming/limits')).json();
      expect(limits.limits[0]).toMatchObject({ used: 5_000 });
      expect(limits.limits[0].resets_at).not.toBeNull();
    });
  }

  it('counts a charge asked for and not paid yet, so two charges cannot pass the limit together', async () => {
    const p = await player();
    await p.c.post('/api/responsible-gaming/limits', { kind: 'deposit', period: 'day', amount: 5_000 });
    expect((await p.c.post('/api/main-gateway/qrcode-pix', { amount: 3_000 })).statusCode).toBe(200);
    const second = await p.c.post('/api/main-gateway/qrcode-pix', { amount: 3_000 });
    expect(second.json().code).toBe('limit_deposit');
  });
});

describe('pause', () => {
  it('cannot be undone or shortened: login works, deposits are refused, withdrawals stay possible', async () => {
    const p = await player(10_000);
    const r = await p.c.post('/api/responsible-gaming/pause', { period: '7d' });
    expect(r.statusCode, r.body).toBe(200);
    const { pause } = r.json();
    expect(new Date(pause.end_at).getTime() - new Date(pause.start_at).getTime()).toBe(7 * 24 * HOUR);
    const shorter = await p.c.post('/api/responsible-gaming/pause', { period: '24h' });
    expect(shorter.statusCode).toBe(409);
    expect(shorter.json().message).toMatch(/^Você já está em pausa até .*Uma pausa não pode ser encurtada\.$/);
    const dep = await p.c.post('/api/main-gateway/qrcode-pix', { amount: 2_000 });
    expect(dep.statusCode).toBe(403);
    expect(dep.json().code).toBe('rg_paused');
    expect(dep.json().message).toMatch(/^Sua conta está em pausa até .*Saques continuam disponíveis\.$/);
    const login = await client(app).post('/api/auth/login', { login: p.email, password: p.password });
    expect(login.statusCode).toBe(200);
    const status = (await p.c.get('/api/responsible-gaming/status')).json();
    expect(status).toMatchObject({ restriction: { reason: 'pause', withdraw_only: true }, pause: { period: '7d' } });
    const key = await p.c.post('/api/wallet/withdraw/method', { type: 'cpf', key: p.cpf });
    expect(key.statusCode, key.body).toBe(200);
    const w = await p.c.post(
      '/api/wallet/withdraw/request',
      { amount: 5_000, method_id: key.json().id ?? key.json().method?.id },
      { 'idempotency-key': `pause-${p.id}` },
    );
    expect(w.statusCode, w.body).toBe(200);
  });
});

describe('self-exclusion and closure', () => {
  it('self-exclusion logs out, stops marketing, refuses deposits and lets a player with a balance in only to withdraw', async () => {
    const p = await player(10_000);
    await p.c.post('/api/profile/update-settings', { marketing_email: true, marketing_sms: true });
    const r = await p.c.post('/api/responsible-gaming/self-exclusion', { period: '90d' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({
      self_exclusion: { kind: 'operator', period: '90d' },
      logged_out: true,
      settlement: { refunded_bets: 0, refunded: 0, balance: 10_000 },
    });
    expect((await p.c.get('/api/auth/me')).statusCode).toBe(401);
    const login = await client(app).post('/api/auth/login', { login: p.email, password: p.password });
    expect(login.statusCode, login.body).toBe(200);
    const c = client(app, { token: login.json().token });
    expect(login.json().user.settings).toMatchObject({ marketing_email: false, marketing_sms: false });
    const dep = await c.post('/api/main-gateway/qrcode-pix', { amount: 2_000 });
    expect(dep.json().code).toBe('rg_self_excluded');
    const status = (await c.get('/api/responsible-gaming/status')).json();
    expect(status.restriction).toMatchObject({ reason: 'self_exclusion', withdraw_only: true });
    // Not cancellable before its end: the old call refuses, and a shorter period keeps the longer one.
    expect((await c.post('/api/profile/self-exclusion/remove')).statusCode).toBe(403);
  });

  it('indefinite self-exclusion of a player without balance refuses login, as the accounts module words it', async () => {
    const p = await player();
    const r = await p.c.post('/api/responsible-gaming/self-exclusion', { period: 'indefinite' });
    expect(r.json().self_exclusion.end_at).toBeNull();
    const login = await client(app).post('/api/auth/login', { login: p.email, password: p.password });
    expect(login.statusCode).toBe(403);
    expect(login.json().code).toBe('self_excluded');
  });

  it('closing the account logs out; without a balance the account no longer logs in', async () => {
    const p = await player();
    const bad = await p.c.post('/api/responsible-gaming/close-account', {});
    expect(bad.statusCode).toBe(422);
    const r = await p.c.post('/api/responsible-gaming/close-account', { confirm: true, reason: 'quero parar' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ logged_out: true, settlement: { balance: 0 } });
    const login = await client(app).post('/api/auth/login', { login: p.email, password: p.password });
    expect(login.statusCode).toBe(403);
    expect(login.json()).toMatchObject({
      code: 'rg_closed',
      message: 'Esta conta foi encerrada e não tem saldo a sacar.',
    });
  });
});

describe('national self-exclusion list (regulated tenant)', () => {
  const host = 'regulado.localhost';

  it('refuses a registration whose CPF the list names, and records it', async () => {
    const cpf = '52998224725';
    expect(
      await RESPONSIBLE_GAMING_COMMANDS['rg:national-add']!.run({ db: app.db }, { flags: {}, positional: [cpf] }),
    ).toMatch(/added/);
    const c = client(app, { host });
    const phone = `119${String(Date.now()).slice(-8)}`;
    await c.post('/api/auth/verify-code', { phone });
    const code = (
      await app.inject({ url: `/api/dev/outbox?to=${encodeURIComponent(phone)}`, headers: { host } })
    ).json()[0].code;
    const res = await c.post('/api/auth/register', {
      name: 'Joana Lista',
      username: phone,
      email: `lista${Date.now()}@example.com`,
      password: 'senha-forte-1',
      password_confirmation: 'senha-forte-1',
      birth_date: '1990-05-17',
      cpf,
      code,
      terms: true,
      age_confirmed: true,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'rg_national_list' });
    expect(res.json().errors.cpf[0]).toMatch(/consta na plataforma nacional de autoexclusão/);
    const { rows } = await app.db.query("select 1 from rg_notices where kind = 'national_list:registration'");
    expect(rows.length).toBeGreaterThan(0);
  });

  it('checks at the first login of each day: a listed player is notified, stopped and may only withdraw', async () => {
    const p = await player(0, host);
    const w = await whoOf(p, host);
    // Yesterday's check: today's first login consults the list again.
    await app.db.query("update rg_national_status set checked_at = now() - interval '1 day' where user_id = $1", [
      p.id,
    ]);
    await RESPONSIBLE_GAMING_COMMANDS['rg:national-add']!.run({ db: app.db }, { flags: {}, positional: [p.cpf] });
    await app.db.transaction(async (tx) => {
      const { credit } = await import('../ledger/index');
      await credit(tx, { ...w, amount: 4_000, type: 'deposit', idempotencyKey: `nl-${p.id}`, reference: 'test' });
    });
    const login = await client(app, { host }).post('/api/auth/login', { login: p.email, password: p.password });
    expect(login.statusCode, login.body).toBe(200);
    const c = client(app, { host, token: login.json().token });
    const status = (await c.get('/api/responsible-gaming/status')).json();
    expect(status.restriction).toMatchObject({ reason: 'national_list', withdraw_only: true });
    expect(status.national_notice.message).toMatch(/^Seu CPF consta na plataforma nacional de autoexclusão/);
    const dep = await c.post('/api/main-gateway/qrcode-pix', { amount: 2_000 });
    expect(dep.json().code).toBe('rg_national_list');
    await app.events.drain?.();
    const audit = await RESPONSIBLE_GAMING_COMMANDS.audit!.run(
      { db: app.db },
      { flags: { user: String(p.id) }, positional: [] },
    );
    expect(audit).toMatch(/national_list\.login_check/);
    expect(audit).toMatch(/national_list\.started/);
  });

  it('checks every account within 15 days (the job), and closes a listed account after the delay', async () => {
    const p = await player(0, host);
    await app.db.query("update rg_national_status set checked_at = now() - interval '16 days' where user_id = $1", [
      p.id,
    ]);
    await RESPONSIBLE_GAMING_COMMANDS['rg:national-add']!.run({ db: app.db }, { flags: {}, positional: [p.cpf] });
    const r = await runNationalCheck(app.db);
    expect(r.listed).toBeGreaterThanOrEqual(1);
    // The token was revoked with the hit.
    expect((await p.c.get('/api/auth/me')).statusCode).toBe(401);
    const later = await runNationalCheck(app.db, { now: new Date(Date.now() + 3 * 24 * HOUR + 60_000) });
    expect(later.closed).toBeGreaterThanOrEqual(1);
    const login = await client(app, { host }).post('/api/auth/login', { login: p.email, password: p.password });
    expect(login.statusCode).toBe(403);
    expect(login.json().code).toBe('rg_closed');
  });
});

describe('regulated tenant', () => {
  const host = 'regulado.localhost';

  it('is seeded beside the demo with its own name, warns of the risk, and asks for loss and time limits before a deposit', async () => {
    const t = await tenantOf(host);
    expect(t.name).toBe('Aposta Certa');
    expect(t.settings.is_regulated).toBe(true);
    const info = (await client(app, { host }).get('/api/responsible-gaming/info')).json();
    expect(info.risk_warning).toMatch(/^Jogar pode causar dependência/);
    expect(info).toMatchObject({ regulated: true, required_limits: ['loss', 'time'], idle_timeout_minutes: 30 });
    expect((await client(app).get('/api/responsible-gaming/info')).json()).toMatchObject({
      regulated: false,
      risk_warning: null,
    });

    const p = await player(0, host);
    const refused = await p.c.post('/api/main-gateway/qrcode-pix', { amount: 2_000 });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      code: 'rg_limits_required',
      message: 'Antes do primeiro depósito, defina seus limites de perdas e tempo de jogo.',
    });
    const limits = (await p.c.get('/api/responsible-gaming/limits')).json();
    expect(limits.required).toEqual(['loss', 'time']);
    expect(limits.suggested.map((s: { kind: string }) => s.kind)).toEqual(expect.arrayContaining(['loss', 'time']));
    await p.c.post('/api/responsible-gaming/limits', { kind: 'loss', period: 'month', amount: 50_000 });
    await p.c.post('/api/responsible-gaming/limits', { kind: 'time', period: 'day', amount: 120 });
    const ok = await p.c.post('/api/main-gateway/qrcode-pix', { amount: 2_000 });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('lists its named policies for operators', async () => {
    const out = await RESPONSIBLE_GAMING_COMMANDS['rg:policies']!.run(
      { db: app.db },
      { flags: { host }, positional: [] },
    );
    expect(out).toMatch(/^Aposta Certa \(regulado\.localhost\): regulated/);
    expect(out).toMatch(/limits\.required_before_first_deposit\s+on\s+loss, time/);
    expect(out).toMatch(/session\.idle_close\s+on\s+30 minutes/);
    expect(out).toMatch(/self_exclusion\.national_list\s+on/);
  });
});

describe('sessions and reality checks', () => {
  it('shows the session figures and the next reminder; continue moves it an interval on', async () => {
    const p = await player(5_000);
    const set = await p.c.post('/api/responsible-gaming/reality-check', { interval: 30 });
    expect(set.json()).toEqual({ interval: 30 });
    expect((await p.c.post('/api/responsible-gaming/reality-check', { interval: 45 })).statusCode).toBe(422);
    const s = (await p.c.get('/api/responsible-gaming/session')).json();
    expect(s.session).toMatchObject({ wagered: 0, won: 0, net: 0, bets: 0 });
    expect(s.reality_check.interval).toBe(30);
    const due = new Date(s.reality_check.next_at).getTime();
    expect(due - Date.now()).toBeGreaterThan(29 * 60_000);
    const next = (await p.c.post('/api/responsible-gaming/reality-check/continue')).json();
    expect(new Date(next.reality_check.next_at).getTime()).toBeGreaterThanOrEqual(due - 1000);
    const end = await p.c.post('/api/responsible-gaming/session/end');
    expect(end.json()).toMatchObject({ logged_out: true, session: { bets: 0 } });
    expect((await p.c.get('/api/auth/me')).statusCode).toBe(401);
  });

  it('a time limit that runs out ends the session and logs the player out', async () => {
    const p = await player();
    await p.c.post('/api/responsible-gaming/limits', { kind: 'time', period: 'day', amount: 30 });
    const s = (await p.c.get('/api/responsible-gaming/session')).json();
    expect(s.time_limit).toMatchObject({ minutes: 30, used: 0 });
    await runSessionJob(app.db, new Date(Date.now() + 31 * 60_000));
    expect((await p.c.get('/api/auth/me')).statusCode).toBe(401);
    const { rows } = await app.db.query(
      "select 1 from rg_notices where user_id = $1 and kind = 'session_ended:limit_time'",
      [p.id],
    );
    expect(rows).toHaveLength(1);
  });
});

describe('audit log', () => {
  it('records every change with who, what, before and after, and IP, and refuses to change a record', async () => {
    const p = await player();
    await p.c.post('/api/responsible-gaming/limits', { kind: 'wager', period: 'day', amount: 10_000 });
    await p.c.post('/api/responsible-gaming/limits', { kind: 'wager', period: 'day', amount: 5_000 });
    const out = await RESPONSIBLE_GAMING_COMMANDS.audit!.run(
      { db: app.db },
      { flags: { user: String(p.id) }, positional: [] },
    );
    // Newest first: the decrease, from 100,00 to 50,00, and before it the new limit.
    expect(out).toMatch(
      /player\s+limit\.applied\s+\{"kind":"wager","amount":10000,"period":"day"\}\s+\{"kind":"wager","amount":5000,"period":"day"\}\s+[0-9.]+\n/,
    );
    expect(out).toMatch(/player\s+limit\.applied\s+\{"kind":"wager","amount":null,"period":"day"\}/);
    await expect(app.db.query('update rg_audit set action = $1 where user_id = $2', ['x', p.id])).rejects.toThrow(
      /append-only/,
    );
    await expect(app.db.query('delete from rg_audit where user_id = $1', [p.id])).rejects.toThrow(/append-only/);
  });
});
