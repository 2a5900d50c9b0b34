/**
 * The ledger: the ONLY code that changes a balance (its stored SQL functions included: platform/db/functions/
 * ledger_*.sql, which the providers' and Originals' one-statement calls use). Payments, casino, originals, sports,
 * bonuses, boxes and cashback call these functions; nothing else writes the ledger's tables (ledger_accounts,
 * ledger_transactions, ledger_entries, player_wallets, player_wagers). Signatures here are a contract: keep them
 * stable.
 *
 * Rules every caller relies on:
 * - Amounts are integer centavos (> 0). Balances never go below zero: a debit that does not fit throws
 *   `InsufficientFunds` (AppError code `insufficient_funds`, HTTP 402).
 * - Every call takes `tx`, an open SQL transaction (`db.transaction(tx => ...)`), so the caller's own rows (a game
 *   round, a bet slip) commit or roll back together with the money. If a call throws, let the transaction roll
 *   back: never catch and commit.
 * - `idempotencyKey` is REQUIRED and unique per tenant across all modules: prefix it with your module and the
 *   outside id ("casino:<provider>:<provider transaction id>", "sports:<bet id>:stake"). The same key with the same
 *   request answers the first result again with `replayed: true` (no second movement); the same key with a
 *   different request throws AppError `conflict` (409).
 * - `reference` (1-200 chars) is what the movement is about (round id, bet id); it is stored and shown to operators.
 * - The answer carries the player's balances right after the movement: `{cash, bonus, pending}`.
 * - A stake (type `bet`, or `box`: a mystery box bought) adds to what the player has wagered (`totalBet`); a `refund`
 *   from the house (a stake given back: a rolled-back or cancelled bet, a box sold back) takes it off again.
 * - Never hold `tx` open across a call to another system (provider, PSP): commit, call, then record the outcome.
 *
 * Example (seamless-wallet bet and win of one round):
 *   const r = await db.transaction((tx) => ledger.debitBet(tx, { tenantId, userId, amount: 500,
 *     idempotencyKey: `casino:pg:${providerTxId}`, reference: `round:${roundId}` }));
 *   r.balance.cash + r.balance.bonus  // what the provider is told
 */
import type { Sql } from '../../platform/db/index';
import { AppError } from '../../platform/errors';
import {
  type Balance,
  creditFollowing,
  debitStake,
  IDEMPOTENCY_CONFLICT,
  ledgerError,
  type MoneyResult,
  type PlayerAccount,
  post,
  readBalance,
  requestHash,
  reverseTransaction,
  type StakeShare,
  type SystemAccount,
  type TransactionType,
  validate as validatePosting,
} from './ledger';

export type { Balance, MoneyResult, PlayerAccount, StakeShare, SystemAccount, TransactionType } from './ledger';
export { checkLedger, findTransaction, IDEMPOTENCY_CONFLICT, InsufficientFunds, ledgerError } from './ledger';

export type MoneyCall = {
  tenantId: number;
  userId: number;
  /** Centavos, a positive safe integer. */
  amount: number;
  idempotencyKey: string;
  reference: string;
  metadata?: Record<string, unknown>;
};

/** The counterparty a movement of this type books against when the caller does not name one. */
const COUNTERPARTY: Record<TransactionType, SystemAccount> = {
  deposit: 'psp_clearing',
  withdraw: 'payouts',
  bonus: 'promotions',
  rollover: 'promotions',
  cashback: 'promotions',
  win: 'house',
  bet: 'house',
  refund: 'house',
  box: 'house',
  prize: 'house',
  reversal: 'house',
  adjustment: 'house',
};

function amountOf(amount: number): number {
  if (!Number.isSafeInteger(amount) || amount <= 0)
    throw new AppError('bad_request', 'amount must be a positive integer number of centavos');
  return amount;
}

/** A player's balances (read inside `sql`, which may be the Db or an open transaction). */
export async function getBalance(sql: Sql, o: { tenantId: number; userId: number }): Promise<Balance> {
  return readBalance(sql, o.tenantId, o.userId);
}

/**
 * Takes a stake for a game round: from cash first, the rest from bonus. Throws InsufficientFunds when
 * cash + bonus < amount. The answer's `debited` tells how much came from each (for the bonus rules).
 */
