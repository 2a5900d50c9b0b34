import type { BetFeedEvent } from '@sorte/contracts';
import type { FastifyInstance } from 'fastify';
import type PusherJs from 'pusher-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connected, listen, pusherClient, rawClient, tenantKey, waitFor } from '../../platform/realtime/test-support';
import { client, registerPlayer } from '../../test/accounts';
import { testApp } from '../../test/helpers';
import { recordEvent } from '../wallet/events';
import * as wallet from '../ledger/index';
import { type DomainEvent, type DomainEventHandler, dispatchDomainEvents, publishSettledRounds } from './domain-events';

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

async function settledRound(o: { userId: number; round: string; bet: number; win: number; ageMs?: number }) {
  await app.db.query(
    `insert into domain_events (tenant_id, user_id, type, payload, created_at)
      values ($1, $2, 'casino.round_settled', $3, now() - make_interval(secs => $4::double precision / 1000))`,
    [
      tenantId,
      o.userId,
      JSON.stringify({ provider: 'test-prov', round_id: o.round, game: 'Gates of Testing', bet: o.bet, win: o.win }),
      o.ageMs ?? 0,
    ],
  );
}

const pending = async () =>
  (await app.db.query<{ n: number }>('select count(*)::int as n from domain_events')).rows[0]!.n;

