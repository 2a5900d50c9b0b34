import { createHash } from 'node:crypto';
import type { Sql } from '../../platform/db/index';
import { AppError, type Localized } from '../../platform/errors';

/** A player's own accounts. cash: real money; bonus: promotional credit; pending: withdrawals in flight. */
export type PlayerAccount = 'cash' | 'bonus' | 'pending';
/** Per-tenant counterparties. house: bets and wins; psp_clearing: PIX in; payouts: PIX out; promotions: bonuses. */
export type SystemAccount = 'house' | 'psp_clearing' | 'promotions' | 'payouts';

/** Why money moved; the transactions list of the spec shows deposit, withdraw, bonus, rollover, win, bet. */
export type TransactionType =
  | 'deposit'
  | 'withdraw'
  | 'bonus'
  | 'rollover'
  | 'win'
  | 'bet'
  | 'refund'
  | 'box'
  | 'prize'
  | 'cashback'
  | 'reversal'
  | 'adjustment';

export const TRANSACTION_TYPES: readonly TransactionType[] = [
  'deposit',
  'withdraw',
  'bonus',
  'rollover',
  'win',
  'bet',
  'refund',
  'box',
  'prize',
  'cashback',
  'reversal',
  'adjustment',
];

export type Leg = { account: { user: number; kind: PlayerAccount } | { system: SystemAccount }; amount: number };

export type Balance = { cash: number; bonus: number; pending: number };

/** What every money-moving call answers; a replay (same key, same request) answers the first result again. */
export type MoneyResult = {
  transaction_id: number;
  /** The player's balances right after this movement (for a replay: right after the original one). */
  balance: Balance;
  replayed: boolean;
};

export type Posting = {
  tenantId: number;
  /** The player concerned (shown in their transactions list); null for a pure system movement. */
  userId: number | null;
  type: TransactionType;
  /** What the movement is about: a round id, a charge txid, a withdrawal id ... (1-200 characters). */
  reference: string;
  /** Required. Unique per tenant; prefix it with the caller's module ("casino:pg:123", "pix:e2e:E...") */
  idempotencyKey: string;
  legs: Leg[];
  metadata?: Record<string, unknown>;
  reversesId?: number;
  /**
   * What identifies the caller's request for replay checks, when the legs depend on state (a stake split between
   * cash and bonus). Default: the legs themselves.
   */
  fingerprint?: unknown;
  /** Extra fields stored in the answer and returned on replays. */
  extra?: Record<string, unknown>;
  /**
   * When the (single-account) legs do not fit, the legs to book instead, computed under lock (a stake split
   * between cash and bonus). Without it, not fitting is InsufficientFunds.
   */
  fallbackLegs?: (sql: Sql) => Promise<Leg[]>;
};

export const IDEMPOTENCY_CONFLICT: Localized = {
  pt: 'Esta chave de idempotência já foi usada com outros dados.',
  en: 'This idempotency key was already used with different data.',
};

export class InsufficientFunds extends AppError {
  constructor() {
    super('insufficient_funds');
  }
}

export function requestHash(p: Posting): string {
  const legs = p.legs.map((l) =>
    'user' in l.account ? [l.account.user, l.account.kind, l.amount] : ['system', l.account.system, l.amount],
  );
  const canonical = JSON.stringify([p.userId, p.type, p.reference, p.reversesId ?? null, p.fingerprint ?? legs]);
  return createHash('sha256').update(canonical).digest('hex');
}

export function validate(p: Posting) {
  const bad = (why: string) => new AppError('bad_request', `invalid posting: ${why}`);
  if (typeof p.idempotencyKey !== 'string' || p.idempotencyKey.length < 1 || p.idempotencyKey.length > 200)
    throw bad('an idempotency key of 1-200 characters is required');
  if (typeof p.reference !== 'string' || p.reference.length < 1 || p.reference.length > 200)
    throw bad('a reference of 1-200 characters is required');
  if (p.legs.length < 2) throw bad('at least two legs');
  let sum = 0;
  for (const l of p.legs) {
    if (!Number.isSafeInteger(l.amount) || l.amount === 0) throw bad('amounts are non-zero integer centavos');
    sum += l.amount;
  }
  if (sum !== 0) throw bad('legs must sum to zero');
}

