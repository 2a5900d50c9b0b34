import { ODDS_SCALE } from '@sorte/contracts';
import type { Db, Sql } from '../../../platform/db/index';
import { AppError } from '../../../platform/errors';
import { publish } from '../../../platform/events/index';
import * as ledger from '../../ledger/index';
import * as rg from '../../responsible-gaming/index';

/*
 * Betby's wallet callbacks: Betby runs the book and tells us, one signed callback at a time, to take a stake
 * (bet/make), that the bet stands (bet/commit) or never stood (bet/discard), and how it settled (bet/win, bet/lost,
 * bet/refund), maybe undoing a settlement (bet/rollback) before settling again. Rules:
 * - every callback is idempotent on Betby's transaction id: a retry answers the first answer and moves nothing;
 * - money moves only through the ledger, in the same transaction as our record of it; a stake passes responsible
 *   gaming first; keys are "sports:betby:<bet transaction id>:stake|win:<v>|refund:<v>|rollback:<v>|discard", the
 *   settlement version v (0, then one more after each rollback) making a re-settlement a new movement;
 * - a stake refused (money, limits) is remembered as refused, so a late retry never takes it;
 * - a bet/discard that arrives before its bet/make leaves a tombstone: the late make is refused.
 * Lock order: the bet's id (make and discard) -> the transaction id's claim -> the bet row -> the ledger's accounts.
 */

/** Betby's wallet error codes we answer (HTTP 400, body {code, message}); see docs/api/betby.md. */
export const BETBY_ERRORS = {
  not_enough_money: { code: 2001, message: 'Not enough money' },
  invalid_currency: { code: 2002, message: 'Invalid currency' },
  parent_not_found: { code: 2003, message: 'Parent transaction not found' },
  bad_request: { code: 2004, message: 'Bad request' },
  player_not_found: { code: 2005, message: 'Player not found' },
  bet_closed: { code: 2006, message: 'Bet is not in a state that allows this operation' },
  limits_exceeded: { code: 4001, message: 'Player limits exceeded' },
} as const;
export type BetbyErrorName = keyof typeof BETBY_ERRORS;

export type Answer = { status: number; body: Record<string, unknown> };

/** A refusal inside a callback's transaction: thrown so the transaction rolls back, answered with its code. */
class Refused extends Error {
  constructor(
    readonly reason: BetbyErrorName,
    readonly detail?: string,
  ) {
    super(detail ?? BETBY_ERRORS[reason].message);
  }
}

export const refusal = (name: BetbyErrorName, detail?: string): Answer => ({
  status: 400,
  body: { code: BETBY_ERRORS[name].code, message: detail ?? BETBY_ERRORS[name].message },
});

export const OPERATIONS = [
  'ping',
  'bet/make',
  'bet/commit',
  'bet/settlement',
  'bet/win',
  'bet/lost',
  'bet/refund',
  'bet/rollback',
  'bet/discard',
] as const;
export type Operation = (typeof OPERATIONS)[number];

type Ctx = { db: Db; tenantId: number; now?: () => Date };
type Data = Record<string, unknown>;

const BRL = 'BRL';
const ID = /^[A-Za-z0-9:_.-]{1,100}$/;

function str(v: unknown): string | null {
  if (typeof v === 'number' && Number.isSafeInteger(v)) return String(v);
  return typeof v === 'string' && ID.test(v) ? v : null;
}
function cents(v: unknown, allowZero = false): number | null {
  const n = typeof v === 'string' && /^\d{1,15}$/.test(v) ? Number(v) : v;
  return typeof n === 'number' && Number.isSafeInteger(n) && (n > 0 || (allowZero && n === 0)) ? n : null;
}
const obj = (v: unknown): Data => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Data) : {});

type BetRow = {
  id: number;
  user_id: number;
  bet_tx_id: string;
  amount: number;
  odds: number;
  legs: number;
  committed: boolean;
  status: 'open' | 'won' | 'lost' | 'refunded' | 'discarded';
  payout: number;
  settlement_tx_id: string | null;
  settlement_version: number;
};

