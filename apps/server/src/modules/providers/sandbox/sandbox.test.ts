import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app';
import { type Db, openPostgres } from '../../../platform/db/index';
import { client } from '../../../test/accounts';
import { testConfig, testDb } from '../../../test/helpers';

const PG = process.env.TEST_DATABASE_URL;

let db: Db;
let second: Db;
let a: FastifyInstance;
let b: FastifyInstance;
const base = (app: FastifyInstance) => {
  const addr = app.server.address();
  return `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
};

beforeAll(async () => {
  db = await testDb();
  // Two nodes on one database: on PostgreSQL each with its own pool on the same schema; PGlite is one process, so
  // both apps share its one handle.
  if (PG) {
    const { rows } = await db.query<{ s: string }>('select current_schema() as s');
    second = await openPostgres(PG, { poolSize: 4, searchPath: rows[0]!.s });
  } else second = db;
  a = await buildApp(testConfig(), { db });
  await a.listen({ port: 0, host: '127.0.0.1' });
  b = await buildApp(testConfig(), { db: second });
  await b.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await b?.close();
  await a?.close();
  if (second !== db) await second?.close();
  await db?.close();
});

async function demoSessionOnA(code: string) {
  const games = await client(a).get(`/api/casinos/games?searchTerm=${encodeURIComponent(code)}`);
  const game = (games.json().data as { id: number; gamecode: string }[]).find((g) => g.gamecode === code)!;
  const launched = await client(a).post('/api/games/url', { game_id: game.id, demo: true });
  expect(launched.statusCode, launched.body).toBe(200);
  return (launched.json().url as string).split('/').pop()!;
}

const play = (app: FastifyInstance, token: string, body: unknown) =>
  fetch(`${base(app)}/provider-sandbox/api/play/${token}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe(`sandbox game provider on two nodes (${PG ? 'postgres' : 'pglite'})`, () => {
  it('plays on node B a session opened through node A, with one play-money balance', async () => {
    const token = await demoSessionOnA('dados-sete');
    const page = await fetch(`${base(b)}/provider-sandbox/play/${token}`);
    expect(page.status).toBe(200);
    expect(await (await fetch(`${base(b)}/provider-sandbox/api/state/${token}`)).json()).toEqual({
      balance: 100_000,
      demo: true,
    });

    const res = await play(b, token, { bet: 1000, pick: 'over' });
    const spin = (await res.json()) as { balance: number; win: number };
    expect(res.status, JSON.stringify(spin)).toBe(200);
    expect(spin.balance).toBe(100_000 - 1000 + spin.win);
    expect(await (await fetch(`${base(a)}/provider-sandbox/api/state/${token}`)).json()).toEqual({
      balance: spin.balance,
      demo: true,
    });
  });

  it('refuses a second play while another node holds the session, and frees it after the hold', async () => {
    const token = await demoSessionOnA('dados-sete');
    // Another node is in the middle of a play on this session.
    await db.query(`update provider_sandbox_sessions set busy_until = now() + interval '1 minute' where token = $1`, [
      token,
    ]);
    const busy = await play(b, token, { bet: 1000, pick: 'under' });
    expect(busy.status).toBe(409);
    expect(await busy.json()).toEqual({ error: 'busy' });
    // That node died mid-play: once its hold runs out the session plays again.
    await db.query(`update provider_sandbox_sessions set busy_until = now() - interval '1 second' where token = $1`, [
      token,
    ]);
    expect((await play(a, token, { bet: 1000, pick: 'under' })).status).toBe(200);
    expect((await play(b, token, { bet: 1000, pick: 'under' })).status).toBe(200);
  });

  it('answers an unknown or expired session with 404 on every node', async () => {
    const token = await demoSessionOnA('dados-sete');
    await db.query(`update provider_sandbox_sessions set expires_at = now() - interval '1 second' where token = $1`, [
      token,
    ]);
    for (const node of [a, b]) {
      expect((await fetch(`${base(node)}/provider-sandbox/api/state/${token}`)).status).toBe(404);
      expect((await play(node, token, { bet: 1000, pick: 'under' })).status).toBe(404);
    }
  });
});