describe('live bet feed from domain_events', () => {
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
    // The server's own dispatcher loop (250 ms) publishes it.
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

  it('several dispatchers at once (several nodes): every event is published once and leaves the queue', async () => {
    const p = await player(0);
    // The app's own loop is held: these rows are handled by the explicit calls only.
    app.realtime.dispatchPaused = true;
    const seen: number[] = [];
    const handlers: Record<string, DomainEventHandler> = {
      'casino.round_settled': async (_ctx, evs: DomainEvent[]) => {
        for (const e of evs) seen.push(e.id);
        await new Promise((r) => setTimeout(r, 5));
      },
    };
    await app.db.transaction(async (tx) => {
      for (let i = 0; i < 40; i++)
        await tx.query(
          `insert into domain_events (tenant_id, user_id, type, payload) values ($1, $2, 'casino.round_settled', $3)`,
          [tenantId, p.id, JSON.stringify({ provider: 'x', round_id: `m${i}`, bet: 100, win: 0 })],
        );
    });
    const runs = await Promise.all(
      Array.from({ length: 4 }, async () => {
        let n = 0;
        for (;;) {
          const k = await dispatchDomainEvents(app.db, app.realtime, { limit: 7, handlers });
          n += k;
          if (k === 0) return n;
        }
      }),
    );
    app.realtime.dispatchPaused = false;
    expect(await pending()).toBe(0);
    expect(seen).toHaveLength(40);
    expect(new Set(seen).size).toBe(40);
    expect(runs.reduce((a, b) => a + b, 0)).toBe(40);
  });

  it('on PostgreSQL one dispatcher per schema: another deployment in the same database does not hold this one up', async () => {
    if (app.db.kind !== 'postgres') return;
    const p = await player(0);
    app.realtime.dispatchPaused = true;
    const seen: string[] = [];
    const handlers: Record<string, DomainEventHandler> = {
      'casino.round_settled': async (_ctx, evs) => {
        for (const e of evs) seen.push(String(e.payload.round_id));
      },
    };
    const round = `s-${uniq()}`;
    const hold = (schema: string) => {
      let release = () => {};
      const gate = new Promise<void>((r) => {
        release = r;
      });
      let held = () => {};
      const isHeld = new Promise<void>((r) => {
        held = r;
      });
      const done = app.db.transaction(async (tx) => {
        await tx.query('select pg_advisory_xact_lock(1397707348, hashtext($1))', [schema]);
        held();
        await gate;
      });
      return {
        isHeld,
        release: async () => {
          release();
          await done;
        },
      };
    };
    try {
      await app.db.query(
        `insert into domain_events (tenant_id, user_id, type, payload) values ($1, $2, 'casino.round_settled', $3)`,
        [tenantId, p.id, JSON.stringify({ provider: 'x', round_id: round, bet: 100, win: 0 })],
      );
      // Another schema's dispatcher is busy: this schema's dispatch goes ahead.
      const other = hold('another_deployment');
      await other.isHeld;
      try {
        expect(await dispatchDomainEvents(app.db, app.realtime, { handlers })).toBeGreaterThanOrEqual(1);
      } finally {
        await other.release();
      }
      expect(seen).toContain(round);
      // This schema's own dispatcher busy elsewhere (another node): this call leaves the queue to it.
      const mine = (await app.db.query<{ s: string }>('select current_schema() as s')).rows[0]!.s;
      await settledRound({ userId: p.id, round: `${round}-2`, bet: 100, win: 0 });
      const self = hold(mine);
      await self.isHeld;
      try {
        expect(await dispatchDomainEvents(app.db, app.realtime, { handlers })).toBe(0);
      } finally {
        await self.release();
      }
      expect(await dispatchDomainEvents(app.db, app.realtime, { handlers })).toBeGreaterThanOrEqual(1);
      expect(seen).toContain(`${round}-2`);
    } finally {
      app.realtime.dispatchPaused = false;
    }
  });

  it('a failed publish leaves the rows for the next attempt (at least once), nothing is lost', async () => {
    const p = await player(0);
    let fail = true;
    const seen: string[] = [];
    const handlers: Record<string, DomainEventHandler> = {
      'casino.round_settled': async (_ctx, evs) => {
        if (fail) throw new Error('broker down');
        for (const e of evs) seen.push(String(e.payload.round_id));
      },
    };
    app.realtime.dispatchPaused = true;
    const round = `f-${uniq()}`;
    await app.db.query(
      `insert into domain_events (tenant_id, user_id, type, payload) values ($1, $2, 'casino.round_settled', $3)`,
      [tenantId, p.id, JSON.stringify({ provider: 'x', round_id: round, bet: 100, win: 0 })],
    );
    await expect(dispatchDomainEvents(app.db, app.realtime, { handlers })).rejects.toThrow('broker down');
    expect(await pending()).toBe(1);
    fail = false;
    expect(await dispatchDomainEvents(app.db, app.realtime, { handlers })).toBe(1);
    app.realtime.dispatchPaused = false;
    expect(seen).toEqual([round]);
    expect(await pending()).toBe(0);
  });

  it('a backlog older than a minute is taken off the queue but not shown as live news', async () => {
    const p = await player(0);
    const published: unknown[] = [];
    const fake = { publish: async (m: unknown) => void published.push(m) } as never;
    const base = { tenant_id: tenantId, user_id: p.id, type: 'casino.round_settled' };
    await publishSettledRounds({ sql: app.db, realtime: fake }, [
      { ...base, id: 1, created_at: new Date(Date.now() - 120_000), payload: { round_id: 'old', bet: 100, win: 0 } },
      { ...base, id: 2, created_at: new Date(), payload: { round_id: 'new', bet: 100, win: 300 } },
      { ...base, id: 3, created_at: new Date(), payload: { round_id: 'zero', bet: 0, win: 0 } },
    ]);
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
      await tx.query(
        `insert into domain_events (tenant_id, user_id, type, payload) values ($1, $2, 'casino.round_settled', $3)`,
        [tenantId, p.id, JSON.stringify({ provider: 'x', round_id: early, bet: 100, win: 0 })],
      );
      await gate;
    });
    await new Promise((r) => setTimeout(r, 50));
    await settledRound({ userId: p.id, round: late, bet: 100, win: 0 });
    try {
      await waitFor(() => events().some((e) => e.transaction === `test-prov:${late}`) || undefined);
    } finally {
      release();
      await open;
    }
    await waitFor(() => events().some((e) => e.transaction === `x:${early}`) || undefined);
    expect(events().filter((e) => e.transaction === `x:${early}`)).toHaveLength(1);
    c.ws.close();
  });
});

describe('wallet events on the private user channel', () => {
  it('PaymentApproved and BalanceUpdated written by the wallet reach only that player, live', async () => {
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
      await recordEvent(tx, {
        tenantId,
        userId: a.id,
        type: 'PaymentApproved',
        payload: { txid: 'abcdefghijklmnopqrstuvwxyz12', amount: 5_000, balance: 5_000, bonus: 0, deposit_count: 1 },
      });
      await recordEvent(tx, { tenantId, userId: a.id, type: 'BalanceUpdated', payload: { balance: 5_000, bonus: 0 } });
    });
    await waitFor(() => (gotA.length >= 2 ? true : undefined), 3000);
    expect(gotA).toEqual([
      [
        'App\\Events\\PaymentApproved',
        { txid: 'abcdefghijklmnopqrstuvwxyz12', amount: 5_000, balance: 5_000, bonus: 0, deposit_count: 1 },
      ],
      ['App\\Events\\BalanceUpdated', { balance: 5_000, bonus: 0 }],
    ]);
    await new Promise((r) => setTimeout(r, 300));
    expect(gotB).toEqual([]);
    const left = await app.db.query<{ n: number }>('select count(*)::int as n from realtime_outbox');
    expect(left.rows[0]!.n).toBe(0);
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
