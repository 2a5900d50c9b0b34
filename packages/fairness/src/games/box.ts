// Mystery boxes: ticket = 1 + int(100000) on the bet's stream (cursor 0), Stake-compatible HMAC rounds and the
// unbiased rejection-sampling `int`. Each prize owns a ticket range; the ranges cover 1..100000 exactly, so a
// prize's probability is its range's length / 100000 and the box's RTP follows from the table alone.
import { add, div, mul, type Rational, rational, ZERO } from '../rational.ts';
import { type BetSeeds, type Stream, streamFor } from '../rng.ts';

export const BOX_TICKET_COUNT = 100_000;

export type BoxRange = { from: number; to: number };
export type BoxTableEntry = BoxRange & { value: number };

/** The ticket of an opening drawn from a stream positioned at the bet's start. */
export function boxTicketOn(stream: Stream): number {
  return 1 + stream.int(BOX_TICKET_COUNT);
}

/** The ticket of an opening: server seed, client seed and the nonce the opening took. */
export function boxTicket(seeds: BetSeeds): number {
  return boxTicketOn(streamFor({ ...seeds, cursor: 0 }));
}

/**
 * Why a table's ranges do not cover 1..100000 exactly (a gap, an overlap, a range out of bounds), or null.
 * Ranges may come in any order.
 */
export function boxTableProblem(ranges: readonly BoxRange[]): string | null {
  if (ranges.length === 0) return 'the table has no prizes';
  const sorted = [...ranges].sort((a, b) => a.from - b.from);
  let next = 1;
  for (const r of sorted) {
    if (!Number.isInteger(r.from) || !Number.isInteger(r.to) || r.from < 1 || r.to > BOX_TICKET_COUNT || r.to < r.from)
      return `range ${r.from}-${r.to} is not within 1-${BOX_TICKET_COUNT}`;
    if (r.from > next) return `tickets ${next}-${r.from - 1} belong to no prize`;
    if (r.from < next) return `range ${r.from}-${r.to} overlaps the range before it`;
    next = r.to + 1;
  }
  if (next <= BOX_TICKET_COUNT) return `tickets ${next}-${BOX_TICKET_COUNT} belong to no prize`;
  return null;
}

/** A range's probability, exact: (to - from + 1) / 100000. */
export function boxProbability(r: BoxRange): Rational {
  return rational(r.to - r.from + 1, BOX_TICKET_COUNT);
}

/** The expected value of one opening, exact (centavos): sum of probability x value. */
export function boxExpectedValue(table: readonly BoxTableEntry[]): Rational {
  return table.reduce<Rational>((ev, p) => add(ev, mul(boxProbability(p), rational(p.value))), ZERO);
}

/** The box's return to player, exact: expected value / price. */
export function boxRtp(table: readonly BoxTableEntry[], price: number): Rational {
  return div(boxExpectedValue(table), rational(price));
}