const key = (betTxId: string, part: string) => `sports:betby:${betTxId}:${part}`;
const stakeKey = (betTxId: string) => key(betTxId, 'stake');

/**
 * Serialises a bet's make and discard, which may arrive together: without it a discard that finds no bet yet would
 * leave its tombstone while the make, not seeing that uncommitted tombstone, takes the stake of a bet Betby dropped.
 */
async function lockBetId(tx: Sql, tenantId: number, betTxId: string): Promise<void> {
  await tx.query("select pg_advisory_xact_lock(hashtextextended('betby:' || $1::text || ':' || $2::text, 0))", [
    tenantId,
    betTxId,
  ]);
}

async function lockBet(tx: Sql, tenantId: number, betTxId: string): Promise<BetRow | null> {
  const { rows } = await tx.query<BetRow>(
    `select id, user_id, bet_tx_id, amount, odds, legs, committed, status, payout, settlement_tx_id,
        settlement_version from betby_bets where tenant_id = $1 and bet_tx_id = $2 for update`,
    [tenantId, betTxId],
  );
  return rows[0] ? { ...rows[0], amount: Number(rows[0].amount), payout: Number(rows[0].payout) } : null;
}

async function playerOf(sql: Sql, tenantId: number, v: unknown): Promise<number | null> {
  const id = typeof v === 'number' ? v : typeof v === 'string' && /^\d{1,15}$/.test(v) ? Number(v) : null;
  if (id === null || !Number.isSafeInteger(id)) return null;
  const { rows } = await sql.query<{ id: number }>('select id from users where tenant_id = $1 and id = $2', [
    tenantId,
    id,
  ]);
  return rows[0] ? Number(rows[0].id) : null;
}

const playable = (b: ledger.Balance) => b.cash + b.bonus;

/** Claims Betby's transaction id in `tx`: null when this call owns it, else the first call's answer. */
async function claim(
  tx: Sql,
  ctx: Ctx,
  c: { txId: string; operation: string; betTxId: string | null; userId: number | null; amount: number },
): Promise<Answer | null> {
  const { rows } = await tx.query<{ id: number }>(
    `insert into betby_transactions (tenant_id, tx_id, operation, bet_tx_id, user_id, amount, http_status, response)
      values ($1, $2, $3, $4, $5, $6, 0, '{}'::jsonb) on conflict (tenant_id, tx_id) do nothing returning id`,
    [ctx.tenantId, c.txId, c.operation, c.betTxId, c.userId, c.amount],
  );
  if (rows[0]) return null;
  return priorAnswer(tx, ctx, c);
}

async function priorAnswer(
  sql: Sql,
  ctx: Ctx,
  c: { txId: string; operation: string; betTxId: string | null; amount: number },
): Promise<Answer> {
  const { rows } = await sql.query<{
    operation: string;
    bet_tx_id: string | null;
    amount: number;
    http_status: number;
    response: Record<string, unknown>;
  }>(
    'select operation, bet_tx_id, amount, http_status, response from betby_transactions where tenant_id = $1 and tx_id = $2',
    [ctx.tenantId, c.txId],
  );
  const p = rows[0];
  if (!p || p.http_status === 0) return refusal('bad_request', 'transaction in progress');
  // The same id for another operation, bet or amount is not a retry.
  if (p.operation !== c.operation || p.bet_tx_id !== c.betTxId || Number(p.amount) !== c.amount)
    return refusal('bad_request', 'transaction id already used for another operation');
  return { status: p.http_status, body: p.response };
}

async function store(tx: Sql, ctx: Ctx, txId: string, a: Answer): Promise<Answer> {
  await tx.query('update betby_transactions set http_status = $3, response = $4 where tenant_id = $1 and tx_id = $2', [
    ctx.tenantId,
    txId,
    a.status,
    JSON.stringify(a.body),
  ]);
  return a;
}