export async function debitBet(
  tx: Sql,
  o: MoneyCall & { type?: 'bet' | 'box' },
): Promise<MoneyResult & { debited: { cash: number; bonus: number } }> {
  const amount = amountOf(o.amount);
  const type = o.type ?? 'bet';
  // One round trip (ledger_debit_bet): the whole stake from cash (one conditional UPDATE); only when cash is short
  // are both rows locked (in the ledger's fixed order) and the stake split, so the split cannot race another stake.
  return debitStake(tx, {
    tenantId: o.tenantId,
    userId: o.userId,
    type,
    reference: o.reference,
    idempotencyKey: o.idempotencyKey,
    metadata: o.metadata,
    counterparty: COUNTERPARTY[type],
    amount,
  });
}

/**
 * Pays a game round's win (or a box/prize payout, or a stake given back). Without `stake`, all into the player's
 * cash. With `stake` (the stake it pays for: its idempotency key, or a round's figures), it follows the money
 * staked: floor(amount x bonus staked / total staked) into the bonus account, the rest (the odd centavo included)
 * into cash; when the bonus was removed after the stake (forfeit, expiry, conversion) its part goes back to the
 * promotions account instead. A stake all from cash costs nothing more than a plain credit (one movement, the same
 * request hash). The answer's `credited` tells a split.
 */
export async function creditWin(
  tx: Sql,
  o: MoneyCall & { type?: 'win' | 'prize' | 'refund'; stake?: StakeShare },
): Promise<MoneyResult & { credited?: { cash: number; bonus: number; promotions: number } }> {
  const type = o.type ?? 'win';
  if (!o.stake) return credit(tx, { ...o, type, account: 'cash' });
  return creditFollowing(tx, {
    tenantId: o.tenantId,
    userId: o.userId,
    type,
    reference: o.reference,
    idempotencyKey: o.idempotencyKey,
    metadata: o.metadata,
    counterparty: COUNTERPARTY[type],
    amount: amountOf(o.amount),
    stake: o.stake,
  });
}

/** One credit of a creditMany batch: a creditWin into cash, optionally following the stake it pays for (its key). */
export type ManyCredit = MoneyCall & { type?: 'win' | 'prize' | 'refund'; stakeKey?: string };

/**
 * Many creditWin calls in one statement (ledger_credit_many): the settlement of thousands of bets pays them at once.
 * Each credit is booked exactly as `creditWin(tx, {..., stake: {key: stakeKey}})` would book it alone (the same
 * transaction row, answer, request hash and entries), a player may have many, and a key booked before is a replay
 * (answered again, `replayed: true`; another request under it is a 409 conflict, and nothing of the batch stays).
 * Answers in the order given.
 */
export async function creditMany(tx: Sql, credits: readonly ManyCredit[]): Promise<MoneyResult[]> {
  if (credits.length === 0) return [];
  const counter = (t: TransactionType) => COUNTERPARTY[t];
  const moves = credits.map((c, n) => {
    const type = c.type ?? 'win';
    const amount = amountOf(c.amount);
    const posting = {
      tenantId: c.tenantId,
      userId: c.userId,
      type,
      reference: c.reference,
      idempotencyKey: c.idempotencyKey,
      legs: [
        { account: { system: counter(type) }, amount: -amount },
        { account: { user: c.userId, kind: 'cash' as const }, amount },
      ],
    };
    validatePosting(posting);
    return {
      n,
      tenant: c.tenantId,
      user_id: c.userId,
      type,
      ref: c.reference,
      key: c.idempotencyKey,
      hash: requestHash(posting),
      metadata: c.metadata ?? {},
      amount,
      counter: counter(type),
      stake_key: c.stakeKey ?? null,
    };
  });
  let rows: { n: number; status: string; tx_id: number; result: Omit<MoneyResult, 'replayed'>; stored_hash: string }[];
  try {
    ({ rows } = await tx.query(
      'select n, status, tx_id, result, stored_hash from ledger_credit_many($1::jsonb)',
      [JSON.stringify(moves)],
      'ledger_credit_many',
    ));
  } catch (err) {
    throw ledgerError(err);
  }
  const out: MoneyResult[] = new Array(credits.length);
  for (const r of rows) {
    const m = moves[Number(r.n)]!;
    if (r.status === 'replay' && r.stored_hash !== m.hash) throw new AppError('conflict', IDEMPOTENCY_CONFLICT);
    if (r.status !== 'ok' && r.status !== 'replay') throw new AppError('conflict', IDEMPOTENCY_CONFLICT);
    const balance: Balance = { cash: 0, bonus: 0, pending: 0, ...(r.result.balance as Partial<Balance>) };
    out[Number(r.n)] = { ...r.result, transaction_id: Number(r.tx_id), balance, replayed: r.status === 'replay' };
  }
  return out;
}

