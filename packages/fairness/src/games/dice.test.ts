import { describe, expect, it } from 'vitest';
import { payoutFor } from '../payout.ts';
import { compare, rational, toFixedFloor, toNumber } from '../rational.ts';
import { floats } from '../rng.ts';
import { GOLDEN } from '../testing/golden.ts';
import { referenceDice, referenceFloats } from '../testing/stake-reference.ts';
import {
  DICE_MAX_CHANCE,
  DICE_MIN_CHANCE,
  type DiceBet,
  diceExactRtp,
  diceMultiplierE4,
  diceRollCodeCounts,
  diceWinChanceCents,
  diceWinProbability,
  playDice,
} from './dice.ts';

describe('dice: exact', () => {
  it('splits the 2^32 float codes over the 10001 rolls: 429453 or 429454 each', () => {
    const counts = diceRollCodeCounts();
    expect(counts).toHaveLength(10001);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(2 ** 32);
    expect(new Set(counts)).toEqual(new Set([429453, 429454]));
    // Direct check of the boundaries: the last code of each roll gives that roll, the next gives the next one.
    let first = 0;
    for (let r = 0; r < 10001; r += 997) {
      const start = counts.slice(0, r).reduce((a, b) => a + b, 0);
      first = start;
      expect(Math.floor((first / 2 ** 32) * 10001)).toBe(r);
      if (r > 0) expect(Math.floor(((first - 1) / 2 ** 32) * 10001)).toBe(r - 1);
    }
  });

  it('pays 99 / chance% rounded down to 4 decimals', () => {
    expect(diceMultiplierE4({ target: 50.5, condition: 'over' })).toBe(20_000); // 49.50% -> 2x
    expect(diceMultiplierE4({ target: 50, condition: 'under' })).toBe(19_800);
    expect(diceMultiplierE4({ target: 0.01, condition: 'under' })).toBe(99_000_000);
    expect(diceMultiplierE4({ target: 98, condition: 'under' })).toBe(10_102);
    expect(diceMultiplierE4({ target: 66.66, condition: 'under' })).toBe(14_851); // 1.48514...
    expect(() => diceWinChanceCents({ target: 98.01, condition: 'under' })).toThrow(RangeError);
    expect(() => diceWinChanceCents({ target: 1.99, condition: 'over' })).toThrow(RangeError);
    expect(() => diceWinChanceCents({ target: 50.123, condition: 'over' })).toThrow(RangeError);
    expect(payoutFor(1_000, 19_800)).toBe(1_980);
    expect(payoutFor(333, 14_851)).toBe(494); // 494.5383 rounded down to the centavo
  });

  it('returns between 98.9804% and 98.9901% on every one of the 19,600 allowed bets', () => {
    let min = rational(1n);
    let max = rational(0n);
    for (const condition of ['over', 'under'] as const) {
      for (let chance = DICE_MIN_CHANCE; chance <= DICE_MAX_CHANCE; chance++) {
        const target = (condition === 'under' ? chance : 10000 - chance) / 100;
        const rtp = diceExactRtp({ target, condition });
        if (compare(rtp, min) < 0) min = rtp;
        if (compare(rtp, max) > 0) max = rtp;
      }
    }
    // Nominal 99% x 10000/10001 = 98.9901% (the 10001 rolls 0.00..100.00 against a chance stated over 10000),
    // less the 4-decimal rounding of the multiplier (at most 1/10102 relative, at chances near 98%).
    expect(toFixedFloor(min, 8)).toBe('0.98980421'); // over 2.76 (97.24%: 1.01810... -> 1.0181)
    expect(toFixedFloor(max, 8)).toBe('0.98990150'); // under 0.01 (roll 0.00 owns 429454 codes)
    expect(toFixedFloor(diceExactRtp({ target: 50, condition: 'under' }), 8)).toBe('0.98990101');
    expect(toFixedFloor(diceExactRtp({ target: 50.5, condition: 'over' }), 8)).toBe('0.98990100');
    expect(toNumber(diceWinProbability({ target: 50.5, condition: 'over' }))).toBeCloseTo(4950 / 10001, 9);
  });
});

describe('dice: golden vectors', () => {
  it('rolls what the published formula gives', () => {
    expect(playDice({ ...GOLDEN, nonce: 0 }, { target: 50, condition: 'over' })).toMatchObject({
      roll: 79.67,
      win: true,
      multiplierE4: 19_800,
    });
    expect(playDice({ ...GOLDEN, nonce: 2 }, { target: 50, condition: 'over' })).toMatchObject({
      roll: 31.79,
      win: false,
    });
    for (let nonce = 0; nonce < 200; nonce++) {
      const bet: DiceBet = { target: 50.5, condition: 'under' };
      const f = referenceFloats(GOLDEN.serverSeed, GOLDEN.clientSeed, nonce, 1)[0]!;
      const out = playDice({ ...GOLDEN, nonce }, bet);
      expect(out.roll).toBe(referenceDice(f));
      expect(out.roll).toBe(Math.floor(floats({ ...GOLDEN, nonce }, 1)[0]! * 10001) / 100);
      expect(out.win).toBe(referenceDice(f) < 50.5);
    }
  });
});
