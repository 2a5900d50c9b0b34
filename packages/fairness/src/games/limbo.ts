// Limbo, with Stake's published formula: result = max(1, floor(1e8 / (float * 1e8) * 0.99 * 100) / 100).
// The player names a target multiplier (1.01 .. 1,000,000.00, 2 decimals) and wins target x bet when
// result >= target. float = 0 (one code in 2^32) would divide by zero: it gives the cap, which wins every target.
import { type Rational, rational } from '../rational.ts';
import { type BetSeeds, type Stream, streamFor } from '../rng.ts';

export type LimboBet = { target: number };
export type LimboOutcome = { result: number; resultCents: number; win: boolean; multiplierE4: number };

export const LIMBO_MIN_TARGET_CENTS = 101;
export const LIMBO_MAX_TARGET_CENTS = 100_000_000;
/** Results are shown capped at the largest target, which changes no outcome. */
export const LIMBO_RESULT_CAP_CENTS = LIMBO_MAX_TARGET_CENTS;

export function limboTargetCents(target: number): number {
  const cents = Math.round(target * 100);
  if (Math.abs(cents - target * 100) > 1e-6) throw new RangeError('target takes at most 2 decimals');
  if (cents < LIMBO_MIN_TARGET_CENTS || cents > LIMBO_MAX_TARGET_CENTS) {
    throw new RangeError('target must be between 1.01 and 1000000');
  }
  return cents;
}

/**
 * The result in hundredths for a float code u (float = u / 2^32), evaluated in IEEE doubles exactly as Stake's
 * JavaScript does, so any Stake-style verifier agrees. It equals floor(99 * 2^32 / u) except at 40 of the 174
 * divisors u < 2^32 of 99 * 2^32 (below the cap), where it is 1 lower (proved in limbo.test.ts).
 */
export function limboResultCentsFromCode(u: number): number {
  if (u === 0) return LIMBO_RESULT_CAP_CENTS;
  const float = u / 4294967296;
  const cents = Math.floor((1e8 / (float * 1e8)) * 0.99 * 100);
  return Math.min(LIMBO_RESULT_CAP_CENTS, Math.max(100, cents));
}

export function playLimboOn(stream: Stream, bet: LimboBet): LimboOutcome {
  const target = limboTargetCents(bet.target);
  const resultCents = limboResultCentsFromCode(stream.uint32());
  const win = resultCents >= target;
  return { result: resultCents / 100, resultCents, win, multiplierE4: win ? target * 100 : 0 };
}

export function playLimbo(seeds: BetSeeds, bet: LimboBet): LimboOutcome {
  return playLimboOn(streamFor(seeds), bet);
}

// ---- exact theory -------------------------------------------------------------------------------------------

export const LIMBO_NUMERATOR = 99n * 2n ** 32n;

/** The divisors u in [1, 2^32] of 99 * 2^32: the only codes where the float formula can differ from the exact one. */
export function hundredTimesDivisors(): number[] {
  const out: number[] = [];
  for (let a = 0; a <= 32; a++) {
    for (const m of [1, 3, 9, 11, 33, 99]) {
      const d = m * 2 ** a;
      if (d <= 2 ** 32) out.push(d);
    }
  }
  return out.sort((x, y) => x - y);
}

/** The exact results (in hundredths) that the float formula turns 1 lower, each at one code. */
function loweredResults(): Set<number> {
  const out = new Set<number>();
  for (const u of hundredTimesDivisors()) {
    if (u >= 2 ** 32) continue;
    const exact = Number(LIMBO_NUMERATOR / BigInt(u));
    if (limboResultCentsFromCode(u) < Math.min(exact, LIMBO_RESULT_CAP_CENTS)) out.add(exact);
  }
  return out;
}

let lowered: Set<number> | undefined;

/**
 * Exactly how many of the 2^32 codes win a target of T hundredths: u = 0 (the cap), plus the u >= 1 with
 * floor(99 * 2^32 / u) >= T, i.e. u <= floor(99 * 2^32 / T), less the one code whose result the float formula
 * lowers from exactly T to T - 1.
 */
export function limboWinningCodes(targetCents: number): bigint {
  lowered ??= loweredResults();
  return 1n + LIMBO_NUMERATOR / BigInt(targetCents) - (lowered.has(targetCents) ? 1n : 0n);
}

export function limboWinProbability(target: number): Rational {
  return rational(limboWinningCodes(limboTargetCents(target)), 2n ** 32n);
}

export function limboExactRtp(target: number): Rational {
  const t = limboTargetCents(target);
  return rational(limboWinningCodes(t) * BigInt(t), 2n ** 32n * 100n);
}
