import { ODDS_SCALE } from '@sorte/contracts';

/** How a player likes prices shown; the server always keeps decimal odds x 10,000, so this is display only. */
export const ODDS_FORMATS = ['decimal', 'fractional', 'american'] as const;
export type OddsFormat = (typeof ODDS_FORMATS)[number];

function gcd(a: number, b: number): number {
  let x = a;
  let y = b;
  while (y) [x, y] = [y, x % y];
  return x;
}

// Bookmakers show fractional prices with small denominators; the nearest of these reads better than 63/50.
const DENOMINATORS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 15, 16, 20, 25, 40, 50, 100];

function fractional(odds: number): string {
  const profit = (odds - ODDS_SCALE) / ODDS_SCALE;
  let best = { num: Math.round(profit), den: 1, err: Number.POSITIVE_INFINITY };
  for (const den of DENOMINATORS) {
    const num = Math.round(profit * den);
    const err = Math.abs(num / den - profit);
    if (num > 0 && err < best.err - 1e-9) best = { num, den, err };
  }
  const g = gcd(best.num, best.den) || 1;
  return `${best.num / g}/${best.den / g}`;
}

function american(odds: number): string {
  const d = odds / ODDS_SCALE;
  if (d >= 2) return `+${Math.round((d - 1) * 100)}`;
  return `${Math.round(-100 / (d - 1))}`;
}

/** Odds x 10,000 as the player reads them: 16_500 is "1.65", "13/20" or "-154"; the decimal comma in Portuguese. */
export function formatOdds(odds: number | null, format: OddsFormat = 'decimal', locale: 'pt' | 'en' = 'pt'): string {
  if (odds === null || !Number.isFinite(odds) || odds <= ODDS_SCALE) return '–';
  if (format === 'fractional') return fractional(odds);
  if (format === 'american') return american(odds);
  const text = (Math.floor(odds / 100) / 100).toFixed(2);
  return locale === 'pt' ? text.replace('.', ',') : text;
}

/**
 * The product of several odds x 10,000, rounded down as the server rounds a slip's total odds, in BigInt so that 20
 * legs never lose a digit to a float.
 */
export function totalOdds(odds: readonly number[]): number {
  if (odds.length === 0) return 0;
  let num = 1n;
  for (const o of odds) num *= BigInt(o);
  const den = BigInt(ODDS_SCALE) ** BigInt(odds.length - 1);
  return Number(num / den);
}

/** What a stake returns (stake included) if every leg wins, rounded down to the centavo; the server's figure wins. */
export function potentialWin(stake: number, odds: readonly number[]): number {
  if (!Number.isSafeInteger(stake) || stake <= 0 || odds.length === 0) return 0;
  let num = BigInt(stake);
  for (const o of odds) num *= BigInt(o);
  return Number(num / BigInt(ODDS_SCALE) ** BigInt(odds.length));
}
