// Regulated mode (Portaria SPA/MF 1.207/2024): every game's theoretical RTP must be at least 85%. Each game's
// worst configuration is checked here, exactly.
import { describe, expect, it } from 'vitest';
import { CRASH_MAX_TARGET_CENTS, CRASH_MIN_TARGET_CENTS, crashCodesAtLeast, crashExactRtp } from './games/crash.ts';
import { DICE_MAX_CHANCE, DICE_MIN_CHANCE, diceExactRtp } from './games/dice.ts';
import { doubleExactRtp } from './games/double.ts';
import { KENO_RISKS, kenoExactRtp } from './games/keno.ts';
import { LIMBO_MAX_TARGET_CENTS, LIMBO_MIN_TARGET_CENTS, limboExactRtp, limboWinningCodes } from './games/limbo.ts';
import { MINES_TILES, minesExactRtp } from './games/mines.ts';
import { PLINKO_RISKS, PLINKO_ROWS, plinkoExactRtp } from './games/plinko.ts';
import { slotExactStats } from './games/slot.ts';
import { WHEEL_RISKS, WHEEL_SEGMENTS, wheelExactRtp } from './games/wheel.ts';
import { compare, type Rational, rational } from './rational.ts';

const FLOOR = rational(85n, 100n);
const atLeast85 = (label: string, rtp: Rational) => expect(compare(rtp, FLOOR), label).toBeGreaterThanOrEqual(0);

describe('regulated mode: theoretical RTP >= 85% for every game and every configuration', () => {
  it('dice: all 19,600 bets', () => {
    for (const condition of ['over', 'under'] as const) {
      for (let c = DICE_MIN_CHANCE; c <= DICE_MAX_CHANCE; c++) {
        atLeast85(
          `dice ${condition} ${c}`,
          diceExactRtp({ target: (condition === 'under' ? c : 10000 - c) / 100, condition }),
        );
      }
    }
  });

  it('limbo and crash: every target from 1.01x to 1,000,000x', () => {
    // For a target T (hundredths): winning codes >= 99 * 2^32 / T - 2, so RTP >= 0.99 - 2T / (100 * 2^32), and at
    // the largest T = 10^8 that is 0.99 - 0.00047: the bound holds for every T, checked at both ends exactly.
    const bound = (t: number) => 0.99 - (2 * t) / (100 * 2 ** 32);
    expect(bound(LIMBO_MAX_TARGET_CENTS)).toBeGreaterThan(0.85);
    for (const t of [LIMBO_MIN_TARGET_CENTS, LIMBO_MAX_TARGET_CENTS]) {
      expect(Number(limboWinningCodes(t))).toBeGreaterThanOrEqual((99 * 2 ** 32) / t - 2);
      atLeast85(`limbo ${t}`, limboExactRtp(t / 100));
    }
    for (const t of [CRASH_MIN_TARGET_CENTS, CRASH_MAX_TARGET_CENTS]) {
      expect(Number(crashCodesAtLeast(t))).toBeGreaterThanOrEqual((99 * 2 ** 32) / t - 2);
      atLeast85(`crash ${t}`, crashExactRtp(t));
    }
  });

  it('mines: all 300 (mines, reveals) cash-outs', () => {
    for (let m = 1; m <= 24; m++)
      for (let k = 1; k <= MINES_TILES - m; k++) atLeast85(`mines ${m}/${k}`, minesExactRtp(m, k));
  });

  it('plinko (27 tables), keno (40 tables), wheel (15 tables), the slot, double', () => {
    for (const risk of PLINKO_RISKS)
      for (const rows of PLINKO_ROWS) atLeast85(`plinko ${risk} ${rows}`, plinkoExactRtp({ rows, risk }));
    for (const risk of KENO_RISKS) for (let p = 1; p <= 10; p++) atLeast85(`keno ${risk} ${p}`, kenoExactRtp(risk, p));
    for (const segments of WHEEL_SEGMENTS)
      for (const risk of WHEEL_RISKS) atLeast85(`wheel ${risk} ${segments}`, wheelExactRtp({ segments, risk }));
    atLeast85('slot', slotExactStats().rtp);
    for (const color of ['white', 'red', 'black'] as const) atLeast85(`double ${color}`, doubleExactRtp(color));
  });
});
