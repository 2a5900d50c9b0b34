import { createHash } from 'node:crypto';
import { maskName } from '@sorte/contracts';
import { CRASH_MAX_TARGET_CENTS, CRASH_MIN_TARGET_CENTS, type DoubleColor, doubleColor } from '@sorte/fairness';
import type { Db, Sql } from '../../../platform/db/index';
import { AppError } from '../../../platform/errors';
import type { Tenant } from '../../../platform/tenancy';
import * as wallet from '../../ledger/index';
import * as rg from '../../responsible-gaming/index';
import { amountMessage, LIMITS } from '../games';
import * as originalsRepo from '../repo';
import { crashAfterMs, GROWTH_PER_MS, multiplierAt } from './curve';
import type { Clock, Publish } from './engine';
import { settleBetMoney } from './engine';
import { MP } from './messages';
import type { RoundBetRow, RoundRow } from './repo';
import * as repo from './repo';
import { channelOf, DEFAULT_TIMING, type MultiplayerGame, multiplayerSettings } from './settings';

export type Who = { tenantId: number; userId: number };
export type Ctx = { db: Db; clock: Clock; publish: Publish };

const COLORS: readonly DoubleColor[] = ['white', 'red', 'black'];

function checkAmount(amount: unknown): number {
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount < LIMITS.minBet || amount > LIMITS.maxBet)
    throw new AppError('validation', undefined, { amount: [amountMessage()] });
  return amount;
}

/** auto_cashout as a multiplier with at most 2 decimals (2.5 = 2.50x), or null/absent for manual only. */
export function checkAutoCashout(v: unknown): number | null {
  if (v === undefined || v === null || v === '') return null;
  const x = typeof v === 'string' ? Number(v) : v;
  if (typeof x !== 'number' || !Number.isFinite(x))
    throw new AppError('validation', undefined, { auto_cashout: [MP.autoCashout] });
  const cents = Math.round(x * 100);
  if (Math.abs(cents - x * 100) > 1e-6 || cents < CRASH_MIN_TARGET_CENTS || cents > CRASH_MAX_TARGET_CENTS)
    throw new AppError('validation', undefined, { auto_cashout: [MP.autoCashout] });
  return cents;
}

export function checkColor(v: unknown): DoubleColor {
  if (typeof v !== 'string' || !(COLORS as readonly string[]).includes(v))
    throw new AppError('validation', undefined, { color: [MP.color] });
  return v as DoubleColor;
}

/** One money-moving request per Idempotency-Key (the same table and rules as the single-player games). */
async function once<T>(
  db: Db,
  w: Who,
  key: string,
  request: unknown,
  fn: (tx: Sql) => Promise<T>,
): Promise<{ body: T; replayed: boolean }> {
  const hash = createHash('sha256').update(JSON.stringify(request)).digest('hex');
  return db.transaction(async (tx) => {
    const claim = await originalsRepo.claimRequest(tx, w, key, hash);
    if (!claim.owned) {
      if (claim.hash !== hash) throw new AppError('conflict', MP.keyReused);
      return { body: claim.response as T, replayed: true };
    }
    const body = await fn(tx);
    await originalsRepo.storeResponse(tx, w, key, body);
    return { body, replayed: false };
  });
}

async function tenantSettings(sql: Sql, tenantId: number) {
  const { rows } = await sql.query<{ settings: Tenant['settings'] }>('select settings from tenants where id = $1', [
    tenantId,
  ]);
  return rows[0] ? multiplayerSettings(rows[0].settings) : null;
}

const total = (b: wallet.Balance) => b.cash + b.bonus;

/**
 * A bet on the round now in its betting window. The round row is share-locked for the transaction, so the engine's
 * closing of the window waits for it (and a bet arriving after the close finds no betting round).
 */
