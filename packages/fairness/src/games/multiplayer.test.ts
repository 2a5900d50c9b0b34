import { describe, expect, it } from 'vitest';
import { compare, rational, toFixedFloor } from '../rational.ts';
import { GOLDEN_CHAIN } from '../testing/golden.ts';
import { referenceCrash, referenceDouble, referenceSha256 } from '../testing/stake-reference.ts';
import { buildChain, previousChainHash, verifyChainHash, verifyChainHashAsync } from './chain.ts';
import {
  crashCentsFromInt,
  crashCodesAtLeast,
  crashExactRtp,
  crashInstantProbability,
  crashPointCents,
  crashPointCentsAsync,
  crashProbabilityAtLeast,
} from './crash.ts';
import {
  doubleColorProbability,
  doubleExactRtp,
  doubleRoll,
  doubleRollAsync,
  doubleRollFromHex,
  doubleRollProbability,
} from './double.ts';

describe('hash chain', () => {
  it('plays the chain backwards from a published terminating hash', async () => {
    const { terminatingHash, rounds } = buildChain(GOLDEN_CHAIN.seed, 5);
    expect(rounds[4]).toBe(GOLDEN_CHAIN.seed);
    expect(terminatingHash).toBe('97d8a0901b22e598f46e0d9e947c42f331446079b8a12261add2121003573b8a');
    expect(previousChainHash(rounds[0]!)).toBe(terminatingHash);
    for (let i = 1; i < 5; i++) expect(referenceSha256(rounds[i]!)).toBe(rounds[i - 1]);
    rounds.forEach((h, i) => {
      expect(verifyChainHash(h, i + 1, terminatingHash)).toBe(true);
    });
    expect(verifyChainHash(rounds[2]!, 2, terminatingHash)).toBe(false);
    expect(await verifyChainHashAsync(rounds[3]!, 4, terminatingHash)).toBe(true);
  });
});

describe('crash', () => {
  it('matches the golden rounds and the published formula on node:crypto, sync and async', async () => {
    const { rounds } = buildChain(GOLDEN_CHAIN.seed, 300);
    expect(rounds.slice(-5).map((h) => crashPointCents(h, GOLDEN_CHAIN.salt))).toEqual([318, 117, 140, 168, 112]);
    for (const h of rounds)
      expect(crashPointCents(h, GOLDEN_CHAIN.salt) / 100).toBe(referenceCrash(h, GOLDEN_CHAIN.salt));
    expect(await crashPointCentsAsync(rounds[0]!, GOLDEN_CHAIN.salt)).toBe(
      crashPointCents(rounds[0]!, GOLDEN_CHAIN.salt),
    );
  });

  it('the float formula equals floor(99 * 2^32 / (int + 1)) except 1 lower at 60 divisors', () => {
    // Same argument as Limbo: rounding can only cross an integer where 99 * 2^32 / (int + 1) is one.
    let slipped = 0;
    for (let a = 0; a <= 32; a++) {
      for (const m of [1, 3, 9, 11, 33, 99]) {
        const j = m * 2 ** a;
        if (j > 2 ** 32) continue;
        const exact = Math.max(100, Number((99n * 2n ** 32n) / BigInt(j)));
        const got = crashCentsFromInt(j - 1);
        if (got !== exact) {
          expect(got).toBe(exact - 1);
          slipped++;
        }
      }
    }
    expect(slipped).toBe(60);
    let int = 7;
    for (let i = 0; i < 200_000; i++) {
      int = (int * 1103515245 + 12345) % 2 ** 32;
      const exact = Math.max(100, Number((99n * 2n ** 32n) / BigInt(int + 1)));
      if ((99 * 2 ** 32) % (int + 1) !== 0 && crashCentsFromInt(int) !== exact) throw new Error(`int ${int}`);
    }
  });

  it('P(crash >= m) = 0.99 / m up to one code in 2^32; every cash-out from 1.01x to 10,000x returns 98.9997..99%', () => {
    expect(toFixedFloor(crashProbabilityAtLeast(200), 10)).toBe('0.4949999998');
    // 1.00x (everyone loses): the 1% edge plus the results in [1.00, 1.01) = 1 - 0.99 / 1.01.
    expect(toFixedFloor(crashInstantProbability(), 10)).toBe('0.0198019803');
    for (const t of [101, 200, 1000, 123_456]) {
      const count = crashCodesAtLeast(t);
      // int = count - 1 still reaches t, int = count does not.
      expect(crashCentsFromInt(Number(count) - 1)).toBeGreaterThanOrEqual(t);
      expect(crashCentsFromInt(Number(count))).toBeLessThan(t);
    }
    let min = rational(1n);
    let max = rational(0n);
    for (let t = 101; t <= 1_000_000; t += t < 100_000 ? 1 : 101) {
      const rtp = crashExactRtp(t);
      if (compare(rtp, min) < 0) min = rtp;
      if (compare(rtp, max) > 0) max = rtp;
    }
    expect(toFixedFloor(min, 8)).toBe('0.98999767');
    expect(toFixedFloor(max, 8)).toBe('0.99000000');
    expect(compare(max, rational(99n, 100n))).toBeLessThanOrEqual(0);
  });
});

