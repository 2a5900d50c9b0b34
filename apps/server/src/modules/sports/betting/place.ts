import { createHash } from 'node:crypto';
import type { Locale, PlaceSportBetReply } from '@sorte/contracts';
import type { Db, Sql } from '../../../platform/db/index';
import { AppError, type Localized } from '../../../platform/errors';
import { publish } from '../../../platform/events/index';
import type { Job } from '../../../platform/jobs/index';
import * as ledger from '../../ledger/index';
import { broadcast, channels } from '../../realtime/index';
import * as rg from '../../responsible-gaming/index';
import { ODDS_SCALE } from '../pricing/markets';
import { payout } from '../pricing/settle';
import { betView, currentPrice } from './bets';
import { addExposure, bookSettings, exposureOf } from './limits';
import { MSG, type RejectReason } from './messages';
import * as repo from './repo';

/**
 * Bet placement: one transaction checks the slip against the prices and the book's limits, claims the
 * Idempotency-Key with the bet's row, counts the stake with responsible gaming, debits it through the ledger, adds
 * the bet to the book's exposure and publishes sports.bet_placed. An in-play bet waits `live_delay_ms` as pending
 * (its stake already held) and is then accepted or rejected, with its stake given back, by the live-delay job.
 */

export type AcceptOdds = 'none' | 'higher' | 'any';
export type PlaceInput = repo.Who & {
  locale: Locale;
  key: string;
  selections: { outcome_id: number; odds: number }[];
  stake: number;
  acceptOdds: AcceptOdds;
};

/** The ledger's key of a bet's stake; its win, refund and cash-outs follow this stake's cash/bonus split. */
export const stakeKey = (betId: number) => `sports:bet:${betId}:stake`;

const hashRequest = (p: PlaceInput) =>
  createHash('sha256')
    .update(JSON.stringify([p.selections.map((s) => [s.outcome_id, s.odds]), p.stake, p.acceptOdds]))
    .digest('hex');

/** Another request holds this Idempotency-Key: its answer is replayed once it commits. */
class KeyTaken extends Error {}

function replay(prior: repo.BetRow, hash: string): { body: PlaceSportBetReply; replayed: true } {
  if (prior.request_hash !== hash || !prior.response) throw new AppError('conflict', MSG.keyReused);
  return { body: prior.response as PlaceSportBetReply, replayed: true };
}

export async function placeBet(db: Db, p: PlaceInput): Promise<{ body: PlaceSportBetReply; replayed: boolean }> {
  const hash = hashRequest(p);
  const prior = await repo.findByKey(db, p, p.key);
  if (prior) return replay(prior, hash);
  try {
    return { body: await db.transaction((tx) => place(tx, p, hash)), replayed: false };
  } catch (e) {
    if (!(e instanceof KeyTaken)) throw e;
    const first = await repo.findByKey(db, p, p.key);
    if (!first) throw new AppError('conflict', MSG.keyReused);
    return replay(first, hash);
  }
}

const refuse = (message: Localized, field?: string): never => {
  throw new AppError('validation', message, field ? { [field]: [message] } : undefined);
};

/** Total odds x 10,000: the exact product of the legs' odds, rounded down once. */
export function totalOdds(odds: readonly number[]): bigint {
  let num = 1n;
  for (const o of odds) num *= BigInt(o);
  return num / BigInt(ODDS_SCALE) ** BigInt(odds.length - 1);
}

/** What `stake` pays if every leg wins (exact, uncapped), and the largest stake whose win fits under `cap`. */
export function winOf(stake: number, odds: readonly number[], cap: number): { win: number; maxStake: number } {
  const win = payout(
    stake,
    odds.map((o) => ({ vf: 0, won: true, odds: o })),
  );
  let num = 1n;
  for (const o of odds) num *= BigInt(o);
  const maxStake = Number((BigInt(cap) * BigInt(ODDS_SCALE) ** BigInt(odds.length)) / num);
  return { win, maxStake };
}

/** Why an outcome takes no bet right now (null: it does), in the order a player would want to hear it. */
function closedReason(s: repo.SelectionRow): RejectReason | null {
  if (s.event_status !== 'live' && s.event_status !== 'not_started') return 'closed';
  if (s.bet_stop) return 'bet_stop';
  if (s.stale) return 'feed_down';
  if (s.market_status !== 'active' || !s.outcome_active || s.odds === null) return 'suspended';
  return null;
}

const CLOSED_MESSAGE: Record<RejectReason, Localized> = {
  closed: MSG.closed,
  bet_stop: MSG.betStop,
  suspended: MSG.suspended,
  feed_down: MSG.feedDown,
  odds_changed: MSG.suspended,
  limit: MSG.liability,
};