/** Keeps a refused stake's answer (its own short transaction, after the refused one rolled back). */
async function storeRefusal(
  ctx: Ctx,
  c: { txId: string; operation: string; betTxId: string; userId: number | null; amount: number },
  a: Answer,
): Promise<Answer> {
  return ctx.db.transaction(async (tx) => {
    const prior = await claim(tx, ctx, c);
    if (prior) return prior;
    return store(tx, ctx, c.txId, a);
  });
}

/** Total odds x 10,000 from Betby's betslip (k, a decimal), else from the potential win; never below evens. */
function oddsOf(d: Data, amount: number): number {
  const slip = obj(d.betslip);
  const k = Number(slip.k ?? d.k);
  let odds = Number.isFinite(k) && k > 0 ? Math.round(k * ODDS_SCALE) : 0;
  const potential = cents(d.potential_win);
  if (!odds && potential) odds = Math.floor((potential * ODDS_SCALE) / amount);
  return Math.max(ODDS_SCALE, Math.min(odds || ODDS_SCALE, 1_000_000_000));
}

function legsOf(d: Data): number {
  const bets = obj(d.betslip).bets;
  return Array.isArray(bets) && bets.length > 0 ? Math.min(bets.length, 1000) : 1;
}

const moneyAnswer = (o: {
  ledgerTx: number | null;
  txId: string;
  parent: string | null;
  userId: number;
  operation: string;
  amount: number;
  balance: number;
}) => ({
  status: 200,
  body: {
    id: o.ledgerTx === null ? `betby:${o.txId}` : String(o.ledgerTx),
    ext_transaction_id: o.txId,
    parent_transaction_id: o.parent,
    user_id: String(o.userId),
    operation: o.operation,
    amount: o.amount,
    currency: BRL,
    balance: o.balance,
  },
});

function mapError(err: unknown): Refused {
  if (err instanceof Refused) return err;
  if (err instanceof rg.RgRefusal) return new Refused('limits_exceeded', `Player limits exceeded (${err.refusal})`);
  if (err instanceof AppError && err.code === 'insufficient_funds') return new Refused('not_enough_money');
  throw err;
}

async function settledEvent(
  tx: Sql,
  ctx: Ctx,
  bet: BetRow,
  o: { status: 'open' | 'won' | 'lost' | 'void' | 'cashed_out'; payout: number; version: number; rollback?: boolean },
) {
  await publish(tx, {
    name: 'sports.bet_settled',
    tenantId: ctx.tenantId,
    userId: bet.user_id,
    payload: {
      bet_id: Number(bet.id),
      status: o.status,
      stake: bet.amount,
      payout: o.payout,
      odds: Number(bet.odds),
      legs: Number(bet.legs),
      settlement_version: o.version,
      ...(o.rollback ? { rollback: true } : {}),
      source: 'betby',
    },
  });
}

/** Handles one verified callback's data. Never throws for a refusal: it answers Betby's code. */
export async function handleCallback(ctx: Ctx, op: Operation, d: Data): Promise<Answer> {
  switch (op) {
    case 'ping':
      return { status: 200, body: { timestamp: Math.floor((ctx.now?.() ?? new Date()).getTime() / 1000) } };
    case 'bet/make':
      return make(ctx, d);
    case 'bet/commit':
      return commit(ctx, d);
    case 'bet/settlement':
      return settlementNotice(ctx, d);
    case 'bet/win':
    case 'bet/lost':
    case 'bet/refund':
      return settle(ctx, op, d);
    case 'bet/rollback':
      return rollback(ctx, d);
    case 'bet/discard':
      return discard(ctx, d);
  }
}

