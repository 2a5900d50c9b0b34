// Exact non-negative rationals on BigInt, for the proofs: RTPs and probabilities are stated as fractions and
// only rounded when printed.
export type Rational = { readonly num: bigint; readonly den: bigint };

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

export function rational(num: bigint | number, den: bigint | number = 1n): Rational {
  let n = BigInt(num);
  let d = BigInt(den);
  if (d === 0n) throw new RangeError('zero denominator');
  if (d < 0n) [n, d] = [-n, -d];
  const g = gcd(n, d) || 1n;
  return { num: n / g, den: d / g };
}

export const ZERO = rational(0n);
export const ONE = rational(1n);

export function add(a: Rational, b: Rational): Rational {
  return rational(a.num * b.den + b.num * a.den, a.den * b.den);
}

export function sub(a: Rational, b: Rational): Rational {
  return rational(a.num * b.den - b.num * a.den, a.den * b.den);
}

export function mul(a: Rational, b: Rational): Rational {
  return rational(a.num * b.num, a.den * b.den);
}

export function div(a: Rational, b: Rational): Rational {
  return rational(a.num * b.den, a.den * b.num);
}

export function sum(values: Iterable<Rational>): Rational {
  let num = 0n;
  let den = 1n;
  for (const v of values) {
    if (v.den === den) num += v.num;
    else {
      num = num * v.den + v.num * den;
      den *= v.den;
    }
  }
  return rational(num, den);
}

export function compare(a: Rational, b: Rational): number {
  const l = a.num * b.den;
  const r = b.num * a.den;
  return l < r ? -1 : l > r ? 1 : 0;
}

/** Decimal text truncated (not rounded) to `digits` places: what a paytable may state without overstating. */
export function toFixedFloor(q: Rational, digits: number): string {
  const scale = 10n ** BigInt(digits);
  const neg = q.num < 0n;
  const abs = neg ? -q.num : q.num;
  const scaled = (abs * scale) / q.den;
  const int = scaled / scale;
  const frac = (scaled % scale).toString().padStart(digits, '0');
  return `${neg ? '-' : ''}${int}${digits > 0 ? `.${frac}` : ''}`;
}

/** Decimal text rounded half up to `digits` places. */
export function toFixedRound(q: Rational, digits: number): string {
  const scale = 10n ** BigInt(digits);
  const neg = q.num < 0n;
  const abs = neg ? -q.num : q.num;
  const scaled = (2n * abs * scale + q.den) / (2n * q.den);
  const int = scaled / scale;
  const frac = (scaled % scale).toString().padStart(digits, '0');
  return `${neg ? '-' : ''}${int}${digits > 0 ? `.${frac}` : ''}`;
}

/** A percentage with `digits` decimals, rounded half up: rtp 0.98995 -> "98.99" with 2 digits. */
export function toPercent(q: Rational, digits = 2): string {
  return toFixedRound(mul(q, rational(100n)), digits);
}

export function toNumber(q: Rational): number {
  return Number(q.num) / Number(q.den);
}

/** Binomial coefficient C(n, k) exactly. */
export function choose(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  let r = 1n;
  const kk = Math.min(k, n - k);
  for (let i = 0; i < kk; i++) r = (r * BigInt(n - i)) / BigInt(i + 1);
  return r;
}
