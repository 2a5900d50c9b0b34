// Statistics for the fairness proofs (used by the *.test.ts files only). Everything is deterministic: the
// samples come from fixed seeds, so a failing test is a real regression, not bad luck on one CI run.

/** ln Gamma(x) by Lanczos (g = 7, n = 9), ample for chi-square quantiles to 1e-10. */
function lnGamma(x: number): number {
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
    12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - lnGamma(1 - x);
  const xx = x - 1;
  let a = c[0]!;
  const t = xx + 7.5;
  for (let i = 1; i < 9; i++) a += c[i]! / (xx + i);
  return 0.5 * Math.log(2 * Math.PI) + (xx + 0.5) * Math.log(t) - t + Math.log(a);
}

/** Regularized upper incomplete gamma Q(a, x) (Numerical Recipes: series below a + 1, continued fraction above). */
function gammaQ(a: number, x: number): number {
  if (x <= 0) return 1;
  const lnPre = -x + a * Math.log(x) - lnGamma(a);
  if (x < a + 1) {
    let sum = 1 / a;
    let term = sum;
    for (let n = 1; n < 10_000; n++) {
      term *= x / (a + n);
      sum += term;
      if (Math.abs(term) < Math.abs(sum) * 1e-15) break;
    }
    return 1 - sum * Math.exp(lnPre);
  }
  let b = x + 1 - a;
  let c = 1 / 1e-300;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 10_000; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < 1e-300) d = 1e-300;
    c = b + an / c;
    if (Math.abs(c) < 1e-300) c = 1e-300;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < 1e-15) break;
  }
  return Math.exp(lnPre) * h;
}

/** P(chi2_df >= x). */
export function chiSquareSurvival(x: number, df: number): number {
  return gammaQ(df / 2, x / 2);
}

/** The critical value c with P(chi2_df >= c) = alpha (bisection on the survival function). */
export function chiSquareCritical(df: number, alpha = 0.01): number {
  let lo = 0;
  let hi = df + 20 * Math.sqrt(2 * df) + 20;
  for (let i = 0; i < 200; i++) {
    const mid = (lo + hi) / 2;
    if (chiSquareSurvival(mid, df) > alpha) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

export type ChiSquare = { statistic: number; df: number; critical: number; pValue: number; bins: number };

/**
 * Pearson's chi-square of observed counts against exact probabilities; neighbouring bins are merged until every
 * expected count is at least 5 (the textbook validity condition).
 */
export function chiSquareTest(observed: ArrayLike<number>, probabilities: ArrayLike<number>, alpha = 0.01): ChiSquare {
  let n = 0;
  for (let i = 0; i < observed.length; i++) n += observed[i]!;
  const merged: { o: number; e: number }[] = [];
  let acc = { o: 0, e: 0 };
  for (let i = 0; i < observed.length; i++) {
    acc.o += observed[i]!;
    acc.e += probabilities[i]! * n;
    if (acc.e >= 5) {
      merged.push(acc);
      acc = { o: 0, e: 0 };
    }
  }
  if (acc.e > 0 || acc.o > 0) {
    const last = merged[merged.length - 1];
    if (last) {
      last.o += acc.o;
      last.e += acc.e;
    } else merged.push(acc);
  }
  let statistic = 0;
  for (const { o, e } of merged) statistic += ((o - e) * (o - e)) / e;
  const df = merged.length - 1;
  return {
    statistic,
    df,
    critical: chiSquareCritical(df, alpha),
    pValue: chiSquareSurvival(statistic, df),
    bins: merged.length,
  };
}

/** Lag-k sample autocorrelation; under independence r * sqrt(n) is approximately N(0, 1). */
export function serialCorrelation(xs: ArrayLike<number>, lag: number): number {
  const n = xs.length;
  let mean = 0;
  for (let i = 0; i < n; i++) mean += xs[i]!;
  mean /= n;
  let num = 0;
  let den = 0;
  for (let i = 0; i < n; i++) {
    const d = xs[i]! - mean;
    den += d * d;
    if (i + lag < n) num += d * (xs[i + lag]! - mean);
  }
  return num / den;
}

/** Max over lags 1..10 of |r| * sqrt(n); the plan fails a stream above 2.576 (two-sided 1%). */
export function worstSerialZ(xs: ArrayLike<number>, lags = 10): { lag: number; z: number } {
  let worst = { lag: 0, z: 0 };
  for (let lag = 1; lag <= lags; lag++) {
    const z = Math.abs(serialCorrelation(xs, lag)) * Math.sqrt(xs.length);
    if (z > worst.z) worst = { lag, z };
  }
  return worst;
}

/** Sample mean and its 99% interval mean +- 2.576 s / sqrt(n). */
export function meanInterval(xs: ArrayLike<number>): { mean: number; low: number; high: number } {
  const n = xs.length;
  let mean = 0;
  for (let i = 0; i < n; i++) mean += xs[i]!;
  mean /= n;
  let ss = 0;
  for (let i = 0; i < n; i++) ss += (xs[i]! - mean) ** 2;
  const half = (2.576 * Math.sqrt(ss / (n - 1))) / Math.sqrt(n);
  return { mean, low: mean - half, high: mean + half };
}
