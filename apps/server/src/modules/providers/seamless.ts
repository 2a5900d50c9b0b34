import type { EventPayload } from '@sorte/contracts';
import type { Db, Sql } from '../../platform/db/index';
import { AppError } from '../../platform/errors';
import { publish } from '../../platform/events/index';
import {
  findGameSession,
  type GameSessionRow,
  hashSessionToken,
  lockRound as lockCasinoRound,
  type ProviderRow,
  recordSettledRound,
  takeStakeBack,
} from '../casino/index';
import * as wallet from '../ledger/index';
import * as rg from '../responsible-gaming/index';
import type { WalletAction, WalletErrorCode, WalletResult } from './adapter';
import { CallBatcher, type Handled } from './call-batch';
import { countFreeRound, freeRoundRefusal, freeRoundWinHook } from './freerounds';
import * as stored from './stored';

/**
 * The seamless wallet: what a game provider's server may do with a player's money, and the rules real
 * aggregators impose on us as the wallet side:
 * - every money call is idempotent on the provider's transaction id, and a repeat answers the first answer;
 * - a rollback of a bet we never saw is recorded, so that bet is refused if it arrives late; a repeated rollback
 *   succeeds; a win or rollback is accepted after the session expired (the round must settle);
 * - insufficient funds is an answer, not an error; a win that would take its round's wins above the provider's cap
 *   is refused and logged;
 * - a closed round takes no more money: a win on it, or a rollback of a stake of a round that paid a win or closed,
 *   is refused with ROUND_CLOSED and writes nothing.
 * Each call is one SQL transaction that claims the transaction id first (a concurrent duplicate waits on the
 * unique index, then replays), locks the round (the casino's), moves money through the ledger, and records the
 * events. Lock order everywhere: transaction id -> round -> ledger accounts -> the player's wager counter.
 */
export type SeamlessContext = { db: Db; tenantId: number; provider: ProviderRow };

/** A real-money session (a demo session never reaches the wallet). */
type Session = GameSessionRow & { user_id: number };

const BRL = 'BRL' as const;

const err = (code: WalletErrorCode, balance?: number): WalletResult => ({
  status: 'error',
  code,
  currency: BRL,
  ...(balance !== undefined ? { balance } : {}),
});

async function findSession(sql: Sql, ctx: SeamlessContext, token: string): Promise<Session | null> {
  const s = await findGameSession(sql, {
    tenantId: ctx.tenantId,
    providerId: ctx.provider.id,
    tokenHash: hashSessionToken(token),
  });
  return s && !s.demo && s.user_id !== null ? { ...s, user_id: s.user_id } : null;
}

/** Balance the provider shows: cash + bonus where the game takes bonus money, cash alone where it does not. */
const playable = (b: wallet.Balance, bonusAllowed: boolean) => b.cash + (bonusAllowed ? b.bonus : 0);

const playerIdOf = (s: Session) => String(s.user_id);

export async function handle(ctx: SeamlessContext, a: WalletAction): Promise<WalletResult> {
  switch (a.op) {
    case 'authenticate':
    case 'balance': {
      const s = await findSession(ctx.db, ctx, a.sessionToken);
      if (!s) return err('SESSION_NOT_FOUND');
      if (a.op === 'balance' && a.playerId !== playerIdOf(s)) return err('PLAYER_MISMATCH');
      // Opening a game needs a live session; a balance check of a running game does not.
      if (a.op === 'authenticate' && s.expired) return err('SESSION_EXPIRED');
      const b = await wallet.getBalance(ctx.db, { tenantId: ctx.tenantId, userId: s.user_id });
      return { status: 'ok', balance: playable(b, s.bonus_allowed), currency: BRL, playerId: playerIdOf(s) };
    }
    case 'bet':
      return bet(ctx, a);
    case 'win':
      return a.freeRoundId ? freeRoundWin(ctx, { ...a, freeRoundId: a.freeRoundId }) : win(ctx, a);
    case 'rollback':
      return rollback(ctx, a);
  }
}

