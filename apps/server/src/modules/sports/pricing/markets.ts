import type { ScoreMatrix } from './scores';

/**
 * The football markets and how each outcome settles on a score. Pricing and settlement read the same rule: an
 * outcome's fair odds are the odds at which its expected settlement factor is exactly 1 over the score distribution,
 * so a push, a half-win and a half-loss are priced by the very function that pays them.
 */

export type MarketKind =
  | '1x2'
  | 'double_chance'
  | 'draw_no_bet'
  | 'total'
  | 'btts'
  | 'asian_handicap'
  | 'correct_score'
  | 'ht_1x2';

/** A market: its kind and specifier (`total` for totals, `hcp` for the home side's Asian handicap). */
export type MarketSpec = { kind: MarketKind; line?: number };

/**
 * What a selection earns at settlement: the void fraction `vf` (1 push, 0.5 half of the stake back) and whether the
 * rest won; `dhf` the dead-heat factor (1 in football's markets). Factor f = vf + (1 - vf) x (won ? odds x dhf : 0).
 */
export type LegResult = { vf: 0 | 0.5 | 1; won: boolean; dhf?: number };

const WON: LegResult = { vf: 0, won: true };
const LOST: LegResult = { vf: 0, won: false };
const PUSH: LegResult = { vf: 1, won: false };

/** The outcome ids of a market, in display order. */
export function outcomesOf(spec: MarketSpec): string[] {
  switch (spec.kind) {
    case '1x2':
    case 'ht_1x2':
      return ['1', 'X', '2'];
    case 'double_chance':
      return ['1X', '12', 'X2'];
    case 'draw_no_bet':
    case 'asian_handicap':
      return ['1', '2'];
    case 'total':
      return ['over', 'under'];
    case 'btts':
      return ['yes', 'no'];
    case 'correct_score': {
      const out: string[] = [];
      for (let h = 0; h <= 4; h++) for (let a = 0; a <= 4; a++) out.push(`${h}:${a}`);
      out.push('other');
      return out;
    }
  }
}

/** A line is a whole, half or quarter number (2.5, -1, -0.75). */
export function isLine(x: number): boolean {
  return Number.isFinite(x) && Number.isInteger(x * 4) && Math.abs(x) <= 20;
}

/** One half-line's verdict: margin > 0 wins, 0 pushes, < 0 loses. */
const byMargin = (m: number): LegResult => (m > 0 ? WON : m < 0 ? LOST : PUSH);

/**
 * A line bet: a quarter line (-0.75) is half the stake on each neighbour (-0.5 and -1), so it can half-win or
 * half-lose; a whole line can push; a half line cannot.
 */
function lineResult(margin: number, line: number): LegResult {
  if (Number.isInteger(line * 2)) return byMargin(margin + line);
  const a = byMargin(margin + line - 0.25);
  const b = byMargin(margin + line + 0.25);
  if (a === b) return a;
  const won = a.won || b.won;
  const pushed = a === PUSH || b === PUSH;
  // Neighbouring half-lines differ by a push at most: win+push is half-won, push+lose half-lost.
  if (pushed) return { vf: 0.5, won };
  return won ? WON : LOST;
}

/**
 * How an outcome settles on a final score `ft` (and half-time score `ht` for first-half markets). Throws for an
 * outcome the market does not have: the caller validated it when the bet was taken.
 */
export function settleOutcome(
  spec: MarketSpec,
  outcome: string,
  ft: readonly [number, number],
  ht?: readonly [number, number],
): LegResult {
  const [h, a] = ft;
  const res = (won: boolean) => (won ? WON : LOST);
  switch (spec.kind) {
    case '1x2':
      return res(outcome === (h > a ? '1' : h < a ? '2' : 'X'));
    case 'ht_1x2': {
      if (!ht) throw new Error('a first-half market settles on the half-time score');
      return res(outcome === (ht[0] > ht[1] ? '1' : ht[0] < ht[1] ? '2' : 'X'));
    }
    case 'double_chance': {
      const r = h > a ? '1' : h < a ? '2' : 'X';
      if (!['1X', '12', 'X2'].includes(outcome)) break;
      return res(outcome.includes(r));
    }
    case 'draw_no_bet':
      if (h === a) return PUSH;
      return res(outcome === (h > a ? '1' : '2'));
    case 'total': {
      const line = spec.line!;
      if (outcome === 'over') return lineResult(h + a, -line);
      if (outcome === 'under') return lineResult(-(h + a), line);
      break;
    }
    case 'btts': {
      const both = h > 0 && a > 0;
      if (outcome === 'yes') return res(both);
      if (outcome === 'no') return res(!both);
      break;
    }
    case 'asian_handicap': {
      const hcp = spec.line!;
      if (outcome === '1') return lineResult(h - a, hcp);
      if (outcome === '2') return lineResult(a - h, -hcp);
      break;
    }
    case 'correct_score': {
      if (outcome === 'other') return res(h > 4 || a > 4);
      return res(outcome === `${h}:${a}`);
    }
  }
  throw new Error(`unknown outcome ${outcome} of ${spec.kind}`);
}

/**
 * Fair decimal odds of each outcome: the o at which sum over scores of p(score) x f(score, o) = 1. As f is linear in
 * o (f = vf + (1 - vf) x won x dhf x o), o = (1 - sum p x vf) / (sum p x (1 - vf) x won x dhf). An outcome that
 * cannot win, or can only push, gets null (not offered).
 */
export function fairOdds(
  spec: MarketSpec,
  matrix: ScoreMatrix,
  half?: ScoreMatrix,
): { outcome: string; probability: number; odds: number | null }[] {
  const source = spec.kind === 'ht_1x2' ? half : matrix;
  if (!source) throw new Error('a first-half market needs the half-time distribution');
  return outcomesOf(spec).map((outcome) => {
    let back = 0;
    let win = 0;
    let probability = 0;
    for (let h = 0; h < source.length; h++) {
      const row = source[h]!;
      for (let a = 0; a < row.length; a++) {
        const p = row[a]!;
        if (p === 0) continue;
        const score = [h, a] as const;
        const r =
          spec.kind === 'ht_1x2' ? settleOutcome(spec, outcome, score, score) : settleOutcome(spec, outcome, score);
        back += p * r.vf;
        win += p * (1 - r.vf) * (r.won ? (r.dhf ?? 1) : 0);
        if (r.won) probability += p * (1 - r.vf);
      }
    }
    const odds = win > 1e-12 && back < 1 - 1e-12 ? (1 - back) / win : null;
    return { outcome, probability, odds };
  });
}

/** Odds are stored as integers x 10,000 (1.85 -> 18,500); quoted to two decimals, never below 1.01 or above 1,000. */
export const ODDS_SCALE = 10_000;
export const MIN_ODDS = 10_100;
export const MAX_ODDS = 10_000_000;

/**
 * The book's price from a fair price: the implied probability raised by the margin (o / (1 + margin)), rounded down
 * to two decimals so rounding never gives the player more than the margin allows. Null when the price would fall
 * below 1.01 (nothing left to pay) or the fair price is beyond 1,000 (too unlikely to offer).
 */
export function bookOdds(fair: number | null, margin: number): number | null {
  if (fair === null || !Number.isFinite(fair)) return null;
  const priced = fair / (1 + margin);
  const int = Math.floor(priced * 100 + 1e-9) * 100;
  if (int < MIN_ODDS || fair * ODDS_SCALE > MAX_ODDS) return null;
  return int;
}