/** The odds a leg is taken at under the player's odds setting, or null when the price moved the wrong way. */
export function takenOdds(seen: number, current: number, accept: AcceptOdds): number | null {
  if (accept === 'any') return current;
  if (accept === 'higher') return current >= seen ? current : null;
  return current === seen ? seen : null;
}

async function place(tx: Sql, p: PlaceInput, hash: string): Promise<PlaceSportBetReply> {
  const settings = await bookSettings(tx, p.tenantId);
  if (p.stake < settings.minStake) refuse(MSG.minStake(settings.minStake), 'stake');
  if (p.stake > settings.maxStake) refuse(MSG.maxStake(settings.maxStake), 'stake');
  const ids = p.selections.map((s) => s.outcome_id);
  const rows = await repo.lockSelections(tx, p.tenantId, ids);
  const byId = new Map(rows.map((r) => [r.outcome_id, r]));
  const events = new Set<number>();
  const legs: (repo.NewLeg & { row: repo.SelectionRow })[] = [];
  for (const [i, s] of p.selections.entries()) {
    const row = byId.get(s.outcome_id);
    if (!row) return refuse(MSG.outcomeNotFound, `selections.${i}.outcome_id`);
    if (events.has(row.event_id)) refuse(MSG.sameEvent, `selections.${i}.outcome_id`);
    events.add(row.event_id);
    const reason = closedReason(row);
    if (reason) refuse(CLOSED_MESSAGE[reason], `selections.${i}.outcome_id`);
    // The feed has not turned the event live yet, but the clock has: its pre-match prices no longer stand.
    if (row.event_status === 'not_started' && row.started) refuse(MSG.started, `selections.${i}.outcome_id`);
    const odds = takenOdds(s.odds, row.odds!, p.acceptOdds);
    if (odds === null) refuse(MSG.oddsChanged(row.odds!), `selections.${i}.odds`);
    legs.push({
      event_id: row.event_id,
      market_id: row.market_id,
      outcome_id: row.outcome_id,
      odds: odds!,
      live: row.event_status === 'live',
      row,
    });
  }
  const odds = legs.map((l) => l.odds);
  const { win, maxStake } = winOf(p.stake, odds, settings.maxPayout);
  if (win > settings.maxPayout) refuse(MSG.maxPayout(settings.maxPayout, maxStake), 'stake');
  const live = legs.some((l) => l.live);
  const status = live && settings.liveDelayMs > 0 ? 'pending' : 'open';
  const total = totalOdds(odds);
  const bet = await repo.insertBet(tx, {
    tenantId: p.tenantId,
    userId: p.userId,
    key: p.key,
    hash,
    kind: legs.length === 1 ? 'single' : 'multiple',
    stake: p.stake,
    odds: total,
    potentialPayout: win,
    payoutCap: settings.maxPayout,
    acceptOdds: p.acceptOdds,
    status,
    live,
    delayMs: settings.liveDelayMs,
  });
  if (!bet) throw new KeyTaken();
  await rg.play(tx, { tenantId: p.tenantId, userId: p.userId, stake: p.stake });
  const money = await ledger.debitBet(tx, {
    tenantId: p.tenantId,
    userId: p.userId,
    amount: p.stake,
    idempotencyKey: stakeKey(bet.id),
    reference: `sports:bet:${bet.id}`,
    metadata: { legs: legs.length, live },
  });
  // Last, so the exposure rows (the one place concurrent bets on a market meet) are held for the shortest time.
  await addExposure(
    tx,
    p.tenantId,
    legs,
    { liability: exposureOf({ potential_payout: win, stake: p.stake }), stakes: p.stake, bets: 1 },
    settings.marketLiability,
  );
  if (status === 'open')
    await publish(tx, {
      name: 'sports.bet_placed',
      tenantId: p.tenantId,
      userId: p.userId,
      payload: { bet_id: bet.id, stake: p.stake, odds: Number(total), legs: legs.length, live },
    });
  const body: PlaceSportBetReply = {
    bet: betView(
      {
        id: bet.id,
        kind: legs.length === 1 ? 'single' : 'multiple',
        status,
        stake: p.stake,
        original_stake: p.stake,
        odds: Number(total),
        potential_payout: win,
        payout: 0,
        cashed_out: 0,
        placed_at: bet.placed_at,
        settled_at: null,
        reject_reason: null,
      },
      legs.map((l) => ({ ...l.row, taken: l.odds, live: l.live, result: null })),
      p.locale,
      false,
    ),
    balance: money.balance.cash,
    bonus: money.balance.bonus,
  };
  await repo.insertLegs(tx, p.tenantId, bet.id, legs, body);
  return body;
}