type TxRow = {
  id: number;
  kind: 'bet' | 'win' | 'rollback';
  status: string;
  amount: number;
  round_id: string | null;
  user_id: number | null;
  response: WalletResult | Record<string, never>;
  bonus_allowed: boolean | null;
};

const walletKey = (ctx: SeamlessContext, txId: string) => `casino:${ctx.provider.id}:${txId}`;

/**
 * Claims a provider transaction id inside `tx`. Returns null when this call owns it, or the stored answer of the
 * first call (a repeat), or a conflict when the same id was used for something else.
 */
async function claim(
  tx: Sql,
  ctx: SeamlessContext,
  c: { txId: string; kind: TxRow['kind']; roundId: string; userId: number; amount: number },
): Promise<WalletResult | null> {
  const { rows } = await tx.query<{ id: number }>(
    `insert into provider_transactions (tenant_id, provider_id, tx_id, kind, round_id, user_id, amount, status,
        response)
      values ($1, $2, $3, $4, $5, $6, $7, 'ok', '{}'::jsonb)
      on conflict (tenant_id, provider_id, tx_id) do nothing returning id`,
    [ctx.tenantId, ctx.provider.id, c.txId, c.kind, c.roundId, c.userId, c.amount],
  );
  if (rows[0]) return null;
  return replayOf(tx, ctx, await findTx(tx, ctx, c.txId), c);
}

async function findTx(sql: Sql, ctx: SeamlessContext, txId: string, lock = false): Promise<TxRow | null> {
  const { rows } = await sql.query<TxRow>(
    `select id, kind, status, amount, round_id, user_id, response, bonus_allowed from provider_transactions
      where tenant_id = $1 and provider_id = $2 and tx_id = $3${lock ? ' for update' : ''}`,
    [ctx.tenantId, ctx.provider.id, txId],
  );
  return rows[0] ?? null;
}

async function answer(
  tx: Sql,
  ctx: SeamlessContext,
  txId: string,
  result: WalletResult,
  status: 'ok' | 'refused' = 'ok',
) {
  await tx.query(
    'update provider_transactions set response = $4, status = $5 where tenant_id = $1 and provider_id = $2 and tx_id = $3',
    [ctx.tenantId, ctx.provider.id, txId, JSON.stringify(result), status],
  );
  return result;
}

const lockRound = (tx: Sql, ctx: SeamlessContext, roundId: string) =>
  lockCasinoRound(tx, { tenantId: ctx.tenantId, providerId: ctx.provider.id, roundId });

async function event(
  tx: Sql,
  tenantId: number,
  userId: number,
  name: 'casino.round_rolled_back',
  payload: EventPayload<'casino.round_rolled_back'>,
) {
  await publish(tx, { name, tenantId, userId, payload });
}

async function balanceOf(sql: Sql, ctx: SeamlessContext, userId: number, bonusAllowed: boolean) {
  return playable(await wallet.getBalance(sql, { tenantId: ctx.tenantId, userId }), bonusAllowed);
}

type Prior = Omit<TxRow, 'id'>;

/**
 * The answer to a repeated transaction id: the first answer, unless the id was used for something else. A bet or
 * win that moved money stored no answer of its own: the wallet replays its stored answer for the same movement
 * (same idempotency key, same request), which is the first answer's balance and ledger transaction id.
 */
async function replayOf(
  tx: Sql,
  ctx: SeamlessContext,
  prior: Prior | null,
  c: { kind: TxRow['kind']; txId: string; roundId: string; amount: number; userId: number },
): Promise<WalletResult> {
  if (!prior) return err('INTERNAL');
  // A late bet after its rollback: the tombstone answers.
  if (prior.status === 'tombstone' && c.kind === 'bet') return err('BET_ROLLED_BACK');
  if (
    prior.kind !== c.kind ||
    Number(prior.amount) !== c.amount ||
    prior.round_id !== c.roundId ||
    (prior.user_id !== null && Number(prior.user_id) !== c.userId)
  )
    return err('TRANSACTION_CONFLICT');
  if ('status' in prior.response) return prior.response as WalletResult;
  if (c.kind === 'rollback') return err('INTERNAL');
  const bonusAllowed = prior.bonus_allowed === true;
  const moved =
    c.kind === 'bet'
      ? await moveBet(tx, ctx, { userId: c.userId, txId: c.txId, roundId: c.roundId, amount: c.amount, bonusAllowed })
      : await moveWin(tx, ctx, { userId: c.userId, txId: c.txId, roundId: c.roundId, amount: c.amount });
  return okAnswer(moved, bonusAllowed);
}

