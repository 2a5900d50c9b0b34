import type { Locale, SportBet, SportBetLeg } from '@sorte/contracts';
import type { Db } from '../../../platform/db/index';
import { AppError } from '../../../platform/errors';
import { type CashoutLegs, cashoutAmount, type OpenLeg } from '../pricing/cashout';
import type { SettledLeg } from '../pricing/settle';
import { marketName, outcomeName, specOf } from '../specifiers';
import { MSG, type RejectReason } from './messages';
import * as repo from './repo';

/** My bets: the list (open or settled, newest first) and one bet, the player's own only. */

export const PAGE_SIZE = 20;

type LegLike = Pick<
  repo.LegRow,
  | 'event_id'
  | 'outcome_id'
  | 'code'
  | 'kind'
  | 'specifiers'
  | 'home'
  | 'away'
  | 'starts_at'
  | 'event_status'
  | 'score_home'
  | 'score_away'
  | 'result_home'
  | 'result_away'
> & { taken: number; live: boolean; result: repo.LegRow['result'] };

const SETTLED: Record<NonNullable<repo.LegRow['result']>, Omit<SettledLeg, 'odds'>> = {
  won: { vf: 0, won: true },
  lost: { vf: 0, won: false },
  void: { vf: 1, won: false },
  half_won: { vf: 0.5, won: true },
  half_lost: { vf: 0.5, won: false },
};

/** An open leg's price now, or null when its market, outcome, event or feed does not take a bet at this moment. */
export function currentPrice(l: repo.SelectionRow): number | null {
  const open =
    l.market_status === 'active' &&
    l.outcome_active &&
    l.odds !== null &&
    (l.event_status === 'live' || l.event_status === 'not_started') &&
    !l.bet_stop &&
    !l.stale;
  return open ? l.odds : null;
}

/** A bet's legs as the cash-out formula takes them: the settled legs' results, the open legs' prices now. */
export function cashoutLegs(legs: readonly repo.LegRow[]): CashoutLegs {
  const settled: SettledLeg[] = [];
  const open: OpenLeg[] = [];
  for (const l of legs) {
    if (l.result) {
      const r = SETTLED[l.result];
      settled.push({ ...r, odds: l.taken, ...(l.dead_heat_factor !== 1 ? { dhf: l.dead_heat_factor } : {}) });
    } else open.push({ odds: l.taken, current: currentPrice(l), probability: l.probability });
  }
  return { settled, open };
}

/** What the book would pay now to close the bet, or null when it offers nothing (a leg off, a leg lost). */
export function cashoutValue(bet: Pick<repo.BetRow, 'status' | 'stake'>, legs: readonly repo.LegRow[]): number | null {
  if (bet.status !== 'open' || bet.stake <= 0 || legs.length === 0) return null;
  return cashoutAmount(bet.stake, cashoutLegs(legs));
}

const scoreOf = (l: LegLike): [number, number] | null => {
  if (l.result_home !== null && l.result_away !== null) return [l.result_home, l.result_away];
  if (l.event_status === 'live' || l.event_status === 'ended' || l.event_status === 'closed')
    return [l.score_home, l.score_away];
  return null;
};

export function legView(l: LegLike, locale: Locale): SportBetLeg {
  const spec = specOf(l.kind, l.specifiers);
  return {
    outcome_id: l.outcome_id,
    event_id: l.event_id,
    event_name: `${l.home} x ${l.away}`,
    market: marketName(spec, locale),
    outcome: outcomeName(spec, l.code, { home: l.home, away: l.away }, locale),
    odds: l.taken,
    starts_at: new Date(l.starts_at).toISOString(),
    live: l.live,
    result: l.result,
    score: scoreOf(l),
  };
}

export type BetLike = Pick<
  repo.BetRow,
  | 'id'
  | 'kind'
  | 'status'
  | 'stake'
  | 'original_stake'
  | 'odds'
  | 'potential_payout'
  | 'payout'
  | 'cashed_out'
  | 'placed_at'
  | 'settled_at'
  | 'reject_reason'
>;

export function betView(b: BetLike, legs: readonly LegLike[], locale: Locale, cashout: boolean): SportBet {
  const reason = b.reject_reason as RejectReason | null;
  return {
    id: b.id,
    kind: b.kind,
    status: b.status,
    stake: b.stake,
    original_stake: b.original_stake,
    odds: b.odds,
    potential_win: b.potential_payout,
    payout: b.payout,
    cashed_out: b.cashed_out,
    placed_at: new Date(b.placed_at).toISOString(),
    settled_at: b.settled_at ? new Date(b.settled_at).toISOString() : null,
    legs: legs.map((l) => legView(l, locale)),
    cashout_available: cashout,
    message: b.status === 'rejected' && reason ? (MSG.rejected[reason]?.[locale] ?? null) : null,
  };
}

/** Views of bets read from the database, their legs in one query. */
export async function viewsOf(db: Db, bets: repo.BetRow[], locale: Locale): Promise<SportBet[]> {
  const legs = await repo.legsOf(
    db,
    bets.map((b) => b.id),
  );
  const byBet = new Map<number, repo.LegRow[]>();
  for (const l of legs) {
    const list = byBet.get(l.bet_id) ?? [];
    list.push(l);
    byBet.set(l.bet_id, list);
  }
  return bets.map((b) => {
    const ls = byBet.get(b.id) ?? [];
    return betView(b, ls, locale, cashoutValue(b, ls) !== null);
  });
}

export async function listBets(
  db: Db,
  w: repo.Who & { locale: Locale },
  q: { status?: 'open' | 'settled'; page: number },
) {
  const { rows, total } = await repo.listBets(db, w, {
    status: q.status ?? 'all',
    limit: PAGE_SIZE,
    offset: (q.page - 1) * PAGE_SIZE,
  });
  return {
    data: await viewsOf(db, rows, w.locale),
    current_page: q.page,
    last_page: Math.max(1, Math.ceil(total / PAGE_SIZE)),
    per_page: PAGE_SIZE,
    total,
  };
}

export async function getBet(db: Db, w: repo.Who & { locale: Locale }, id: number): Promise<SportBet> {
  const bet = await repo.findBet(db, w, id);
  if (!bet) throw new AppError('not_found', MSG.betNotFound);
  return (await viewsOf(db, [bet], w.locale))[0]!;
}
