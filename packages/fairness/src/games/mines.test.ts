import { describe, expect, it } from 'vitest';
import { choose, compare, rational, toFixedFloor } from '../rational.ts';
import { GOLDEN } from '../testing/golden.ts';
import { referenceFloats } from '../testing/stake-reference.ts';
import {
  MINES_TILES,
  minesBoard,
  minesExactRtp,
  minesMultiplierE4,
  minesPaytable,
  minesSafeProbability,
  playMines,
  settleMines,
} from './mines.ts';

function* subsets(n: number, k: number, start = 0, acc: number[] = []): Generator<number[]> {
  if (acc.length === k) {
    yield acc;
    return;
  }
  for (let i = start; i < n; i++) yield* subsets(n, k, i + 1, [...acc, i]);
}

describe('mines: exact', () => {
  it('P(k picked tiles all safe) = C(25-m, k) / C(25, k), checked by enumerating every board for m = 1, 2, 3, 22, 23, 24', () => {
    for (const m of [1, 2, 3, 22, 23, 24]) {
      // Boards are sets of mine tiles, all equally likely (unbiased shrinking-pool draw).
      const boards =
        m <= 3
          ? [...subsets(25, m)]
          : [...subsets(25, 25 - m)].map((safe) => [...Array(25).keys()].filter((t) => !safe.includes(t)));
      expect(BigInt(boards.length)).toBe(choose(25, m));
      for (let k = 1; k <= 25 - m; k++) {
        const picks = [24, 3, 17, 8, 0, 12, 21, 5, 14, 9, 1, 19, 6, 23, 11, 2, 16, 7, 20, 13, 4, 18, 10, 15].slice(
          0,
          k,
        );
        const safe = boards.filter((b) => picks.every((t) => !b.includes(t))).length;
        expect(rational(BigInt(safe), BigInt(boards.length))).toEqual(minesSafeProbability(m, k));
      }
    }
  });

  it('pays 0.99 / P rounded down to 2 decimals; every cash-out returns between 98.28% and 99.00%', () => {
    expect(minesMultiplierE4(1, 1)).toBe(10_300); // 0.99 * 25/24 = 1.03125
    expect(minesMultiplierE4(3, 1)).toBe(11_200); // 0.99 * 25/22 = 1.125
    expect(minesMultiplierE4(24, 1)).toBe(247_500); // 0.99 * 25
    expect(minesMultiplierE4(12, 13)).toBe(Number((99n * choose(25, 13)) / choose(13, 13)) * 100);
    let min = rational(1n);
    let max = rational(0n);
    let count = 0;
    for (let m = 1; m <= 24; m++) {
      const table = minesPaytable(m);
      for (let k = 1; k <= MINES_TILES - m; k++) {
        const rtp = minesExactRtp(m, k);
        count++;
        if (compare(rtp, min) < 0) min = rtp;
        if (compare(rtp, max) > 0) max = rtp;
        if (k > 1) expect(table[k - 1]!).toBeGreaterThan(table[k - 2]!);
      }
    }
    expect(count).toBe(300);
    expect(toFixedFloor(min, 6)).toBe('0.982800'); // m = 1, k = 4: 0.99 / 0.84 = 1.1785... -> 1.17
    expect(toFixedFloor(max, 6)).toBe('0.990000'); // wherever 0.99 / P has at most 2 decimals
  });
});

describe('mines: play', () => {
  it('places the golden board as the published shrinking pool with unbiased integers does', () => {
    const f = referenceFloats(GOLDEN.serverSeed, GOLDEN.clientSeed, 0, 30);
    const pool = [...Array(25).keys()];
    const expected: number[] = [];
    let i = 0;
    while (expected.length < 5) {
      const n = 25 - expected.length;
      const u = Math.round(f[i++]! * 2 ** 32);
      const q = Math.floor(2 ** 32 / n);
      if (u >= q * n) continue;
      expected.push(pool.splice(Math.floor(u / q), 1)[0]!);
    }
    expect(minesBoard({ ...GOLDEN, nonce: 0 }, 5)).toEqual(expected);
    expect(minesBoard({ ...GOLDEN, nonce: 0 }, 5)).toEqual([19, 11, 7, 21, 14]);
  });

  it('settles a round: busts on the first mine, pays k safe reveals otherwise', () => {
    const board = [19, 11, 8];
    expect(settleMines(board, [0, 1, 2])).toEqual({
      mines: board,
      safe: 3,
      busted: false,
      multiplierE4: minesMultiplierE4(3, 3),
    });
    expect(settleMines(board, [0, 11, 2])).toMatchObject({ safe: 1, busted: true, multiplierE4: 0 });
    expect(() => settleMines(board, [])).toThrow(RangeError);
    expect(() => settleMines(board, [1, 1])).toThrow(RangeError);
    expect(() => minesBoard({ ...GOLDEN, nonce: 0 }, 25)).toThrow(RangeError);
    expect(playMines({ ...GOLDEN, nonce: 0 }, { mines: 5, picks: [0, 1] })).toMatchObject({ busted: false, safe: 2 });
  });
});