const okAnswer = (moved: wallet.MoneyResult, bonusAllowed: boolean): WalletResult => ({
  status: 'ok',
  balance: playable(moved.balance, bonusAllowed),
  currency: BRL,
  transactionId: String(moved.transaction_id),
});

/** The stake through the wallet service. Games that do not take bonus money stake cash only. */
function moveBet(
  tx: Sql,
  ctx: SeamlessContext,
  m: { userId: number; txId: string; roundId: string; amount: number; bonusAllowed: boolean; gameId?: number },
) {
  const call = {
    tenantId: ctx.tenantId,
    userId: m.userId,
    amount: m.amount,
    idempotencyKey: walletKey(ctx, m.txId),
    reference: `round:${ctx.provider.code}:${m.roundId}`,
    metadata: { provider: ctx.provider.code, game_id: m.gameId, round_id: m.roundId },
  };
  return m.bonusAllowed
    ? wallet.debitBet(tx, call)
    : wallet.debit(tx, { ...call, type: 'bet', account: 'cash', to: 'house' });
}

/**
 * The win through the wallet service: into the player's cash, or, when the round's stakes took bonus money
 * (`stake`: the round's share), into cash and bonus in that proportion. A repeat needs no share: it answers the
 * first movement.
 */
function moveWin(
  tx: Sql,
  ctx: SeamlessContext,
  m: { userId: number; txId: string; roundId: string; amount: number; gameId?: number; stake?: wallet.StakeShare },
) {
  return wallet.creditWin(tx, {
    tenantId: ctx.tenantId,
    userId: m.userId,
    amount: m.amount,
    idempotencyKey: walletKey(ctx, m.txId),
    reference: `round:${ctx.provider.code}:${m.roundId}`,
    metadata: { provider: ctx.provider.code, game_id: m.gameId, round_id: m.roundId },
    stake: m.stake,
  });
}

/**
 * What a round's stakes took from the player's bonus (casino_round_bonus.sql, on the round the caller holds
 * locked): added for a stake that took bonus money, taken off again when such a stake is rolled back.
 */
async function roundBonus(tx: Sql, ctx: SeamlessContext, roundId: string, delta: number, since: number | null) {
  await tx.query('select casino_round_bonus($1, $2, $3, $4, $5)', [
    ctx.tenantId,
    ctx.provider.id,
    roundId,
    delta,
    since,
  ]);
}

/** What providers_bet_call / providers_win_call answer (platform/db/functions/providers_bet_call.sql). */
type MoneyCall = {
  status: 'no_session' | 'player_mismatch' | 'provider_off' | 'replay' | 'ok';
  user_id: number | null;
  bonus_allowed: boolean | null;
  prior: Prior | null;
  result: { transaction_id: number; balance: Partial<wallet.Balance> } | null;
};

/** The errors oneStatement answers by the transactional path (see there); any other is the wallet's error. */
const HANDLED = new Set(['SR410', 'SR402']);

/** One batcher per database (call-batch.ts): concurrent bets and wins share statements. */
const batchers = new WeakMap<Db, CallBatcher<MoneyCall>>();
const batcherOf = (db: Db) => {
  let b = batchers.get(db);
  if (!b) {
    b = new CallBatcher<MoneyCall>(db, stored.PROVIDERS_CALLS.sql, stored.PROVIDERS_CALLS.name, HANDLED);
    batchers.set(db, b);
  }
  return b;
};

/** Sets how many statements of provider calls may run at once on `db` (PROVIDER_CALLS_IN_FLIGHT); before any call. */
export function configureCallBatching(db: Db, inFlight: number) {
  batchers.set(
    db,
    new CallBatcher<MoneyCall>(db, stored.PROVIDERS_CALLS.sql, stored.PROVIDERS_CALLS.name, HANDLED, inFlight),
  );
}

