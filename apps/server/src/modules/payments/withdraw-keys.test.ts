import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, registerPlayer } from '../../test/accounts';
import { testApp } from '../../test/helpers';
import { setTenantSettings } from '../tenants/index';
import { PspUnavailable } from './psp/provider';
import { runtimeFor } from './runtime';
import { addMethod } from './withdrawals';

let app: FastifyInstance;
const PG = Boolean(process.env.TEST_DATABASE_URL);

beforeAll(async () => {
  app = await testApp({ tenantCacheTtlMs: 0, tenantNegativeCacheTtlMs: 0 });
  await app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(() => app.close());

type Player = Awaited<ReturnType<typeof registerPlayer>> & { c: ReturnType<typeof client>; id: number };

async function player(): Promise<Player> {
  const p = await registerPlayer(app);
  const id = Number(p.user.id);
  await app.db.query('update users set email_verified_at = now(), phone_verified_at = now() where id = $1', [id]);
  return { ...p, c: client(app, { token: p.token }), id };
}

const addKey = (p: Player, type: string, key: string, lang = 'pt') =>
  p.c.post('/api/wallet/withdraw/method', { type, key }, { 'accept-language': lang });

const dict = (p: Player, type: string, key: string, owner: 'me' | 'other' | 'none') =>
  app.inject({
    method: 'PUT',
    url: '/api/dev/pix/dict',
    headers: { host: 'localhost', authorization: `Bearer ${p.token}` },
    payload: { type, key, owner },
  });

async function tenantOf(p: Player) {
  const { rows } = await app.db.query<{ tenant_id: number }>('select tenant_id from users where id = $1', [p.id]);
  const { rows: t } = await app.db.query<{ id: number; settings: Record<string, unknown> }>(
    'select id, settings from tenants where id = $1',
    [rows[0]!.tenant_id],
  );
  return t[0]! as unknown as Parameters<typeof addMethod>[1];
}

describe(`PIX key ownership through the PSP's DICT lookup (${PG ? 'postgres' : 'pglite'})`, () => {
  it('accepts the player own e-mail and phone keys, proven by the DICT', async () => {
    const p = await player();
    const email = await addKey(p, 'email', p.email.toUpperCase());
    expect(email.statusCode, email.body).toBe(200);
    expect(email.json().method).toMatchObject({ type: 'email', key: p.email, verified: true });
    const phone = await addKey(p, 'phone', `(${p.phone.slice(0, 2)}) ${p.phone.slice(2)}`);
    expect(phone.statusCode, phone.body).toBe(200);
    expect(phone.json().method).toMatchObject({ type: 'phone', key: `+55${p.phone}`, verified: true });
    const list = (await p.c.get('/api/wallet/withdraw/methods')).json();
    expect(list.data.map((m: { verified: boolean }) => m.verified)).toEqual([true, true]);
    const { rows } = await app.db.query<{ owner_check: string; owner_name: string }>(
      'select owner_check, owner_name from withdraw_methods where user_id = $1 order by id',
      [p.id],
    );
    expect(rows).toEqual([
      { owner_check: 'dict', owner_name: 'Maria da Silva' },
      { owner_check: 'dict', owner_name: 'Maria da Silva' },
    ]);
  });

  it("refuses another player's key and a key the DICT does not know, in pt and en", async () => {
    const p = await player();
    const other = await player();
    const theirs = await addKey(p, 'email', other.email);
    expect(theirs.statusCode).toBe(422);
    expect(theirs.json().errors.key).toEqual(['Esta chave PIX não está no seu CPF. Use uma chave PIX sua.']);
    const theirsEn = await addKey(p, 'phone', other.phone, 'en');
    expect(theirsEn.json().errors.key).toEqual([
      'This PIX key is not registered to your CPF. Use a PIX key of your own.',
    ]);
    const unknown = await addKey(p, 'evp', randomUUID());
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.key).toEqual([
      'Esta chave PIX não foi encontrada. Confira a chave ou cadastre-a no seu banco.',
    ]);
    const unknownEn = await addKey(p, 'email', 'nobody-here@example.org', 'en');
    expect(unknownEn.json().errors.key).toEqual([
      'This PIX key was not found. Check the key or register it at your bank.',
    ]);
    const { rows } = await app.db.query('select 1 from withdraw_methods where user_id = $1', [p.id]);
    expect(rows).toHaveLength(0);
  });

  it('follows the DICT: a key moved to someone else is refused, a random key registered to the player accepted', async () => {
    const p = await player();
    expect((await dict(p, 'email', p.email, 'other')).statusCode).toBe(200);
    const moved = await addKey(p, 'email', p.email);
    expect(moved.json().errors.key).toEqual(['Esta chave PIX não está no seu CPF. Use uma chave PIX sua.']);
    expect((await dict(p, 'email', p.email, 'none')).statusCode).toBe(200);
    expect((await addKey(p, 'email', p.email)).json().errors.key).toEqual([
      'Esta chave PIX não foi encontrada. Confira a chave ou cadastre-a no seu banco.',
    ]);
    const uuid = randomUUID();
    await dict(p, 'evp', uuid, 'me');
    const ok = await addKey(p, 'evp', uuid);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().method).toMatchObject({ key: uuid, verified: true });
    // The dev DICT tool needs a signed-in player and a valid key.
    const anon = await app.inject({
      method: 'PUT',
      url: '/api/dev/pix/dict',
      headers: { host: 'localhost' },
      payload: { type: 'evp', key: uuid, owner: 'me' },
    });
    expect(anon.statusCode).toBe(401);
    expect((await dict(p, 'evp', 'nope', 'me')).statusCode).toBe(422);
  });

  it('answers 503 with a localized message when the lookup is down, and writes nothing', async () => {
    const p = await player();
    const tenant = await tenantOf(p);
    const down = {
      hasKeyLookup: true,
      keyOwner: async () => {
        throw new PspUnavailable('GET /pix_key: HTTP 502');
      },
    };
    const err = await addMethod(app.db, tenant, p.id, { type: 'email', key: p.email }, down).catch((e) => e);
    expect(err.status).toBe(503);
    expect(err.toBody('pt').message).toBe('Não foi possível conferir a chave PIX agora. Tente novamente em instantes.');
    expect(err.toBody('en').message).toBe('The PIX key could not be checked right now. Please try again shortly.');
    const { rows } = await app.db.query('select 1 from withdraw_methods where user_id = $1', [p.id]);
    expect(rows).toHaveLength(0);
  });

  it('without a PSP key lookup: unproven keys outside regulated mode, CPF (or DICT-proven) keys only in it', async () => {
    const p = await player();
    const tenant = await tenantOf(p);
    const noLookup = {
      hasKeyLookup: false,
      keyOwner: async () => {
        throw new Error('must not be called');
      },
    };
    const r = await addMethod(app.db, tenant, p.id, { type: 'email', key: p.email }, noLookup);
    expect(r.method.verified).toBe(false);
    const regulated = { ...tenant, settings: { ...tenant.settings, is_regulated: true } };
    const err = await addMethod(app.db, regulated, p.id, { type: 'phone', key: p.phone }, noLookup).catch((e) => e);
    expect(err.status).toBe(422);
    expect(err.toBody('pt').errors.type).toEqual([
      'Saques só podem ser feitos para uma chave PIX comprovadamente sua (do seu CPF).',
    ]);
    expect(err.toBody('en').errors.type).toEqual([
      'Withdrawals can only go to a PIX key proven to be yours (registered to your CPF).',
    ]);
    const cpf = await addMethod(app.db, regulated, p.id, { type: 'cpf', key: p.cpf }, noLookup);
    expect(cpf.method.verified).toBe(true);
  });

  it('regulated mode: a DICT-proven key is paid out to, an unproven one is refused at the request', async () => {
    const p = await player();
    const tenant = await tenantOf(p);
    const unproven = await addMethod(
      app.db,
      tenant,
      p.id,
      { type: 'evp', key: randomUUID() },
      { hasKeyLookup: false, keyOwner: async () => null },
    );
    const proven = (await addKey(p, 'email', p.email)).json().method.id as number;
    const charge = (await p.c.post('/api/main-gateway/qrcode-pix', { amount: 10_000 })).json();
    expect((await p.c.post(`/api/dev/pix/${charge.txid}/pay`, {})).statusCode).toBe(200);
    await setTenantSettings(app.db, { host: 'localhost', assignments: ['is_regulated=true'] });
    try {
      const bad = await p.c.post(
        '/api/wallet/withdraw/request',
        { amount: 2_000, method_id: unproven.method.id },
        { 'idempotency-key': 'reg-1' },
      );
      expect(bad.statusCode).toBe(422);
      expect(bad.json().errors.method_id).toEqual([
        'Saques só podem ser feitos para uma chave PIX comprovadamente sua (do seu CPF).',
      ]);
      const good = await p.c.post(
        '/api/wallet/withdraw/request',
        { amount: 2_000, method_id: proven },
        { 'idempotency-key': 'reg-2' },
      );
      expect(good.statusCode, good.body).toBe(200);
      expect(good.json().withdrawal).toMatchObject({ amount: 2_000, status: 0 });
    } finally {
      await setTenantSettings(app.db, { host: 'localhost', assignments: ['is_regulated=false'] });
    }
  });
});