/** Credits one of the player's accounts from a system account (default: the type's usual counterparty). */
export async function credit(
  tx: Sql,
  o: MoneyCall & { type: TransactionType; account?: PlayerAccount; from?: SystemAccount },
): Promise<MoneyResult> {
  const amount = amountOf(o.amount);
  return post(tx, {
    tenantId: o.tenantId,
    userId: o.userId,
    type: o.type,
    reference: o.reference,
    idempotencyKey: o.idempotencyKey,
    metadata: o.metadata,
    legs: [
      { account: { system: o.from ?? COUNTERPARTY[o.type] }, amount: -amount },
      { account: { user: o.userId, kind: o.account ?? 'cash' }, amount },
    ],
  });
}

/** Debits one of the player's accounts into a system account. InsufficientFunds when it does not fit. */
export async function debit(
  tx: Sql,
  o: MoneyCall & { type: TransactionType; account?: PlayerAccount; to?: SystemAccount },
): Promise<MoneyResult> {
  const amount = amountOf(o.amount);
  return post(tx, {
    tenantId: o.tenantId,
    userId: o.userId,
    type: o.type,
    reference: o.reference,
    idempotencyKey: o.idempotencyKey,
    metadata: o.metadata,
    legs: [
      { account: { user: o.userId, kind: o.account ?? 'cash' }, amount: -amount },
      { account: { system: o.to ?? COUNTERPARTY[o.type] }, amount },
    ],
  });
}

/** Moves money between two of the player's own accounts (bonus -> cash on rollover, cash -> pending ...). */
export async function transfer(
  tx: Sql,
  o: MoneyCall & { type: TransactionType; from: PlayerAccount; to: PlayerAccount },
): Promise<MoneyResult> {
  const amount = amountOf(o.amount);
  if (o.from === o.to) throw new AppError('bad_request', 'transfer needs two different accounts');
  return post(tx, {
    tenantId: o.tenantId,
    userId: o.userId,
    type: o.type,
    reference: o.reference,
    idempotencyKey: o.idempotencyKey,
    metadata: o.metadata,
    legs: [
      { account: { user: o.userId, kind: o.from }, amount: -amount },
      { account: { user: o.userId, kind: o.to }, amount },
    ],
  });
}

/**
 * Undoes the movement recorded under `originalKey` (a bet rolled back by the provider, a cancelled withdrawal) with
 * the exact opposite entries. Throws not_found when there is no such movement (a seamless-wallet rollback that
 * arrives before its bet should be answered as the provider's protocol says), conflict when it was already
 * reversed under another key.
 */
export async function reverse(
  tx: Sql,
  o: { tenantId: number; originalKey: string; idempotencyKey: string; reference: string; type?: TransactionType },
): Promise<MoneyResult> {
  const { rows } = await tx.query<{ id: number }>(
    'select id from ledger_transactions where tenant_id = $1 and idempotency_key = $2',
    [o.tenantId, o.originalKey],
  );
  if (!rows[0]) throw new AppError('not_found', 'no movement with that idempotency key');
  return reverseTransaction(tx, {
    tenantId: o.tenantId,
    originalId: rows[0].id,
    idempotencyKey: o.idempotencyKey,
    reference: o.reference,
    type: o.type,
  });
}

/** What the header and the wallet page show (GET /profile/wallet), in centavos. */
export async function readWallet(db: Sql, o: { tenantId: number; userId: number }) {
  const { rows } = await db.query<{ cash: number; bonus: number; pending: number; locked: number; deposits: number }>(
    `select coalesce(max(a.balance) filter (where a.kind = 'cash'), 0) as cash,
        coalesce(max(a.balance) filter (where a.kind = 'bonus'), 0) as bonus,
        coalesce(max(a.balance) filter (where a.kind = 'pending'), 0) as pending,
        coalesce(max(w.locked_cash), 0) as locked, coalesce(max(w.deposit_count), 0) as deposits
      from ledger_accounts a left join player_wallets w on w.tenant_id = a.tenant_id and w.user_id = a.user_id
      where a.tenant_id = $1 and a.user_id = $2`,
    [o.tenantId, o.userId],
  );
  const r = rows[0]!;
  return {
    balance: r.cash,
    balance_withdrawal: Math.max(0, r.cash - r.locked),
    bonus: r.bonus,
    pending_withdrawal: r.pending,
    deposit_count: r.deposits,
  };
}

