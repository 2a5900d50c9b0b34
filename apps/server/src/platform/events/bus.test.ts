import type { DomainEventInput, DomainEventOf } from '@sorte/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testDb } from '../../test/helpers';
import { type Db, openPostgres } from '../db/index';
import { migrate } from '../db/migrate';
import { AppError } from '../errors';
import {
  type ConsumerHandlers,
  createEventBus,
  defineConsumer,
  type EventBus,
  type HandlerContext,
  waitForHorizon,
} from './bus';
import { listParkedEvents, readConsumerStatus, retryParkedEvents } from './ops';
import { publish } from './publish';

let db: Db & { label: string };

beforeAll(async () => {
  db = await testDb();
  await migrate(db);
  // What a consumer's handler writes in its delivery transaction: one row per (consumer, event).
  await db.exec(
    'create table handled (consumer text not null, event_id bigint not null, primary key (consumer, event_id))',
  );
});
afterAll(() => db?.close());
beforeEach(async () => {
  await db.exec('delete from event_retries; delete from event_consumers; delete from event_log; delete from handled');
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let seq = 0;
function balance(userId = 7): DomainEventInput {
  seq++;
  return { name: 'wallet.balance_updated', tenantId: 1, userId, payload: { balance: 1000 + seq, bonus: 0 } };
}
function round(userId = 7): DomainEventInput {
  seq++;
  return {
    name: 'casino.round_settled',
    tenantId: 1,
    userId,
    payload: {
      provider: 'originals',
      round_id: `dice:${seq}`,
      game_id: null,
      game: 'Dice',
      user_id: userId,
      bet: 100,
      win: 0,
      multiplier: 0,
    },
  };
}

/**
 * Publishes in one transaction; then, unless told not to, waits until consumers can read it (a transaction of
 * another test file on the same server may briefly hold the horizon back).
 */
async function publishAll(events: DomainEventInput[], o: { settle?: boolean } = {}): Promise<number[]> {
  await db.transaction(async (tx) => {
    for (const e of events) await publish(tx, e);
  });
  if (o.settle !== false) await waitForHorizon(db);
  const { rows } = await db.query<{ id: number }>('select id from event_log order by id desc limit $1', [
    events.length,
  ]);
  return rows.map((r) => Number(r.id)).reverse();
}

/** A consumer that records what it was given, in memory and in its delivery transaction. */
function recorder(
  name: string,
  o: { names?: ('casino.round_settled' | 'wallet.balance_updated')[]; fail?: (id: number) => boolean } = {},
) {
  const got: number[] = [];
  const handle = async (e: DomainEventOf, ctx: HandlerContext) => {
    got.push(e.id);
    if (o.fail?.(e.id)) throw new Error(`cannot handle ${e.id}`);
    await ctx.tx.query('insert into handled (consumer, event_id) values ($1, $2)', [ctx.consumer, e.id]);
  };
  const names = o.names ?? ['casino.round_settled', 'wallet.balance_updated'];
  const handlers = Object.fromEntries(names.map((n) => [n, handle])) as ConsumerHandlers;
  const consumer = defineConsumer({ name, handlers });
  return { consumer, got };
}

async function handledBy(consumer: string): Promise<number[]> {
  const { rows } = await db.query<{ event_id: number }>(
    'select event_id from handled where consumer = $1 order by event_id',
    [consumer],
  );
  return rows.map((r) => Number(r.event_id));
}

async function logCount(): Promise<number> {
  const { rows } = await db.query<{ n: number }>('select count(*)::int as n from event_log');
  return rows[0]!.n;
}

describe(`event bus (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('delivers each event to every consumer of its name, and a consumer added later takes nothing from the others', async () => {
    const feed = recorder('feed', { names: ['casino.round_settled'] });
    const wallet = recorder('wallet', { names: ['wallet.balance_updated', 'casino.round_settled'] });
    const bus = createEventBus({ db, consumers: [feed.consumer, wallet.consumer] });
    await bus.register();
    const [r1, b1, r2] = await publishAll([round(), balance(), round()]);
    await bus.drain();
    expect(feed.got).toEqual([r1, r2]);
    expect(wallet.got).toEqual([r1, b1, r2]);
    expect(await handledBy('feed')).toEqual([r1, r2]);

    // A new consumer starts at the events published after it registered; the first two lose nothing to it.
    const vip = recorder('vip');
    const bus2 = createEventBus({ db, consumers: [feed.consumer, wallet.consumer, vip.consumer] });
    await bus2.register();
    const [b2] = await publishAll([balance()]);
    await bus2.drain();
    expect(vip.got).toEqual([b2]);
    expect(wallet.got).toEqual([r1, b1, r2, b2]);
    expect(feed.got).toEqual([r1, r2]);
    // Nothing is delivered twice once passed.
    await bus.drain();
    expect(await handledBy('wallet')).toEqual([r1, b1, r2, b2]);
  });

  it('a failing handler holds back neither the other consumers nor its own later events', async () => {
    let bad = -1;
    const flaky = recorder('flaky', { fail: (id) => id === bad });
    const steady = recorder('steady');
    const bus = createEventBus({ db, consumers: [flaky.consumer, steady.consumer], retry: { baseDelayMs: 60_000 } });
    await bus.register();
    const ids = await publishAll([round(), round(), balance(), round()]);
    bad = ids[1]!;
    await bus.deliver('flaky');
    await bus.deliver('steady');
    expect(await handledBy('steady')).toEqual(ids);
    // The events before and after the failing one are handled, each written once, in one pass.
    expect(await handledBy('flaky')).toEqual([ids[0], ids[2], ids[3]]);
    const [flakyStatus, steadyStatus] = await readConsumerStatus(db);
    expect(flakyStatus).toMatchObject({ consumer: 'flaky', lagEvents: 0, retrying: 1, parked: 0 });
    expect(steadyStatus).toMatchObject({ consumer: 'steady', lagEvents: 0, retrying: 0, parked: 0 });
  });

  it('retries a failing event with growing delays, then parks it; events:retry delivers it again', async () => {
    let broken = true;
    const flaky = recorder('flaky', { fail: () => broken });
    const bus = createEventBus({
      db,
      consumers: [flaky.consumer],
      retry: { maxAttempts: 3, baseDelayMs: 60_000, maxDelayMs: 3_600_000 },
    });
    await bus.register();
    const [id] = await publishAll([balance()]);
    const delay = async () => {
      const { rows } = await db.query<{ s: number | null }>(
        'select extract(epoch from next_attempt_at - now())::float8 as s from event_retries where event_id = $1',
        [id],
      );
      return rows[0]!.s;
    };
    const makeDue = () => db.query('update event_retries set next_attempt_at = now() where event_id = $1', [id]);

    await bus.deliver('flaky');
    expect(await delay()).toBeGreaterThan(55);
    expect(await delay()).toBeLessThanOrEqual(60);
    // Not due yet: the retry waits for its delay.
    expect(await bus.retryDue('flaky')).toBe(0);
    await makeDue();
    expect(await bus.retryDue('flaky')).toBe(1);
    expect(await delay()).toBeGreaterThan(115);
    expect(await delay()).toBeLessThanOrEqual(120);
    await makeDue();
    expect(await bus.retryDue('flaky')).toBe(1);
    expect(flaky.got).toEqual([id, id, id]);

    const parked = await listParkedEvents(db, { consumer: 'flaky' });
    expect(parked).toMatchObject([
      { consumer: 'flaky', eventId: id, name: 'wallet.balance_updated', attempts: 3, lastError: `cannot handle ${id}` },
    ]);
    // Parked: no more attempts on its own, and the log no longer needs to keep it.
    expect(await bus.retryDue('flaky')).toBe(0);
    expect(await bus.prune()).toBe(1);
    expect(await logCount()).toBe(0);

    await expect(retryParkedEvents(db, { consumer: 'flaky', eventId: id! + 1000 })).rejects.toThrow(AppError);
    await expect(retryParkedEvents(db, { consumer: 'nobody' })).rejects.toThrow(/no event consumer/);
    broken = false;
    expect(await retryParkedEvents(db, { consumer: 'flaky', eventId: id })).toBe(1);
    await bus.drain();
    expect(await handledBy('flaky')).toEqual([id]);
    expect(await listParkedEvents(db)).toEqual([]);
    expect((await readConsumerStatus(db))[0]).toMatchObject({ retrying: 0, parked: 0 });
  });

  it('deletes an event only once every consumer has passed it', async () => {
    const a = recorder('a', { names: ['casino.round_settled'] });
    const b = recorder('b', { names: ['wallet.balance_updated'] });
    const bus = createEventBus({ db, consumers: [a.consumer, b.consumer] });
    await bus.register();
    await publishAll([round(), balance(), round()]);
    await bus.deliver('a');
    expect(await bus.hasPrunable()).toBe(false);
    expect(await bus.prune()).toBe(0);
    expect(await logCount()).toBe(3);
    const [, bStatus] = await readConsumerStatus(db);
    expect(bStatus).toMatchObject({ consumer: 'b', lagEvents: 3 });
    expect(bStatus!.lagSeconds).toBeGreaterThanOrEqual(0);
    await bus.deliver('b');
    expect(await bus.hasPrunable()).toBe(true);
    expect(await bus.prune()).toBe(3);
    expect(await bus.hasPrunable()).toBe(false);
    expect(await logCount()).toBe(0);
    expect(a.got).toHaveLength(2);
    expect(b.got).toHaveLength(1);
  });

  it('rejects an event that does not match the map, writing nothing', async () => {
    const bad = { name: 'wallet.balance_updated', tenantId: 1, userId: 7, payload: { balance: -5, bonus: 0 } };
    await expect(publishAll([balance(), bad as DomainEventInput])).rejects.toThrow(/wallet.balance_updated/);
    const unknown = { name: 'wallet.nothing', tenantId: 1, userId: 7, payload: {} };
    await expect(publishAll([unknown as unknown as DomainEventInput])).rejects.toThrow(/unknown domain event/);
    expect(await logCount()).toBe(0);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'loses no event whose transaction commits after a later one (PostgreSQL)',
    async () => {
      const c = recorder('c');
      const bus = createEventBus({ db, consumers: [c.consumer] });
      await bus.register();
      let commitFirst!: () => void;
      const held = new Promise<void>((r) => {
        commitFirst = r;
      });
      // The first transaction takes the lower id and commits last.
      let firstId = 0;
      const first = db.transaction(async (tx) => {
        await publish(tx, round());
        firstId = Number((await tx.query<{ id: number }>('select max(id) as id from event_log')).rows[0]!.id);
        await held;
      });
      while (firstId === 0) await sleep(5);
      const [secondId] = await publishAll([balance()], { settle: false });
      expect(secondId).toBeGreaterThan(firstId);
      // The later event is committed, but a cursor past it would skip the earlier one still to commit: held back.
      expect(await bus.deliver('c')).toBe(0);
      expect(c.got).toEqual([]);
      commitFirst();
      await first;
      await bus.drain();
      expect(c.got.sort((x, y) => x - y)).toEqual([firstId, secondId]);

      // Many publishers committing in any order while the consumer keeps delivering: every event, once.
      const publishers = Array.from({ length: 40 }, (_, i) =>
        db.transaction(async (tx) => {
          await publish(tx, i % 2 ? round() : balance());
          await sleep(Math.floor(Math.random() * 30));
          await publish(tx, balance());
        }),
      );
      let done = false;
      const delivering = (async () => {
        while (!done) {
          await bus.deliver('c');
          await sleep(1);
        }
      })();
      await Promise.all(publishers);
      done = true;
      await delivering;
      await bus.drain();
      const { rows } = await db.query<{ id: number }>('select id from event_log order by id');
      const all = rows.map((r) => Number(r.id));
      expect(all).toHaveLength(82);
      expect([...c.got].sort((x, y) => x - y)).toEqual(all);
    },
  );

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'two nodes never hand one event to a consumer twice (PostgreSQL)',
    async () => {
      const schema = (await db.query<{ s: string }>('select current_schema() as s')).rows[0]!.s;
      const other = await openPostgres(process.env.TEST_DATABASE_URL!, { poolSize: 5, searchPath: schema });
      try {
        const got: { node: string; id: number }[] = [];
        const consumerOn = (node: string) =>
          defineConsumer({
            name: 'shared',
            handlers: {
              'wallet.balance_updated': async (e) => {
                got.push({ node, id: e.id });
                await sleep(1);
              },
            },
          });
        const nodeA = createEventBus({ db, consumers: [consumerOn('A')], batchSize: 7 });
        const nodeB = createEventBus({ db: other, consumers: [consumerOn('B')], batchSize: 7 });
        await nodeA.register();
        await nodeB.register();
        let done = false;
        const run = async (bus: EventBus) => {
          while (!done) if ((await bus.deliver('shared')) === 0) await sleep(2);
        };
        const runners = [run(nodeA), run(nodeB)];
        for (let i = 0; i < 10; i++) await Promise.all([publishAll(Array.from({ length: 12 }, () => balance()))]);
        await sleep(50);
        done = true;
        await Promise.all(runners);
        await nodeA.drain();
        await nodeB.drain();
        const ids = got.map((g) => g.id);
        expect(ids).toHaveLength(120);
        expect(new Set(ids).size).toBe(120);
      } finally {
        await other.close();
      }
    },
  );
});
