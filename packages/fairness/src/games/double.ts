// Double: 15 tiles, 0 white (pays 14x), 1..7 red and 8..14 black (pay 2x). roll = (the whole 256-bit HMAC as an
// integer) mod 15, in BigInt: parseInt of 64 hex digits in a double loses all but the top 53 bits, and the
// remainder computed from it is then not what the hash says (the float pitfall of published Double verifiers).
import { type Rational, rational } from '../rational.ts';
import { roundHmacHex, roundHmacHexAsync } from './chain.ts';

export type DoubleColor = 'white' | 'red' | 'black';
export type DoubleRoll = { roll: number; color: DoubleColor };

export const DOUBLE_TILES = 15;
export const DOUBLE_PAYS_E4: Record<DoubleColor, number> = { white: 140_000, red: 20_000, black: 20_000 };

export function doubleColor(roll: number): DoubleColor {
  return roll === 0 ? 'white' : roll <= 7 ? 'red' : 'black';
}

export function doubleRollFromHex(hmacHex: string): DoubleRoll {
  const roll = Number(BigInt(`0x${hmacHex}`) % 15n);
  return { roll, color: doubleColor(roll) };
}

export function doubleRoll(roundHash: string, salt: string): DoubleRoll {
  return doubleRollFromHex(roundHmacHex(roundHash, salt));
}

export async function doubleRollAsync(roundHash: string, salt: string): Promise<DoubleRoll> {
  return doubleRollFromHex(await roundHmacHexAsync(roundHash, salt));
}

/** Multiplier (E4) of a bet on `color` when the roll shows `result`. */
export function doubleMultiplierE4(color: DoubleColor, result: DoubleColor): number {
  return color === result ? DOUBLE_PAYS_E4[color] : 0;
}

// ---- exact theory: 2^256 = 15 q + 1, so roll 0 has q + 1 of the 2^256 hashes and every other roll has q. ------

const SPACE = 2n ** 256n;
const Q = SPACE / 15n;

export function doubleRollProbability(roll: number): Rational {
  return rational(roll === 0 ? Q + 1n : Q, SPACE);
}

export function doubleColorProbability(color: DoubleColor): Rational {
  return rational(color === 'white' ? Q + 1n : 7n * Q, SPACE);
}

export function doubleExactRtp(color: DoubleColor): Rational {
  const p = doubleColorProbability(color);
  return rational(p.num * BigInt(DOUBLE_PAYS_E4[color]), p.den * 10_000n);
}