export async function placeBet(
  ctx: Ctx,
  o: Who & { game: MultiplayerGame; amount: unknown; autoCashout?: unknown; color?: unknown; idempotencyKey: string },
) {
  const amount = checkAmount(o.amount);
  const autoCashout = o.game === 'crash' ? checkAutoCashout(o.autoCashout) : null;
  const color = o.game === 'double' ? checkColor(o.color) : null;
  const r = await once(ctx.db, o, o.idempotencyKey, [`${o.game}:bet`, amount, autoCashout, color], async (tx) => {
    const settings = await tenantSettings(tx, o.tenantId);
    if (!settings?.enabled) throw new AppError('forbidden', MP.disabled);
    const round = await repo.lockRoundIn(tx, o.tenantId, o.game, 'betting');
    if (!round || ctx.clock() >= round.betting_ends_at.getTime()) throw new AppError('conflict', MP.bettingClosed);
    // Crash: the stakes of a round are at most the max profit, so its force point is never below 2.00x.
    if (o.game === 'crash' && (await repo.roundStake(tx, round.id)) + amount > settings.maxProfit)
      throw new AppError('conflict', MP.roundFull);
    const bet = await repo.insertRoundBet(tx, { ...o, roundId: round.id, amount, autoCashout, color });
    if (!bet) throw new AppError('conflict', o.game === 'crash' ? MP.alreadyBet : MP.alreadyBetColor);
    await rg.play(tx, { tenantId: o.tenantId, userId: o.userId, stake: amount });
    const debit = await wallet.debitBet(tx, {
      tenantId: o.tenantId,
      userId: o.userId,
      amount,
      idempotencyKey: `originals:bet:${o.game}:${bet.id}`,
      reference: `originals:${o.game}:round:${round.id}`,
    });
    return {
      round: { id: round.id, number: round.round_number },
      bet: { id: bet.id, amount, auto_cashout: autoCashout === null ? null : autoCashout / 100, color },
      balance: total(debit.balance),
    };
  });
  if (!r.replayed) {
    const name = await repo.firstName(ctx.db, o.tenantId, o.userId);
    await ctx
      .publish(o.tenantId, channelOf(o.game), `${o.game}.bet`, {
        id: r.body.round.id,
        bet: { id: r.body.bet.id, user: maskName(name), amount, color, status: 'open', cashout: null, payout: 0 },
      })
      .catch(() => {});
  }
  return r;
}

/**
 * Cashes out the player's Crash bet at the multiplier of this moment on the round's curve (or at their automatic
 * target / the force point if lower). Refused once the curve has reached the crash point, even if the engine has
 * not ticked yet. The bet changes with one conditional UPDATE, so it happens at most once.
 */
export async function cashOut(ctx: Ctx, o: Who & { idempotencyKey: string }) {
  const r = await once(ctx.db, o, o.idempotencyKey, ['crash:cashout'], async (tx) => {
    const round = await repo.lockRoundIn(tx, o.tenantId, 'crash', 'running');
    if (!round?.started_at) throw new AppError('conflict', MP.noRound);
    const bet = (await repo.playerBets(tx, round.id, o.userId))[0];
    if (!bet) throw new AppError('conflict', MP.noBet);
    if (bet.status !== 'open') throw new AppError('conflict', MP.alreadyCashedOut);
    const now = ctx.clock();
    const elapsed = now - round.started_at.getTime();
    if (elapsed >= (round.crash_after_ms ?? crashAfterMs(round.result))) throw new AppError('conflict', MP.crashed);
    const at = Math.min(multiplierAt(elapsed), bet.auto_cashout ?? Infinity, round.force_point ?? Infinity);
    const payout = Math.min(Math.floor((bet.amount * at) / 100), LIMITS.maxWin);
    const won = await repo.cashOutBet(tx, { betId: bet.id, cashout: at, payout, now: new Date(now) });
    if (!won) throw new AppError('conflict', MP.alreadyCashedOut);
    await settleBetMoney(tx, o.tenantId, 'crash', won);
    const balance = await wallet.getBalance(tx, o);
    return {
      round: { id: round.id, number: round.round_number },
      bet: { id: won.id, amount: won.amount, cashout: at / 100, payout },
      multiplier: at / 100,
      payout,
      balance: total(balance),
    };
  });
  if (!r.replayed)
    await ctx
      .publish(o.tenantId, channelOf('crash'), 'crash.cashouts', {
        id: r.body.round.id,
        bets: [{ id: r.body.bet.id, cashout: r.body.multiplier * 100, payout: r.body.payout, status: 'won' }],
      })
      .catch(() => {});
  return r;
}

// ---- public state ---------------------------------------------------------------------------------------------

const resultView = (game: MultiplayerGame, r: RoundRow) =>
  game === 'crash' ? { crash_point: r.result / 100 } : { roll: r.result, color: doubleColor(r.result) };

/** A finished round: its hash and result, which let anyone verify it against the chain. */
export function finishedRoundView(game: MultiplayerGame, r: RoundRow) {
  return {
    id: r.id,
    number: r.round_number,
    chain_id: r.chain_id,
    status: r.status,
    hash: r.hash,
    ...resultView(game, r),
    ended_at: r.ended_at?.toISOString() ?? null,
  };
}

