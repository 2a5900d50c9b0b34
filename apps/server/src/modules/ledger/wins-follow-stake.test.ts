import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../platform/db/index';
import { migrate } from '../../platform/db/migrate';
import { testDb } from '../../test/helpers';
import * as wallet from './index';
import { checkLedger } from './ledger';

let db: Db;
let tenantId: number;
let seq = 0;

async function newPlayer(): Promise<number> {
  seq++;
  const { rows } = await db.query<{ id: number }>(
    `insert into users (tenant_id, first_name, last_name, email, phone, referral_code)
      values ($1, 'Bia', 'Lima', $2, $3, $4) returning id`,
    [tenantId, `w${seq}@ex.com`, `+55219${String(10_000_000 + seq).slice(-8)}`, `WIN${seq}`],
  );
  return rows[0]!.id;
}

/** A player with `cash` deposited and `bonus` granted from the promotions account, as a bonus grant books it. */
async function player(cash: number, bonus: number) {
  const u = await newPlayer();
  const who = { tenantId, userId: u, reference: 'setup' };
  await db.transaction(async (tx) => {
    if (cash > 0) await wallet.credit(tx, { ...who, amount: cash, type: 'deposit', idempotencyKey: `t:dep:${u}` });
    if (bonus > 0)
      await wallet.credit(tx, { ...who, amount: bonus, type: 'bonus', account: 'bonus', idempotencyKey: `t:bon:${u}` });
  });
  return u;
}

const bet = (u: number, amount: number, key: string) =>
  db.transaction((tx) => wallet.debitBet(tx, { tenantId, userId: u, amount, idempotencyKey: key, reference: 'r' }));

const win = (u: number, amount: number, key: string, stake?: wallet.StakeShare, type?: 'win' | 'refund') =>
  db.transaction((tx) =>
    wallet.creditWin(tx, { tenantId, userId: u, amount, idempotencyKey: key, reference: 'r', stake, type }),
  );

const promotions = async () => {
  const { rows } = await db.query<{ balance: string }>(
    `select coalesce(sum(e.amount), 0)::text as balance from ledger_entries e
      join ledger_accounts a on a.id = e.account_id where a.tenant_id = $1 and a.user_id is null and a.kind = 'promotions'`,
    [tenantId],
  );
  return Number(rows[0]!.balance);
};

beforeAll(async () => {
  db = await testDb();
  await migrate(db);
  const { rows } = await db.query<{ id: number }>(
    `insert into tenants (name, settings) values ('Wins follow stakes', '{}'::jsonb) returning id`,
  );
  tenantId = rows[0]!.id;
});
afterAll(() => db.close());