/** Counts an approved deposit on the player's wallet, in the deposit's transaction; answers the new count. */
export async function countDeposit(tx: Sql, o: { tenantId: number; userId: number; amount: number }): Promise<number> {
  const { rows } = await tx.query<{ deposit_count: number }>(
    `update player_wallets set deposit_count = deposit_count + 1, deposit_total = deposit_total + $3
      where tenant_id = $1 and user_id = $2 returning deposit_count`,
    [o.tenantId, o.userId, o.amount],
  );
  return rows[0]?.deposit_count ?? 1;
}

/**
 * The cash the player may not withdraw (bonus rules lock some), with the wallet row locked until `tx` ends so that
 * concurrent withdrawals see each other's holds.
 */
export async function lockWithdrawLimit(tx: Sql, o: { tenantId: number; userId: number }): Promise<number> {
  const { rows } = await tx.query<{ locked_cash: number }>(
    'select locked_cash from player_wallets where tenant_id = $1 and user_id = $2 for update',
    [o.tenantId, o.userId],
  );
  return rows[0]?.locked_cash ?? 0;
}

/**
 * A player's stakes and wins per hour since `since`, from the ledger (what responsible gaming's rolling windows
 * start from when a rule first applies to the player). Stakes given back (refunds, reversals) count off the stakes;
 * a reversed win counts off the wins.
 */
export async function playByHour(
  sql: Sql,
  o: { tenantId: number; userId: number; since: Date },
): Promise<{ hour: Date; wagered: number; won: number }[]> {
  const { rows } = await sql.query<{ hour: Date; wagered: string; won: string }>(
    `select date_trunc('hour', t.created_at) as hour,
        (-coalesce(sum(e.amount) filter (where t.type in ('bet', 'box')), 0)
          - coalesce(sum(e.amount) filter (where t.type in ('refund', 'reversal') and e.amount > 0), 0))::text
          as wagered,
        (coalesce(sum(e.amount) filter (where t.type in ('win', 'prize')), 0)
          + coalesce(sum(e.amount) filter (where t.type = 'reversal' and e.amount < 0), 0))::text as won
      from ledger_transactions t
        join ledger_entries e on e.transaction_id = t.id
        join ledger_accounts a on a.id = e.account_id and a.user_id = t.user_id and a.kind in ('cash', 'bonus')
      where t.tenant_id = $1 and t.user_id = $2 and t.created_at >= $3
        and t.type in ('bet', 'box', 'win', 'prize', 'refund', 'reversal')
      group by 1 order by 1`,
    [o.tenantId, o.userId, o.since],
  );
  return rows.map((r) => ({ hour: new Date(r.hour), wagered: Number(r.wagered), won: Number(r.won) }));
}

/** A player's stakes, wins and number of stakes since `since` (a session's figures), counted as playByHour does. */
export async function playSince(
  sql: Sql,
  o: { tenantId: number; userId: number; since: Date },
): Promise<{ wagered: number; won: number; bets: number }> {
  const { rows } = await sql.query<{ wagered: string; won: string; bets: string }>(
    `select (-coalesce(sum(e.amount) filter (where t.type in ('bet', 'box')), 0)
          - coalesce(sum(e.amount) filter (where t.type in ('refund', 'reversal') and e.amount > 0), 0))::text
          as wagered,
        (coalesce(sum(e.amount) filter (where t.type in ('win', 'prize')), 0)
          + coalesce(sum(e.amount) filter (where t.type = 'reversal' and e.amount < 0), 0))::text as won,
        count(distinct t.id) filter (where t.type in ('bet', 'box'))::text as bets
      from ledger_transactions t
        join ledger_entries e on e.transaction_id = t.id
        join ledger_accounts a on a.id = e.account_id and a.user_id = t.user_id and a.kind in ('cash', 'bonus')
      where t.tenant_id = $1 and t.user_id = $2 and t.created_at >= $3
        and t.type in ('bet', 'box', 'win', 'prize', 'refund', 'reversal')`,
    [o.tenantId, o.userId, o.since],
  );
  const r = rows[0];
  return { wagered: Number(r?.wagered ?? 0), won: Number(r?.won ?? 0), bets: Number(r?.bets ?? 0) };
}