async function make(ctx: Ctx, d: Data): Promise<Answer> {
  const t = obj(d.transaction);
  const txId = str(t.id);
  const amount = cents(d.amount ?? t.amount);
  const betslipId = str(t.betslip_id ?? obj(d.betslip).id) ?? txId;
  if (!txId || !amount || !betslipId)
    return refusal('bad_request', 'transaction.id and a positive amount are required');
  if ((d.currency ?? t.currency ?? BRL) !== BRL) return refusal('invalid_currency');
  const userId = await playerOf(ctx.db, ctx.tenantId, d.ext_player_id ?? t.ext_player_id);
  const c = { txId, operation: 'bet/make', betTxId: txId, userId, amount };
  if (userId === null) return storeRefusal(ctx, c, refusal('player_not_found'));
  try {
    return await ctx.db.transaction(async (tx) => {
      await lockBetId(tx, ctx.tenantId, txId);
      const prior = await claim(tx, ctx, c);
      if (prior) return prior;
      const tomb = await tx.query('select 1 from betby_transactions where tenant_id = $1 and tx_id = $2', [
        ctx.tenantId,
        `discard:${txId}`,
      ]);
      if (tomb.rows[0]) return store(tx, ctx, txId, refusal('bet_closed', 'bet already discarded'));
      await rg.play(tx, { tenantId: ctx.tenantId, userId, stake: amount });
      const moved = await ledger.debitBet(tx, {
        tenantId: ctx.tenantId,
        userId,
        amount,
        idempotencyKey: stakeKey(txId),
        reference: `betby:${betslipId}`,
        metadata: { betby_transaction: txId, betslip: betslipId },
      });
      await tx.query(
        `insert into betby_bets (tenant_id, user_id, bet_tx_id, betslip_id, amount, odds, legs)
          values ($1, $2, $3, $4, $5, $6, $7)`,
        [ctx.tenantId, userId, txId, betslipId, amount, oddsOf(d, amount), legsOf(d)],
      );
      return store(
        tx,
        ctx,
        txId,
        moneyAnswer({
          ledgerTx: moved.transaction_id,
          txId,
          parent: null,
          userId,
          operation: 'bet',
          amount,
          balance: playable(moved.balance),
        }),
      );
    });
  } catch (err) {
    const r = mapError(err);
    return storeRefusal(ctx, c, refusal(r.reason, r.detail));
  }
}

async function commit(ctx: Ctx, d: Data): Promise<Answer> {
  const betTxId = str(d.bet_transaction_id ?? obj(d.transaction).id);
  if (!betTxId) return refusal('bad_request', 'bet_transaction_id is required');
  return ctx.db.transaction(async (tx) => {
    const bet = await lockBet(tx, ctx.tenantId, betTxId);
    if (!bet) return refusal('parent_not_found');
    if (bet.status === 'discarded') return refusal('bet_closed', 'bet was discarded');
    if (!bet.committed) {
      await tx.query('update betby_bets set committed = true, updated_at = now() where id = $1', [bet.id]);
      await publish(tx, {
        name: 'sports.bet_placed',
        tenantId: ctx.tenantId,
        userId: bet.user_id,
        payload: {
          bet_id: Number(bet.id),
          stake: bet.amount,
          odds: Number(bet.odds),
          legs: Number(bet.legs),
          live: d.is_live === true,
        },
      });
    }
    return { status: 200, body: {} };
  });
}

/** Betby's notice that a betslip's settlement is final: nothing moves; it only has to name a bet we hold. */
async function settlementNotice(ctx: Ctx, d: Data): Promise<Answer> {
  const betTxId = str(d.bet_transaction_id);
  if (!betTxId) return refusal('bad_request', 'bet_transaction_id is required');
  const { rows } = await ctx.db.query('select 1 from betby_bets where tenant_id = $1 and bet_tx_id = $2', [
    ctx.tenantId,
    betTxId,
  ]);
  return rows[0] ? { status: 200, body: {} } : refusal('parent_not_found');
}

