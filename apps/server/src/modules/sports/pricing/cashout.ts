import { ODDS_SCALE } from './markets';
import { payout, type SettledLeg } from './settle';

/**
 * What the book offers to close a bet early. A single: stake x placed odds / current odds x (1 - margin), the bet
 * bought back at today's price less the book's cut. An accumulator: the settled legs' factors times, for each open
 * leg, its placed odds x its fair (de-margined) probability now, less the cut. Rounded down to the centavo; nothing
 * is offered for a bet already lost or with an open leg that has no price.
 */

export type OpenLeg = {
  /** Odds at placement (x 10,000). */
  odds: number;
  /** The outcome's book odds now (x 10,000), null when its market is suspended or the outcome is off. */
  current: number | null;
  /** The outcome's fair probability now (before margin). */
  probability: number;
};

export type CashoutLegs = { settled: readonly SettledLeg[]; open: readonly OpenLeg[] };

/** The book's cut on a cash-out. */
export const CASHOUT_MARGIN = 0.05;

export function cashoutAmount(stake: number, legs: CashoutLegs, margin = CASHOUT_MARGIN): number | null {
  if (legs.open.length === 0) return null;
  if (legs.open.some((l) => l.current === null)) return null;
  // The settled legs' exact factor, as the payout of the stake over them (1 with none).
  const settledValue = legs.settled.length > 0 ? payout(stake, legs.settled) : stake;
  if (settledValue === 0) return null;
  let value = settledValue * (1 - margin);
  if (legs.settled.length === 0 && legs.open.length === 1) {
    const leg = legs.open[0]!;
    value *= leg.odds / leg.current!;
  } else {
    for (const leg of legs.open) value *= (leg.odds / ODDS_SCALE) * leg.probability;
  }
  const amount = Math.floor(value + 1e-9);
  return amount > 0 ? amount : null;
}

/**
 * A partial cash-out of `percent` (1-99): the share of the quote paid now, and the stake that stays on the bet.
 * The stake kept is rounded up so the player's remaining bet is never smaller than the share not cashed out.
 */
export function partialCashout(stake: number, quote: number, percent: number): { paid: number; stakeLeft: number } {
  if (!Number.isInteger(percent) || percent < 1 || percent > 99) throw new Error('a partial cash-out is 1 to 99%');
  const paid = Math.floor((quote * percent) / 100);
  const stakeLeft = Math.ceil((stake * (100 - percent)) / 100);
  return { paid, stakeLeft };
}
