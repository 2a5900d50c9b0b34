import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../platform/db/index';
import { migrate } from '../../platform/db/migrate';
import { testDb } from '../../test/helpers';
import * as wallet from './index';
import { checkLedger } from './ledger';

let db: Db & { label: string };
let tenantId: number;
let seq = 0;

async function newPlayer(): Promise<number> {
  seq++;
  const { rows } = await db.query<{ id: number }>(
    `insert into users (tenant_id, first_name, last_name, email, phone, referral_code)
      values ($1, 'Bia', 'Lima', $2, $3, $4) returning id`,
    [tenantId, `cm${seq}@ex.com`, `+55119${String(20_000_000 + seq).slice(-8)}`, `CM${seq}`],
  );
  return rows[0]!.id;
}

/** A player with 100.00 in cash and 50.00 in bonus, and three stakes: all cash, all cash, cash and bonus. */
async function staked(tag: string) {
  const userId = await newPlayer();
  await db.transaction(async (tx) => {
    await wallet.credit(tx, {
      tenantId,
      userId,
      amount: 10_000,
      type: 'deposit',
      reference: 'f',
      idempotencyKey: `${tag}:f`,
    });
    await wallet.credit(tx, {
      tenantId,
      userId,
      amount: 5_000,
      type: 'bonus',
      account: 'bonus',
      reference: 'b',
      idempotencyKey: `${tag}:b`,
    });
    for (const [i, amount] of [1_000, 2_000, 8_000].entries())
      await wallet.debitBet(tx, { tenantId, userId, amount, idempotencyKey: `${tag}:s${i}`, reference: `bet:${i}` });
  });
  return userId;
}

const credits = (tag: string, userId: number): wallet.ManyCredit[] => [
  { tenantId, userId, amount: 2_500, idempotencyKey: `${tag}:w0`, reference: 'bet:0', stakeKey: `${tag}:s0` },
  { tenantId, userId, amount: 2_000, type: 'refund', idempotencyKey: `${tag}:w1`, reference: 'bet:1' },
  { tenantId, userId, amount: 12_001, idempotencyKey: `${tag}:w2`, reference: 'bet:2', stakeKey: `${tag}:s2` },
];

/** What a player's movements look like, without ids and times: rows, answers, hashes, entries. */
async function movements(userId: number, tag: string) {
  const { rows } = await db.query<Record<string, unknown>>(
    `select t.type, t.reference, replace(t.idempotency_key, $3, 'K') as key, t.result - 'transaction_id' as result,
        (select json_agg(json_build_array(a.kind, a.user_id is null, e.amount, e.balance_after) order by e.id)
          from ledger_entries e join ledger_accounts a on a.id = e.account_id where e.transaction_id = t.id) as entries
      from ledger_transactions t where t.tenant_id = $1 and t.user_id = $2 order by t.id`,
    [tenantId, userId, tag],
  );
  return rows;
}

beforeAll(async () => {
  db = await testDb();
  await migrate(db);
  const { rows } = await db.query<{ id: number }>(
    `insert into tenants (name, settings) values ('Credit many test', '{}'::jsonb) returning id`,
  );
  tenantId = rows[0]!.id;
});
afterAll(() => db.close());