type PostRow = {
  status: 'ok' | 'replay' | 'insufficient';
  tx_id: number | null;
  result: Omit<MoneyResult, 'replayed'> | null;
  stored_hash: string | null;
};

/** Maps the SQLSTATEs the ledger functions raise (migration 20261123040000_hot_path.sql) to AppErrors. */
export function ledgerError(err: unknown): unknown {
  const code = (err as { code?: string } | null)?.code;
  if (code === 'SR402') return new InsufficientFunds();
  if (code === 'SR404') return new AppError('not_found', 'no such player account');
  if (code === 'SR409') return new AppError('conflict', IDEMPOTENCY_CONFLICT);
  return err;
}

async function call(sql: Sql, text: string, params: unknown[], name: string): Promise<PostRow> {
  try {
    const { rows } = await sql.query<PostRow>(text, params, name);
    return rows[0]!;
  } catch (err) {
    throw ledgerError(err);
  }
}

function answer(row: PostRow, hash: string): MoneyResult {
  if (row.status === 'replay') {
    if (row.stored_hash !== hash) throw new AppError('conflict', IDEMPOTENCY_CONFLICT);
    return { ...(row.result as Omit<MoneyResult, 'replayed'>), replayed: true };
  }
  if (row.status !== 'ok') throw new AppError('conflict', IDEMPOTENCY_CONFLICT);
  const result = row.result!;
  const balance: Balance = { cash: 0, bonus: 0, pending: 0, ...(result.balance as Partial<Balance>) };
  return { ...result, balance, replayed: false };
}

const POST_SQL = `select status, tx_id, result, stored_hash from ledger_post($1::bigint, $2::bigint, $3::text, $4::text,
  $5::text, $6::text, $7::jsonb, $8::bigint, $9::jsonb, $10::bigint[], $11::text[], $12::bigint[], $13::bigint)`;

/** ledger_post in one round trip: balance changes, the transaction row with its answer (or a replay), entries. */
function postOnce(sql: Sql, p: Posting, hash: string): Promise<PostRow> {
  return call(
    sql,
    POST_SQL,
    [
      p.tenantId,
      p.userId,
      p.type,
      p.reference,
      p.idempotencyKey,
      hash,
      JSON.stringify(p.metadata ?? {}),
      p.reversesId ?? null,
      JSON.stringify(p.extra ?? {}),
      p.legs.map((l) => ('user' in l.account ? l.account.user : null)),
      p.legs.map((l) => ('user' in l.account ? l.account.kind : l.account.system)),
      p.legs.map((l) => l.amount),
      null,
    ],
    'ledger_post',
  );
}

/**
 * Records one double-entry movement inside the caller's SQL transaction, in one round trip (the PL/pgSQL function
 * ledger_post, migration 20261124000000_ledger_throughput.sql): applies each player balance change as one
 * conditional UPDATE (throws InsufficientFunds, 402, when it would go below zero), writes the transaction row with
 * its answer under the idempotency key (a replay undoes its balance changes and answers the first result) and
 * appends the entries. On any throw the caller's transaction must roll back (Db.transaction does), so nothing is
 * ever half-applied.
 */
export async function post(sql: Sql, p: Posting): Promise<MoneyResult> {
  validate(p);
  const hash = requestHash(p);
  const row = await postOnce(sql, p, hash);
  if (row.status !== 'insufficient') return answer(row, hash);
  if (!p.fallbackLegs) throw new InsufficientFunds();
  // The first attempt wrote nothing (its UPDATE matched no row and the key is unknown): book the fallback instead.
  const legs = await p.fallbackLegs(sql);
  validate({ ...p, legs });
  const again = await postOnce(sql, { ...p, legs }, hash);
  if (again.status === 'insufficient') throw new InsufficientFunds();
  return answer(again, hash);
}