describe(`the User's wallet in /auth/me and /profile (${PG ? 'postgres' : 'pglite'})`, () => {
  it('carries the ledger balances, the same as /profile/wallet', async () => {
    const p = await player();
    const before = (await p.c.get('/api/auth/me')).json();
    expect((before.user ?? before).wallet).toEqual({ balance: 0, balance_withdrawal: 0, bonus: 0, deposit_count: 0 });
    const charge = (await p.c.post('/api/main-gateway/qrcode-pix', { amount: 12_345 })).json();
    expect((await p.c.post(`/api/dev/pix/${charge.txid}/pay`, {})).statusCode).toBe(200);
    const want = { balance: 12_345, balance_withdrawal: 12_345, bonus: 0, deposit_count: 1 };
    const me = (await p.c.get('/api/auth/me')).json();
    expect((me.user ?? me).wallet).toEqual(want);
    const profile = (await p.c.get('/api/profile')).json();
    expect(profile.user.wallet).toEqual(want);
    const w = (await p.c.get('/api/profile/wallet')).json();
    expect({ balance: w.balance, balance_withdrawal: w.balance_withdrawal, bonus: w.bonus }).toEqual({
      balance: want.balance,
      balance_withdrawal: want.balance_withdrawal,
      bonus: want.bonus,
    });
    expect(runtimeFor(app.db)).toBeDefined();
  });
});