async function settle(ctx: Ctx, op: 'bet/win' | 'bet/lost' | 'bet/refund', d: Data): Promise<Answer> {
  const t = obj(d.transaction);
  const txId = str(t.id);
  const betTxId = str(d.bet_transaction_id ?? t.parent_transaction_id);
  const amount = op === 'bet/lost' ? 0 : cents(d.amount ?? t.amount, op === 'bet/win');
  if (!txId || !betTxId || amount === null)
    return refusal('bad_request', 'transaction.id, bet_transaction_id and the amount are required');
  if ((d.currency ?? t.currency ?? BRL) !== BRL) return refusal('invalid_currency');
  const operation = op === 'bet/win' ? 'win' : op === 'bet/lost' ? 'lost' : 'refund';
  const c = { txId, operation: op, betTxId, userId: null, amount };
  try {
    return await ctx.db.transaction(async (tx) => {
      const prior = await claim(tx, ctx, c);
      if (prior) return prior;
      const bet = await lockBet(tx, ctx.tenantId, betTxId);
      // Not stored: a settlement that overtook its stake must succeed when Betby retries it.
      if (!bet) throw new Refused('parent_not_found');
      const player = d.ext_player_id ?? t.ext_player_id;
      if (player !== undefined && String(player) !== String(bet.user_id)) throw new Refused('player_not_found');
      if (bet.status !== 'open') throw new Refused('bet_closed', `bet is ${bet.status}`);
      if (op === 'bet/refund' && amount !== bet.amount)
        throw new Refused('bad_request', 'a refund gives the stake back');
      // The settlement in force is numbered by the bet's version, as the native book's (0 for the first; each
      // rollback moves it on), which is how VIP, missions and the feed count a bet's first close once.
      const version = bet.settlement_version;
      const who = { tenantId: ctx.tenantId, userId: Number(bet.user_id) };
      let moved: ledger.MoneyResult | null = null;
      if (amount > 0) {
        const type = op === 'bet/win' ? 'win' : 'refund';
        await rg.play(tx, { ...who, ...(type === 'win' ? { win: amount } : { refund: amount }) });
        // Follows the stake: a stake partly from bonus is paid back partly as bonus.
        moved = await ledger.creditWin(tx, {
          ...who,
          amount,
          type,
          stake: { key: stakeKey(betTxId) },
          idempotencyKey: key(betTxId, `${operation}:${version}`),
          reference: `betby:${betTxId}`,
          metadata: { betby_transaction: txId },
        });
      }
      const status = op === 'bet/win' ? 'won' : op === 'bet/lost' ? 'lost' : 'refunded';
      await tx.query(
        'update betby_bets set status = $2, payout = $3, settlement_tx_id = $4, updated_at = now() where id = $1',
        [bet.id, status, amount, txId],
      );
      const eventStatus =
        op === 'bet/refund' ? 'void' : op === 'bet/lost' ? 'lost' : d.is_cashout === true ? 'cashed_out' : 'won';
      await settledEvent(tx, ctx, bet, { status: eventStatus, payout: amount, version });
      const balance = moved ? playable(moved.balance) : playable(await ledger.getBalance(tx, who));
      return store(
        tx,
        ctx,
        txId,
        moneyAnswer({
          ledgerTx: moved?.transaction_id ?? null,
          txId,
          parent: betTxId,
          userId: who.userId,
          operation,
          amount,
          balance,
        }),
      );
    });
  } catch (err) {
    const r = mapError(err);
    return refusal(r.reason, r.detail);
  }
}