/** The play types a net loss is counted from; a reversal counts when it undoes one of them. */
const PLAY_TYPES = ['bet', 'box', 'win', 'prize', 'refund'];

/**
 * Each player's play on real money from `from` (inclusive) to `to` (exclusive), for those who lost: cash staked,
 * won and given back (a reversed stake counts as given back, a reversed win off the wins), and the net loss (staked
 * - won - refunded, above zero). Only the cash account counts: bonus money staked was never the player's to lose.
 */
export async function cashLossByPlayer(
  sql: Sql,
  o: { tenantId: number; from: Date; to: Date },
): Promise<{ userId: number; staked: number; won: number; refunded: number; netLoss: number }[]> {
  const { rows } = await sql.query<{ user_id: number; staked: string; won: string; refunded: string; net: string }>(
    `select t.user_id,
        (-coalesce(sum(e.amount) filter (where t.type in ('bet', 'box')), 0))::text as staked,
        (coalesce(sum(e.amount) filter (where t.type in ('win', 'prize')
          or (t.type = 'reversal' and o.type in ('win', 'prize'))), 0))::text as won,
        (coalesce(sum(e.amount) filter (where t.type = 'refund'
          or (t.type = 'reversal' and o.type in ('bet', 'box', 'refund'))), 0))::text as refunded,
        (-sum(e.amount))::text as net
      from ledger_transactions t
        join ledger_entries e on e.transaction_id = t.id
        join ledger_accounts a on a.id = e.account_id and a.user_id = t.user_id and a.kind = 'cash'
        left join ledger_transactions o on o.id = t.reverses_id
      where t.tenant_id = $1 and t.created_at >= $2 and t.created_at < $3 and t.user_id is not null
        and (t.type::text = any($4::text[]) or (t.type = 'reversal' and o.type::text = any($4::text[])))
      group by t.user_id
      having -sum(e.amount) > 0
      order by t.user_id`,
    [o.tenantId, o.from, o.to, PLAY_TYPES],
  );
  return rows.map((r) => ({
    userId: Number(r.user_id),
    staked: Number(r.staked),
    won: Number(r.won),
    refunded: Number(r.refunded),
    netLoss: Number(r.net),
  }));
}

/** What the player has wagered in all (centavos): every stake the ledger took, less the stakes it gave back. */
export async function totalBet(sql: Sql, o: { tenantId: number; userId: number }): Promise<number> {
  const { rows } = await sql.query<{ total_bet: number }>(
    'select total_bet from player_wagers where tenant_id = $1 and user_id = $2',
    [o.tenantId, o.userId],
  );
  return Number(rows[0]?.total_bet ?? 0);
}

export type PlayerMovement = { id: number; type: TransactionType; value: number; date: Date };

/**
 * A player's movements of the given types, newest first (the `limit` newest, at least one), each with what it moved
 * on the player's cash and bonus in absolute centavos; and how many there are in all. The transactions list of the
 * payments module merges them with its deposits and withdrawals.
 */
export async function listPlayerMovements(
  sql: Sql,
  o: { tenantId: number; userId: number; types: readonly TransactionType[]; limit: number },
): Promise<{ movements: PlayerMovement[]; total: number }> {
  const { rows } = await sql.query<{ id: number; type: TransactionType; value: number; date: Date; total: number }>(
    `select t.id, t.type, abs(coalesce((select sum(e.amount) from ledger_entries e
          join ledger_accounts a on a.id = e.account_id
          where e.transaction_id = t.id and a.user_id = t.user_id and a.kind in ('cash', 'bonus')), 0))::bigint as value,
        t.created_at as date, count(*) over ()::int as total
      from ledger_transactions t
      where t.tenant_id = $1 and t.user_id = $2 and t.type = any($3::text[])
      order by t.created_at desc, t.id desc limit $4`,
    [o.tenantId, o.userId, o.types, o.limit],
  );
  return {
    movements: rows.map((r) => ({ id: Number(r.id), type: r.type, value: Number(r.value), date: r.date })),
    total: rows[0]?.total ?? 0,
  };
}
export { bulkSeedMoves, bulkSeedRoundMoney, cashBalances } from './bulk-seed';
