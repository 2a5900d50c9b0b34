/**
 * The settlement's crash proof: a separate process settles an event of thousands of open bets on PostgreSQL and is
 * killed with SIGKILL part way; then settlement runs again (as the settlement job does after a restart). Every bet
 * is then closed and paid exactly once (one ledger movement under its settlement key, one sports.bet_settled event),
 * each player's balance is their deposit less their stakes plus what their bets pay, and ledger:check is clean. Right
 * after the kill, every bet is either closed with its payout booked or open with nothing booked: a batch is one
 * transaction. PGlite is one process, so this runs only with TEST_DATABASE_URL.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../platform/db/index';
import { migrate } from '../../../platform/db/migrate';
import { testDb } from '../../../test/helpers';
import { checkLedger } from '../../ledger/index';
import { feedTestEvent, type SeededEvent, seedTestEvent } from '../catalog/test-support';
import { rollbackEventSettlement, settleEvent } from './settlement';
import { type BulkLeg, seedOpenBets } from './test-support';

const URL_ = process.env.TEST_DATABASE_URL;
const ROOT = path.resolve(import.meta.dirname, '../../../../../..');
const HERE = import.meta.dirname;

if (!URL_)
  console.warn(
    '[sports kill.test] SKIPPED: set TEST_DATABASE_URL (PostgreSQL) to run the SIGKILL proof of settlement.',
  );

let db: Db;
let tenantId: number;
let schema: string;

beforeAll(async () => {
  if (!URL_) return;
  db = await testDb();
  await migrate(db);
  schema = (await db.query<{ s: string }>('select current_schema() as s')).rows[0]!.s;
  const { rows } = await db.query<{ id: number }>(
    `insert into tenants (name, settings) values ('Settlement crash', '{}'::jsonb) returning id`,
  );
  tenantId = Number(rows[0]!.id);
}, 60_000);
afterAll(async () => {
  if (URL_) await db.close();
});

/** Settles the event in its own process, in small batches so the kill lands between them. */
function settleInChild(eventId: number) {
  const code = `
    const { openPostgres } = await import(${JSON.stringify(path.join(ROOT, 'apps/server/src/platform/db/index.ts'))});
    const { settleEvent } = await import(${JSON.stringify(path.join(HERE, 'settlement.ts'))});
    const db = await openPostgres(process.env.KILL_URL, { poolSize: 2, searchPath: process.env.KILL_SCHEMA });
    await settleEvent(db, { tenantId: ${tenantId}, eventId: ${eventId}, batch: 250 });
    await db.close();`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
    cwd: ROOT,
    env: { ...process.env, KILL_URL: URL_, KILL_SCHEMA: schema, NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const stderr: string[] = [];
  child.stderr!.on('data', (d: Buffer) => stderr.push(d.toString()));
  const exited = new Promise<number | null>((r) => child.on('exit', (c) => r(c)));
  return { child, exited, stderr };
}

const count = async (text: string, params: unknown[]) =>
  Number((await db.query<{ n: string }>(text, params)).rows[0]!.n);

describe.skipIf(!URL_)('settlement killed with SIGKILL part way, then run again', () => {
  it('pays every bet exactly once and leaves the ledger clean', async () => {
    const e: SeededEvent = await seedTestEvent(db, tenantId);
    const leg = (kind: Parameters<SeededEvent['outcome']>[0], code: string, spec = ''): BulkLeg => {
      const out = e.outcome(kind, code, spec);
      return { event_id: e.id, market_id: out.marketId, outcome_id: out.id, odds: out.odds! };
    };
    const choices = [leg('1x2', '1'), leg('1x2', 'X'), leg('1x2', '2'), leg('btts', 'yes'), leg('btts', 'no')];
    // 2-1: home wins, both teams scored.
    const wins = new Set([choices[0]!.outcome_id, choices[3]!.outcome_id]);
    const players = 400;
    const perPlayer = 15;
    const funds = 1_000_000;
    const { users, bets } = await seedOpenBets(db, {
      tenantId,
      players,
      betsPerPlayer: perPlayer,
      funds,
      tag: 'kill1',
      legs: (i) => [choices[i % choices.length]!],
      stake: (i) => 100 + (i % 37) * 25,
    });
    expect(bets.length).toBe(6_000);
    await feedTestEvent(db, tenantId, e, { result: [2, 1], ht: [1, 0] });

    const run = settleInChild(e.id);
    const ids = bets.map((b) => b.id);
    const closedNow = () =>
      count("select count(*)::text as n from sports_bets where id = any($1::bigint[]) and status <> 'open'", [ids]);
    let killedAt = 0;
    for (;;) {
      const n = await closedNow();
      if (n >= 1_000) {
        run.child.kill('SIGKILL');
        killedAt = n;
        break;
      }
      if (run.child.exitCode !== null) break;
      await new Promise((r) => setTimeout(r, 5));
    }
    await run.exited;
    expect(run.stderr.join(''), 'the child died of its kill, not an error').not.toMatch(/Error/);
    const after = await closedNow();
    expect(killedAt, 'killed part way').toBeGreaterThan(0);
    expect(after, 'killed before the end').toBeLessThan(bets.length);

    // Right after the kill: a closed bet that pays has its payout booked, an open one has nothing booked.
    const paidKeys = () =>
      count(
        `select count(*)::text as n from ledger_transactions where tenant_id = $1 and idempotency_key = any($2::text[])`,
        [tenantId, ids.map((id) => `sports:bet:${id}:settle:0`)],
      );
    const closedPaying = () =>
      count(
        `select count(*)::text as n from sports_bets where id = any($1::bigint[]) and status <> 'open' and settled_payout > 0`,
        [ids],
      );
    expect(await paidKeys()).toBe(await closedPaying());
    expect((await checkLedger(db, tenantId)).problems).toEqual([]);

    // The restart: the settlement job finds the event unsettled and settles the rest.
    const rest = await settleEvent(db, { tenantId, eventId: e.id });
    expect(rest.settled).toBe(bets.length - after);
    expect(await closedNow()).toBe(bets.length);
    expect((await settleEvent(db, { tenantId, eventId: e.id })).settled).toBe(0);

    const expected = new Map<number, number>(users.map((u) => [u, funds]));
    let winners = 0;
    for (const b of bets) {
      const l = b.legs[0]!;
      const pay = wins.has(l.outcome_id) ? Math.floor((b.stake * l.odds) / 10_000) : 0;
      if (pay > 0) winners++;
      expected.set(b.userId, expected.get(b.userId)! - b.stake + pay);
    }
    expect(await paidKeys()).toBe(winners);
    const { rows } = await db.query<{ user_id: number; balance: string }>(
      `select user_id, balance::text from ledger_accounts where tenant_id = $1 and user_id = any($2::bigint[]) and kind = 'cash'`,
      [tenantId, users],
    );
    const wrong = rows.filter((r) => Number(r.balance) !== expected.get(Number(r.user_id)));
    expect(wrong).toEqual([]);
    expect(
      await count(
        `select count(*)::text as n from event_log where name = 'sports.bet_settled'
          and (payload->>'bet_id')::bigint = any($1::bigint[])`,
        [ids],
      ),
    ).toBe(bets.length);
    expect(
      await count(
        `select count(*)::text as n from (select payload->>'bet_id' from event_log where name = 'sports.bet_settled'
          group by 1 having count(*) > 1) d`,
        [],
      ),
    ).toBe(0);
    expect((await checkLedger(db, tenantId)).problems).toEqual([]);
    expect(await count('select count(*)::text as n from sports_exposure where stakes <> 0 or bets <> 0', [])).toBe(0);
  }, 240_000);

  it('a rollback begun while the event settles leaves no bet settled on the withdrawn result', async () => {
    const e: SeededEvent = await seedTestEvent(db, tenantId);
    const home = e.outcome('1x2', '1');
    const funds = 100_000;
    const { users, bets } = await seedOpenBets(db, {
      tenantId,
      players: 300,
      betsPerPlayer: 10,
      funds,
      tag: 'race2',
      legs: () => [{ event_id: e.id, market_id: home.marketId, outcome_id: home.id, odds: home.odds! }],
      stake: () => 500,
    });
    await feedTestEvent(db, tenantId, e, { result: [1, 0], ht: [0, 0] });
    const ids = bets.map((b) => b.id);
    const settling = settleEvent(db, { tenantId, eventId: e.id, batch: 100 });
    for (;;) {
      const n = await count(
        "select count(*)::text as n from sports_bets where id = any($1::bigint[]) and status <> 'open'",
        [ids],
      );
      if (n > 0) break;
      await new Promise((r) => setTimeout(r, 2));
    }
    const [settled, rolled] = await Promise.all([
      settling,
      rollbackEventSettlement(db, { tenantId, eventId: e.id, reason: 'wrong result' }),
    ]);
    expect(settled.settled, 'stopped part way').toBeLessThan(bets.length);
    expect(rolled.reopened).toBe(settled.settled);
    expect(
      await count("select count(*)::text as n from sports_bets where id = any($1::bigint[]) and status <> 'open'", [
        ids,
      ]),
    ).toBe(0);
    const { rows } = await db.query<{ n: string }>(
      `select count(*)::text as n from ledger_accounts where tenant_id = $1 and user_id = any($2::bigint[]) and kind = 'cash'
        and balance <> $3`,
      [tenantId, users, funds - 10 * 500],
    );
    expect(Number(rows[0]!.n)).toBe(0);
    expect((await checkLedger(db, tenantId)).problems).toEqual([]);
    // The corrected result settles every bet once, under the next version.
    await feedTestEvent(db, tenantId, e, { result: [2, 0], ht: [1, 0] });
    expect((await settleEvent(db, { tenantId, eventId: e.id })).settled).toBe(bets.length);
    expect(
      await count(
        `select count(*)::text as n from ledger_transactions where tenant_id = $1 and idempotency_key like 'sports:bet:%:settle:%'
          and idempotency_key not like '%:rollback' and reference = any($2::text[])`,
        [tenantId, ids.map((id) => `sports:bet:${id}`)],
      ),
    ).toBe(bets.length + settled.settled);
    expect((await checkLedger(db, tenantId)).problems).toEqual([]);
  }, 240_000);
});