describe(`wins follow the money staked (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('a stake all from cash wins all into cash, as one plain credit', async () => {
    const u = await player(10_000, 5_000);
    const s = await bet(u, 1_000, `s1:${u}`);
    expect(s.debited).toEqual({ cash: 1_000, bonus: 0 });
    const w = await win(u, 2_500, `w1:${u}`, { key: `s1:${u}` });
    expect(w.balance).toEqual({ cash: 11_500, bonus: 5_000, pending: 0 });
    expect(w.credited).toBeUndefined();
    const { rows } = await db.query('select count(*)::int as n from ledger_entries where transaction_id = $1', [
      w.transaction_id,
    ]);
    expect(rows[0]).toEqual({ n: 2 });
  });

  it('a stake 60/40 cash/bonus wins 60/40; the odd centavo goes to cash', async () => {
    const u = await player(600, 2_000);
    const s = await bet(u, 1_000, `s2:${u}`);
    expect(s.debited).toEqual({ cash: 600, bonus: 400 });
    // 40% of 2 501 is 1 000.4: 1 000 to the bonus, 1 501 to cash.
    const w = await win(u, 2_501, `w2:${u}`, { key: `s2:${u}` });
    expect(w.credited).toEqual({ cash: 1_501, bonus: 1_000, promotions: 0 });
    expect(w.balance).toEqual({ cash: 1_501, bonus: 2_600, pending: 0 });
    // A repeat answers the first split and moves nothing.
    const again = await win(u, 2_501, `w2:${u}`, { key: `s2:${u}` });
    expect(again.replayed).toBe(true);
    expect(again.credited).toEqual(w.credited);
    expect(await wallet.getBalance(db, { tenantId, userId: u })).toEqual({ cash: 1_501, bonus: 2_600, pending: 0 });
    // The same key for a different win is still a conflict.
    await expect(win(u, 2_502, `w2:${u}`, { key: `s2:${u}` })).rejects.toMatchObject({ code: 'conflict' });
  });

  it('a round of two stakes of different splits pays each win by the round totals', async () => {
    const u = await player(1_000, 3_000);
    const a = await bet(u, 800, `s3a:${u}`); // all cash
    const b = await bet(u, 1_200, `s3b:${u}`); // 200 cash, 1 000 bonus
    expect([a.debited, b.debited]).toEqual([
      { cash: 800, bonus: 0 },
      { cash: 200, bonus: 1_000 },
    ]);
    const share = { bonus: 1_000, total: 2_000, since: b.transaction_id };
    const w1 = await win(u, 3_001, `w3a:${u}`, share);
    expect(w1.credited).toEqual({ cash: 1_501, bonus: 1_500, promotions: 0 });
    const w2 = await win(u, 1, `w3b:${u}`, share);
    expect(w2.credited).toBeUndefined(); // floor(0.5) = 0: the centavo to cash, a plain credit
    expect(w2.balance).toEqual({ cash: 1_502, bonus: 3_500, pending: 0 });
  });

  it('a win after the bonus was forfeited sends its bonus part back to promotions', async () => {
    const u = await player(0, 1_000);
    await bet(u, 400, `s4:${u}`); // all bonus
    const before = await promotions();
    // The bonus is forfeited (the rest of the bonus account back to promotions) while the round is open.
    await db.transaction((tx) =>
      wallet.debit(tx, {
        tenantId,
        userId: u,
        amount: 600,
        type: 'bonus',
        account: 'bonus',
        to: 'promotions',
        reference: 'forfeit',
        idempotencyKey: `t:forfeit:${u}`,
      }),
    );
    // A new bonus granted since does not take the old bonus's winnings either.
    await db.transaction((tx) =>
      wallet.credit(tx, {
        tenantId,
        userId: u,
        amount: 300,
        type: 'bonus',
        account: 'bonus',
        reference: 'grant',
        idempotencyKey: `t:bon2:${u}`,
      }),
    );
    const w = await win(u, 1_000, `w4:${u}`, { key: `s4:${u}` });
    expect(w.credited).toEqual({ cash: 0, bonus: 0, promotions: 1_000 });
    expect(w.balance).toEqual({ cash: 0, bonus: 300, pending: 0 });
    expect((await promotions()) - before).toBe(600 - 300 + 1_000);
  });

  it('a win whose stake took the last of the bonus still goes to the bonus (spent is not removed)', async () => {
    const u = await player(100, 400);
    await bet(u, 500, `s5:${u}`);
    expect(await wallet.getBalance(db, { tenantId, userId: u })).toEqual({ cash: 0, bonus: 0, pending: 0 });
    const w = await win(u, 1_000, `w5:${u}`, { key: `s5:${u}` });
    expect(w.credited).toEqual({ cash: 200, bonus: 800, promotions: 0 });
  });

  it('a rolled-back stake returns each part to where it came from', async () => {
    const u = await player(300, 1_000);
    await bet(u, 1_000, `s6:${u}`);
    const r = await db.transaction((tx) =>
      wallet.reverse(tx, {
        tenantId,
        originalKey: `s6:${u}`,
        idempotencyKey: `rb6:${u}`,
        reference: 'r',
        type: 'refund',
      }),
    );
    expect(r.balance).toEqual({ cash: 300, bonus: 1_000, pending: 0 });
    // A stake given back as a refund that follows the stake does the same.
    await bet(u, 1_000, `s6b:${u}`);
    const g = await win(u, 1_000, `rf6:${u}`, { key: `s6b:${u}` }, 'refund');
    expect(g.credited).toEqual({ cash: 300, bonus: 700, promotions: 0 });
    expect(g.balance).toEqual({ cash: 300, bonus: 1_000, pending: 0 });
    expect(await wallet.totalBet(db, { tenantId, userId: u })).toBe(0);
  });

  it('many bets and wins at once on one wallet with bonus money never overdraw, and the ledger checks clean', async () => {
    const u = await player(3_000, 3_000);
    const results = await Promise.allSettled(
      Array.from({ length: 40 }, async (_, i) => {
        const s = await bet(u, 250, `s7:${u}:${i}`);
        if (i % 3 === 0) await win(u, 500 + i, `w7:${u}:${i}`, { key: `s7:${u}:${i}` });
        if (i % 5 === 1)
          await db.transaction((tx) =>
            wallet.debit(tx, {
              tenantId,
              userId: u,
              amount: 1,
              type: 'bonus',
              account: 'bonus',
              to: 'promotions',
              reference: 'trim',
              idempotencyKey: `t:trim:${u}:${i}`,
            }),
          );
        return s;
      }),
    );
    for (const r of results)
      if (r.status === 'rejected') expect((r.reason as { code?: string }).code).toBe('insufficient_funds');
    const bal = await wallet.getBalance(db, { tenantId, userId: u });
    expect(bal.cash).toBeGreaterThanOrEqual(0);
    expect(bal.bonus).toBeGreaterThanOrEqual(0);
    const check = await checkLedger(db, tenantId);
    expect(check.problems).toEqual([]);
    // Every centavo is somewhere: what the player holds equals what came in less what the house and promotions took.
    const { rows } = await db.query<{ net: string }>(
      `select coalesce(sum(e.amount), 0)::text as net from ledger_entries e join ledger_accounts a on a.id = e.account_id
        where a.tenant_id = $1 and a.user_id = $2`,
      [tenantId, u],
    );
    expect(Number(rows[0]!.net)).toBe(bal.cash + bal.bonus);
  });
});
