import { tau } from './model';

/**
 * The joint distribution of a match's final score, from which every market is priced. Scores above MAX_GOALS per
 * side carry well under 1e-6 of the mass for any real football rate and are folded into the table's last row and
 * column, so the table always sums to 1.
 */
export const MAX_GOALS = 10;

/** p[h][a]: probability that the match ends h - a. */
export type ScoreMatrix = number[][];

function poisson(lambda: number, max: number): number[] {
  const p = new Array<number>(max + 1);
  p[0] = Math.exp(-lambda);
  for (let k = 1; k <= max; k++) p[k] = (p[k - 1]! * lambda) / k;
  // The tail beyond `max` joins the last cell.
  const sum = p.reduce((s, x) => s + x, 0);
  p[max] = p[max]! + Math.max(0, 1 - sum);
  return p;
}

/** Pre-match: two Poisson rates with Dixon-Coles' low-score correction, normalised. */
export function scoreMatrix(lh: number, la: number, rho = 0): ScoreMatrix {
  const ph = poisson(lh, MAX_GOALS);
  const pa = poisson(la, MAX_GOALS);
  const m: ScoreMatrix = [];
  let sum = 0;
  for (let h = 0; h <= MAX_GOALS; h++) {
    const row: number[] = [];
    for (let a = 0; a <= MAX_GOALS; a++) {
      const p = ph[h]! * pa[a]! * tau(h, a, lh, la, rho);
      row.push(p);
      sum += p;
    }
    m.push(row);
  }
  for (const row of m) for (let a = 0; a < row.length; a++) row[a] = row[a]! / sum;
  return m;
}

/**
 * Share of a match's expected goals still to come at `minute` (0-90): the first half's share spread evenly over its
 * 45 minutes, the rest over the second half's. Stoppage time counts as the half's last minute.
 */
export function remainingShare(minute: number, firstHalfShare: number): number {
  const t = Math.min(Math.max(minute, 0), 90);
  if (t < 45) return (firstHalfShare * (45 - t)) / 45 + (1 - firstHalfShare);
  return ((1 - firstHalfShare) * (90 - t)) / 45;
}

export type LiveState = {
  minute: number;
  score: readonly [number, number];
  /** Scoring-rate multipliers for the rest of the match (a red card lowers one side's, raises the other's). */
  factor?: readonly [number, number];
};

/**
 * In play: the current score plus two Poisson variables for the goals still to come, at the pre-match rates times
 * the share of the match left. Dixon-Coles' correction is a kick-off effect and is not applied once play started.
 */
export function liveMatrix(lh: number, la: number, firstHalfShare: number, s: LiveState): ScoreMatrix {
  const share = remainingShare(s.minute, firstHalfShare);
  const rest = scoreMatrix(lh * share * (s.factor?.[0] ?? 1), la * share * (s.factor?.[1] ?? 1), 0);
  const [h0, a0] = s.score;
  const size = MAX_GOALS + Math.max(h0, a0);
  const m: ScoreMatrix = Array.from({ length: size + 1 }, () => new Array<number>(size + 1).fill(0));
  for (let h = 0; h <= MAX_GOALS; h++)
    for (let a = 0; a <= MAX_GOALS; a++) m[h + h0]![a + a0] = m[h + h0]![a + a0]! + rest[h]![a]!;
  return m;
}

/** Distribution of the half-time score before kick-off: the first half's share of each side's rate. */
export function firstHalfMatrix(lh: number, la: number, firstHalfShare: number): ScoreMatrix {
  return scoreMatrix(lh * firstHalfShare, la * firstHalfShare, 0);
}