/** How many statements the provider calls of `db` took (tests read it). */
export const batchStats = (db: Db) => batcherOf(db).stats;

/**
 * A bet or win in ONE statement (no BEGIN/COMMIT: a statement is atomic), shared with the calls that arrive at the
 * same moment (call-batch.ts). The plain success (money moved) and the answers that write nothing are answered
 * here; a refusal that must be recorded with its claim (SR410) and a stake that does not fit (SR402) left nothing
 * behind, and are done again by the transactional path, which records them.
 */
async function oneStatement(
  ctx: SeamlessContext,
  a: Extract<WalletAction, { op: 'bet' | 'win' }>,
  fallback: () => Promise<WalletResult>,
): Promise<WalletResult> {
  const closed = a.op === 'win' ? a.roundClosed : false;
  const args = openParams(ctx, a);
  const o = await batcherOf(ctx.db).run({
    call: {
      op: a.op,
      tenant: ctx.tenantId,
      provider: ctx.provider.id,
      code: ctx.provider.code,
      token_hash: args[3],
      player: a.playerId,
      tx: a.txId,
      round: a.roundId,
      amount: a.amount,
      closed,
    },
    alone: async () => {
      try {
        return a.op === 'bet'
          ? await stored.callBet<MoneyCall>(ctx.db, args)
          : await stored.callWin<MoneyCall>(ctx.db, [...args, closed]);
      } catch (e) {
        const code = (e as { code?: string } | null)?.code;
        if (code && HANDLED.has(code)) return { err: code };
        throw wallet.ledgerError(e);
      }
    },
  });
  if (typeof (o as Handled).err === 'string') return fallback();
  const m = o as MoneyCall;
  if (m.status === 'no_session') return err('SESSION_NOT_FOUND');
  if (m.status === 'player_mismatch') return err('PLAYER_MISMATCH');
  if (m.status === 'provider_off') return err('PLAYER_BLOCKED');
  const bonusAllowed = m.bonus_allowed === true;
  if (m.status === 'replay')
    return replayOf(ctx.db, ctx, m.prior, {
      kind: a.op,
      txId: a.txId,
      roundId: a.roundId,
      amount: a.amount,
      userId: m.user_id!,
    });
  const r = m.result!;
  return okAnswer(
    { transaction_id: r.transaction_id, balance: { cash: 0, bonus: 0, pending: 0, ...r.balance }, replayed: false },
    bonusAllowed,
  );
}

/** The arguments providers_bet_open / providers_win_open (and the _call functions) start with; [3] is the token's hash. */
const openParams = (ctx: SeamlessContext, a: Extract<WalletAction, { op: 'bet' | 'win' }>): stored.ProviderCallArgs => [
  ctx.tenantId,
  ctx.provider.id,
  ctx.provider.code,
  hashSessionToken(a.sessionToken),
  a.playerId,
  a.txId,
  a.roundId,
  a.amount,
];

/** A stake: one statement (providers_bet_call); refusals and shortfalls through betInTransaction. */
function bet(ctx: SeamlessContext, a: Extract<WalletAction, { op: 'bet' }>): Promise<WalletResult> {
  return oneStatement(ctx, a, () => betInTransaction(ctx, a));
}

/** A win: one statement (providers_win_call); refusals and wins of 0 through winInTransaction. */
function win(ctx: SeamlessContext, a: Extract<WalletAction, { op: 'win' }>): Promise<WalletResult> {
  return oneStatement(ctx, a, () => winInTransaction(ctx, a));
}

type BetOpen = {
  status:
    | 'no_session'
    | 'player_mismatch'
    | 'provider_off'
    | 'replay'
    | 'expired'
    | 'blocked'
    | 'round_mismatch'
    | 'round_closed'
    | 'limit_wager'
    | 'limit_loss'
    | 'limit_time'
    | 'rg_paused'
    | 'rg_self_excluded'
    | 'rg_closed'
    | 'rg_national_list'
    | 'ok';
  user_id: number | null;
  game_id: number | null;
  game_title: string | null;
  bonus_allowed: boolean | null;
  prior: Prior | null;
};

