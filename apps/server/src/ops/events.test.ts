import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../platform/db/index';
import { migrate } from '../platform/db/migrate';
import { createEventBus, defineConsumer, publish, waitForHorizon } from '../platform/events/index';
import { testDb } from '../test/helpers';
import { runCommand } from './commands';

let db: Db;
beforeAll(async () => {
  db = await testDb();
  await migrate(db);
});
afterAll(() => db?.close());

const ops = (...argv: string[]) => runCommand({ db }, argv);

describe('events:status, events:failed, events:retry', () => {
  it('shows each consumer, lists a parked event with its error and delivers it again on retry', async () => {
    let broken = true;
    const handled: number[] = [];
    const consumer = defineConsumer({
      name: 'ops-probe',
      handlers: {
        'wallet.balance_updated': async (e) => {
          if (broken) throw new Error('mailer down');
          handled.push(e.id);
        },
      },
    });
    const bus = createEventBus({ db, consumers: [consumer], retry: { maxAttempts: 1 } });
    await bus.register();
    await db.transaction((tx) =>
      publish(tx, { name: 'wallet.balance_updated', tenantId: 1, userId: 9, payload: { balance: 100, bonus: 0 } }),
    );
    await waitForHorizon(db);
    await bus.deliver('ops-probe');

    const status = await ops('events:status');
    expect(status.ok).toBe(true);
    expect(status.output).toMatch(/^consumer\s+position\s+lag_events\s+lag_seconds\s+retrying\s+parked$/m);
    expect(status.output).toMatch(/^ops-probe\s+\S+\s+0\s+[\d.]+\s+0\s+1$/m);

    const failed = await ops('events:failed', '--consumer', 'ops-probe');
    expect(failed.output).toMatch(
      /^ops-probe event (\d+) wallet\.balance_updated tenant 1 user 9: 1 attempts, last error: mailer down$/,
    );
    const id = Number(/event (\d+)/.exec(failed.output)![1]);

    expect((await ops('events:retry')).ok).toBe(false);
    expect((await ops('events:retry', '--consumer', 'ops-probe', '--event', 'x')).output).toMatch(/--event/);
    broken = false;
    const retried = await ops('events:retry', '--consumer', 'ops-probe', '--event', String(id));
    expect(retried).toEqual({ ok: true, output: '1 event(s) of ops-probe due again' });
    await bus.drain();
    expect(handled).toEqual([id]);
    expect((await ops('events:failed')).output).toBe('no parked events');
    await db.query("delete from event_consumers where name = 'ops-probe'");
  });
});
