import { describe, expect, it } from 'vitest';
import { toE4 } from '../payout.ts';
import { add, choose, mul, ONE, type Rational, rational, sub, sum, toFixedFloor, ZERO } from '../rational.ts';
import { GOLDEN } from '../testing/golden.ts';
import { referenceFloats } from '../testing/stake-reference.ts';
import { KENO_RISKS, kenoExactRtp, kenoHitProbability, kenoTable, playKeno } from './keno.ts';
import { KENO_PAYTABLES, PLINKO_PAYTABLES } from './paytables.ts';
import { PLINKO_RISKS, PLINKO_ROWS, playPlinko, plinkoExactRtp, plinkoHitFrequency, plinkoTable } from './plinko.ts';

const percent4 = (q: Rational) => toFixedFloor(mul(q, rational(100n)), 4);

describe('plinko paytables', () => {
  it('each table pays its declared exact RTP (binomial bucket probabilities), between 98.59% and 99%', () => {
    for (const risk of PLINKO_RISKS) {
      for (const rows of PLINKO_ROWS) {
        const { rtp, table } = plinkoTable({ rows, risk });
        expect(table).toHaveLength(rows + 1);
        expect([...table].reverse()).toEqual([...table]); // symmetric
        // Independent form: sum over all 2^rows paths of the multiplier of its number of rights.
        let total = 0n;
        for (let path = 0; path < 2 ** rows; path++) {
          let rights = 0;
          for (let b = path; b; b >>= 1) rights += b & 1;
          total += BigInt(toE4(table[rights]!));
        }
        const exact = rational(total, 2n ** BigInt(rows) * 10_000n);
        expect(exact).toEqual(plinkoExactRtp({ rows, risk }));
        expect(percent4(exact)).toBe(rtp);
        expect(Number(rtp)).toBeGreaterThanOrEqual(98.59);
        expect(Number(rtp)).toBeLessThanOrEqual(99);
      }
    }
    expect(Object.keys(PLINKO_PAYTABLES)).toEqual(['low', 'medium', 'high']);
  });

  it('drops the golden ball as floor(float * 2) per row says', () => {
    for (let nonce = 0; nonce < 50; nonce++) {
      const f = referenceFloats(GOLDEN.serverSeed, GOLDEN.clientSeed, nonce, 16);
      const out = playPlinko({ ...GOLDEN, nonce }, { rows: 16, risk: 'high' });
      expect(out.path).toEqual(f.map((x) => Math.floor(x * 2)));
      expect(out.bucket).toBe(out.path.filter((x) => x === 1).length);
      expect(out.multiplierE4).toBe(toE4(PLINKO_PAYTABLES.high[16].table[out.bucket]!));
    }
    expect(playPlinko({ ...GOLDEN, nonce: 0 }, { rows: 8, risk: 'low' }).path.join('')).toBe('10011111');
    expect(plinkoHitFrequency({ rows: 8, risk: 'low' })).toEqual(rational(2 + 16 + 56, 256));
  });
});

describe('keno paytables', () => {
  it('hit probabilities are the hypergeometric ones, cross-checked by a draw-by-draw recursion', () => {
    for (let picks = 1; picks <= 10; picks++) {
      // dist[h] after each of the 10 draws: the next draw hits with probability (picks - h) / (40 - drawn).
      let dist: Rational[] = [ONE];
      for (let drawn = 0; drawn < 10; drawn++) {
        const next: Rational[] = Array.from({ length: dist.length + 1 }, () => ZERO);
        dist.forEach((p, h) => {
          const hit = rational(Math.max(0, picks - h), 40 - drawn);
          next[h + 1] = add(next[h + 1]!, mul(p, hit));
          next[h] = add(next[h]!, mul(p, sub(ONE, hit)));
        });
        dist = next;
      }
      expect(sum(dist)).toEqual(ONE);
      for (let h = 0; h <= picks; h++) expect(kenoHitProbability(picks, h)).toEqual(dist[h]);
      expect(kenoHitProbability(10, 10)).toEqual(rational(1n, choose(40, 10)));
    }
  });

  it('each table pays its declared exact RTP, between 98.07% and 99%', () => {
    for (const risk of KENO_RISKS) {
      for (let picks = 1; picks <= 10; picks++) {
        const { rtp, table } = kenoTable(risk, picks);
        expect(table).toHaveLength(picks + 1);
        for (let h = 1; h <= picks; h++)
          expect(table[h]!).toBeGreaterThanOrEqual(table[h - 1]! > 0 && h > 1 ? table[h - 1]! : 0);
        expect(percent4(kenoExactRtp(risk, picks))).toBe(rtp);
        expect(Number(rtp)).toBeGreaterThanOrEqual(98.07);
        expect(Number(rtp)).toBeLessThanOrEqual(99);
      }
    }
    expect(Object.keys(KENO_PAYTABLES)).toEqual(['classic', 'low', 'medium', 'high']);
  });

  it('draws the golden numbers and counts hits', () => {
    const out = playKeno({ ...GOLDEN, nonce: 0 }, { picks: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], risk: 'classic' });
    expect(out.drawn).toHaveLength(10);
    expect(new Set(out.drawn).size).toBe(10);
    expect(out.drawn).toEqual([32, 19, 14, 35, 24, 28, 21, 36, 2, 22]);
    expect(out.hits).toEqual([2]);
    expect(out.multiplierE4).toBe(0);
    // The same draw from the published floats, with unbiased integers (rejection never triggers here).
    const f = referenceFloats(GOLDEN.serverSeed, GOLDEN.clientSeed, 0, 10);
    const pool = Array.from({ length: 40 }, (_, i) => i + 1);
    const drawn = f.map((x, k) => {
      const n = 40 - k;
      const q = Math.floor(2 ** 32 / n);
      return pool.splice(Math.floor(Math.round(x * 2 ** 32) / q), 1)[0];
    });
    expect(out.drawn).toEqual(drawn);
    expect(() => playKeno({ ...GOLDEN, nonce: 0 }, { picks: [1, 1], risk: 'low' })).toThrow(RangeError);
    expect(() => playKeno({ ...GOLDEN, nonce: 0 }, { picks: [41], risk: 'low' })).toThrow(RangeError);
  });
});