async function rollback(ctx: Ctx, d: Data): Promise<Answer> {
  const t = obj(d.transaction);
  const txId = str(t.id);
  const betTxId = str(d.bet_transaction_id);
  const parent = str(d.parent_transaction_id ?? t.parent_transaction_id);
  if (!txId || !betTxId) return refusal('bad_request', 'transaction.id and bet_transaction_id are required');
  const c = { txId, operation: 'bet/rollback', betTxId, userId: null, amount: 0 };
  try {
    return await ctx.db.transaction(async (tx) => {
      const prior = await claim(tx, ctx, c);
      if (prior) return prior;
      const bet = await lockBet(tx, ctx.tenantId, betTxId);
      if (!bet) throw new Refused('parent_not_found');
      if (bet.status === 'open' || bet.status === 'discarded' || (parent && parent !== bet.settlement_tx_id))
        throw new Refused('parent_not_found', 'no settlement of this bet to roll back');
      const who = { tenantId: ctx.tenantId, userId: Number(bet.user_id) };
      const version = bet.settlement_version;
      let moved: ledger.MoneyResult | null = null;
      if (bet.payout > 0) {
        const paid = bet.status === 'won' ? 'win' : 'refund';
        // The exact opposite of the settlement's movement; a player who already spent a win is answered 2001.
        moved = await ledger.reverse(tx, {
          tenantId: ctx.tenantId,
          originalKey: key(betTxId, `${paid}:${version}`),
          idempotencyKey: key(betTxId, `rollback:${version}`),
          reference: `betby:${betTxId}`,
          type: bet.status === 'won' ? 'reversal' : 'bet',
        });
      }
      await tx.query(
        `update betby_bets set status = 'open', payout = 0, settlement_tx_id = null, settlement_version = $2,
            updated_at = now() where id = $1`,
        [bet.id, version + 1],
      );
      // As the native book's rollback: the bet open again, the amount taken back, the version rolled back.
      await settledEvent(tx, ctx, bet, { status: 'open', payout: bet.payout, version, rollback: true });
      const balance = moved ? playable(moved.balance) : playable(await ledger.getBalance(tx, who));
      return store(
        tx,
        ctx,
        txId,
        moneyAnswer({
          ledgerTx: moved?.transaction_id ?? null,
          txId,
          parent: parent ?? betTxId,
          userId: who.userId,
          operation: 'rollback',
          amount: bet.payout,
          balance,
        }),
      );
    });
  } catch (err) {
    const r = mapError(err);
    return refusal(r.reason, r.detail);
  }
}

async function discard(ctx: Ctx, d: Data): Promise<Answer> {
  const betTxId = str(d.transaction_id ?? d.bet_transaction_id ?? obj(d.transaction).id);
  if (!betTxId) return refusal('bad_request', 'transaction_id is required');
  const txId = `discard:${betTxId}`;
  const c = { txId, operation: 'bet/discard', betTxId, userId: null, amount: 0 };
  try {
    return await ctx.db.transaction(async (tx) => {
      await lockBetId(tx, ctx.tenantId, betTxId);
      const prior = await claim(tx, ctx, c);
      if (prior) return prior;
      const bet = await lockBet(tx, ctx.tenantId, betTxId);
      // Before its stake: the claim row stays as a tombstone and the late bet/make is refused.
      if (!bet) return store(tx, ctx, txId, { status: 200, body: {} });
      if (bet.status !== 'open' || bet.committed)
        throw new Refused('bet_closed', 'a committed bet cannot be discarded');
      const who = { tenantId: ctx.tenantId, userId: Number(bet.user_id) };
      await rg.play(tx, { ...who, refund: bet.amount });
      const moved = await ledger.reverse(tx, {
        tenantId: ctx.tenantId,
        originalKey: stakeKey(betTxId),
        idempotencyKey: key(betTxId, 'discard'),
        reference: `betby:${betTxId}`,
        type: 'refund',
      });
      await tx.query(`update betby_bets set status = 'discarded', updated_at = now() where id = $1`, [bet.id]);
      return store(
        tx,
        ctx,
        txId,
        moneyAnswer({
          ledgerTx: moved.transaction_id,
          txId,
          parent: betTxId,
          userId: who.userId,
          operation: 'discard',
          amount: bet.amount,
          balance: playable(moved.balance),
        }),
      );
    });
  } catch (err) {
    const r = mapError(err);
    return refusal(r.reason, r.detail);
  }
}
