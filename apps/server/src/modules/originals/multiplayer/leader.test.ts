import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScheduler } from '../../../platform/jobs/index';
import { client, registerPlayer } from '../../../test/accounts';
import { testApp } from '../../../test/helpers';
import * as wallet from '../../ledger/index';
import { engineJobName, LEASE_TTL_MS } from './engine';
import { configureMultiplayer, createEngine, startMultiplayerEngines } from './runtime';

// The production path of the round engines: each is a leader job of a node's scheduler (platform/jobs), not a loop
// with a lease of its own. The clock stands still, so a round stays in its betting window while the nodes change.
let app: FastifyInstance;
let tenantId: number;
const now = Date.now();

beforeAll(async () => {
  app = await testApp();
  configureMultiplayer(app.db, { clock: () => now, publish: async () => {} });
  const { rows } = await app.db.query<{ tenant_id: number }>(
    "select tenant_id from tenant_hosts where host = 'localhost'",
  );
  tenantId = rows[0]!.tenant_id;
});
afterAll(() => app.close());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(what: string, look: () => Promise<T | null | undefined>): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const v = await look();
    if (v) return v;
    await sleep(50);
  }
  throw new Error(`still waiting for ${what}`);
}

const crashRound = async (status: string) =>
  (
    await app.db.query<{ id: number; round_number: number }>(
      "select id, round_number from originals_rounds where tenant_id = $1 and game = 'crash' and status = $2",
      [tenantId, status],
    )
  ).rows[0];

describe('round engines on the scheduler', () => {
  it("the app's scheduler leads the rounds; when that node goes, a standby node takes over and refunds the cut round", async () => {
    const stopEngines = await startMultiplayerEngines(app);
    // Within a tick of the app's scheduler, its node holds the lease and opens a round.
    const cut = await until('the first round', () => crashRound('betting'));
    const reg = await registerPlayer(app);
    const userId = Number(reg.user.id);
    await app.db.transaction((tx) =>
      wallet.credit(tx, {
        tenantId,
        userId,
        amount: 10_000,
        type: 'deposit',
        idempotencyKey: `test:deposit:${userId}`,
        reference: 'test deposit',
      }),
    );
    const bet = await client(app, { token: reg.token }).post(
      '/api/originals/crash/bet',
      { amount: 3_000 },
      { 'idempotency-key': 'leader-1' },
    );
    expect(bet.statusCode, bet.body).toBe(200);

    // Another node's engine, on its own scheduler, stands by while the app's node leads.
    const engine = createEngine(app.db, { tenantId, game: 'crash' });
    const standby = createScheduler({
      db: app.db,
      node: 'standby',
      jobs: [
        { name: engineJobName(tenantId, 'crash'), intervalMs: 0, leaseMs: LEASE_TTL_MS, run: (c) => engine.lead(c) },
      ],
    });
    expect(await standby.runDue()).toEqual([]);
    const { rows } = await app.db.query<{ leased_by: string }>('select leased_by from scheduled_jobs where name = $1', [
      engineJobName(tenantId, 'crash'),
    ]);
    expect(rows[0]!.leased_by).toBe(app.jobs.node);

    // The app's node goes (its engines' jobs end and hand their leases back): the standby leads, refunds the round
    // cut in its betting window, and opens the next one.
    await stopEngines();
    const run = standby.runDue();
    const next = await until('the next round', async () => {
      const r = await crashRound('betting');
      return r && r.id !== cut.id ? r : null;
    });
    expect(next.round_number).toBe(cut.round_number + 1);
    const { rows: cutNow } = await app.db.query<{ status: string }>(
      'select status from originals_rounds where id = $1',
      [cut.id],
    );
    expect(cutNow[0]!.status).toBe('refunded');
    const b = await wallet.getBalance(app.db, { tenantId, userId });
    expect(b.cash + b.bonus).toBe(10_000);
    await standby.stop();
    expect(await run).toEqual([engineJobName(tenantId, 'crash')]);
  });
});