const BET_REFUSALS: Partial<Record<BetOpen['status'], WalletErrorCode>> = {
  expired: 'SESSION_EXPIRED',
  blocked: 'PLAYER_BLOCKED',
  round_mismatch: 'PLAYER_MISMATCH',
  // Responsible gaming (rg_play in providers_bet_open): a limit the stake would pass, or a stop on the account.
  limit_wager: 'RESPONSIBLE_GAMING_LIMIT',
  limit_loss: 'RESPONSIBLE_GAMING_LIMIT',
  limit_time: 'RESPONSIBLE_GAMING_LIMIT',
  rg_paused: 'PLAYER_BLOCKED',
  rg_self_excluded: 'PLAYER_BLOCKED',
  rg_closed: 'PLAYER_BLOCKED',
  rg_national_list: 'PLAYER_BLOCKED',
};

/**
 * A stake. One transaction: providers_bet_open (session, claim of the transaction id, player checks, the stake on
 * its round; platform/db/functions/providers_bet_open.sql), the ledger's debit, the stored answer.
 */
async function betInTransaction(ctx: SeamlessContext, a: Extract<WalletAction, { op: 'bet' }>): Promise<WalletResult> {
  const claimOf = { kind: 'bet' as const, roundId: a.roundId, amount: a.amount };
  let userId = 0;
  let bonusAllowed = false;
  try {
    return await ctx.db.transaction(async (tx) => {
      const o = await stored.openBet<BetOpen>(tx, openParams(ctx, a));
      if (o.status === 'no_session') return err('SESSION_NOT_FOUND');
      if (o.status === 'player_mismatch') return err('PLAYER_MISMATCH');
      if (o.status === 'provider_off') return err('PLAYER_BLOCKED');
      userId = o.user_id!;
      bonusAllowed = o.bonus_allowed === true;
      if (o.status === 'replay') return replayOf(tx, ctx, o.prior, { ...claimOf, txId: a.txId, userId });
      const refusal = BET_REFUSALS[o.status];
      if (refusal) return answer(tx, ctx, a.txId, err(refusal), 'refused');
      if (o.status === 'round_closed') {
        const bal = await balanceOf(tx, ctx, userId, bonusAllowed);
        return answer(tx, ctx, a.txId, err('ROUND_CLOSED', bal), 'refused');
      }
      // The answer is the wallet's (stored there for replays; see replayOf).
      const moved = await moveBet(tx, ctx, {
        userId,
        txId: a.txId,
        roundId: a.roundId,
        amount: a.amount,
        bonusAllowed,
        gameId: o.game_id ?? undefined,
      });
      const fromBonus = (moved as { debited?: { bonus: number } }).debited?.bonus ?? 0;
      if (fromBonus > 0 && !moved.replayed) await roundBonus(tx, ctx, a.roundId, fromBonus, moved.transaction_id);
      return okAnswer(moved, bonusAllowed);
    });
  } catch (e) {
    if (!(e instanceof wallet.InsufficientFunds)) throw e;
    // The stake did not fit: nothing moved (the transaction rolled back: claim, round, event). Record
    // the refusal so a repeat of this transaction id gets the same answer even if the player deposits in between.
    return ctx.db.transaction(async (tx) => {
      const replay = await claim(tx, ctx, { txId: a.txId, ...claimOf, userId });
      if (replay) return replay;
      const bal = await balanceOf(tx, ctx, userId, bonusAllowed);
      return answer(tx, ctx, a.txId, err('INSUFFICIENT_FUNDS', bal), 'refused');
    });
  }
}

type WinOpen = {
  status:
    | 'no_session'
    | 'player_mismatch'
    | 'replay'
    | 'round_not_found'
    | 'round_mismatch'
    | 'round_rolled_back'
    | 'round_closed'
    | 'over_cap'
    | 'ok';
  user_id: number | null;
  bonus_allowed: boolean | null;
  prior: Prior | null;
  round_game_id: number | null;
  bet_total: number | null;
  win_total: number | null;
  cap: number | null;
  /** What the round's stakes took from bonus (null: nothing), since which ledger transaction. */
  round_bonus: number | null;
  round_bonus_since: number | null;
};