describe(`ledger creditMany (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('books what the same creditWin calls book one by one: rows, answers, hashes, entries, balances, wagering', async () => {
    const one = await staked('one');
    const many = await staked('many');
    const single: wallet.MoneyResult[] = [];
    await db.transaction(async (tx) => {
      for (const c of credits('one', one))
        single.push(
          await wallet.creditWin(tx, {
            ...c,
            ...(c.stakeKey ? { stake: { key: c.stakeKey.replace('many', 'one') } } : {}),
          }),
        );
    });
    const batch = await db.transaction((tx) => wallet.creditMany(tx, credits('many', many)));
    const strip = (r: wallet.MoneyResult) => ({ ...r, transaction_id: 0 });
    expect(batch.map(strip)).toEqual(single.map(strip));
    expect(await movements(many, 'many')).toEqual(await movements(one, 'one'));
    // The same request hash: each single call made now is a replay of the batch's movement.
    for (const c of credits('many', many)) {
      const again = await db.transaction((tx) =>
        wallet.creditWin(tx, { ...c, ...(c.stakeKey ? { stake: { key: c.stakeKey } } : {}) }),
      );
      expect(again.replayed).toBe(true);
    }
    expect(await wallet.getBalance(db, { tenantId, userId: many })).toEqual(
      await wallet.getBalance(db, { tenantId, userId: one }),
    );
    // The stake of 80.00 took 10.00 of bonus (70.00 of cash was left): 1/8 of its win of 120.01 went to bonus.
    expect(batch[2]!.balance.bonus).toBe(4_000 + Math.floor((12_001 * 1_000) / 8_000));
    expect(await wallet.totalBet(db, { tenantId, userId: many })).toBe(11_000 - 2_000);
    expect(await wallet.totalBet(db, { tenantId, userId: many })).toBe(
      await wallet.totalBet(db, { tenantId, userId: one }),
    );
    expect((await checkLedger(db, tenantId)).ok).toBe(true);
  });

  it('answers a repeated batch as replays and books nothing twice; another request under a key is a conflict', async () => {
    const u = await staked('rep');
    const first = await db.transaction((tx) => wallet.creditMany(tx, credits('rep', u)));
    const before = await wallet.getBalance(db, { tenantId, userId: u });
    const again = await db.transaction((tx) => wallet.creditMany(tx, credits('rep', u)));
    expect(again.map((r) => r.replayed)).toEqual([true, true, true]);
    expect(again.map((r) => r.transaction_id)).toEqual(first.map((r) => r.transaction_id));
    expect(await wallet.getBalance(db, { tenantId, userId: u })).toEqual(before);
    // A half-replayed batch: the known key answers again, the new one is booked.
    const mixed = await db.transaction((tx) =>
      wallet.creditMany(tx, [
        credits('rep', u)[0]!,
        { tenantId, userId: u, amount: 100, idempotencyKey: 'rep:new', reference: 'bet:9' },
      ]),
    );
    expect(mixed.map((r) => r.replayed)).toEqual([true, false]);
    expect(mixed[1]!.balance.cash).toBe(before.cash + 100);
    await expect(
      db.transaction((tx) =>
        wallet.creditMany(tx, [
          { tenantId, userId: u, amount: 1, idempotencyKey: 'rep:fresh', reference: 'bet:10' },
          { ...credits('rep', u)[0]!, amount: 2_501 },
        ]),
      ),
    ).rejects.toMatchObject({ code: 'conflict' });
    expect(await wallet.getBalance(db, { tenantId, userId: u })).toEqual({ ...before, cash: before.cash + 100 });
  });

  it('pays many players, several credits each, with running balances, and refuses bad input whole', async () => {
    const players = [await newPlayer(), await newPlayer(), await newPlayer()];
    const list: wallet.ManyCredit[] = [];
    for (let i = 0; i < 30; i++)
      list.push({
        tenantId,
        userId: players[i % 3]!,
        amount: 100 + i,
        idempotencyKey: `run:${i}`,
        reference: `bet:${i}`,
      });
    const r = await db.transaction((tx) => wallet.creditMany(tx, list));
    const last = [27, 28, 29].map((i) => r[i]!.balance.cash);
    for (const [k, p] of players.entries()) {
      const paid = list.filter((c) => c.userId === p).reduce((s, c) => s + c.amount, 0);
      expect((await wallet.getBalance(db, { tenantId, userId: p })).cash).toBe(paid);
      expect(last[k]).toBe(paid);
    }
    expect(r[3]!.balance.cash).toBe(100 + 103);
    await expect(
      db.transaction((tx) =>
        wallet.creditMany(tx, [{ tenantId, userId: players[0]!, amount: 0, idempotencyKey: 'bad', reference: 'x' }]),
      ),
    ).rejects.toMatchObject({ code: 'bad_request' });
    await expect(
      db.transaction((tx) =>
        wallet.creditMany(tx, [
          { tenantId, userId: players[0]!, amount: 5, idempotencyKey: 'dup', reference: 'x' },
          { tenantId, userId: players[0]!, amount: 5, idempotencyKey: 'dup', reference: 'x' },
        ]),
      ),
    ).rejects.toThrow();
    expect((await checkLedger(db, tenantId)).ok).toBe(true);
  });
});
