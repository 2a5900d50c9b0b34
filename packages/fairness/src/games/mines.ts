// Mines: a 5x5 board (tiles 0..24, row-major) with 1..24 mines, placed by the shrinking-pool shuffle (the first
// `mines` picks of an unbiased Fisher-Yates draw, so every set of mine tiles is equally likely). The player
// reveals tiles one by one and may cash out after any safe reveal; k safe reveals pay
//   multiplier(m, k) = 0.99 / P(k safe) = 0.99 * C(25, k) / C(25 - m, k), rounded down to 2 decimals.
import { choose, type Rational, rational } from '../rational.ts';
import { type BetSeeds, type Stream, streamFor } from '../rng.ts';

export const MINES_TILES = 25;
export const MINES_MIN = 1;
export const MINES_MAX = 24;

function assertMines(mines: number): void {
  if (!Number.isInteger(mines) || mines < MINES_MIN || mines > MINES_MAX) {
    throw new RangeError('mines must be between 1 and 24');
  }
}

/** The mine tiles in draw order. */
export function minesBoardOn(stream: Stream, mines: number): number[] {
  assertMines(mines);
  return stream.draw(MINES_TILES, mines);
}

export function minesBoard(seeds: BetSeeds, mines: number): number[] {
  return minesBoardOn(streamFor(seeds), mines);
}

/** Probability that k given distinct tiles are all safe: C(25 - m, k) / C(25, k). */
export function minesSafeProbability(mines: number, safe: number): Rational {
  assertMines(mines);
  return rational(choose(MINES_TILES - mines, safe), choose(MINES_TILES, safe));
}

/** Multiplier (E4) after `safe` safe reveals: floor(99 * C(25, k) / C(25 - m, k)) hundredths. */
export function minesMultiplierE4(mines: number, safe: number): number {
  assertMines(mines);
  if (!Number.isInteger(safe) || safe < 1 || safe > MINES_TILES - mines) throw new RangeError('bad number of reveals');
  return Number((99n * choose(MINES_TILES, safe)) / choose(MINES_TILES - mines, safe)) * 100;
}

/** The whole paytable for a mine count: index k - 1 holds the multiplier (E4) after k safe reveals. */
export function minesPaytable(mines: number): number[] {
  return Array.from({ length: MINES_TILES - mines }, (_, i) => minesMultiplierE4(mines, i + 1));
}

export type MinesOutcome = {
  mines: number[];
  /** Safe reveals before the first mine (all of `picks` when none hit one). */
  safe: number;
  busted: boolean;
  multiplierE4: number;
};

/**
 * Settles a round: `picks` are the tiles in the order revealed, ending at the cash-out or at the first mine.
 * Cashing out needs at least one safe reveal.
 */
export function settleMines(board: number[], picks: number[]): MinesOutcome {
  const mineSet = new Set(board);
  if (new Set(picks).size !== picks.length || picks.some((t) => !Number.isInteger(t) || t < 0 || t >= MINES_TILES)) {
    throw new RangeError('picks must be distinct tiles 0..24');
  }
  let safe = 0;
  for (const tile of picks) {
    if (mineSet.has(tile)) return { mines: board, safe, busted: true, multiplierE4: 0 };
    safe += 1;
  }
  if (safe === 0) throw new RangeError('cash out needs at least one safe reveal');
  return { mines: board, safe, busted: false, multiplierE4: minesMultiplierE4(board.length, safe) };
}

export function playMines(seeds: BetSeeds, bet: { mines: number; picks: number[] }): MinesOutcome {
  return settleMines(minesBoard(seeds, bet.mines), bet.picks);
}

/** Exact RTP of cashing out after k safe reveals (any tiles, any order: all boards are equally likely). */
export function minesExactRtp(mines: number, safe: number): Rational {
  const p = minesSafeProbability(mines, safe);
  return rational(p.num * BigInt(minesMultiplierE4(mines, safe)), p.den * 10_000n);
}