const WIN_REFUSALS: Partial<Record<WinOpen['status'], WalletErrorCode>> = {
  round_not_found: 'ROUND_NOT_FOUND',
  round_mismatch: 'PLAYER_MISMATCH',
  round_rolled_back: 'ROUND_ROLLED_BACK',
};

/**
 * A win (accepted after the session expired: the round must settle). One transaction: providers_win_open (session,
 * claim, round lock, the cap read fresh from the provider row, the round's totals and events), then the wallet's
 * credit, whose stored answer is the answer (a win of 0 moves nothing: its answer is stored here).
 */
async function winInTransaction(ctx: SeamlessContext, a: Extract<WalletAction, { op: 'win' }>): Promise<WalletResult> {
  return ctx.db.transaction(async (tx) => {
    const o = await stored.openWin<WinOpen>(tx, [...openParams(ctx, a), a.roundClosed]);
    if (o.status === 'no_session') return err('SESSION_NOT_FOUND');
    if (o.status === 'player_mismatch') return err('PLAYER_MISMATCH');
    const userId = o.user_id!;
    const bonusAllowed = o.bonus_allowed === true;
    if (o.status === 'replay')
      return replayOf(tx, ctx, o.prior, { kind: 'win', txId: a.txId, roundId: a.roundId, amount: a.amount, userId });
    const refuse = async (code: WalletErrorCode) =>
      answer(tx, ctx, a.txId, err(code, await balanceOf(tx, ctx, userId, bonusAllowed)), 'refused');
    const refusal = WIN_REFUSALS[o.status];
    if (refusal) return refuse(refusal);
    // providers_win_open took its claim back: nothing is recorded under this transaction id.
    if (o.status === 'round_closed') return err('ROUND_CLOSED', await balanceOf(tx, ctx, userId, bonusAllowed));
    if (o.status === 'over_cap') {
      await securityEvent(tx, ctx, 'win_over_cap', {
        transaction_id: a.txId,
        round_id: a.roundId,
        amount: a.amount,
        round_wins: o.win_total,
        cap: o.cap,
        user_id: userId,
      });
      return refuse('WIN_LIMIT_EXCEEDED');
    }
    if (a.amount > 0) {
      const moved = await moveWin(tx, ctx, {
        userId,
        txId: a.txId,
        roundId: a.roundId,
        amount: a.amount,
        gameId: o.round_game_id ?? undefined,
        stake: o.round_bonus
          ? {
              bonus: Number(o.round_bonus),
              total: Number(o.bet_total),
              since: o.round_bonus_since === null ? null : Number(o.round_bonus_since),
            }
          : undefined,
      });
      return okAnswer(moved, bonusAllowed);
    }
    const result: WalletResult = {
      status: 'ok',
      balance: await balanceOf(tx, ctx, userId, bonusAllowed),
      currency: BRL,
    };
    return answer(tx, ctx, a.txId, result);
  });
}

