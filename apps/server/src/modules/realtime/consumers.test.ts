import type { BetFeedEvent } from '@sorte/contracts';
import type { FastifyInstance } from 'fastify';
import type PusherJs from 'pusher-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../platform/db/index';
import {
  createEventBus,
  defineConsumer,
  publish,
  readConsumerStatus,
  waitForHorizon,
} from '../../platform/events/index';
import { connected, listen, pusherClient, rawClient, tenantKey, waitFor } from '../../platform/realtime/test-support';
import { client, registerPlayer } from '../../test/accounts';
import { testApp } from '../../test/helpers';
import { feedSettledRound } from '../feed/index';
import * as wallet from '../ledger/index';

let app: FastifyInstance;
let port: number;
let key: string;
let tenantId: number;
const clients: PusherJs[] = [];

beforeAll(async () => {
  app = await testApp();
  port = await listen(app);
  ({ key, tenantId } = await tenantKey(app, '127.0.0.1'));
});

afterAll(async () => {
  for (const c of clients) c.disconnect();
  await app?.close();
});

let seq = 0;
const uniq = () => `${Date.now()}-${++seq}`;

async function player(deposit = 100_000) {
  const r = await registerPlayer(app, { host: '127.0.0.1' });
  const id = Number(r.user.id);
  if (deposit > 0)
    await app.db.transaction((tx) =>
      wallet.credit(tx, {
        tenantId,
        userId: id,
        amount: deposit,
        type: 'deposit',
        idempotencyKey: `test:deposit:${id}:${uniq()}`,
        reference: 'test deposit',
      }),
    );
  return { token: r.token, id };
}

/** A feed listener: a raw protocol client on the tenant's public chat channel. */
async function feed() {
  const c = rawClient(port, key);
  await c.next('pusher:connection_established');
  c.send('pusher:subscribe', { channel: 'chat.30' });
  await c.next('pusher_internal:subscription_succeeded');
  const events = () =>
    c.frames.filter((f) => f.event === 'App\\Events\\BetPlaced').map((f) => JSON.parse(f.data) as BetFeedEvent);
  return { c, events };
}

function roundSettled(o: { userId: number; round: string; bet: number; win: number; provider?: string }) {
  return {
    name: 'casino.round_settled' as const,
    tenantId,
    userId: o.userId,
    payload: {
      provider: o.provider ?? 'test-prov',
      round_id: o.round,
      game_id: null,
      game: 'Gates of Testing',
      user_id: o.userId,
      bet: o.bet,
      win: o.win,
      multiplier: o.bet > 0 ? o.win / o.bet : 0,
    },
  };
}

async function settledRound(o: { userId: number; round: string; bet: number; win: number; provider?: string }) {
  await app.db.transaction((tx) => publish(tx, roundSettled(o)));
}

/** Events of the log the bet feed has not passed yet. */
const pending = async () => (await readConsumerStatus(app.db)).find((c) => c.consumer === 'bet-feed')?.lagEvents ?? -1;

