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
import { addExposure, bookSettings, exposureOf, HEARTBEAT_STALE_MS } from './limits';
import { MSG, type RejectReason } from './messages';
import * as repo from './repo';

/**
 * Bet placement: one statement checks the slip against the prices and the book's limits, counts the stake with
 * responsible gaming, debits it through the ledger, claims the Idempotency-Key with the bet's row, adds the bet to
 * the book's exposure and publishes sports.bet_placed. An in-play bet waits `live_delay_ms` as pending (its stake
 * already held) and is then accepted or rejected, with its stake given back, by the live-delay job.
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

type PlaceRow = {
  status: 'ok' | 'replay' | 'refused';
  reason: string | null;
  idx: number | null;
  current_odds: number | null;
  max_stake: number | null;
  bet_id: number | null;
  bet_status: 'open' | 'pending' | null;
  total_odds: number | null;
  potential: number | null;
  placed_at: Date | null;
  cash: number | null;
  bonus: number | null;
  legs: (Omit<repo.SelectionRow, 'odds' | 'outcome_active' | 'probability' | 'started' | 'bet_stop' | 'stale'> & {
    taken: number;
    live: boolean;
    result: null;
  })[];
  stored_hash: string | null;
  response: Placement | null;
};

const EMPTY: PlaceRow = {
  status: 'replay',
  reason: null,
  idx: null,
  current_odds: null,
  max_stake: null,
  bet_id: null,
  bet_status: null,
  total_odds: null,
  potential: null,
  placed_at: null,
  cash: null,
  bonus: null,
  legs: [],
  stored_hash: null,
  response: null,
};

/**
 * One bet in ONE statement (sports_place_bet, platform/db/functions/sports_place_bet.sql): the checks, the bet, the
 * stake through responsible gaming and the ledger, the exposure, the event and the figures of the answer (for
 * replays), all or nothing.
 */
export async function placeBet(db: Db, p: PlaceInput): Promise<{ body: PlaceSportBetReply; replayed: boolean }> {
  const hash = hashRequest(p);
  let row: PlaceRow;
  try {
    const { rows } = await db.query<PlaceRow>(
      `select * from sports_place_bet($1::bigint, $2::bigint, $3::text, $4::text, $5::bigint[], $6::int[], $7::bigint,
        $8::text, $9::float8)`,
      [
        p.tenantId,
        p.userId,
        p.key,
        hash,
        p.selections.map((x) => x.outcome_id),
        p.selections.map((x) => x.odds),
        p.stake,
        p.acceptOdds,
        HEARTBEAT_STALE_MS / 1000,
      ],
      'sports_place_bet',
    );
    row = rows[0]!;
  } catch (err) {
    const refusal = await rg.refusalFrom(db, p, err, p.stake);
    if (refusal) throw refusal;
    const code = (err as { code?: string }).code;
    if (code === 'SL422') throw new AppError('validation', MSG.liability);
    // The key's bet committed by a concurrent request (SR200), or that bet took the money this one needed.
    const prior = code === 'SR200' || code === 'SR402' ? await repo.findByKey(db, p, p.key) : null;
    if (!prior) throw ledger.ledgerError(err);
    row = {
      ...EMPTY,
      status: 'replay',
      bet_id: prior.id,
      stored_hash: prior.request_hash,
      response: prior.response as Placement,
    };
  }
  if (row.status === 'refused') return refuseWith(row);
  if (row.status === 'replay') {
    if (row.stored_hash !== hash) throw new AppError('conflict', MSG.keyReused);
    // The key's bet committed (the statement that placed it stored its figures with it).
    return { body: await replayBody(db, p, row.bet_id!, row.response!), replayed: true };
  }
  const kind = row.legs.length === 1 ? 'single' : 'multiple';
  const body: PlaceSportBetReply = {
    bet: betView(
      {
        id: row.bet_id!,
        kind,
        status: row.bet_status!,
        stake: p.stake,
        original_stake: p.stake,
        odds: row.total_odds!,
        potential_payout: row.potential!,
        payout: 0,
        cashed_out: 0,
        placed_at: row.placed_at!,
        settled_at: null,
        reject_reason: null,
      },
      row.legs,
      p.locale,
      false,
    ),
    balance: row.cash!,
    bonus: row.bonus!,
  };
  return { body, replayed: false };
}

function refuseWith(row: PlaceRow): never {
  const field = (name: string) => (row.idx === null ? undefined : `selections.${row.idx}.${name}`);
  switch (row.reason) {
    case 'min_stake':
      return refuse(MSG.minStake(row.max_stake!), 'stake');
    case 'max_stake':
      return refuse(MSG.maxStake(row.max_stake!), 'stake');
    case 'max_payout':
      return refuse(MSG.maxPayout(row.potential!, row.max_stake!), 'stake');
    case 'odds_too_long':
      return refuse(MSG.oddsTooLong(row.potential!), 'selections');
    case 'not_found':
      return refuse(MSG.outcomeNotFound, field('outcome_id'));
    case 'same_event':
      return refuse(MSG.sameEvent, field('outcome_id'));
    case 'started':
      return refuse(MSG.started, field('outcome_id'));
    case 'odds_changed':
      return refuse(MSG.oddsChanged(row.current_odds!), field('odds'));
    default:
      return refuse(CLOSED_MESSAGE[row.reason as RejectReason] ?? MSG.suspended, field('outcome_id'));
  }
}

/** What sports_place_bet stores on the bet: the figures its answer had (the names come from the catalog). */
type Placement = {
  status: 'open' | 'pending';
  odds: number;
  potential: number;
  placed_at: string;
  balance: number;
  bonus: number;
  legs: {
    outcome_id: number;
    taken: number;
    live: boolean;
    score_home: number;
    score_away: number;
    event_status: string;
  }[];
};

/** The first answer again, from the placement's figures: the bet as it was placed, in the request's language. */
async function replayBody(db: Db, p: PlaceInput, betId: number, placement: Placement): Promise<PlaceSportBetReply> {
  const bet = (await repo.findBet(db, p, betId))!;
  const now = new Map((await repo.legsOf(db, [betId])).map((l) => [l.outcome_id, l]));
  const legs = placement.legs.map((x) => ({
    ...now.get(x.outcome_id)!,
    taken: x.taken,
    live: x.live,
    result: null,
    event_status: x.event_status,
    score_home: x.score_home,
    score_away: x.score_away,
    result_home: null,
    result_away: null,
  }));
  const view = {
    ...bet,
    status: placement.status,
    stake: bet.original_stake,
    odds: placement.odds,
    potential_payout: placement.potential,
    payout: 0,
    cashed_out: 0,
    placed_at: new Date(placement.placed_at),
    settled_at: null,
    reject_reason: null,
  };
  return { bet: betView(view, legs, p.locale, false), balance: placement.balance, bonus: placement.bonus };
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
  // After the money, in the order a placement takes its rows (responsible gaming, cash, exposure): no crosswise wait.
  await addExposure(tx, bet.tenant_id, legs, { liability: -exposureOf(bet), stakes: -bet.stake, bets: -1 }, null);
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