async function rollback(ctx: SeamlessContext, a: Extract<WalletAction, { op: 'rollback' }>): Promise<WalletResult> {
  const s = await findSession(ctx.db, ctx, a.sessionToken);
  if (!s) return err('SESSION_NOT_FOUND');
  if (a.playerId !== playerIdOf(s)) return err('PLAYER_MISMATCH');
  return ctx.db.transaction(async (tx) => {
    const replay = await claim(tx, ctx, {
      txId: a.txId,
      kind: 'rollback',
      roundId: a.roundId,
      userId: s.user_id,
      amount: 0,
    });
    if (replay) return replay;
    const ok = async (transactionId?: string): Promise<WalletResult> =>
      answer(tx, ctx, a.txId, {
        status: 'ok',
        balance: await balanceOf(tx, ctx, s.user_id, s.bonus_allowed),
        currency: BRL,
        ...(transactionId ? { transactionId } : {}),
      });
    // Lock the round before the bet row's money (same order as bet and win).
    const round = await lockRound(tx, ctx, a.roundId);
    // Unknown bet: leave a tombstone under its id so the bet is refused if it arrives late. A bet still being
    // written makes this insert wait for it; then the bet exists and is rolled back below.
    const tomb = await tx.query<{ id: number }>(
      `insert into provider_transactions (tenant_id, provider_id, tx_id, kind, round_id, user_id, amount, status,
          response)
        values ($1, $2, $3, 'bet', $4, $5, 0, 'tombstone', $6)
        on conflict (tenant_id, provider_id, tx_id) do nothing returning id`,
      [ctx.tenantId, ctx.provider.id, a.refTxId, a.roundId, s.user_id, JSON.stringify(err('BET_ROLLED_BACK'))],
    );
    if (tomb.rows[0]) return ok();
    const target = await findTx(tx, ctx, a.refTxId, true);
    if (!target) return answer(tx, ctx, a.txId, err('INTERNAL'), 'refused');
    if (target.kind !== 'bet') return answer(tx, ctx, a.txId, err('NOT_A_BET'), 'refused');
    // Already rolled back, a tombstone, or a refused bet (nothing was taken): a repeated rollback succeeds.
    if (target.status !== 'ok') return ok();
    const lockedRound =
      round && target.round_id === a.roundId
        ? round
        : target.round_id
          ? await lockRound(tx, ctx, target.round_id)
          : null;
    // A round that paid a win or was settled keeps its stakes: a refund would pay the player on top of the win, or
    // undo a loss. Refused like a win on a closed round: the claim goes again and nothing else was written.
    if (lockedRound && (lockedRound.status === 'closed' || lockedRound.win_total > 0)) {
      await tx.query('delete from provider_transactions where tenant_id = $1 and provider_id = $2 and tx_id = $3', [
        ctx.tenantId,
        ctx.provider.id,
        a.txId,
      ]);
      return err('ROUND_CLOSED', await balanceOf(tx, ctx, s.user_id, s.bonus_allowed));
    }
    let reversed: wallet.MoneyResult;
    try {
      reversed = await wallet.reverse(tx, {
        tenantId: ctx.tenantId,
        originalKey: walletKey(ctx, a.refTxId),
        idempotencyKey: walletKey(ctx, a.txId),
        reference: `round:${ctx.provider.code}:${target.round_id ?? a.roundId}`,
        // A refund from the house: the ledger takes the stake off the player's total wagered again.
        type: 'refund',
      });
    } catch (e) {
      if (e instanceof AppError && e.code === 'not_found') return ok();
      throw e;
    }
    await tx.query("update provider_transactions set status = 'rolled_back' where id = $1", [target.id]);
    // A stake that took bonus money (possible only where the game takes it) leaves the round's bonus share again.
    if (target.bonus_allowed && target.round_id)
      await tx.query(
        `select casino_round_bonus($1, $2, $3, -(t.result -> 'debited' ->> 'bonus')::bigint, null)
          from ledger_transactions t
          where t.tenant_id = $1 and t.idempotency_key = $4 and (t.result -> 'debited' ->> 'bonus')::bigint > 0`,
        [ctx.tenantId, ctx.provider.id, target.round_id, walletKey(ctx, a.refTxId)],
      );
    // Responsible gaming counts the stake off the player's windows again.
    await rg.play(tx, { tenantId: ctx.tenantId, userId: s.user_id, refund: target.amount });
    if (lockedRound && (await takeStakeBack(tx, lockedRound, target.amount)))
      await event(tx, ctx.tenantId, s.user_id, 'casino.round_rolled_back', {
        provider: ctx.provider.code,
        round_id: target.round_id,
        transaction: a.refTxId,
        game_id: lockedRound.game_id,
        user_id: s.user_id,
        amount: target.amount,
      });
    return ok(String(reversed.transaction_id));
  });
}

/** A refusal decided inside a transaction: it rolls back, then the refusal is recorded under its own claim. */
class Refused extends Error {
  constructor(readonly code: WalletErrorCode) {
    super(code);
  }
}