describe('live bet feed from the event bus', () => {
  it('a dice bet in Originals reaches another client as BetPlaced with a masked name', async () => {
    const p = await player();
    const { c, events } = await feed();
    const res = await client(app, { token: p.token }).post(
      '/api/originals/dice/bet',
      { amount: 1_000, target: 50, condition: 'over' },
      { 'idempotency-key': `k-${uniq()}` },
    );
    expect(res.statusCode, res.body).toBe(200);
    const bet = res.json();
    const tx = `sorte-originals:dice:${bet.id}`;
    // The server's own delivery loop (250 ms) publishes it.
    const got = await waitFor(() => {
      const mine = events().filter((e) => e.transaction === tx);
      return mine.length >= (bet.payout > 0 ? 2 : 1) ? mine : undefined;
    }, 5000);
    expect(got[0]).toMatchObject({ type: 'bet', game: 'Dice', amount: 1_000 });
    expect(got[0]!.user).toMatch(/^.{3,4}\*\*\*$/);
    // Registered as "Maria da Silva": only the first 3 characters of the first name leave the server.
    expect(got[0]!.user).toBe('Mar***');
    expect(JSON.stringify(got)).not.toContain('Maria');
    if (bet.payout > 0) expect(got[1]).toMatchObject({ type: 'win', transaction: tx, amount: bet.payout });
    expect(got).toHaveLength(bet.payout > 0 ? 2 : 1);
    expect(await pending()).toBe(0);
    c.ws.close();
  });

  it('merges bet and win of a provider round under one transaction key; payout and multiplier follow', async () => {
    const p = await player(0);
    const { c, events } = await feed();
    const round = `r-${uniq()}`;
    await settledRound({ userId: p.id, round, bet: 2_000, win: 7_000 });
    const got = await waitFor(() => {
      const mine = events().filter((e) => e.transaction === `test-prov:${round}`);
      return mine.length === 2 ? mine : undefined;
    });
    expect(got.map((e) => [e.type, e.amount, e.game])).toEqual([
      ['bet', 2_000, 'Gates of Testing'],
      ['win', 7_000, 'Gates of Testing'],
    ]);
    c.ws.close();
  });

  it('several nodes at once: every event is handed to the feed once and passed', async () => {
    const p = await player(0);
    // The registration's own events (the login) are passed first, so only the 40 below remain.
    await app.events.drain();
    // The app's own loop is held: these events are handled by the explicit calls only.
    app.realtime.dispatchPaused = true;
    const seen: number[] = [];
    const consumer = defineConsumer({
      name: 'bet-feed',
      handlers: {
        'casino.round_settled': async (e) => {
          seen.push(e.id);
          await new Promise((r) => setTimeout(r, 5));
        },
      },
    });
    try {
      const nodes = Array.from({ length: 4 }, () =>
        createEventBus({ db: app.db, consumers: [consumer], batchSize: 7 }),
      );
      await app.db.transaction(async (tx) => {
        for (let i = 0; i < 40; i++)
          await publish(tx, roundSettled({ userId: p.id, round: `m${i}`, bet: 100, win: 0 }));
      });
      await waitForHorizon(app.db);
      const runs = await Promise.all(
        nodes.map(async (bus) => {
          let n = 0;
          for (;;) {
            const k = await bus.deliver('bet-feed');
            n += k;
            if (k === 0) return n;
          }
        }),
      );
      expect(await pending()).toBe(0);
      expect(seen).toHaveLength(40);
      expect(new Set(seen).size).toBe(40);
      expect(runs.reduce((a, b) => a + b, 0)).toBe(40);
    } finally {
      app.realtime.dispatchPaused = false;
    }
  });

  it('on PostgreSQL a node delivering to the feed holds it: another node leaves it, then takes over', async () => {
    if (app.db.kind !== 'postgres') return;
    const p = await player(0);
    app.realtime.dispatchPaused = true;
    const seen: string[] = [];
    const consumer = defineConsumer({
      name: 'bet-feed',
      handlers: { 'casino.round_settled': async (e) => void seen.push(e.payload.round_id) },
    });
    const bus = createEventBus({ db: app.db, consumers: [consumer] });
    const round = `s-${uniq()}`;
    try {
      await bus.drain();
      await settledRound({ userId: p.id, round, bet: 100, win: 0, provider: 'x' });
      // Another node holds the feed's position row (it is delivering): this call leaves the events to it.
      let release = () => {};
      const gate = new Promise<void>((r) => {
        release = r;
      });
      let held = () => {};
      const isHeld = new Promise<void>((r) => {
        held = r;
      });
      const other = (app.db as Db).transaction(async (tx) => {
        await tx.query("select 1 from event_consumers where name = 'bet-feed' for update");
        held();
        await gate;
      });
      await isHeld;
      try {
        expect(await bus.deliver('bet-feed')).toBe(0);
      } finally {
        release();
        await other;
      }
      expect(seen).toEqual([]);
      await bus.drain();
      expect(seen).toEqual([round]);
    } finally {
      app.realtime.dispatchPaused = false;
    }
  });

  it('a failed publish sets the event aside and retries it (at least once), nothing is lost', async () => {
    const p = await player(0);
    let fail = true;
    const seen: string[] = [];
    const consumer = defineConsumer({
      name: 'bet-feed',
      handlers: {
        'casino.round_settled': async (e) => {
          if (fail) throw new Error('broker down');
          seen.push(e.payload.round_id);
        },
      },
    });
    const errors: unknown[] = [];
    const bus = createEventBus({
      db: app.db,
      consumers: [consumer],
      retry: { baseDelayMs: 60_000 },
      onError: (err) => void errors.push(err),
    });
    app.realtime.dispatchPaused = true;
    try {
      await bus.drain();
      const round = `f-${uniq()}`;
      await settledRound({ userId: p.id, round, bet: 100, win: 0, provider: 'x' });
      await bus.drain().catch(() => {});
      expect(String(errors[0])).toContain('broker down');
      expect(seen).toEqual([]);
      const status = (await readConsumerStatus(app.db)).find((c) => c.consumer === 'bet-feed');
      expect(status?.retrying).toBe(1);
      fail = false;
      await app.db.query("update event_retries set next_attempt_at = now() where consumer = 'bet-feed'");
      await bus.drain();
      expect(seen).toEqual([round]);
      expect(await pending()).toBe(0);
      expect((await readConsumerStatus(app.db)).find((c) => c.consumer === 'bet-feed')?.retrying).toBe(0);
    } finally {
      app.realtime.dispatchPaused = false;
    }
  });

  it('a backlog older than a minute is passed but not shown as live news', async () => {
    const p = await player(0);
    const published: unknown[] = [];
    const fake = (m: unknown) => void published.push(m);
    const event = (id: number, round: string, bet: number, win: number, createdAt: Date) => ({
      ...roundSettled({ userId: p.id, round, bet, win, provider: 'casino' }),
      id,
      createdAt,
    });
    for (const e of [
      event(1, 'old', 100, 0, new Date(Date.now() - 120_000)),
      event(2, 'new', 100, 300, new Date()),
      event(3, 'zero', 0, 0, new Date()),
    ])
      await feedSettledRound(e, { sql: app.db, publish: fake });
    expect(published).toHaveLength(2);
    expect(published).toMatchObject([
      {
        tenantId,
        channel: 'chat.30',
        event: 'BetPlaced',
        data: { type: 'bet', transaction: 'casino:new', amount: 100 },
      },
      { data: { type: 'win', transaction: 'casino:new', amount: 300 } },
    ]);
  });

  it('on PostgreSQL a row of a transaction still open is not skipped: it is published once that commits', async () => {
    if (app.db.kind !== 'postgres') return;
    const p = await player(0);
    const { c, events } = await feed();
    const early = `e-${uniq()}`;
    const late = `l-${uniq()}`;
    let release = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    // The open transaction takes the lower id, then a later one commits first.
    const open = app.db.transaction(async (tx) => {
      await publish(tx, roundSettled({ userId: p.id, round: early, bet: 100, win: 0, provider: 'x' }));
      await gate;
    });
    await new Promise((r) => setTimeout(r, 50));
    await settledRound({ userId: p.id, round: late, bet: 100, win: 0 });
    try {
      // Consumers read below the oldest open transaction: the later event waits too, so the earlier one cannot be
      // passed over by a position that moved beyond it.
      await new Promise((r) => setTimeout(r, 600));
      expect(events().some((e) => e.transaction === `test-prov:${late}`)).toBe(false);
    } finally {
      release();
      await open;
    }
    await waitFor(() => events().some((e) => e.transaction === `x:${early}`) || undefined);
    await waitFor(() => events().some((e) => e.transaction === `test-prov:${late}`) || undefined);
    expect(events().filter((e) => e.transaction === `x:${early}`)).toHaveLength(1);
    expect(events().filter((e) => e.transaction === `test-prov:${late}`)).toHaveLength(1);
    c.ws.close();
  });
});

