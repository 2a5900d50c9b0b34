import { createHash } from 'node:crypto';
import type { Sql } from '../../db/index';
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

const KIND_ORDER: Record<PlayerAccount, number> = { bonus: 0, cash: 1, pending: 2 };

function requestHash(p: Posting): string {
  const legs = p.legs.map((l) =>
    'user' in l.account ? [l.account.user, l.account.kind, l.amount] : ['system', l.account.system, l.amount],
  );
  const canonical = JSON.stringify([p.userId, p.type, p.reference, p.reversesId ?? null, p.fingerprint ?? legs]);
  return createHash('sha256').update(canonical).digest('hex');
}

function validate(p: Posting) {
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

type Replay = { request_hash: string; result: Omit<MoneyResult, 'replayed'> | null; id: number };

async function findByKey(sql: Sql, tenantId: number, key: string): Promise<Replay | null> {
  const { rows } = await sql.query<Replay>(
    'select id, request_hash, result from ledger_transactions where tenant_id = $1 and idempotency_key = $2',
    [tenantId, key],
  );
  return rows[0] ?? null;
}

function replayOf(existing: Replay, hash: string): MoneyResult {
  if (existing.request_hash !== hash) throw new AppError('conflict', IDEMPOTENCY_CONFLICT);
  return { ...(existing.result as Omit<MoneyResult, 'replayed'>), replayed: true };
}

/**
 * Claims the idempotency key: a new transaction row, or the earlier answer. A concurrent holder of the same key
 * makes the insert wait until it commits (then we replay) or rolls back (then we own the key).
 */
async function claim(sql: Sql, p: Posting, hash: string): Promise<{ id: number } | { replay: MoneyResult }> {
  const { rows } = await sql.query<{ id: number }>(
    `insert into ledger_transactions (tenant_id, user_id, type, reference, idempotency_key, request_hash, result,
        metadata, reverses_id)
      values ($1, $2, $3, $4, $5, $6, '{}'::jsonb, $7, $8)
      on conflict (tenant_id, idempotency_key) do nothing returning id`,
    [
      p.tenantId,
      p.userId,
      p.type,
      p.reference,
      p.idempotencyKey,
      hash,
      JSON.stringify(p.metadata ?? {}),
      p.reversesId ?? null,
    ],
  );
  if (rows[0]) return { id: rows[0].id };
  const existing = await findByKey(sql, p.tenantId, p.idempotencyKey);
  if (!existing) throw new AppError('conflict', IDEMPOTENCY_CONFLICT);
  return { replay: replayOf(existing, hash) };
}

type Applied = { id: number; user_id: number; kind: PlayerAccount; balance: number };

/** One conditional UPDATE per player account, in a fixed order (no deadlocks between two movements). */
async function applyPlayerLegs(sql: Sql, tenantId: number, legs: Leg[]): Promise<Map<string, Applied>> {
  const deltas = new Map<string, { user: number; kind: PlayerAccount; delta: number }>();
  for (const l of legs) {
    if (!('user' in l.account)) continue;
    const k = `${l.account.user}:${l.account.kind}`;
    const cur = deltas.get(k) ?? { user: l.account.user, kind: l.account.kind, delta: 0 };
    cur.delta += l.amount;
    deltas.set(k, cur);
  }
  const ordered = [...deltas.values()].sort((a, b) => a.user - b.user || KIND_ORDER[a.kind] - KIND_ORDER[b.kind]);
  const out = new Map<string, Applied>();
  for (const d of ordered) {
    const { rows } = await sql.query<Applied>(
      `update ledger_accounts set balance = balance + $4, updated_at = now()
        where tenant_id = $1 and user_id = $2 and kind = $3 and balance + $4 >= 0
        returning id, user_id, kind, balance`,
      [tenantId, d.user, d.kind, d.delta],
    );
    if (!rows[0]) {
      const exists = await sql.query('select 1 from ledger_accounts where tenant_id = $1 and user_id = $2 limit 1', [
        tenantId,
        d.user,
      ]);
      if (exists.rows.length === 0) throw new AppError('not_found', 'no such player account');
      throw new InsufficientFunds();
    }
    out.set(`${d.user}:${d.kind}`, rows[0]);
  }
  return out;
}

/** The player's balances from what this movement just wrote, completed by a read for untouched accounts. */
async function balanceAfter(sql: Sql, tenantId: number, userId: number | null, applied: Map<string, Applied>) {
  const bal: Balance = { cash: 0, bonus: 0, pending: 0 };
  if (userId === null) return bal;
  const missing = (['cash', 'bonus', 'pending'] as const).filter((k) => !applied.has(`${userId}:${k}`));
  for (const k of ['cash', 'bonus', 'pending'] as const) {
    const a = applied.get(`${userId}:${k}`);
    if (a) bal[k] = a.balance;
  }
  if (missing.length) {
    const { rows } = await sql.query<{ kind: PlayerAccount; balance: number }>(
      'select kind, balance from ledger_accounts where tenant_id = $1 and user_id = $2 and kind = any($3::text[])',
      [tenantId, userId, missing],
    );
    for (const r of rows) bal[r.kind] = r.balance;
  }
  return bal;
}

/**
 * Records one double-entry movement inside the caller's SQL transaction: claims the idempotency key, applies each
 * player balance change as one conditional UPDATE (throws InsufficientFunds, 402, when it would go below zero),
 * appends the entries and stores the answer for replays. On any throw the caller's transaction must roll back
 * (Db.transaction does), so nothing is ever half-applied.
 */
export async function post(sql: Sql, p: Posting): Promise<MoneyResult> {
  validate(p);
  const hash = requestHash(p);
  const claimed = await claim(sql, p, hash);
  if ('replay' in claimed) return claimed.replay;
  const players = p.legs.filter((l) => 'user' in l.account);
  const single =
    players.length === 1 && p.userId !== null && (players[0]!.account as { user: number }).user === p.userId;
  if (single) {
    const fast = await postSingle(sql, p, claimed.id);
    if (fast) return fast;
    if (!p.fallbackLegs) throw new InsufficientFunds();
    // The fast attempt changed nothing (its UPDATE matched no row): book the fallback under the same claim.
    const legs = await p.fallbackLegs(sql);
    validate({ ...p, legs });
    return postGeneral(sql, { ...p, legs }, claimed.id);
  }
  return postGeneral(sql, p, claimed.id);
}

/**
 * The common movement (one player account against system accounts) in ONE statement after the claim: the
 * conditional UPDATE, the entries and the stored answer. null when the UPDATE matched nothing (not enough funds);
 * nothing was written then.
 */
async function postSingle(sql: Sql, p: Posting, txId: number): Promise<MoneyResult | null> {
  const player = p.legs.find((l) => 'user' in l.account)!;
  const kind = (player.account as { kind: PlayerAccount }).kind;
  const { rows } = await sql.query<{ result: Omit<MoneyResult, 'replayed'> | null }>(
    `with upd as (
        update ledger_accounts set balance = balance + $4, updated_at = now()
          where tenant_id = $1 and user_id = $2 and kind = $3 and balance + $4 >= 0
          returning id, balance),
      others as (
        select kind, balance from ledger_accounts where tenant_id = $1 and user_id = $2 and kind <> $3),
      ent as (
        insert into ledger_entries (transaction_id, account_id, amount, balance_after)
        select $5, case when a.player then upd.id else (select s.id from ledger_accounts s
              where s.tenant_id = $1 and s.user_id is null and s.kind = a.kind) end,
            a.amount, case when a.player then upd.balance end
          from upd, unnest($6::text[], $7::bigint[], $8::boolean[]) as a(kind, amount, player)
        returning 1),
      res as (
        update ledger_transactions set result = $9::jsonb || jsonb_build_object('transaction_id', $5::bigint,
            'balance', (select jsonb_object_agg(b.kind, b.balance) from
              (select $3::text as kind, balance from upd union all select kind, balance from others) b))
          where id = $5 and exists (select 1 from upd)
          returning result)
      select (select result from res) as result`,
    [
      p.tenantId,
      p.userId,
      kind,
      player.amount,
      txId,
      p.legs.map((l) => ('user' in l.account ? l.account.kind : l.account.system)),
      p.legs.map((l) => l.amount),
      p.legs.map((l) => 'user' in l.account),
      JSON.stringify(p.extra ?? {}),
    ],
  );
  const result = rows[0]?.result;
  if (!result) {
    const exists = await sql.query('select 1 from ledger_accounts where tenant_id = $1 and user_id = $2 limit 1', [
      p.tenantId,
      p.userId,
    ]);
    if (exists.rows.length === 0) throw new AppError('not_found', 'no such player account');
    return null;
  }
  const balance: Balance = { cash: 0, bonus: 0, pending: 0, ...(result.balance as Partial<Balance>) };
  return { ...result, balance, replayed: false };
}

async function postGeneral(sql: Sql, p: Posting, txId: number): Promise<MoneyResult> {
  const applied = await applyPlayerLegs(sql, p.tenantId, p.legs);
  const balance = await balanceAfter(sql, p.tenantId, p.userId, applied);
  const result = { ...p.extra, transaction_id: txId, balance };
  const accountIds: (number | null)[] = [];
  const kinds: string[] = [];
  const amounts: number[] = [];
  const after: (number | null)[] = [];
  for (const l of p.legs) {
    if ('user' in l.account) {
      const a = applied.get(`${l.account.user}:${l.account.kind}`)!;
      accountIds.push(a.id);
      kinds.push(l.account.kind);
      after.push(a.balance);
    } else {
      accountIds.push(null);
      kinds.push(l.account.system);
      after.push(null);
    }
    amounts.push(l.amount);
  }
  await sql.query(
    `with e as (
        insert into ledger_entries (transaction_id, account_id, amount, balance_after)
        select $1, coalesce(a.acc, (select s.id from ledger_accounts s
            where s.tenant_id = $6 and s.user_id is null and s.kind = a.kind)), a.amount, a.bal
          from unnest($2::bigint[], $3::text[], $4::bigint[], $5::bigint[]) as a(acc, kind, amount, bal)
        returning 1)
      update ledger_transactions set result = $7 where id = $1`,
    [txId, accountIds, kinds, amounts, after, p.tenantId, JSON.stringify(result)],
  );
  return { ...result, replayed: false };
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
  | { kind: 'empty_transaction'; transaction_id: number };

/**
 * Reconciliation (ops ledger:check): every transaction sums to zero and has entries; every player account's
 * stored balance equals the sum of its entries. Also returns the system accounts' balances (sum of entries).
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
    ...mismatched.rows.map(
      (r) => ({ kind: 'balance_mismatch', account_id: r.id, stored: r.stored, entries: Number(r.entries) }) as const,
    ),
  ];
  return { ok: problems.length === 0, problems, totals: totals.rows, ...counts.rows[0]! };
}
