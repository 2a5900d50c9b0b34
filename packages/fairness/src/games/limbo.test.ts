import { describe, expect, it } from 'vitest';
import { compare, rational, toFixedFloor } from '../rational.ts';
import { GOLDEN } from '../testing/golden.ts';
import { referenceFloats, referenceLimbo } from '../testing/stake-reference.ts';
import {
  hundredTimesDivisors,
  LIMBO_NUMERATOR,
  limboExactRtp,
  limboResultCentsFromCode,
  limboWinningCodes,
  playLimbo,
} from './limbo.ts';

const exactCents = (u: number) => Math.min(100_000_000, Math.max(100, Number(LIMBO_NUMERATOR / BigInt(u))));

describe('limbo: exact', () => {
  it('the float formula equals floor(99 * 2^32 / u) except 1 lower at 60 divisors of 99 * 2^32', () => {
    // Why only divisors: the double-precision evaluation carries a relative error below 6e-16, so it is off from
    // V = 99 * 2^32 / u by less than V * 6e-16 = (99 * 2^32 / u) * 6e-16 < 2.6e-4 / u. When V is not an integer its
    // distance to the next integer is a positive multiple of 1/u, far larger, so the floor cannot change; only an
    // integer V (u divides 99 * 2^32) can slip down by one. We check all 174 divisor codes, every code below 2^17
    // and 200,000 more spread over the range.
    const divisors = hundredTimesDivisors().filter((u) => u < 2 ** 32);
    expect(divisors).toHaveLength(174);
    const uncapped = (u: number) => Math.floor((1e8 / ((u / 2 ** 32) * 1e8)) * 0.99 * 100);
    expect(divisors.filter((u) => uncapped(u) !== Number(LIMBO_NUMERATOR / BigInt(u)))).toHaveLength(60);
    // 40 of them lie below the 1,000,000x cap, where they matter.
    const slipped = divisors.filter((u) => limboResultCentsFromCode(u) !== exactCents(u));
    expect(slipped).toHaveLength(40);
    for (const u of slipped) expect(limboResultCentsFromCode(u)).toBe(exactCents(u) - 1);
    const divisorSet = new Set(divisors);
    for (let u = 1; u < 2 ** 17; u++) {
      if (!divisorSet.has(u)) expect(limboResultCentsFromCode(u)).toBe(exactCents(u));
    }
    let u = 12345;
    for (let i = 0; i < 200_000; i++) {
      u = (u * 1103515245 + 12345) % 2 ** 32 || 1;
      if (!divisorSet.has(u) && limboResultCentsFromCode(u) !== exactCents(u)) throw new Error(`code ${u}`);
    }
  });

  it('counts the winning codes exactly (checked against direct evaluation around each boundary)', () => {
    for (const t of [101, 150, 200, 1000, 10_000, 1_000_000, 100_000_000]) {
      const count = limboWinningCodes(t);
      // Codes 0..count-1 win and code `count` loses, when the count is not disturbed by a slipped divisor.
      const last = Number(count) - 1;
      expect(limboResultCentsFromCode(last)).toBeGreaterThanOrEqual(t);
      expect(limboResultCentsFromCode(last + 1)).toBeLessThan(t);
    }
  });

  it('returns 99% or a hair more at every target from 1.01x to 10,000x and at the 1,000,000x cap', () => {
    let min = rational(2n);
    let max = rational(0n);
    for (let t = 101; t <= 1_000_000; t += t < 10_000 ? 1 : 97) {
      const rtp = limboExactRtp(t / 100);
      if (compare(rtp, min) < 0) min = rtp;
      if (compare(rtp, max) > 0) max = rtp;
    }
    expect(toFixedFloor(min, 6)).toBe('0.990000');
    expect(compare(min, rational(99n, 100n))).toBeGreaterThanOrEqual(0);
    expect(toFixedFloor(max, 6)).toBe('0.990002');
    // At the cap: 4253 winning codes, the code 0 (float 0, an infinite result) among them.
    expect(limboWinningCodes(100_000_000)).toBe(4253n);
    expect(toFixedFloor(limboExactRtp(1_000_000), 6)).toBe('0.990228');
    expect(toFixedFloor(limboExactRtp(2), 8)).toBe('0.99000000');
  });
});

describe('limbo: golden vectors', () => {
  it('matches the published formula', () => {
    expect(playLimbo({ ...GOLDEN, nonce: 0 }, { target: 1.2 })).toMatchObject({ result: 1.24, win: true });
    expect(playLimbo({ ...GOLDEN, nonce: 2 }, { target: 3.12 })).toMatchObject({ result: 3.11, win: false });
    for (let nonce = 0; nonce < 200; nonce++) {
      const f = referenceFloats(GOLDEN.serverSeed, GOLDEN.clientSeed, nonce, 1)[0]!;
      expect(playLimbo({ ...GOLDEN, nonce }, { target: 2 }).result).toBe(referenceLimbo(f));
    }
    expect(limboResultCentsFromCode(0)).toBe(100_000_000);
  });
});