/** One movement between a player's balance and a system account, as the stake and win calls take it. */
export type PlayerMove = {
  tenantId: number;
  userId: number;
  type: TransactionType;
  reference: string;
  idempotencyKey: string;
  metadata?: Record<string, unknown>;
  counterparty: SystemAccount;
  amount: number;
};

/**
 * A stake in one round trip (ledger_debit_bet): all from cash when it fits, else cash first and the rest from bonus,
 * both rows locked in the ledger's order. The answer's extra field `debited` tells the split.
 */
export async function debitStake(
  sql: Sql,
  o: PlayerMove,
): Promise<MoneyResult & { debited: { cash: number; bonus: number } }> {
  const p: Posting = {
    tenantId: o.tenantId,
    userId: o.userId,
    type: o.type,
    reference: o.reference,
    idempotencyKey: o.idempotencyKey,
    metadata: o.metadata,
    fingerprint: ['debitBet', o.amount],
    legs: [
      { account: { user: o.userId, kind: 'cash' }, amount: -o.amount },
      { account: { system: o.counterparty }, amount: o.amount },
    ],
  };
  validate(p);
  const hash = requestHash(p);
  const row = await call(
    sql,
    `select status, tx_id, result, stored_hash from ledger_debit_bet($1::bigint, $2::bigint, $3::text, $4::text,
      $5::text, $6::text, $7::jsonb, $8::text, $9::bigint)`,
    [
      o.tenantId,
      o.userId,
      o.type,
      o.reference,
      o.idempotencyKey,
      hash,
      JSON.stringify(o.metadata ?? {}),
      o.counterparty,
      o.amount,
    ],
    'ledger_debit_bet',
  );
  if (row.status === 'insufficient') throw new InsufficientFunds();
  return answer(row, hash) as MoneyResult & { debited: { cash: number; bonus: number } };
}

/**
 * The stake a win (or a stake given back) pays for: by its idempotency key (its answer's `debited` tells the split),
 * or by the figures of a round of several stakes (`bonus` of `total` staked came from bonus, the first such stake
 * booked as ledger transaction `since`; null: in this same SQL transaction).
 */
export type StakeShare = { key: string } | { bonus: number; total: number; since: number | null };

/**
 * A credit from `counterparty` that follows the money staked (ledger_credit_win): floor(amount x bonus / total) to
 * the bonus account (to promotions when the bonus was removed after the stake), the rest to cash. With no bonus
 * part it books exactly what `post` would for a credit into cash, under the same request hash.
 */
export async function creditFollowing(
  sql: Sql,
  o: PlayerMove & { stake: StakeShare },
): Promise<MoneyResult & { credited?: { cash: number; bonus: number; promotions: number } }> {
  const p: Posting = {
    tenantId: o.tenantId,
    userId: o.userId,
    type: o.type,
    reference: o.reference,
    idempotencyKey: o.idempotencyKey,
    metadata: o.metadata,
    legs: [
      { account: { system: o.counterparty }, amount: -o.amount },
      { account: { user: o.userId, kind: 'cash' }, amount: o.amount },
    ],
  };
  validate(p);
  const s = o.stake;
  const byKey = 'key' in s;
  if (!byKey && (!Number.isSafeInteger(s.bonus) || !Number.isSafeInteger(s.total) || s.bonus < 0 || s.total < 0))
    throw new AppError('bad_request', 'invalid posting: the stake share is integer centavos');
  const hash = requestHash(p);
  const row = await call(
    sql,
    `select status, tx_id, result, stored_hash from ledger_credit_win($1::bigint, $2::bigint, $3::text, $4::text,
      $5::text, $6::text, $7::jsonb, $8::text, $9::bigint, $10::bigint, $11::bigint, $12::bigint, $13::text)`,
    [
      o.tenantId,
      o.userId,
      o.type,
      o.reference,
      o.idempotencyKey,
      hash,
      JSON.stringify(o.metadata ?? {}),
      o.counterparty,
      o.amount,
      byKey ? null : s.bonus,
      byKey ? null : s.total,
      byKey ? null : s.since,
      byKey ? s.key : null,
    ],
    'ledger_credit_win',
  );
  return answer(row, hash);
}