describe('double', () => {
  it('matches the golden rounds and the BigInt formula on node:crypto, sync and async', async () => {
    const { rounds } = buildChain(GOLDEN_CHAIN.seed, 300);
    expect(rounds.slice(-5).map((h) => doubleRoll(h, GOLDEN_CHAIN.salt).roll)).toEqual([3, 13, 12, 13, 5]);
    for (const h of rounds) expect(doubleRoll(h, GOLDEN_CHAIN.salt).roll).toBe(referenceDouble(h, GOLDEN_CHAIN.salt));
    expect(await doubleRollAsync(rounds[0]!, GOLDEN_CHAIN.salt)).toEqual(doubleRoll(rounds[0]!, GOLDEN_CHAIN.salt));
    expect(doubleRollFromHex('0'.repeat(64))).toEqual({ roll: 0, color: 'white' });
    expect(doubleRollFromHex(`${'0'.repeat(63)}7`)).toEqual({ roll: 7, color: 'red' });
    expect(doubleRollFromHex(`${'0'.repeat(63)}8`)).toEqual({ roll: 8, color: 'black' });
  });

  it('differs from parseInt(hash, 16) % 15 in doubles, which loses the low bits', () => {
    const { rounds } = buildChain(GOLDEN_CHAIN.seed, 100);
    const differ = rounds.filter((h) => {
      const hex = referenceSha256(h);
      return doubleRollFromHex(hex).roll !== Number.parseInt(hex, 16) % 15;
    });
    expect(differ.length).toBeGreaterThan(50);
  });

  it('2^256 = 15q + 1: white 1/15 + 2^-256, red and black 7q/2^256 each; RTP 93.33% on every bet', () => {
    const q = 2n ** 256n / 15n;
    expect(15n * q + 1n).toBe(2n ** 256n);
    let total = rational(0n);
    for (let r = 0; r < 15; r++)
      total = rational(
        total.num * doubleRollProbability(r).den + doubleRollProbability(r).num * total.den,
        total.den * doubleRollProbability(r).den,
      );
    expect(total).toEqual(rational(1n));
    expect(doubleColorProbability('red')).toEqual(doubleColorProbability('black'));
    for (const color of ['white', 'red', 'black'] as const)
      expect(toFixedFloor(doubleExactRtp(color), 6)).toBe('0.933333');
    // White is a hair over 14/15 (the extra residue), red and black a hair under.
    expect(compare(doubleExactRtp('white'), rational(14n, 15n))).toBe(1);
    expect(compare(doubleExactRtp('red'), rational(14n, 15n))).toBe(-1);
  });
});