describe('wallet events on the private user channel', () => {
  it('PaymentApproved and BalanceUpdated published by the wallet reach only that player, live', async () => {
    const a = await player(0);
    const b = await player(0);
    const pa = pusherClient({ port, key, token: a.token });
    const pb = pusherClient({ port, key, token: b.token });
    clients.push(pa, pb);
    await Promise.all([connected(pa), connected(pb)]);
    const gotA: [string, unknown][] = [];
    const gotB: unknown[] = [];
    const ca = pa.subscribe(`private-user.${a.id}`);
    ca.bind_global((event: string, data: unknown) => {
      if (!event.startsWith('pusher')) gotA.push([event, data]);
    });
    pb.subscribe(`private-user.${b.id}`).bind_global((event: string, data: unknown) => {
      if (!event.startsWith('pusher')) gotB.push(data);
    });
    await waitFor(() => (pa.channel(`private-user.${a.id}`)?.subscribed ? true : undefined));
    await waitFor(() => (pb.channel(`private-user.${b.id}`)?.subscribed ? true : undefined));
    await app.db.transaction(async (tx) => {
      await publish(tx, {
        name: 'payments.deposit_approved',
        tenantId,
        userId: a.id,
        payload: { txid: 'abcdefghijklmnopqrstuvwxyz12', amount: 5_000, balance: 5_000, bonus: 0, deposit_count: 1 },
      });
      await publish(tx, {
        name: 'wallet.balance_updated',
        tenantId,
        userId: a.id,
        payload: { balance: 5_000, bonus: 0 },
      });
    });
    // The notifications consumer tells the player too (NotificationSent, on the same channel): checked apart.
    const wallet = () => gotA.filter(([event]) => event !== 'App\\Events\\NotificationSent');
    await waitFor(() => (wallet().length >= 2 ? true : undefined), 3000);
    expect(wallet()).toEqual([
      [
        'App\\Events\\PaymentApproved',
        { txid: 'abcdefghijklmnopqrstuvwxyz12', amount: 5_000, balance: 5_000, bonus: 0, deposit_count: 1 },
      ],
      ['App\\Events\\BalanceUpdated', { balance: 5_000, bonus: 0 }],
    ]);
    await waitFor(() => (gotA.length >= 3 ? true : undefined), 3000);
    const told = gotA.filter(([event]) => event === 'App\\Events\\NotificationSent');
    expect(told).toMatchObject([['App\\Events\\NotificationSent', { notification: { title: 'Depósito aprovado' } }]]);
    await new Promise((r) => setTimeout(r, 300));
    expect(gotB).toEqual([]);
    const realtime = (await readConsumerStatus(app.db)).find((c) => c.consumer === 'realtime');
    expect(realtime).toMatchObject({ lagEvents: 0, retrying: 0, parked: 0 });
  });

  it("a bonus's progress reaches its player as BonusUpdated", async () => {
    const a = await player(0);
    const pa = pusherClient({ port, key, token: a.token });
    clients.push(pa);
    await connected(pa);
    const got: [string, unknown][] = [];
    pa.subscribe(`private-user.${a.id}`).bind_global((event: string, data: unknown) => {
      if (!event.startsWith('pusher')) got.push([event, data]);
    });
    await waitFor(() => (pa.channel(`private-user.${a.id}`)?.subscribed ? true : undefined));
    const payload = {
      id: 7,
      offer_id: 3,
      state: 'active' as const,
      amount: 10_000,
      balance: 8_000,
      wagering_required: 300_000,
      wagering_done: 12_500,
      converted: 0,
      expires_at: '2026-12-27T12:00:00.000Z',
    };
    await app.db.transaction((tx) =>
      publish(tx, { name: 'promotions.bonus_updated', tenantId, userId: a.id, payload }),
    );
    await waitFor(() => (got.length >= 1 ? true : undefined), 3000);
    expect(got).toEqual([['App\\Events\\BonusUpdated', payload]]);
  });
});

describe('pre-framed broadcast', () => {
  it('every subscriber gets the one pre-built frame intact, at each length encoding (7, 16 and 64 bit)', async () => {
    const cs = await Promise.all([feed(), feed()]);
    for (const size of [10, 200, 70_000]) {
      const text = 'ç'.repeat(size);
      await app.realtime.publish({ tenantId, channel: 'chat.30', event: 'Big', data: { text } });
      for (const { c } of cs) {
        const f = await c.next('App\\Events\\Big');
        expect(JSON.parse(f.data).text).toBe(text);
      }
    }
    for (const { c } of cs) c.ws.close();
  });
});