/** The stored answer of an earlier movement, by its idempotency key (null when there is none). */
export async function findTransaction(sql: Sql, tenantId: number, idempotencyKey: string) {
  const { rows } = await sql.query<{
    id: number;
    user_id: number | null;
    type: TransactionType;
    reference: string;
    reverses_id: number | null;
    created_at: Date;
  }>(
    `select id, user_id, type, reference, reverses_id, created_at from ledger_transactions
      where tenant_id = $1 and idempotency_key = $2`,
    [tenantId, idempotencyKey],
  );
  return rows[0] ?? null;
}

/**
 * Undoes an earlier movement with a new one whose entries are the exact opposites. At most one reversal per
 * movement (a second attempt with another key is a 409); reversing a credit that was already spent is a 402.
 */
export async function reverseTransaction(
  sql: Sql,
  o: { tenantId: number; originalId: number; idempotencyKey: string; reference: string; type?: TransactionType },
): Promise<MoneyResult> {
  const { rows: orig } = await sql.query<{ user_id: number | null }>(
    'select user_id from ledger_transactions where tenant_id = $1 and id = $2',
    [o.tenantId, o.originalId],
  );
  if (!orig[0]) throw new AppError('not_found', 'no such transaction');
  const { rows } = await sql.query<{ user_id: number | null; kind: PlayerAccount | SystemAccount; amount: number }>(
    `select a.user_id, a.kind, e.amount from ledger_entries e join ledger_accounts a on a.id = e.account_id
      where e.transaction_id = $1 order by e.id`,
    [o.originalId],
  );
  const legs: Leg[] = rows.map((r) => ({
    account:
      r.user_id === null ? { system: r.kind as SystemAccount } : { user: r.user_id, kind: r.kind as PlayerAccount },
    amount: -r.amount,
  }));
  try {
    return await post(sql, {
      tenantId: o.tenantId,
      userId: orig[0].user_id,
      type: o.type ?? 'reversal',
      reference: o.reference,
      idempotencyKey: o.idempotencyKey,
      legs,
      reversesId: o.originalId,
    });
  } catch (err) {
    if ((err as { code?: string }).code === '23505')
      throw new AppError('conflict', {
        pt: 'Esta transação já foi estornada.',
        en: 'This transaction was already reversed.',
      });
    throw err;
  }
}

export async function readBalance(sql: Sql, tenantId: number, userId: number): Promise<Balance> {
  const { rows } = await sql.query<{ kind: PlayerAccount; balance: number }>(
    'select kind, balance from ledger_accounts where tenant_id = $1 and user_id = $2',
    [tenantId, userId],
  );
  if (rows.length === 0) throw new AppError('not_found', 'no such player account');
  const bal: Balance = { cash: 0, bonus: 0, pending: 0 };
  for (const r of rows) bal[r.kind] = r.balance;
  return bal;
}

export type LedgerProblem =
  | { kind: 'unbalanced_transaction'; transaction_id: number; sum: number }
  | { kind: 'balance_mismatch'; account_id: number; stored: number; entries: number }
  | { kind: 'empty_transaction'; transaction_id: number }
  /** An entry whose transaction or account row is missing (the ledger keeps these by rule, not by foreign key). */
  | { kind: 'orphan_entry'; entry_id: number; transaction_id: number; account_id: number }
  /** A player account whose player row is missing. */
  | { kind: 'orphan_account'; account_id: number; user_id: number };

