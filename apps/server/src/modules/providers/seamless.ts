import { createHash } from 'node:crypto';
import type { Db, Sql } from '../../db/index';
import { AppError } from '../../platform/errors';
import type { ProviderRow } from '../casino/repo';
import * as wallet from '../wallet/index';
import type { WalletAction, WalletErrorCode, WalletResult } from './adapter';

/**
 * The seamless wallet: what a game provider's server may do with a player's money, and the rules real
 * aggregators impose on us as the wallet side:
 * - every money call is idempotent on the provider's transaction id, and a repeat answers the first answer;
 * - a rollback of a bet we never saw is recorded, so that bet is refused if it arrives late; a repeated rollback
 *   succeeds; a win or rollback is accepted after the session expired (the round must settle);
 * - insufficient funds is an answer, not an error; a single win above the tenant's cap is refused and logged.
 * Each call is one SQL transaction that claims the transaction id first (a concurrent duplicate waits on the
 * unique index, then replays), locks the round, moves money through the wallet service, and records the events.
 * Lock order everywhere: transaction id -> round -> user row -> ledger accounts.
 */
export type SeamlessContext = { db: Db; tenantId: number; provider: ProviderRow };

type Session = {
  id: number;
  user_id: number;
  game_id: number;
  provider_game_id: string;
  game_title: string;
  bonus_allowed: boolean;
  demo: boolean;
  expired: boolean;
};

const BRL = 'BRL' as const;

export const hashSessionToken = (token: string) => createHash('sha256').update(token).digest('hex');

const err = (code: WalletErrorCode, balance?: number): WalletResult => ({
  status: 'error',
  code,
  currency: BRL,
  ...(balance !== undefined ? { balance } : {}),
});

async function findSession(sql: Sql, ctx: SeamlessContext, token: string): Promise<Session | null> {
  const { rows } = await sql.query<Session>(
    `select s.id, s.user_id, s.game_id, g.provider_game_id, g.title as game_title, g.bonus_allowed, s.demo,
        s.expires_at <= now() as expired
      from game_sessions s join games g on g.tenant_id = s.tenant_id and g.id = s.game_id
      where s.token_hash = $1 and s.tenant_id = $2 and s.provider_id = $3`,
    [hashSessionToken(token), ctx.tenantId, ctx.provider.id],
  );
  const s = rows[0];
  return s && !s.demo && s.user_id !== null ? s : null;
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
      return win(ctx, a);
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
  response: WalletResult;
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
  const existing = await findTx(tx, ctx, c.txId);
  if (!existing) return err('INTERNAL');
  // A late bet after its rollback: the tombstone answers.
  if (existing.status === 'tombstone' && c.kind === 'bet') return err('BET_ROLLED_BACK');
  if (existing.kind !== c.kind || existing.amount !== c.amount || existing.round_id !== c.roundId)
    return err('TRANSACTION_CONFLICT');
  return existing.response;
}

