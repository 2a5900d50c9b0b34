// Crash, with Stake's published formula: h = HMAC_SHA256(key = round hash, message = salt) as hex,
// int = parseInt(h.slice(0, 8), 16), crash = max(1, floor((2^32 / (int + 1)) * 0.99 * 100) / 100).
// A player who cashes out at m (automatically or by hand, before the crash) wins m x bet when crash >= m, so
// P(win) = 0.99 / m up to the rounding of the last code: every cash-out target returns just under 99%.
import { type Rational, rational } from '../rational.ts';
import { roundHmacHex, roundHmacHexAsync } from './chain.ts';

export function crashCentsFromInt(int: number): number {
  return Math.max(100, Math.floor((2 ** 32 / (int + 1)) * 0.99 * 100));
}

/** The crash point in hundredths (100 = 1.00x, an instant crash). */
export function crashPointCents(roundHash: string, salt: string): number {
  return crashCentsFromInt(Number.parseInt(roundHmacHex(roundHash, salt).slice(0, 8), 16));
}

export async function crashPointCentsAsync(roundHash: string, salt: string): Promise<number> {
  return crashCentsFromInt(Number.parseInt((await roundHmacHexAsync(roundHash, salt)).slice(0, 8), 16));
}

// ---- exact theory -------------------------------------------------------------------------------------------

const NUMERATOR = 99n * 2n ** 32n;
/** Cash-out targets accepted: 1.01x .. 1,000,000x (as Limbo). */
export const CRASH_MIN_TARGET_CENTS = 101;
export const CRASH_MAX_TARGET_CENTS = 100_000_000;

/** Exact crash points (hundredths) that the double-precision formula lowers by one, at a single code each. */
function loweredCrashPoints(): Set<number> {
  const out = new Set<number>();
  for (let a = 0; a <= 32; a++) {
    for (const m of [1, 3, 9, 11, 33, 99]) {
      const j = m * 2 ** a; // j = int + 1 divides 99 * 2^32: the only places float rounding can cross an integer
      if (j > 2 ** 32) continue;
      const exact = Number(NUMERATOR / BigInt(j));
      if (exact >= 100 && crashCentsFromInt(j - 1) < exact) out.add(exact);
    }
  }
  return out;
}

let lowered: Set<number> | undefined;

/** How many of the 2^32 values of int give a crash point of at least T hundredths (T >= 101). */
export function crashCodesAtLeast(targetCents: number): bigint {
  if (!Number.isInteger(targetCents) || targetCents < CRASH_MIN_TARGET_CENTS || targetCents > CRASH_MAX_TARGET_CENTS) {
    throw new RangeError('cash-out target must be between 1.01 and 1000000');
  }
  lowered ??= loweredCrashPoints();
  return NUMERATOR / BigInt(targetCents) - (lowered.has(targetCents) ? 1n : 0n);
}

export function crashProbabilityAtLeast(targetCents: number): Rational {
  return rational(crashCodesAtLeast(targetCents), 2n ** 32n);
}

/** Exact RTP of cashing out at `targetCents` / 100. */
export function crashExactRtp(targetCents: number): Rational {
  return rational(crashCodesAtLeast(targetCents) * BigInt(targetCents), 2n ** 32n * 100n);
}

/** Exact probability of an instant crash (1.00x): every bet loses. */
export function crashInstantProbability(): Rational {
  return rational(2n ** 32n - crashCodesAtLeast(101), 2n ** 32n);
}
