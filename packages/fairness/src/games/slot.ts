// "Onça Dourada": our own 3x3 slot with a Brazilian theme. Three reels with fixed strips; a stop position shows
// three consecutive symbols of the strip (rows 0..2, top to bottom). Five fixed lines (three rows, two
// diagonals) each pay three of a kind, the wild (Curupira) standing in for any symbol; a grid made of a single
// symbol plus wilds multiplies the spin's win by 10.
// Feature "Giro do Curupira": a spin that pays nothing but shows a wild on the middle reel holds the middle reel
// and respins the outer reels, again and again, until the spin pays; that win is paid.
// Every stop is drawn with the unbiased int(n), so each of the N1 * N2 * N3 stop combinations is equally likely,
// and the RTP and hit frequency are computed exactly by enumerating that full cycle (the feature by its exact
// recursion: respins until a win pay E[win | win] for the held middle reel).
import { type Rational, rational, sum } from '../rational.ts';
import { type BetSeeds, type Stream, streamFor } from '../rng.ts';

export const SLOT_SYMBOLS = ['wild', 'onca', 'mico', 'arara', 'tucano', 'caju', 'acai'] as const;
export type SlotSymbol = (typeof SLOT_SYMBOLS)[number];

/** Names shown in the paytable (pt-BR). */
export const SLOT_SYMBOL_NAMES: Record<SlotSymbol, string> = {
  wild: 'Curupira (coringa)',
  onca: 'Onça-pintada',
  mico: 'Mico-leão-dourado',
  arara: 'Arara-azul',
  tucano: 'Tucano',
  caju: 'Caju',
  acai: 'Açaí',
};

export type SlotDesign = {
  /** Reel strips by symbol index into SLOT_SYMBOLS. */
  strips: readonly (readonly number[])[];
  /** Three-of-a-kind pay per line, in multiples of the line bet (total bet / lines). */
  pays: readonly number[];
  /** Cells [reel, row] of each line. */
  lines: readonly (readonly (readonly [number, number])[])[];
  fullGridMultiplier: number;
};

const W = 0;
const O = 1;
const M = 2;
const A = 3;
const T = 4;
const C = 5;
const I = 6;

/**
 * The reel strips (W Curupira, O onça, M mico, A arara, T tucano, C caju, I açaí), 30 stops each, found by
 * scripts/design-slot.ts: a stack of three onças per reel makes the 600x full grid possible (all nine onça/wild).
 */
export const SLOT: SlotDesign = {
  strips: [
    [T, T, I, I, O, O, O, M, A, C, I, C, M, M, W, A, I, C, M, T, I, T, I, I, A, A, I, T, W, T],
    [I, T, T, C, M, C, T, I, M, I, M, W, T, A, C, I, O, O, O, I, I, A, I, M, C, M, T, A, A, T],
    [W, T, I, I, M, M, C, C, M, M, T, I, A, M, A, A, T, C, I, I, I, I, W, T, A, C, O, O, O, I],
  ],
  pays: [200, 60, 25, 10, 8, 5, 3],
  lines: [
    [
      [0, 0],
      [1, 0],
      [2, 0],
    ],
    [
      [0, 1],
      [1, 1],
      [2, 1],
    ],
    [
      [0, 2],
      [1, 2],
      [2, 2],
    ],
    [
      [0, 0],
      [1, 1],
      [2, 2],
    ],
    [
      [0, 2],
      [1, 1],
      [2, 0],
    ],
  ],
  fullGridMultiplier: 10,
};

export type SlotLineWin = { line: number; symbol: SlotSymbol; multiplierE4: number };
export type SlotSpin = {
  stops: [number, number, number];
  /** grid[reel][row] */
  grid: SlotSymbol[][];
  lineWins: SlotLineWin[];
  fullGrid: boolean;
  /** The spin's win in E4 multiples of the total bet. */
  multiplierE4: number;
};
export type SlotOutcome = {
  spin: SlotSpin;
  /** The respins of the feature, the last one paying; empty when it did not trigger. */
  respins: SlotSpin[];
  multiplierE4: number;
};

function symbolAt(design: SlotDesign, reel: number, stop: number, row: number): number {
  const strip = design.strips[reel]!;
  return strip[(stop + row) % strip.length]!;
}

/** A line's pay in E4 multiples of the TOTAL bet (pay x line bet = pay x total / lines). */
function linePayE4(design: SlotDesign, a: number, b: number, c: number): { symbol: number; payE4: number } {
  // The line's kind is its first non-wild symbol; any other non-wild symbol breaks it.
  const symbol = a !== W ? a : b !== W ? b : c;
  if ((a !== W && a !== symbol) || (b !== W && b !== symbol) || (c !== W && c !== symbol)) return { symbol, payE4: 0 };
  return { symbol, payE4: (design.pays[symbol]! * 10_000) / design.lines.length };
}

