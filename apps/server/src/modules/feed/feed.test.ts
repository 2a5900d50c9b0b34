import type { BetFeedEvent } from '@sorte/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publish, readConsumerStatus } from '../../platform/events/index';
import { tenantKey } from '../../platform/realtime/test-support';
import { client, registerPlayer } from '../../test/accounts';
import { testApp } from '../../test/helpers';
import * as wallet from '../ledger/index';
import { createTenant } from '../tenants/index';

// A page that opens shows the latest real settled rounds at once (GET /api/feed/recent), not an empty live feed.
let app: FastifyInstance;
let tenantId: number;

beforeAll(async () => {
  app = await testApp();
  ({ tenantId } = await tenantKey(app, 'localhost'));
});

afterAll(async () => {
  await app?.close();
});

let seq = 0;
const uniq = () => `${Date.now()}-${++seq}`;

async function settle(o: { tenantId?: number; userId: number; round: string; bet: number; win: number }) {
  await app.db.transaction((tx) =>
    publish(tx, {
      name: 'casino.round_settled',
      tenantId: o.tenantId ?? tenantId,
      userId: o.userId,
      payload: {
        provider: 'test-prov',
        round_id: o.round,
        game_id: null,
        game: 'Gates of Testing',
        user_id: o.userId,
        bet: o.bet,
        win: o.win,
        multiplier: o.bet > 0 ? o.win / o.bet : 0,
      },
    }),
  );
}

/** Waits until the bet feed's consumer has passed every event of the log (the server's delivery loop runs it). */
async function delivered() {
  for (let i = 0; i < 250; i++) {
    const lag = (await readConsumerStatus(app.db)).find((c) => c.consumer === 'bet-feed')?.lagEvents;
    if (lag === 0) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('the bet feed did not catch up');
}

const recent = async (host = 'localhost') => {
  const res = await client(app, { host }).get('/api/feed/recent');
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: BetFeedEvent[] }).data;
};

describe('GET /api/feed/recent', () => {
  it('gives a guest the newest settled rounds, newest first, names masked, a win beside its bet', async () => {
    const p = await registerPlayer(app);
    const id = Number(p.user.id);
    const a = `a-${uniq()}`;
    const b = `b-${uniq()}`;
    await settle({ userId: id, round: a, bet: 1_000, win: 0 });
    await settle({ userId: id, round: b, bet: 2_000, win: 7_000 });
    await delivered();
    const got = await recent();
    expect(got.slice(0, 3).map((e) => [e.type, e.transaction, e.amount])).toEqual([
      ['win', `test-prov:${b}`, 7_000],
      ['bet', `test-prov:${b}`, 2_000],
      ['bet', `test-prov:${a}`, 1_000],
    ]);
    // Registered as "Maria da Silva": only the masked first name leaves the server.
    expect(got[0]).toMatchObject({ user: 'Mar***', game: 'Gates of Testing' });
    expect(JSON.stringify(got)).not.toContain('Maria');
    expect(Number.isNaN(Date.parse(got[0]!.date))).toBe(false);
  });

  it('a real Originals bet is there for the next page; a repeated delivery is shown once', async () => {
    const p = await registerPlayer(app);
    const id = Number(p.user.id);
    await app.db.transaction((tx) =>
      wallet.credit(tx, {
        tenantId,
        userId: id,
        amount: 10_000,
        type: 'deposit',
        idempotencyKey: `test:deposit:${id}:${uniq()}`,
        reference: 'test deposit',
      }),
    );
    const res = await client(app, { token: p.token }).post(
      '/api/originals/dice/bet',
      { amount: 1_000, target: 50, condition: 'over' },
      { 'idempotency-key': `k-${uniq()}` },
    );
    expect(res.statusCode, res.body).toBe(200);
    const tx = `sorte-originals:dice:${res.json().id}`;
    await delivered();
    expect((await recent()).find((e) => e.transaction === tx && e.type === 'bet')).toMatchObject({
      game: 'Dice',
      amount: 1_000,
    });
    // The same round settled twice (an at-least-once delivery) is one row.
    const round = `dup-${uniq()}`;
    await settle({ userId: id, round, bet: 300, win: 0 });
    await settle({ userId: id, round, bet: 300, win: 0 });
    await delivered();
    expect((await recent()).filter((e) => e.transaction === `test-prov:${round}`)).toHaveLength(1);
  });

  it('keeps 5 events, never a win without its bet, and nothing of another tenant', async () => {
    const p = await registerPlayer(app);
    const id = Number(p.user.id);
    for (let i = 0; i < 6; i++) await settle({ userId: id, round: `w${i}-${uniq()}`, bet: 100, win: 250 });
    const other = await createTenant(app.db, { name: 'Outro Feed', host: 'outrofeed.test' });
    app.tenants.invalidate();
    const q = await registerPlayer(app, { host: 'outrofeed.test' });
    const secret = `other-${uniq()}`;
    await settle({ tenantId: other.id, userId: Number(q.user.id), round: secret, bet: 500, win: 0 });
    await delivered();
    const got = await recent();
    expect(got.length).toBeLessThanOrEqual(5);
    expect(got.length).toBeGreaterThanOrEqual(4);
    const bets = new Set(got.filter((e) => e.type === 'bet').map((e) => e.transaction));
    for (const e of got) if (e.type === 'win') expect(bets.has(e.transaction)).toBe(true);
    expect(JSON.stringify(got)).not.toContain(secret);
    expect((await recent('outrofeed.test')).map((e) => e.transaction)).toEqual([`test-prov:${secret}`]);
    // Only the newest rows are kept per tenant.
    const { rows } = await app.db.query<{ n: string }>(
      'select count(*) as n from bet_feed_recent where tenant_id = $1',
      [tenantId],
    );
    expect(Number(rows[0]!.n)).toBeLessThanOrEqual(21);
  });
});

describe('big sports wins on the feed', () => {
  it('a native bet and a Betby bet with the same id are two entries, never merged', async () => {
    const p = await registerPlayer(app);
    const id = Number(p.user.id);
    const betId = 900_000_000 + (Date.now() % 1_000_000);
    for (const source of ['book', 'betby'] as const)
      await app.db.transaction((tx) =>
        publish(tx, {
          name: 'sports.bet_settled',
          tenantId,
          userId: id,
          payload: {
            bet_id: betId,
            status: 'won',
            stake: 1_000,
            payout: 5_000,
            odds: 50_000,
            legs: 1,
            settlement_version: 0,
            source,
          },
        }),
      );
    await delivered();
    const got = (await recent()).filter((e) => e.transaction.endsWith(`:${betId}`));
    expect(got.map((e) => `${e.type} ${e.transaction}`).sort()).toEqual([
      `bet betby:${betId}`,
      `bet sports:${betId}`,
      `win betby:${betId}`,
      `win sports:${betId}`,
    ]);
  });
});
