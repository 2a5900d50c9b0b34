import { type LegResult, ODDS_SCALE } from './markets';

/**
 * What a bet pays, in integer centavos, from its legs' results and the odds each was placed at. Every factor is a
 * ratio of integers (odds x 10,000, a void fraction in halves, a dead-heat factor as num/den), multiplied in BigInt
 * and rounded down once at the end, so an accumulator of 20 legs pays the exact product, never a float's guess.
 */

export type SettledLeg = LegResult & { odds: number };

/** f x 2 x ODDS_SCALE x dhfDen, as a numerator, and its denominator. */
function factor(leg: SettledLeg): { num: bigint; den: bigint } {
  if (!Number.isSafeInteger(leg.odds) || leg.odds < ODDS_SCALE) throw new Error('odds are integers x 10,000, >= 1');
  const vf2 = BigInt(leg.vf * 2);
  const [dn, dd] = dhfRatio(leg.dhf ?? 1);
  const scale = 2n * BigInt(ODDS_SCALE) * dd;
  // vf + (1 - vf) x won x odds x dhf, all over `scale`.
  const back = vf2 * BigInt(ODDS_SCALE) * dd;
  const win = leg.won ? (2n - vf2) * BigInt(leg.odds) * dn : 0n;
  return { num: back + win, den: scale };
}

/** A dead-heat factor (1/2, 1/3 ...) as an exact ratio. */
function dhfRatio(dhf: number): [bigint, bigint] {
  if (!(dhf > 0 && dhf <= 1)) throw new Error('a dead-heat factor is in (0, 1]');
  for (let den = 1; den <= 12; den++) {
    const num = Math.round(dhf * den);
    if (Math.abs(num / den - dhf) < 1e-9) return [BigInt(num), BigInt(den)];
  }
  throw new Error('a dead-heat factor is a simple fraction');
}

/**
 * The payout of a bet: stake x the product of its legs' factors, rounded down to the centavo and capped at
 * `maxPayout`. A single is an accumulator of one leg.
 */
export function payout(stake: number, legs: readonly SettledLeg[], maxPayout = Number.MAX_SAFE_INTEGER): number {
  if (!Number.isSafeInteger(stake) || stake <= 0) throw new Error('the stake is whole centavos above 0');
  let num = BigInt(stake);
  let den = 1n;
  for (const leg of legs) {
    const f = factor(leg);
    num *= f.num;
    den *= f.den;
  }
  const paid = num / den;
  return paid > BigInt(maxPayout) ? maxPayout : Number(paid);
}
