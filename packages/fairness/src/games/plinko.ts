// Plinko: the ball falls through n rows (8..16); at each row it goes right when floor(float * 2) = 1, so the
// bucket (0..n, counted from the left) is the number of rights, Binomial(n, 1/2) exactly: floor(float * 2) is
// unbiased because 2 divides 2^32. Each (risk, rows) pays the frozen table in paytables.ts.

import { toE4 } from '../payout.ts';
import { choose, type Rational, rational, sum } from '../rational.ts';
import { type BetSeeds, type Stream, streamFor } from '../rng.ts';
import { PLINKO_PAYTABLES } from './paytables.ts';

export type PlinkoRisk = keyof typeof PLINKO_PAYTABLES;
export type PlinkoRows = 8 | 9 | 10 | 11 | 12 | 13 | 14 | 15 | 16;
export type PlinkoBet = { rows: number; risk: PlinkoRisk };
export type PlinkoOutcome = { path: number[]; bucket: number; multiplierE4: number };

export const PLINKO_RISKS = ['low', 'medium', 'high'] as const satisfies readonly PlinkoRisk[];
export const PLINKO_ROWS = [8, 9, 10, 11, 12, 13, 14, 15, 16] as const satisfies readonly PlinkoRows[];

export function plinkoTable({ rows, risk }: PlinkoBet): { rtp: string; table: readonly number[] } {
  if (!PLINKO_ROWS.includes(rows as PlinkoRows)) throw new RangeError('rows must be 8..16');
  const byRows = PLINKO_PAYTABLES[risk];
  if (!byRows) throw new RangeError('unknown risk');
  return byRows[rows as PlinkoRows];
}

export function playPlinkoOn(stream: Stream, bet: PlinkoBet): PlinkoOutcome {
  const { table } = plinkoTable(bet);
  const path = new Array<number>(bet.rows);
  let bucket = 0;
  for (let row = 0; row < bet.rows; row++) {
    path[row] = stream.stakeInt(2);
    bucket += path[row]!;
  }
  return { path, bucket, multiplierE4: toE4(table[bucket]!) };
}

export function playPlinko(seeds: BetSeeds, bet: PlinkoBet): PlinkoOutcome {
  return playPlinkoOn(streamFor(seeds), bet);
}

export function plinkoBucketProbability(rows: number, bucket: number): Rational {
  return rational(choose(rows, bucket), 2n ** BigInt(rows));
}

export function plinkoExactRtp(bet: PlinkoBet): Rational {
  const { table } = plinkoTable(bet);
  return sum(table.map((m, b) => rational(choose(bet.rows, b) * BigInt(toE4(m)), 2n ** BigInt(bet.rows) * 10_000n)));
}

/** Probability that the ball lands on a multiplier of at least 1x (returns the stake or more). */
export function plinkoHitFrequency(bet: PlinkoBet): Rational {
  const { table } = plinkoTable(bet);
  return sum(table.map((m, b) => (m >= 1 ? plinkoBucketProbability(bet.rows, b) : rational(0n))));
}