// ---- The live delay ---------------------------------------------------------------------------------------------

type Decision = { bet: repo.BetRow; status: 'open' | 'rejected' };

/**
 * Accepts or rejects one pending bet whose delay is over: every leg must still take a bet, at a price its odds
 * setting accepts (taken at that price). A rejection gives the stake back through the ledger, following the stake's
 * own cash/bonus split, and releases the bet's exposure.
 */
async function decide(tx: Sql, bet: repo.BetRow): Promise<Decision> {
  const legs = await repo.legsOf(tx, [bet.id], true);
  let reason: RejectReason | null = null;
  const taken: { outcome_id: number; market_id: number; odds: number }[] = [];
  for (const l of legs) {
    reason = closedReason(l);
    if (reason) break;
    const odds = takenOdds(l.taken, currentPrice(l)!, bet.accept_odds);
    if (odds === null) {
      reason = 'odds_changed';
      break;
    }
    taken.push({ outcome_id: l.outcome_id, market_id: l.market_id, odds });
  }
  const w = { tenantId: bet.tenant_id, userId: bet.user_id };
  if (!reason) {
    const odds = taken.map((l) => l.odds);
    const win = winOf(bet.stake, odds, bet.payout_cap).win;
    const change = exposureOf({ potential_payout: win, stake: bet.stake }) - exposureOf(bet);
    if (win > bet.payout_cap) reason = 'limit';
    else if (change !== 0) {
      // A better price means more exposure: refused past the limit without undoing the rest of this transaction.
      await tx.query('savepoint sports_delay');
      try {
        const limit = change > 0 ? (await bookSettings(tx, bet.tenant_id)).marketLiability : null;
        await addExposure(tx, bet.tenant_id, taken, { liability: change, stakes: 0, bets: 0 }, limit);
        await tx.query('release savepoint sports_delay');
      } catch (e) {
        if (!(e instanceof AppError)) throw e;
        await tx.query('rollback to savepoint sports_delay');
        reason = 'limit';
      }
    }
    if (!reason) {
      const total = totalOdds(odds);
      await repo.acceptPending(tx, { id: bet.id, odds: total, potentialPayout: win, legs: taken });
      await publish(tx, {
        name: 'sports.bet_placed',
        ...w,
        payload: { bet_id: bet.id, stake: bet.stake, odds: Number(total), legs: legs.length, live: true },
      });
      return { bet, status: 'open' };
    }
  }
  await repo.rejectPending(tx, bet.id, reason);
  await addExposure(tx, bet.tenant_id, legs, { liability: -exposureOf(bet), stakes: -bet.stake, bets: -1 }, null);
  await rg.play(tx, { ...w, refund: bet.stake });
  const money = await ledger.creditWin(tx, {
    ...w,
    type: 'refund',
    amount: bet.stake,
    stake: { key: stakeKey(bet.id) },
    idempotencyKey: `sports:bet:${bet.id}:refund`,
    reference: `sports:bet:${bet.id}`,
    metadata: { reason },
  });
  await publish(tx, {
    name: 'wallet.balance_updated',
    ...w,
    payload: { balance: money.balance.cash, bonus: money.balance.bonus },
  });
  return { bet, status: 'rejected' };
}

/** The player hears their bet's new state on their private channel (after commit: only what happened). */
export function pushBetUpdated(tenantId: number, userId: number, bet: { id: number; status: string; payout: number }) {
  void broadcast(tenantId, channels.user(userId), 'BetUpdated', {
    id: bet.id,
    status: bet.status,
    payout: bet.payout,
  }).catch(() => {});
}

/** Decides every pending bet whose delay is over, one transaction each; answers how many. */
export async function settlePending(db: Db, max = 500): Promise<number> {
  let n = 0;
  for (; n < max; n++) {
    const d = await db.transaction(async (tx) => {
      const [bet] = await repo.duePending(tx, 1);
      return bet ? decide(tx, bet) : null;
    });
    if (!d) break;
    pushBetUpdated(d.bet.tenant_id, d.bet.user_id, { id: d.bet.id, status: d.status, payout: 0 });
  }
  return n;
}

/** Ticks every second: a live bet is answered about its delay after placement. */
export const LIVE_DELAY_JOB: Job = {
  name: 'sports-live-delay',
  intervalMs: 1_000,
  hasWork: (db) => repo.anyDuePending(db),
  run: async ({ db }) => void (await settlePending(db)),
};