/**
 * Reconciliation (ops ledger:check): every transaction sums to zero and has entries; every entry belongs to an
 * existing transaction and account; every player account's stored balance equals the sum of its entries. Also
 * returns the system accounts' balances (sum of entries).
 */
export async function checkLedger(sql: Sql, tenantId?: number) {
  const t = tenantId ?? null;
  const unbalanced = await sql.query<{ id: number; sum: number }>(
    `select t.id, coalesce(sum(e.amount), 0)::bigint as sum from ledger_transactions t
        left join ledger_entries e on e.transaction_id = t.id
      where ($1::bigint is null or t.tenant_id = $1)
      group by t.id having coalesce(sum(e.amount), 0) <> 0 or count(e.id) = 0`,
    [t],
  );
  const mismatched = await sql.query<{ id: number; stored: number; entries: number }>(
    `select a.id, a.balance as stored, coalesce(s.total, 0)::bigint as entries from ledger_accounts a
        left join (select account_id, sum(amount) as total from ledger_entries group by account_id) s
          on s.account_id = a.id
      where a.user_id is not null and ($1::bigint is null or a.tenant_id = $1)
        and a.balance <> coalesce(s.total, 0)`,
    [t],
  );
  // With a tenant: the entries of its transactions (an entry pointing at no transaction belongs to no tenant, so
  // only the whole-ledger check, without a tenant, can see those).
  const orphans = await sql.query<{ id: number; transaction_id: number; account_id: number }>(
    `select e.id, e.transaction_id, e.account_id from ledger_entries e
        left join ledger_transactions t on t.id = e.transaction_id
        left join ledger_accounts a on a.id = e.account_id
      where (t.id is null or a.id is null or a.tenant_id <> t.tenant_id)
        and ($1::bigint is null or t.tenant_id = $1)
      order by e.id limit 1000`,
    [t],
  );
  const lostAccounts = await sql.query<{ id: number; user_id: number }>(
    `select a.id, a.user_id from ledger_accounts a
        left join users u on u.tenant_id = a.tenant_id and u.id = a.user_id
      where a.user_id is not null and u.id is null and ($1::bigint is null or a.tenant_id = $1)
      order by a.id limit 1000`,
    [t],
  );
  const totals = await sql.query<{ tenant_id: number; kind: string; total: number }>(
    `select a.tenant_id, a.kind, coalesce(sum(e.amount), 0)::bigint as total from ledger_accounts a
        left join ledger_entries e on e.account_id = a.id
      where ($1::bigint is null or a.tenant_id = $1)
      group by a.tenant_id, a.kind order by a.tenant_id, a.kind`,
    [t],
  );
  const counts = await sql.query<{ transactions: number; entries: number }>(
    `select (select count(*) from ledger_transactions where ($1::bigint is null or tenant_id = $1))::bigint as transactions,
        (select count(*) from ledger_entries e join ledger_transactions x on x.id = e.transaction_id
          where ($1::bigint is null or x.tenant_id = $1))::bigint as entries`,
    [t],
  );
  const problems: LedgerProblem[] = [
    ...unbalanced.rows.map((r) =>
      Number(r.sum) === 0
        ? ({ kind: 'empty_transaction', transaction_id: r.id } as const)
        : ({ kind: 'unbalanced_transaction', transaction_id: r.id, sum: Number(r.sum) } as const),
    ),
    ...orphans.rows.map(
      (r) =>
        ({ kind: 'orphan_entry', entry_id: r.id, transaction_id: r.transaction_id, account_id: r.account_id }) as const,
    ),
    ...lostAccounts.rows.map((r) => ({ kind: 'orphan_account', account_id: r.id, user_id: r.user_id }) as const),
    ...mismatched.rows.map(
      (r) => ({ kind: 'balance_mismatch', account_id: r.id, stored: r.stored, entries: Number(r.entries) }) as const,
    ),
  ];
  return { ok: problems.length === 0, problems, totals: totals.rows, ...counts.rows[0]! };
}