/** The win of the stops (E4 of the total bet), and the pieces needed to show it. */
export function evaluateSlot(design: SlotDesign, stops: readonly number[]): Omit<SlotSpin, 'stops'> {
  // Plain loops: this runs for every spin and 27,000 + 27,000 times in the full-cycle proof.
  const cells: number[][] = [];
  for (let reel = 0; reel < 3; reel++) {
    const col: number[] = [];
    for (let row = 0; row < 3; row++) col.push(symbolAt(design, reel, stops[reel]!, row));
    cells.push(col);
  }
  const lineWins: SlotLineWin[] = [];
  let total = 0;
  for (let index = 0; index < design.lines.length; index++) {
    const [c0, c1, c2] = design.lines[index]! as readonly [
      readonly [number, number],
      readonly [number, number],
      readonly [number, number],
    ];
    const { symbol, payE4 } = linePayE4(design, cells[c0[0]]![c0[1]]!, cells[c1[0]]![c1[1]]!, cells[c2[0]]![c2[1]]!);
    if (payE4 > 0) {
      lineWins.push({ line: index, symbol: SLOT_SYMBOLS[symbol]!, multiplierE4: payE4 });
      total += payE4;
    }
  }
  let kind = W;
  let fullGrid = true;
  for (let reel = 0; reel < 3 && fullGrid; reel++) {
    for (let row = 0; row < 3; row++) {
      const s = cells[reel]![row]!;
      if (s === W) continue;
      if (kind === W) kind = s;
      else if (s !== kind) fullGrid = false;
    }
  }
  if (fullGrid) total *= design.fullGridMultiplier;
  const grid: SlotSymbol[][] = [];
  for (const col of cells) grid.push([SLOT_SYMBOLS[col[0]!]!, SLOT_SYMBOLS[col[1]!]!, SLOT_SYMBOLS[col[2]!]!]);
  return { grid, lineWins, fullGrid, multiplierE4: total };
}

/** Whether a non-paying spin triggers the feature: a wild anywhere on the middle reel. */
function middleHasWild(design: SlotDesign, stop2: number): boolean {
  return [0, 1, 2].some((row) => symbolAt(design, 1, stop2, row) === W);
}

export function playSlotOn(stream: Stream, design: SlotDesign = SLOT): SlotOutcome {
  const lengths = design.strips.map((s) => s.length);
  const stops: [number, number, number] = [stream.int(lengths[0]!), stream.int(lengths[1]!), stream.int(lengths[2]!)];
  const spin = { stops, ...evaluateSlot(design, stops) };
  const respins: SlotSpin[] = [];
  if (spin.multiplierE4 === 0 && middleHasWild(design, stops[1])) {
    // Terminates with probability 1: every middle stop with a wild has paying outer stops (slot.test.ts).
    for (;;) {
      const again: [number, number, number] = [stream.int(lengths[0]!), stops[1], stream.int(lengths[2]!)];
      const respin = { stops: again, ...evaluateSlot(design, again) };
      respins.push(respin);
      if (respin.multiplierE4 > 0) break;
    }
  }
  return { spin, respins, multiplierE4: spin.multiplierE4 + (respins.at(-1)?.multiplierE4 ?? 0) };
}

export function playSlot(seeds: BetSeeds): SlotOutcome {
  return playSlotOn(streamFor(seeds));
}

// ---- exact theory: full-cycle enumeration --------------------------------------------------------------------

export type SlotStats = {
  cycle: number;
  rtp: Rational;
  /** P(the bet returns anything), feature included. */
  hitFrequency: Rational;
  /** P(the feature triggers). */
  featureFrequency: Rational;
  /** Contribution of the feature to the RTP. */
  featureRtp: Rational;
  /** E[X^2] of the win in units of the total bet (for the variance and the volatility index). */
  secondMoment: Rational;
  /** The largest win of one spin, in multiples of the total bet. */
  maxWin: number;
  /** Middle stops that can trigger, with the number of paying outer-stop pairs (must be > 0). */
  minPayingPairsOnTrigger: number;
};

export function slotExactStats(design: SlotDesign = SLOT): SlotStats {
  const [n1, n2, n3] = design.strips.map((s) => s.length) as [number, number, number];
  const E4 = 10_000n;
  let baseSum = 0n;
  let baseSq = 0n;
  let baseHits = 0n;
  let maxWin = 0;
  const feature: Rational[] = [];
  const featureSq: Rational[] = [];
  let triggers = 0n;
  let minPairs = Number.POSITIVE_INFINITY;
  for (let s2 = 0; s2 < n2; s2++) {
    // One pass over the outer reels serves both the base game and the respin distribution for this middle stop.
    let pairSum = 0n;
    let pairSq = 0n;
    let paying = 0n;
    let silent = 0n;
    for (let s1 = 0; s1 < n1; s1++) {
      for (let s3 = 0; s3 < n3; s3++) {
        const win = evaluateSlot(design, [s1, s2, s3]).multiplierE4;
        const w = BigInt(win);
        maxWin = Math.max(maxWin, win / 10_000);
        if (win > 0) {
          paying += 1n;
          pairSum += w;
          pairSq += w * w;
        } else silent += 1n;
      }
    }
    baseSum += pairSum;
    baseSq += pairSq;
    baseHits += paying;
    if (middleHasWild(design, s2) && silent > 0n) {
      minPairs = Math.min(minPairs, Number(paying));
      if (paying === 0n) throw new Error(`middle stop ${s2} triggers a feature that can never pay`);
      triggers += silent;
      // Each of the `silent` triggering spins is followed by respins paying E[win | win > 0].
      feature.push(rational(silent * pairSum, paying * E4));
      featureSq.push(rational(silent * pairSq, paying * E4 * E4));
    }
  }
  const cycle = BigInt(n1) * BigInt(n2) * BigInt(n3);
  const featureTotal = sum(feature);
  const featureRtp = rational(featureTotal.num, featureTotal.den * cycle);
  const rtp = sum([rational(baseSum, cycle * E4), featureRtp]);
  const sq = sum([rational(baseSq, cycle * E4 * E4), ...featureSq.map((q) => rational(q.num, q.den * cycle))]);
  return {
    cycle: Number(cycle),
    rtp,
    hitFrequency: rational(baseHits + triggers, cycle),
    featureFrequency: rational(triggers, cycle),
    featureRtp,
    secondMoment: sq,
    maxWin,
    minPayingPairsOnTrigger: minPairs,
  };
}