/**
 * A free round's win (freerounds.ts): no stake and no round of ours before it. One transaction: the claim of the
 * transaction id (a repeat answers the first answer), the round counted on the campaign (this player, this game,
 * live, rounds left: the row's lock orders concurrent rounds, so they never pass the campaign's count), then
 * promotions' free-spins bonus takes it and the win is paid into the player's bonus balance through the ledger, and
 * the spin goes in the bet history as a settled round of stake 0 (no domain event: no stake to count).
 * A refusal writes nothing but its stored answer.
 */
async function freeRoundWin(
  ctx: SeamlessContext,
  a: Extract<WalletAction, { op: 'win' }> & { freeRoundId: string },
): Promise<WalletResult> {
  const s = await findSession(ctx.db, ctx, a.sessionToken);
  if (!s) return err('SESSION_NOT_FOUND');
  if (a.playerId !== playerIdOf(s)) return err('PLAYER_MISMATCH');
  const hook = freeRoundWinHook();
  const claimOf = { txId: a.txId, kind: 'win' as const, roundId: a.roundId, userId: s.user_id, amount: a.amount };
  const campaign = {
    tenantId: ctx.tenantId,
    providerId: ctx.provider.id,
    campaignId: a.freeRoundId,
    userId: s.user_id,
    gameId: a.gameId,
  };
  try {
    return await ctx.db.transaction(async (tx) => {
      const replay = await claim(tx, ctx, claimOf);
      if (replay) return replay;
      if (!hook) throw new Refused('FREE_ROUNDS_NOT_FOUND');
      if (!(await countFreeRound(tx, { ...campaign, win: a.amount })))
        throw new Refused(await freeRoundRefusal(tx, campaign));
      let moved: wallet.MoneyResult | null = null;
      const taken = await hook(tx, {
        tenantId: ctx.tenantId,
        userId: s.user_id,
        campaignId: a.freeRoundId,
        win: a.amount,
        now: new Date(),
        pay: async () => {
          moved = await wallet.credit(tx, {
            tenantId: ctx.tenantId,
            userId: s.user_id,
            amount: a.amount,
            type: 'win',
            account: 'bonus',
            from: 'house',
            idempotencyKey: walletKey(ctx, a.txId),
            reference: `freerounds:${ctx.provider.code}:${a.freeRoundId}`,
            metadata: { provider: ctx.provider.code, round_id: a.roundId, free_round_id: a.freeRoundId },
          });
        },
      });
      if (!taken) throw new Refused('FREE_ROUNDS_NOT_FOUND');
      // The spin in the player's bet history (a closed round staking 0), unless the provider reused a round id.
      if (!(await lockRound(tx, ctx, a.roundId)))
        await recordSettledRound(tx, {
          tenantId: ctx.tenantId,
          userId: s.user_id,
          providerCode: ctx.provider.code,
          gameCode: a.gameId,
          roundId: a.roundId,
          bet: 0,
          win: a.amount,
        });
      const paid = moved as wallet.MoneyResult | null;
      const result: WalletResult = {
        status: 'ok',
        // After the last spin the bonus may have completed or been lost: the balance is read after all of it.
        balance: await balanceOf(tx, ctx, s.user_id, s.bonus_allowed),
        currency: BRL,
        ...(paid ? { transactionId: String(paid.transaction_id) } : {}),
      };
      return answer(tx, ctx, a.txId, result);
    });
  } catch (e) {
    if (!(e instanceof Refused)) throw e;
    return ctx.db.transaction(async (tx) => {
      const replay = await claim(tx, ctx, claimOf);
      if (replay) return replay;
      return answer(tx, ctx, a.txId, err(e.code, await balanceOf(tx, ctx, s.user_id, s.bonus_allowed)), 'refused');
    });
  }
}

export async function securityEvent(
  sql: Sql,
  ctx: { tenantId: number | null; provider: { code: string } },
  reason: string,
  detail: Record<string, unknown>,
  ip?: string,
) {
  await sql.query(
    'insert into provider_security_events (tenant_id, provider_code, reason, detail, ip) values ($1, $2, $3, $4, $5)',
    [ctx.tenantId, ctx.provider.code, reason, JSON.stringify(detail), ip ?? null],
  );
}
