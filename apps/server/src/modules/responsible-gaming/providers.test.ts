import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client } from '../../test/accounts';
import { testApp } from '../../test/helpers';
import * as casino from '../casino/index';
import { demoTenantId, fundedPlayer, gameByCode } from '../casino/test-support';
import { SIGNATURE_HEADER, sign } from '../providers/index';

/**
 * Provider games (the seamless wallet): a stake the player's limits refuse gets the protocol's refusal
 * (RESPONSIBLE_GAMING_LIMIT, or PLAYER_BLOCKED for a stop), recorded with its transaction id; wins count against
 * loss limits, a rollback gives the stake back to the windows; bets at once never pass a limit.
 */

let app: FastifyInstance;
let port: number;

beforeAll(async () => {
  app = await testApp({ logLevel: 'error' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as { port: number }).port;
}, 60_000);
afterAll(() => app.close());

async function session(cents: number) {
  const p = await fundedPlayer(app, cents);
  const tenantId = await demoTenantId(app);
  const provider = (await casino.findProviderByCode(app.db, tenantId, 'aurora'))!;
  const game = await gameByCode(app, 'tigre-da-fortuna');
  const token = randomBytes(32).toString('base64url');
  await casino.insertGameSession(app.db, {
    tenantId,
    userId: p.id,
    gameId: game.id,
    providerId: provider.id,
    tokenHash: casino.hashSessionToken(token),
    demo: false,
    ttlMs: 600_000,
  });
  const c = client(app, { token: p.token });
  return { p, c, common: { session_token: token, player_id: String(p.id), game_id: game.game_id } };
}

async function call(op: string, body: Record<string, unknown>) {
  const provider = (await casino.findProviderByCode(app.db, await demoTenantId(app), 'aurora'))!;
  const raw = JSON.stringify(body);
  const res = await fetch(`http://127.0.0.1:${port}/api/providers/aurora/${op}`, {
    method: 'POST',
    headers: { host: 'localhost', 'content-type': 'application/json', [SIGNATURE_HEADER]: sign(raw, provider.secret) },
    body: raw,
  });
  return (await res.json()) as Record<string, unknown>;
}

type S = Awaited<ReturnType<typeof session>>;
const bet = (s: S, amount: number, tx = `b-${randomUUID()}`, round = `r-${randomUUID()}`) =>
  call('bet', { ...s.common, transaction_id: tx, round_id: round, amount });
const win = (s: S, amount: number, round: string) =>
  call('win', { ...s.common, transaction_id: `w-${randomUUID()}`, round_id: round, amount, round_closed: true });

describe('provider games', () => {
  for (const [kind, period] of [
    ['wager', 'day'],
    ['wager', 'week'],
    ['loss', 'month'],
  ] as const) {
    it(`a ${period} ${kind} limit refuses the stake with the protocol's answer, the same for a repeat`, async () => {
      const s = await session(100_000);
      await s.c.post('/api/responsible-gaming/limits', { kind, period, amount: 1_000 });
      expect(await bet(s, 800)).toMatchObject({ status: 'OK' });
      const tx = `b-${randomUUID()}`;
      const round = `r-${randomUUID()}`;
      const refused = await bet(s, 300, tx, round);
      expect(refused).toMatchObject({ status: 'ERROR', error_code: 'RESPONSIBLE_GAMING_LIMIT' });
      // Recorded with its id: a repeat gets the same answer even once the limit would admit it.
      await s.c.post('/api/responsible-gaming/limits', { kind, period, amount: 500 });
      expect(await bet(s, 300, tx, round)).toMatchObject({ status: 'ERROR', error_code: 'RESPONSIBLE_GAMING_LIMIT' });
      expect(await bet(s, 200)).toMatchObject({ status: 'ERROR' });
    });
  }

  it('wins count against a loss limit, and a rollback gives the stake back to the window', async () => {
    const s = await session(100_000);
    await s.c.post('/api/responsible-gaming/limits', { kind: 'loss', period: 'day', amount: 1_000 });
    const round = `r-${randomUUID()}`;
    expect(await bet(s, 1_000, undefined, round)).toMatchObject({ status: 'OK' });
    expect(await bet(s, 100)).toMatchObject({ error_code: 'RESPONSIBLE_GAMING_LIMIT' });
    expect(await win(s, 600, round)).toMatchObject({ status: 'OK' });
    expect(await bet(s, 500)).toMatchObject({ status: 'OK' });
    const tx = `b-${randomUUID()}`;
    const r2 = `r-${randomUUID()}`;
    expect(await bet(s, 100, tx, r2)).toMatchObject({ status: 'OK' });
    const used = (await s.c.get('/api/responsible-gaming/limits')).json().limits[0];
    expect(used.used).toBe(1_000);
    expect(
      await call('rollback', {
        ...s.common,
        transaction_id: `rb-${tx}`,
        rollback_transaction_id: tx,
        round_id: r2,
      }),
    ).toMatchObject({ status: 'OK' });
    expect((await s.c.get('/api/responsible-gaming/limits')).json().limits[0].used).toBe(900);
  });

  it('a pause ends the game sessions it finds, and refuses the stake of a later one as a blocked player', async () => {
    const s = await session(10_000);
    await s.c.post('/api/responsible-gaming/pause', { period: '24h' });
    expect(await bet(s, 100)).toMatchObject({ status: 'ERROR', error_code: 'SESSION_EXPIRED' });
    await app.db.query("update game_sessions set expires_at = now() + interval '10 minutes' where token_hash = $1", [
      casino.hashSessionToken(s.common.session_token),
    ]);
    expect(await bet(s, 100)).toMatchObject({ status: 'ERROR', error_code: 'PLAYER_BLOCKED' });
  });

  it('20 stakes at once against a limit that admits 3 pass exactly 3', async () => {
    const s = await session(100_000);
    await s.c.post('/api/responsible-gaming/limits', { kind: 'wager', period: 'day', amount: 300 });
    const answers = await Promise.all(Array.from({ length: 20 }, () => bet(s, 100)));
    expect(answers.filter((a) => a.status === 'OK')).toHaveLength(3);
    expect(answers.filter((a) => a.error_code === 'RESPONSIBLE_GAMING_LIMIT')).toHaveLength(17);
  });

  it('self-exclusion gives back the stakes of an open round, and a later win of the provider on it is refused', async () => {
    const s = await session(10_000);
    const round = `r-${randomUUID()}`;
    expect(await bet(s, 700, undefined, round)).toMatchObject({ status: 'OK', balance: 9_300 });
    const r = await s.c.post('/api/responsible-gaming/self-exclusion', { period: '30d' });
    expect(r.json().settlement).toMatchObject({ refunded_bets: 1, refunded: 700, balance: 10_000 });
    expect(await win(s, 1_400, round)).toMatchObject({ status: 'ERROR' });
    const { rows } = await app.db.query<{ status: string }>('select status from casino_rounds where round_id = $1', [
      round,
    ]);
    expect(rows[0]!.status).toBe('rolled_back');
  });
});
