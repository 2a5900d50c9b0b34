import { bookOdds, fairOdds, type MarketKind, type MarketSpec } from './markets';
import {
  firstHalfMatrix,
  type LiveState,
  liveMatrix,
  MAX_GOALS,
  remainingShare,
  type ScoreMatrix,
  scoreMatrix,
} from './scores';

/**
 * A match's whole price list at one moment: every market the book offers, each outcome with its fair probability
 * and the book's odds (integer x 10,000, or null when not offered), from the pre-match rates and, in play, the
 * score, the minute and the red cards.
 */

/** Margin per market kind: wider where the bettor picks among many outcomes or the book knows less. */
export const DEFAULT_MARGINS: Readonly<Record<MarketKind, number>> = {
  '1x2': 0.06,
  double_chance: 0.06,
  draw_no_bet: 0.05,
  total: 0.05,
  btts: 0.06,
  asian_handicap: 0.05,
  correct_score: 0.15,
  ht_1x2: 0.08,
};

export const TOTAL_LINES = [1.5, 2.5, 3.5] as const;

export type PricedOutcome = { outcome: string; probability: number; odds: number | null };
export type PricedMarket = { spec: MarketSpec; outcomes: PricedOutcome[] };

export type MatchRates = { home: number; away: number; rho: number; firstHalfShare: number };

/** In play: the live state, and the half-time score once the first half is over. */
export type InPlay = LiveState & { htScore?: readonly [number, number] };

/** Half-time score distribution in play: the score now plus what the rest of the first half may bring. */
function liveFirstHalf(r: MatchRates, s: InPlay): ScoreMatrix {
  const left = Math.max(0, remainingShare(s.minute, r.firstHalfShare) - (1 - r.firstHalfShare));
  const rest = scoreMatrix(r.home * left * (s.factor?.[0] ?? 1), r.away * left * (s.factor?.[1] ?? 1), 0);
  const [h0, a0] = s.score;
  const size = MAX_GOALS + Math.max(h0, a0);
  const m: ScoreMatrix = Array.from({ length: size + 1 }, () => new Array<number>(size + 1).fill(0));
  for (let h = 0; h <= MAX_GOALS; h++)
    for (let a = 0; a <= MAX_GOALS; a++) m[h + h0]![a + a0] = m[h + h0]![a + a0]! + rest[h]![a]!;
  return m;
}

/**
 * The Asian handicap lines to offer: the quarter line whose home price is nearest even money (the "main line")
 * and the lines a quarter either side of it.
 */
function asianLines(matrix: ScoreMatrix): number[] {
  let best = 0;
  let bestGap = Number.POSITIVE_INFINITY;
  for (let q = -16; q <= 16; q++) {
    const line = q / 4;
    const home = fairOdds({ kind: 'asian_handicap', line }, matrix)[0]!.odds;
    if (home === null) continue;
    const gap = Math.abs(home - 2);
    if (gap < bestGap) {
      bestGap = gap;
      best = line;
    }
  }
  return [best - 0.25, best, best + 0.25];
}

export function priceMatch(
  r: MatchRates,
  o: { live?: InPlay; margins?: Partial<Record<MarketKind, number>> } = {},
): PricedMarket[] {
  const margins = { ...DEFAULT_MARGINS, ...o.margins };
  const live = o.live;
  const full = live ? liveMatrix(r.home, r.away, r.firstHalfShare, live) : scoreMatrix(r.home, r.away, r.rho);
  const specs: MarketSpec[] = [
    { kind: '1x2' },
    { kind: 'double_chance' },
    { kind: 'draw_no_bet' },
    ...TOTAL_LINES.map((line) => ({ kind: 'total', line }) as const),
    { kind: 'btts' },
    ...asianLines(full).map((line) => ({ kind: 'asian_handicap', line }) as const),
    { kind: 'correct_score' },
  ];
  // The first-half market trades until the break.
  const firstHalfOpen = !live || (live.minute < 45 && !live.htScore);
  if (firstHalfOpen) specs.push({ kind: 'ht_1x2' });
  const half = live ? liveFirstHalf(r, live) : firstHalfMatrix(r.home, r.away, r.firstHalfShare);
  return specs.map((spec) => ({
    spec,
    outcomes: fairOdds(spec, full, half).map((x) => ({
      outcome: x.outcome,
      probability: x.probability,
      odds: bookOdds(x.odds, margins[spec.kind]),
    })),
  }));
}