async function findTx(sql: Sql, ctx: SeamlessContext, txId: string, lock = false): Promise<TxRow | null> {
  const { rows } = await sql.query<TxRow>(
    `select id, kind, status, amount, round_id, response from provider_transactions
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

type Round = { id: number; user_id: number; game_id: number; status: string; bet_total: number; win_total: number };

async function lockRound(tx: Sql, ctx: SeamlessContext, roundId: string): Promise<Round | null> {
  const { rows } = await tx.query<Round>(
    `select id, user_id, game_id, status, bet_total, win_total from casino_rounds
      where tenant_id = $1 and provider_id = $2 and round_id = $3 for update`,
    [ctx.tenantId, ctx.provider.id, roundId],
  );
  return rows[0] ?? null;
}

async function event(tx: Sql, tenantId: number, userId: number, type: string, payload: Record<string, unknown>) {
  await tx.query('insert into domain_events (tenant_id, user_id, type, payload) values ($1, $2, $3, $4)', [
    tenantId,
    userId,
    type,
    JSON.stringify(payload),
  ]);
}

async function balanceOf(sql: Sql, ctx: SeamlessContext, userId: number, bonusAllowed: boolean) {
  return playable(await wallet.getBalance(sql, { tenantId: ctx.tenantId, userId }), bonusAllowed);
}

async function bet(ctx: SeamlessContext, a: Extract<WalletAction, { op: 'bet' }>): Promise<WalletResult> {
  const s = await findSession(ctx.db, ctx, a.sessionToken);
  if (!s) return err('SESSION_NOT_FOUND');
  if (a.playerId !== playerIdOf(s)) return err('PLAYER_MISMATCH');
  try {
    return await ctx.db.transaction(async (tx) => {
      const replay = await claim(tx, ctx, {
        txId: a.txId,
        kind: 'bet',
        roundId: a.roundId,
        userId: s.user_id,
        amount: a.amount,
      });
      if (replay) return replay;
      // A new stake needs a live session and a player who may play; settling (win, rollback) does not.
      if (s.expired) return answer(tx, ctx, a.txId, err('SESSION_EXPIRED'), 'refused');
      if (await isBlocked(tx, ctx.tenantId, s.user_id))
        return answer(tx, ctx, a.txId, err('PLAYER_BLOCKED'), 'refused');
      let round = await lockRound(tx, ctx, a.roundId);
      if (round && round.user_id !== s.user_id) return answer(tx, ctx, a.txId, err('PLAYER_MISMATCH'), 'refused');
      if (round && round.status !== 'open') {
        const bal = await balanceOf(tx, ctx, s.user_id, s.bonus_allowed);
        return answer(tx, ctx, a.txId, err('ROUND_CLOSED', bal), 'refused');
      }
      if (!round) {
        const { rows } = await tx.query<Round>(
          `insert into casino_rounds (tenant_id, provider_id, round_id, user_id, game_id) values ($1, $2, $3, $4, $5)
            returning id, user_id, game_id, status, bet_total, win_total`,
          [ctx.tenantId, ctx.provider.id, a.roundId, s.user_id, s.game_id],
        );
        round = rows[0]!;
      }
      // The player's row first: every stake of one player queues here, before any ledger lock (no lock cycles).
      await tx.query('update users set total_bet = total_bet + $3 where tenant_id = $1 and id = $2', [
        ctx.tenantId,
        s.user_id,
        a.amount,
      ]);
      const call = {
        tenantId: ctx.tenantId,
        userId: s.user_id,
        amount: a.amount,
        idempotencyKey: walletKey(ctx, a.txId),
        reference: `round:${ctx.provider.code}:${a.roundId}`,
        metadata: { provider: ctx.provider.code, game_id: s.game_id, round_id: a.roundId },
      };
      // Games that do not take bonus money stake cash only.
      const moved = s.bonus_allowed
        ? await wallet.debitBet(tx, call)
        : await wallet.debit(tx, { ...call, type: 'bet', account: 'cash', to: 'house' });
      await tx.query('update casino_rounds set bet_total = bet_total + $2 where id = $1', [round.id, a.amount]);
      await event(tx, ctx.tenantId, s.user_id, 'casino.bet', {
        provider: ctx.provider.code,
        round_id: a.roundId,
        transaction: a.txId,
        game_id: s.game_id,
        game: s.game_title,
        user_id: s.user_id,
        amount: a.amount,
      });
      return answer(tx, ctx, a.txId, {
        status: 'ok',
        balance: playable(moved.balance, s.bonus_allowed),
        currency: BRL,
        transactionId: String(moved.transaction_id),
      });
    });
  } catch (e) {
    if (!(e instanceof wallet.InsufficientFunds)) throw e;
    // The stake did not fit: nothing moved (the transaction rolled back). Record the refusal so a repeat of this
    // transaction id gets the same answer even if the player deposits in between.
    return ctx.db.transaction(async (tx) => {
      const replay = await claim(tx, ctx, {
        txId: a.txId,
        kind: 'bet',
        roundId: a.roundId,
        userId: s.user_id,
        amount: a.amount,
      });
      if (replay) return replay;
      const bal = await balanceOf(tx, ctx, s.user_id, s.bonus_allowed);
      return answer(tx, ctx, a.txId, err('INSUFFICIENT_FUNDS', bal), 'refused');
    });
  }
}

async function isBlocked(sql: Sql, tenantId: number, userId: number): Promise<boolean> {
  const { rows } = await sql.query<{ blocked: boolean }>(
    'select coalesce(self_exclusion_end > now(), false) as blocked from users where tenant_id = $1 and id = $2',
    [tenantId, userId],
  );
  return rows[0]?.blocked !== false;
}

async function win(ctx: SeamlessContext, a: Extract<WalletAction, { op: 'win' }>): Promise<WalletResult> {
  const s = await findSession(ctx.db, ctx, a.sessionToken);
  if (!s) return err('SESSION_NOT_FOUND');
  if (a.playerId !== playerIdOf(s)) return err('PLAYER_MISMATCH');
  return ctx.db.transaction(async (tx) => {
    const replay = await claim(tx, ctx, {
      txId: a.txId,
      kind: 'win',
      roundId: a.roundId,
      userId: s.user_id,
      amount: a.amount,
    });
    if (replay) return replay;
    const round = await lockRound(tx, ctx, a.roundId);
    const refuse = async (code: WalletErrorCode) =>
      answer(tx, ctx, a.txId, err(code, await balanceOf(tx, ctx, s.user_id, s.bonus_allowed)), 'refused');
    if (!round) return refuse('ROUND_NOT_FOUND');
    if (round.user_id !== s.user_id) return refuse('PLAYER_MISMATCH');
    if (round.status === 'rolled_back') return refuse('ROUND_ROLLED_BACK');
    if (a.amount > ctx.provider.max_single_win) {
      await securityEvent(tx, ctx, 'win_over_cap', {
        transaction_id: a.txId,
        round_id: a.roundId,
        amount: a.amount,
        cap: ctx.provider.max_single_win,
        user_id: s.user_id,
      });
      return refuse('WIN_LIMIT_EXCEEDED');
    }
    let balance: number;
    let transactionId: string | undefined;
    if (a.amount > 0) {
      const moved = await wallet.creditWin(tx, {
        tenantId: ctx.tenantId,
        userId: s.user_id,
        amount: a.amount,
        idempotencyKey: walletKey(ctx, a.txId),
        reference: `round:${ctx.provider.code}:${a.roundId}`,
        metadata: { provider: ctx.provider.code, game_id: round.game_id, round_id: a.roundId },
      });
      balance = playable(moved.balance, s.bonus_allowed);
      transactionId = String(moved.transaction_id);
    } else {
      balance = await balanceOf(tx, ctx, s.user_id, s.bonus_allowed);
    }
    const closing = a.roundClosed && round.status === 'open';
    await tx.query(
      `update casino_rounds set win_total = win_total + $2::bigint,
          status = case when $3::boolean then 'closed' else status end,
          closed_at = case when $3::boolean then now() else closed_at end
        where id = $1`,
      [round.id, a.amount, closing],
    );
    const base = {
      provider: ctx.provider.code,
      round_id: a.roundId,
      transaction: a.txId,
      game_id: round.game_id,
      game: s.game_title,
      user_id: s.user_id,
    };
    if (a.amount > 0) await event(tx, ctx.tenantId, s.user_id, 'casino.win', { ...base, amount: a.amount });
    if (closing) {
      const winTotal = round.win_total + a.amount;
      await event(tx, ctx.tenantId, s.user_id, 'casino.round_settled', {
        ...base,
        bet: round.bet_total,
        win: winTotal,
        multiplier: round.bet_total > 0 ? Math.round((winTotal / round.bet_total) * 100) / 100 : 0,
      });
    }
    return answer(tx, ctx, a.txId, { status: 'ok', balance, currency: BRL, transactionId });
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
    // Same lock order as a bet: the player's row before the ledger.
    await tx.query('update users set total_bet = greatest(0, total_bet - $3) where tenant_id = $1 and id = $2', [
      ctx.tenantId,
      s.user_id,
      target.amount,
    ]);
    let reversed: wallet.MoneyResult;
    try {
      reversed = await wallet.reverse(tx, {
        tenantId: ctx.tenantId,
        originalKey: walletKey(ctx, a.refTxId),
        idempotencyKey: walletKey(ctx, a.txId),
        reference: `round:${ctx.provider.code}:${target.round_id ?? a.roundId}`,
        type: 'refund',
      });
    } catch (e) {
      if (e instanceof AppError && e.code === 'not_found') return ok();
      throw e;
    }
    await tx.query("update provider_transactions set status = 'rolled_back' where id = $1", [target.id]);
    if (lockedRound) {
      const remaining = lockedRound.bet_total - target.amount;
      await tx.query(
        `update casino_rounds set bet_total = $2::bigint,
            status = case when $2::bigint = 0 and win_total = 0 then 'rolled_back' else status end,
            closed_at = case when $2::bigint = 0 and win_total = 0 then now() else closed_at end
          where id = $1`,
        [lockedRound.id, Math.max(0, remaining)],
      );
      if (remaining <= 0 && lockedRound.win_total === 0)
        await event(tx, ctx.tenantId, s.user_id, 'casino.round_rolled_back', {
          provider: ctx.provider.code,
          round_id: target.round_id,
          transaction: a.refTxId,
          game_id: lockedRound.game_id,
          user_id: s.user_id,
          amount: target.amount,
        });
    }
    return ok(String(reversed.transaction_id));
  });
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
