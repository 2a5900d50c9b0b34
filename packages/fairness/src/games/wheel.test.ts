import { describe, expect, it } from 'vitest';
import { rational } from '../rational.ts';
import { GOLDEN } from '../testing/golden.ts';
import { referenceFloats } from '../testing/stake-reference.ts';
import { playWheel, WHEEL_RISKS, WHEEL_SEGMENTS, wheelExactRtp, wheelHitFrequency, wheelTable } from './wheel.ts';

describe('wheel', () => {
  it('every table returns exactly 99%; hit frequency 80% (low), 50% (medium), 1/segments (high)', () => {
    for (const segments of WHEEL_SEGMENTS) {
      for (const risk of WHEEL_RISKS) {
        expect(wheelTable({ segments, risk })).toHaveLength(segments);
        expect(wheelExactRtp({ segments, risk })).toEqual(rational(99n, 100n));
      }
      expect(wheelHitFrequency({ segments, risk: 'low' })).toEqual(rational(4n, 5n));
      expect(wheelHitFrequency({ segments, risk: 'medium' })).toEqual(rational(1n, 2n));
      expect(wheelHitFrequency({ segments, risk: 'high' })).toEqual(rational(1n, BigInt(segments)));
    }
    expect(wheelTable({ segments: 50, risk: 'high' })[0]).toBe(49.5);
  });

  it('stops on the golden segments (unbiased int from the published floats)', () => {
    for (let nonce = 0; nonce < 50; nonce++) {
      const f = referenceFloats(GOLDEN.serverSeed, GOLDEN.clientSeed, nonce, 1)[0]!;
      const q = Math.floor(2 ** 32 / 30);
      const u = Math.round(f * 2 ** 32);
      if (u >= q * 30) continue; // would draw again
      expect(playWheel({ ...GOLDEN, nonce }, { segments: 30, risk: 'medium' }).segment).toBe(Math.floor(u / q));
    }
  });
});
