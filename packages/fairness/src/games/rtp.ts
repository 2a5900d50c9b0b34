// One RTP per Sorte Originals game, the figure every page and the casino catalog show. Where the player picks the odds
// (target, mines, rows, risk, picks, colour) it is the LOWEST exact RTP over every choice the game offers, so the
// figure holds for any bet; it is printed rounded down to two decimals, never above the exact value.

import type { Rational } from '../rational.ts';
import { crashExactRtp } from './crash.ts';
import { DICE_MAX_CHANCE, DICE_MIN_CHANCE, diceExactRtp } from './dice.ts';
import { doubleExactRtp } from './double.ts';
import { KENO_RISKS, kenoExactRtp } from './keno.ts';
import { LIMBO_MAX_TARGET_CENTS, LIMBO_MIN_TARGET_CENTS, limboExactRtp } from './limbo.ts';
import { MINES_TILES, minesExactRtp } from './mines.ts';
import { PLINKO_RISKS, PLINKO_ROWS, plinkoExactRtp } from './plinko.ts';
import { slotExactStats } from './slot.ts';

export const ORIGINALS_CODES = ['dice', 'limbo', 'mines', 'plinko', 'keno', 'slot', 'crash', 'double'] as const;
export type OriginalsCode = (typeof ORIGINALS_CODES)[number];

const lowest = (list: Rational[]): Rational => list.reduce((a, b) => (a.num * b.den <= b.num * a.den ? a : b));
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/**
 * The exact RTP of each game, as the proofs compute it. The slot enumerates its whole reel cycle (about a tenth of a
 * second), so pages use ORIGINALS_RTP_BP below, which a test holds equal to this.
 */
export function originalsExactRtp(code: OriginalsCode): Rational {
  switch (code) {
    case 'dice':
      return lowest(
        range(DICE_MIN_CHANCE, DICE_MAX_CHANCE).flatMap((c) => [
          diceExactRtp({ target: c / 100, condition: 'under' }),
          diceExactRtp({ target: (10000 - c) / 100, condition: 'over' }),
        ]),
      );
    case 'limbo':
      return lowest([LIMBO_MIN_TARGET_CENTS, LIMBO_MAX_TARGET_CENTS].map((t) => limboExactRtp(t / 100)));
    case 'mines':
      return lowest(range(1, 24).flatMap((m) => range(1, MINES_TILES - m).map((k) => minesExactRtp(m, k))));
    case 'plinko':
      return lowest(PLINKO_RISKS.flatMap((risk) => PLINKO_ROWS.map((rows) => plinkoExactRtp({ rows, risk }))));
    case 'keno':
      return lowest(KENO_RISKS.flatMap((risk) => range(1, 10).map((p) => kenoExactRtp(risk, p))));
    case 'slot':
      return slotExactStats().rtp;
    case 'crash':
      return lowest([101, 200, 1_000_000].map((t) => crashExactRtp(t)));
    case 'double':
      return lowest((['white', 'red', 'black'] as const).map((c) => doubleExactRtp(c)));
  }
}

/** Basis points, rounded down (9898 = 98.98 %): never more than the exact RTP. */
export const rtpBasisPoints = (r: Rational): number => Number((r.num * 10_000n) / r.den);

/** originalsExactRtp in basis points, rounded down; `rtp.test.ts` recomputes every one. */
export const ORIGINALS_RTP_BP: Readonly<Record<OriginalsCode, number>> = {
  dice: 9898,
  limbo: 9900,
  mines: 9828,
  plinko: 9859,
  keno: 9807,
  slot: 9648,
  crash: 9899,
  double: 9333,
};

/** The figure in percent, two decimals (98.98), as the catalog's `rtp` field and every page show it. */
export const originalsRtpPercent = (code: OriginalsCode): number => ORIGINALS_RTP_BP[code] / 100;
