import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, Sql } from '../../platform/db/index';
import { migrate } from '../../platform/db/migrate';
import { testDb } from '../../test/helpers';
import * as wallet from './index';
import { checkLedger, post, requestHash } from './ledger';

let db: Db & { label: string };
let tenantId: number;
let seq = 0;

async function newPlayer(): Promise<number> {
  seq++;
  const { rows } = await db.query<{ id: number }>(
    `insert into users (tenant_id, first_name, last_name, email, phone, referral_code)
      values ($1, 'Ana', 'Souza', $2, $3, $4) returning id`,
    [tenantId, `l${seq}@ex.com`, `+55119${String(10_000_000 + seq).slice(-8)}`, `REF${seq}`],
  );
  return rows[0]!.id;
}

const fund = (userId: number, amount: number, key = `test:fund:${userId}:${amount}:${Math.random()}`) =>
  db.transaction((tx) =>
    wallet.credit(tx, { tenantId, userId, amount, type: 'deposit', reference: 'fund', idempotencyKey: key }),
  );

beforeAll(async () => {
  db = await testDb();
  await migrate(db);
  const { rows } = await db.query<{ id: number }>(
    `insert into tenants (name, settings) values ('Ledger test', '{}'::jsonb) returning id`,
  );
  tenantId = rows[0]!.id;
});
afterAll(() => db.close());

