import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, registerPlayer } from '../../test/accounts';
import { testApp } from '../../test/helpers';

// The withdraw form offers the player's own CPF key prefilled and masked: the page knows only ***.456.789-**, so the
// server adds the key from the CPF it holds.

describe("the player's own CPF as a PIX key, without typing it", () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await testApp();
  });
  afterAll(() => app.close());

  it('adds the CPF the player registered with, proven theirs, once; shown masked', async () => {
    const p = await registerPlayer(app);
    const c = client(app, { token: p.token });
    const first = await c.post('/api/wallet/withdraw/method/own-cpf');
    expect(first.statusCode).toBe(200);
    const masked = `***.${p.cpf.slice(3, 6)}.${p.cpf.slice(6, 9)}-**`;
    expect(first.json()).toMatchObject({ status: true, method: { type: 'cpf', key: masked, verified: true } });
    expect(first.body).not.toContain(p.cpf);
    const again = await c.post('/api/wallet/withdraw/method/own-cpf');
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toHaveProperty('key');
    const list = (await c.get('/api/wallet/withdraw/methods')).json().data as { key: string }[];
    expect(list.map((m) => m.key)).toEqual([masked]);
  });

  it('asks a player without a CPF to add it first, and a guest to log in', async () => {
    const p = await registerPlayer(app);
    await app.db.query('update users set cpf = null where id = $1', [Number(p.user.id)]);
    const res = await client(app, { token: p.token }).post('/api/wallet/withdraw/method/own-cpf');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.key[0]).toBe('Cadastre seu CPF no perfil antes de usar uma chave CPF.');
    expect((await client(app).post('/api/wallet/withdraw/method/own-cpf')).statusCode).toBe(401);
  });

  it('names the e-mail as what blocks a withdrawal while it is unverified (the page links to verify it)', async () => {
    const p = await registerPlayer(app);
    const c = client(app, { token: p.token });
    const key = (await c.post('/api/wallet/withdraw/method/own-cpf')).json().method.id as number;
    const res = await c.post(
      '/api/wallet/withdraw/request',
      { amount: 5_000, method_id: key },
      { 'idempotency-key': 'w-1' },
    );
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['email']);
  });
});