function betView(b: repo.PublicBetRow, userId: number | null) {
  return {
    id: b.id,
    user: maskName(b.first_name),
    amount: b.amount,
    color: b.color,
    cashout: b.cashout === null ? null : b.cashout / 100,
    payout: b.payout,
    status: b.status,
    mine: userId !== null && b.user_id === userId,
  };
}

/**
 * What anyone may see of a game now: the committed chain (terminating hash, salt), the open round without its hash
 * or result, its bets, and the last finished rounds with their results and hashes.
 */
export async function publicState(ctx: Ctx, tenant: Tenant, game: MultiplayerGame, userId: number | null) {
  const now = ctx.clock();
  const [chain, open, past] = await Promise.all([
    repo.activeChain(ctx.db, tenant.id, game),
    repo.openRound(ctx.db, tenant.id, game),
    repo.history(ctx.db, tenant.id, game, 30),
  ]);
  let round: Record<string, unknown> | null = null;
  let bets: ReturnType<typeof betView>[] = [];
  if (open) {
    round = {
      id: open.id,
      number: open.round_number,
      chain_id: open.chain_id,
      status: open.status,
      betting_ends_at: open.betting_ends_at.toISOString(),
      started_at: open.started_at?.toISOString() ?? null,
    };
    if (open.status === 'running' && open.started_at) {
      const elapsed = now - open.started_at.getTime();
      // Past the crash point but not yet ended by the engine: show the last multiplier below it, never the point.
      const crashAt = open.crash_after_ms ?? crashAfterMs(open.result);
      round.elapsed_ms = Math.min(elapsed, Math.max(0, crashAt - 1));
      round.multiplier = multiplierAt(round.elapsed_ms as number) / 100;
      round.force_point = open.force_point === null ? null : open.force_point / 100;
    }
    bets = (await repo.roundBets(ctx.db, open.id)).map((b) => betView(b, userId));
  }
  const timing = DEFAULT_TIMING[game];
  return {
    game,
    enabled: multiplayerSettings(tenant.settings).enabled,
    server_time: new Date(now).toISOString(),
    timing: { betting_ms: timing.bettingMs, tick_ms: timing.tickMs, pause_ms: timing.pauseMs },
    curve: game === 'crash' ? { growth_per_ms: GROWTH_PER_MS } : undefined,
    max_profit: game === 'crash' ? multiplayerSettings(tenant.settings).maxProfit : undefined,
    chain: chain
      ? {
          id: chain.id,
          terminating_hash: chain.terminating_hash,
          salt: chain.salt,
          length: chain.length,
          created_at: chain.created_at.toISOString(),
        }
      : null,
    round,
    bets,
    history: past.map((r) => finishedRoundView(game, r)),
  };
}

/** The player's own bets in a game, newest first (results and hashes only of finished rounds). */
export async function myBets(db: Db, w: Who, game: MultiplayerGame) {
  const rows = await repo.myRoundBets(db, w.tenantId, w.userId, game, 30);
  return rows.map((b: RoundBetRow & { round_number: number; result: number | null; hash: string | null }) => ({
    id: b.id,
    round_id: b.round_id,
    round_number: b.round_number,
    amount: b.amount,
    auto_cashout: b.auto_cashout === null ? null : b.auto_cashout / 100,
    color: b.color,
    cashout: b.cashout === null ? null : b.cashout / 100,
    payout: b.payout,
    status: b.status,
    hash: b.hash,
    ...(b.result === null ? {} : game === 'crash' ? { crash_point: b.result / 100 } : { roll: b.result }),
  }));
}

/** A round for the verifier: with its chain's commitment; hash and result only once it is over. */
export async function roundForVerification(db: Db, tenantId: number, game: MultiplayerGame, id: number) {
  const r = await repo.roundByNumber(db, tenantId, game, id);
  if (!r) throw new AppError('not_found', { pt: 'Rodada não encontrada.', en: 'Round not found.' });
  const chain = (await repo.chainById(db, r.chain_id))!;
  const over = r.status === 'ended' || r.status === 'refunded';
  return {
    chain: { id: chain.id, terminating_hash: chain.terminating_hash, salt: chain.salt, length: chain.length },
    ...(over ? finishedRoundView(game, r) : { id: r.id, number: r.round_number, status: r.status }),
  };
}
