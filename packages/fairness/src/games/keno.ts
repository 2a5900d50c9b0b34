// Keno: numbers 1..40, 10 drawn by the shrinking-pool shuffle (unbiased), the player picks 1..10 numbers; the
// number of hits is hypergeometric: P(h) = C(p, h) C(40 - p, 10 - h) / C(40, 10). Four risk levels, paytables in
// paytables.ts.

import { toE4 } from '../payout.ts';
import { choose, type Rational, rational, sum } from '../rational.ts';
import { type BetSeeds, type Stream, streamFor } from '../rng.ts';
import { KENO_PAYTABLES } from './paytables.ts';

export type KenoRisk = keyof typeof KENO_PAYTABLES;
export type KenoBet = { picks: number[]; risk: KenoRisk };
export type KenoOutcome = { drawn: number[]; hits: number[]; multiplierE4: number };

export const KENO_NUMBERS = 40;
export const KENO_DRAWN = 10;
export const KENO_RISKS = ['classic', 'low', 'medium', 'high'] as const satisfies readonly KenoRisk[];

export function kenoTable(risk: KenoRisk, picks: number): { rtp: string; table: readonly number[] } {
  const byPicks = KENO_PAYTABLES[risk];
  if (!byPicks) throw new RangeError('unknown risk');
  if (!Number.isInteger(picks) || picks < 1 || picks > 10) throw new RangeError('pick 1 to 10 numbers');
  return byPicks[picks as 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10];
}

/** The 10 drawn numbers (1..40) in draw order. */
export function kenoDrawOn(stream: Stream): number[] {
  return stream.draw(KENO_NUMBERS, KENO_DRAWN).map((i) => i + 1);
}

export function kenoDraw(seeds: BetSeeds): number[] {
  return kenoDrawOn(streamFor(seeds));
}

export function settleKeno(drawn: number[], bet: KenoBet): KenoOutcome {
  const { table } = kenoTable(bet.risk, bet.picks.length);
  if (
    new Set(bet.picks).size !== bet.picks.length ||
    bet.picks.some((n) => !Number.isInteger(n) || n < 1 || n > KENO_NUMBERS)
  ) {
    throw new RangeError('picks must be distinct numbers 1..40');
  }
  const drawnSet = new Set(drawn);
  const hits = bet.picks.filter((n) => drawnSet.has(n));
  return { drawn, hits, multiplierE4: toE4(table[hits.length]!) };
}

export function playKeno(seeds: BetSeeds, bet: KenoBet): KenoOutcome {
  return settleKeno(kenoDraw(seeds), bet);
}

export function kenoHitProbability(picks: number, hits: number): Rational {
  return rational(
    choose(picks, hits) * choose(KENO_NUMBERS - picks, KENO_DRAWN - hits),
    choose(KENO_NUMBERS, KENO_DRAWN),
  );
}

export function kenoExactRtp(risk: KenoRisk, picks: number): Rational {
  const { table } = kenoTable(risk, picks);
  return sum(
    table.map((m, h) =>
      rational(kenoHitProbability(picks, h).num * BigInt(toE4(m)), kenoHitProbability(picks, h).den * 10_000n),
    ),
  );
}

/** Probability of any payout (multiplier > 0). */
export function kenoHitFrequency(risk: KenoRisk, picks: number): Rational {
  const { table } = kenoTable(risk, picks);
  return sum(table.map((m, h) => (m > 0 ? kenoHitProbability(picks, h) : rational(0n))));
}