describe(`ledger (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('opens accounts for every player and every tenant, and starts at zero', async () => {
    const u = await newPlayer();
    expect(await wallet.getBalance(db, { tenantId, userId: u })).toEqual({ cash: 0, bonus: 0, pending: 0 });
    const { rows } = await db.query('select kind from ledger_accounts where tenant_id = $1 and user_id is null', [
      tenantId,
    ]);
    expect(rows.map((r) => r.kind).sort()).toEqual(['house', 'payouts', 'promotions', 'psp_clearing']);
  });

  it('debits a bet and credits a win, answering the new balance', async () => {
    const u = await newPlayer();
    await fund(u, 10_000);
    const bet = await db.transaction((tx) =>
      wallet.debitBet(tx, { tenantId, userId: u, amount: 2_500, idempotencyKey: `c:bet:${u}`, reference: 'round:1' }),
    );
    expect(bet.balance.cash).toBe(7_500);
    expect(bet.debited).toEqual({ cash: 2_500, bonus: 0 });
    const win = await db.transaction((tx) =>
      wallet.creditWin(tx, { tenantId, userId: u, amount: 6_000, idempotencyKey: `c:win:${u}`, reference: 'round:1' }),
    );
    expect(win.balance.cash).toBe(13_500);
    expect(win.replayed).toBe(false);
  });

  it('takes a stake from cash first, then bonus; refuses what does not fit with 402', async () => {
    const u = await newPlayer();
    await fund(u, 1_000);
    await db.transaction((tx) =>
      wallet.credit(tx, {
        tenantId,
        userId: u,
        amount: 500,
        type: 'bonus',
        account: 'bonus',
        reference: 'b',
        idempotencyKey: `b:${u}`,
      }),
    );
    const r = await db.transaction((tx) =>
      wallet.debitBet(tx, { tenantId, userId: u, amount: 1_200, idempotencyKey: `s:${u}`, reference: 'r' }),
    );
    expect(r.debited).toEqual({ cash: 1_000, bonus: 200 });
    expect(r.balance).toEqual({ cash: 0, bonus: 300, pending: 0 });
    const err = await db
      .transaction((tx) =>
        wallet.debitBet(tx, { tenantId, userId: u, amount: 301, idempotencyKey: `s2:${u}`, reference: 'r' }),
      )
      .catch((e) => e);
    expect(err).toBeInstanceOf(wallet.InsufficientFunds);
    expect(err.status).toBe(402);
    expect(await wallet.getBalance(db, { tenantId, userId: u })).toEqual({ cash: 0, bonus: 300, pending: 0 });
    // A replay of the split stake answers the first split, even though balances changed since.
    const again = await db.transaction((tx) =>
      wallet.debitBet(tx, { tenantId, userId: u, amount: 1_200, idempotencyKey: `s:${u}`, reference: 'r' }),
    );
    expect(again).toMatchObject({
      replayed: true,
      debited: { cash: 1_000, bonus: 200 },
      transaction_id: r.transaction_id,
    });
  });

  it('same key + same request = same answer once; same key + other request = 409', async () => {
    const u = await newPlayer();
    await fund(u, 5_000);
    const call = (amount: number) =>
      db.transaction((tx) =>
        wallet.debitBet(tx, { tenantId, userId: u, amount, idempotencyKey: `k:${u}`, reference: 'x' }),
      );
    const first = await call(1_000);
    const second = await call(1_000);
    expect(second).toEqual({ ...first, replayed: true });
    const conflict = await call(2_000).catch((e) => e);
    expect(conflict.status).toBe(409);
    expect(conflict.toBody('pt').message).toBe('Esta chave de idempotência já foi usada com outros dados.');
    expect(conflict.toBody('en').message).toBe('This idempotency key was already used with different data.');
    expect((await wallet.getBalance(db, { tenantId, userId: u })).cash).toBe(4_000);
  });

  it('requires an idempotency key and whole positive centavos; rejects legs that do not sum to zero', async () => {
    const u = await newPlayer();
    await expect(
      db.transaction((tx) =>
        wallet.creditWin(tx, { tenantId, userId: u, amount: 10, idempotencyKey: '', reference: 'x' }),
      ),
    ).rejects.toThrow(/idempotency key/);
    await expect(
      db.transaction((tx) =>
        wallet.creditWin(tx, { tenantId, userId: u, amount: 1.5, idempotencyKey: 'a', reference: 'x' }),
      ),
    ).rejects.toThrow(/centavos/);
    await expect(
      db.transaction((tx) =>
        post(tx, {
          tenantId,
          userId: u,
          type: 'adjustment',
          reference: 'x',
          idempotencyKey: `bad:${u}`,
          legs: [
            { account: { user: u, kind: 'cash' }, amount: 100 },
            { account: { system: 'house' }, amount: -99 },
          ],
        }),
      ),
    ).rejects.toThrow(/sum to zero/);
  });

  it('debit, credit, transfer and reverse each refuse a movement without an idempotency key, and answer a repeated key with the first answer', async () => {
    const u = await newPlayer();
    await fund(u, 10_000);
    const who = { tenantId, userId: u, reference: 'api' };
    const calls = {
      credit: (key: string | undefined) => (tx: Sql) =>
        wallet.credit(tx, { ...who, amount: 500, type: 'bonus', account: 'bonus', idempotencyKey: key as string }),
      debit: (key: string | undefined) => (tx: Sql) =>
        wallet.debit(tx, { ...who, amount: 300, type: 'adjustment', idempotencyKey: key as string }),
      transfer: (key: string | undefined) => (tx: Sql) =>
        wallet.transfer(tx, {
          ...who,
          amount: 200,
          type: 'withdraw',
          from: 'cash',
          to: 'pending',
          idempotencyKey: key as string,
        }),
      reverse: (key: string | undefined) => (tx: Sql) =>
        wallet.reverse(tx, {
          tenantId,
          originalKey: `api:${u}:debit`,
          reference: 'undo',
          idempotencyKey: key as string,
        }),
    };
    for (const [name, call] of Object.entries(calls)) {
      for (const missing of [undefined, '']) {
        await expect(db.transaction(call(missing)), `${name} without a key`).rejects.toMatchObject({
          code: 'bad_request',
        });
      }
      const before = await wallet.getBalance(db, { tenantId, userId: u });
      const first = await db.transaction(call(`api:${u}:${name}`));
      expect(first.replayed, name).toBe(false);
      const after = await wallet.getBalance(db, { tenantId, userId: u });
      expect(after, name).not.toEqual(before);
      const again = await db.transaction(call(`api:${u}:${name}`));
      expect(again, name).toEqual({ ...first, replayed: true });
      expect(await wallet.getBalance(db, { tenantId, userId: u }), `${name} moved money twice`).toEqual(after);
    }
    // debit 300 (reversed), credit 500 bonus, transfer 200 to pending.
    expect(await wallet.getBalance(db, { tenantId, userId: u })).toEqual({ cash: 9_800, bonus: 500, pending: 200 });
    expect((await checkLedger(db, tenantId)).ok).toBe(true);
  });

  it('reverses a movement once, with opposite entries', async () => {
    const u = await newPlayer();
    await fund(u, 3_000);
    await db.transaction((tx) =>
      wallet.debitBet(tx, { tenantId, userId: u, amount: 1_000, idempotencyKey: `rb:${u}`, reference: 'r' }),
    );
    const back = await db.transaction((tx) =>
      wallet.reverse(tx, { tenantId, originalKey: `rb:${u}`, idempotencyKey: `rb:${u}:undo`, reference: 'rollback' }),
    );
    expect(back.balance.cash).toBe(3_000);
    const twice = await db
      .transaction((tx) =>
        wallet.reverse(tx, { tenantId, originalKey: `rb:${u}`, idempotencyKey: `rb:${u}:undo2`, reference: 'r' }),
      )
      .catch((e) => e);
    expect(twice.status).toBe(409);
    const missing = await db
      .transaction((tx) => wallet.reverse(tx, { tenantId, originalKey: 'nope', idempotencyKey: 'n', reference: 'r' }))
      .catch((e) => e);
    expect(missing.status).toBe(404);
  });

  it('many parallel stakes on one wallet never overdraw, and the ledger sums to zero', async () => {
    const u = await newPlayer();
    await fund(u, 10_000);
    const results = await Promise.allSettled(
      Array.from({ length: 60 }, (_, i) =>
        db.transaction((tx) =>
          wallet.debitBet(tx, { tenantId, userId: u, amount: 300, idempotencyKey: `p:${u}:${i}`, reference: 'r' }),
        ),
      ),
    );
    const ok = results.filter((r) => r.status === 'fulfilled').length;
    expect(ok).toBe(33); // 33 * 300 = 9_900 <= 10_000 < 34 * 300
    const bal = await wallet.getBalance(db, { tenantId, userId: u });
    expect(bal.cash).toBe(10_000 - ok * 300);
    const check = await checkLedger(db, tenantId);
    expect(check.problems).toEqual([]);
  });

  it('the same key sent concurrently moves money once', async () => {
    const u = await newPlayer();
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        db.transaction((tx) =>
          wallet.creditWin(tx, { tenantId, userId: u, amount: 700, idempotencyKey: `dup:${u}`, reference: 'r' }),
        ),
      ),
    );
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(new Set(results.map((r) => r.transaction_id)).size).toBe(1);
    expect((await wallet.getBalance(db, { tenantId, userId: u })).cash).toBe(700);
  });

  it('the SQL request hash (ledger_request_hash) is byte for byte the JS one', async () => {
    const reference = 'round "7" \\ ação\n\t\u0001 /x/ 🎲';
    const base = { tenantId, userId: 42, type: 'bet' as const, reference, idempotencyKey: 'k' };
    const stake = requestHash({
      ...base,
      legs: [],
      fingerprint: ['debitBet', 1234],
    });
    const win = requestHash({
      ...base,
      type: 'win',
      legs: [
        { account: { system: 'house' }, amount: -95 },
        { account: { user: 42, kind: 'cash' }, amount: 95 },
      ],
    });
    const { rows } = await db.query<{ stake: string; win: string }>(
      `select ledger_request_hash(42, 'bet', $1, null, '["debitBet",1234]') as stake,
        ledger_request_hash(42, 'win', $1, null, '[["system","house",-95],[42,"cash",95]]') as win`,
      [reference],
    );
    expect(rows[0]).toEqual({ stake, win });
  });

  it('a movement whose second balance change does not fit changes nothing (402)', async () => {
    const u = await newPlayer();
    const v = await newPlayer();
    await fund(u, 1_000);
    const [first, second] = u < v ? [u, v] : [v, u];
    const err = await db
      .transaction((tx) =>
        post(tx, {
          tenantId,
          userId: u,
          type: 'adjustment',
          reference: 'x',
          idempotencyKey: `two:${u}`,
          // The lower user id is updated first; the second change (the higher id) is the one that does not fit.
          legs:
            first === u
              ? [
                  { account: { user: u, kind: 'cash' }, amount: 500 },
                  { account: { user: v, kind: 'cash' }, amount: -500 },
                ]
              : [
                  { account: { user: v, kind: 'cash' }, amount: 500 },
                  { account: { user: u, kind: 'cash' }, amount: -1_500 },
                  { account: { system: 'house' }, amount: 1_000 },
                ],
        }),
      )
      .catch((e) => e);
    expect(err).toBeInstanceOf(wallet.InsufficientFunds);
    expect(second).toBeGreaterThan(first);
    expect((await wallet.getBalance(db, { tenantId, userId: u })).cash).toBe(1_000);
    expect((await wallet.getBalance(db, { tenantId, userId: v })).cash).toBe(0);
    expect(await db.query('select 1 from ledger_transactions where idempotency_key = $1', [`two:${u}`])).toMatchObject({
      rows: [],
    });
  });

  it('a replay answers the first result even when the balance could no longer pay it, and moves nothing', async () => {
    const u = await newPlayer();
    await fund(u, 1_000);
    const bet = () =>
      db.transaction((tx) =>
        wallet.debitBet(tx, { tenantId, userId: u, amount: 1_000, idempotencyKey: `drain:${u}`, reference: 'r' }),
      );
    const win = () =>
      db.transaction((tx) =>
        wallet.creditWin(tx, { tenantId, userId: u, amount: 300, idempotencyKey: `pay:${u}`, reference: 'r' }),
      );
    const first = await bet();
    expect(first.balance.cash).toBe(0);
    // The wallet is empty now: the same stake again is a replay, not "insufficient funds".
    expect(await bet()).toEqual({ ...first, replayed: true });
    const paid = await win();
    // A credit replayed: its balance change is undone in the same statement, the first answer comes back.
    expect(await win()).toEqual({ ...paid, replayed: true });
    expect((await wallet.getBalance(db, { tenantId, userId: u })).cash).toBe(300);
    const { rows } = await db.query<{ n: number }>(
      'select count(*)::int as n from ledger_transactions where tenant_id = $1 and user_id = $2',
      [tenantId, u],
    );
    expect(rows[0]!.n).toBe(3);
    expect((await checkLedger(db, tenantId)).ok).toBe(true);
  });

  it('players, tenants, accounts and transactions with money records are never deleted', async () => {
    const u = await newPlayer();
    await fund(u, 100);
    await expect(db.query('delete from users where tenant_id = $1 and id = $2', [tenantId, u])).rejects.toThrow(
      /never deleted/,
    );
    await expect(db.query('delete from tenants where id = $1', [tenantId])).rejects.toThrow(/never deleted/);
    await expect(
      db.query('delete from ledger_accounts where tenant_id = $1 and user_id = $2', [tenantId, u]),
    ).rejects.toThrow(/never deleted/);
    await expect(
      db.query('delete from ledger_transactions where tenant_id = $1 and user_id = $2', [tenantId, u]),
    ).rejects.toThrow(/never deleted/);
    expect((await wallet.getBalance(db, { tenantId, userId: u })).cash).toBe(100);
  });

  it('reconciliation reports an entry whose account or transaction is missing', async () => {
    await db
      .transaction(async (tx) => {
        await tx.query(
          `insert into ledger_entries (transaction_id, account_id, amount) values (
          (select id from ledger_transactions where tenant_id = $1 order by id limit 1), -1, 1)`,
          [tenantId],
        );
        const report = await checkLedger(tx, tenantId);
        expect(report.ok).toBe(false);
        expect(report.problems).toContainEqual(expect.objectContaining({ kind: 'orphan_entry', account_id: -1 }));
        throw new Error('rollback');
      })
      .catch((e) => {
        if ((e as Error).message !== 'rollback') throw e;
      });
    expect((await checkLedger(db, tenantId)).ok).toBe(true);
  });

  it('ledger entries are append-only', async () => {
    await expect(db.query('update ledger_entries set amount = amount + 1')).rejects.toThrow(/append-only/);
    await expect(db.query('delete from ledger_entries')).rejects.toThrow(/append-only/);
  });
});
