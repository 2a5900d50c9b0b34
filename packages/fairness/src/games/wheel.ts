// Wheel: 10, 20, 30, 40 or 50 segments and three risk levels; the pointer stops on segment int(segments) (unbiased,
// where Stake uses floor(float * segments)), which pays that segment's multiplier. Every table averages exactly
// 0.99: low and medium repeat a 10-segment pattern, high is one winning segment paying 0.99 x segments.

import { toE4 } from '../payout.ts';
import { type Rational, rational, sum } from '../rational.ts';
import { type BetSeeds, type Stream, streamFor } from '../rng.ts';

export type WheelRisk = 'low' | 'medium' | 'high';
export type WheelBet = { segments: number; risk: WheelRisk };
export type WheelOutcome = { segment: number; multiplierE4: number };

export const WHEEL_SEGMENTS = [10, 20, 30, 40, 50] as const;
export const WHEEL_RISKS = ['low', 'medium', 'high'] as const satisfies readonly WheelRisk[];

const LOW = [1.5, 1.2, 1.2, 1.2, 0, 1.2, 1.2, 1.2, 1.2, 0];
const MEDIUM = [0, 1.9, 0, 1.5, 0, 2, 0, 1.5, 0, 3];

/** The multipliers of the wheel's segments, clockwise from segment 0. */
export function wheelTable({ segments, risk }: WheelBet): number[] {
  if (!WHEEL_SEGMENTS.includes(segments as (typeof WHEEL_SEGMENTS)[number])) throw new RangeError('bad segments');
  if (risk === 'high') return Array.from({ length: segments }, (_, i) => (i === 0 ? (99 * segments) / 100 : 0));
  const pattern = risk === 'low' ? LOW : risk === 'medium' ? MEDIUM : undefined;
  if (!pattern) throw new RangeError('unknown risk');
  return Array.from({ length: segments }, (_, i) => pattern[i % 10]!);
}

const tables = new Map<string, number[]>();

export function playWheelOn(stream: Stream, bet: WheelBet): WheelOutcome {
  const id = `${bet.segments}/${bet.risk}`;
  let table = tables.get(id);
  if (!table) {
    table = wheelTable(bet);
    tables.set(id, table);
  }
  const segment = stream.int(bet.segments);
  return { segment, multiplierE4: toE4(table[segment]!) };
}

export function playWheel(seeds: BetSeeds, bet: WheelBet): WheelOutcome {
  return playWheelOn(streamFor(seeds), bet);
}

export function wheelExactRtp(bet: WheelBet): Rational {
  return sum(wheelTable(bet).map((m) => rational(BigInt(toE4(m)), BigInt(bet.segments) * 10_000n)));
}

export function wheelHitFrequency(bet: WheelBet): Rational {
  return rational(wheelTable(bet).filter((m) => m > 0).length, bet.segments);
}
