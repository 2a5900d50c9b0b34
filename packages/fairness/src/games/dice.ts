// Dice, exactly as Stake publishes it: roll = floor(float * 10001) / 100, a value in 0.00 .. 100.00.
// The player picks a target (2 decimals) and "over" (roll > target) or "under" (roll < target).
// Win chance in hundredths of a percent = the number of winning roll values; multiplier = 99 / chance% rounded
// down to 4 decimals (1% house edge on the stated chance).
import { type Rational, rational } from '../rational.ts';
import { type BetSeeds, type Stream, streamFor } from '../rng.ts';

export type DiceCondition = 'over' | 'under';
export type DiceBet = { target: number; condition: DiceCondition };
export type DiceOutcome = {
  roll: number;
  rollCents: number;
  win: boolean;
  multiplierE4: number;
  winChance: number;
};

export const DICE_OUTCOMES = 10001;
/** Win chance limits in hundredths of a percent: 0.01% .. 98.00%. */
export const DICE_MIN_CHANCE = 1;
export const DICE_MAX_CHANCE = 9800;

function toCents(value: number): number {
  const cents = Math.round(value * 100);
  if (Math.abs(cents - value * 100) > 1e-6) throw new RangeError('target takes at most 2 decimals');
  return cents;
}

/** Number of winning roll values (= win chance in hundredths of a percent); throws outside the allowed range. */
export function diceWinChanceCents({ target, condition }: DiceBet): number {
  const t = toCents(target);
  const chance = condition === 'under' ? t : 10000 - t;
  if (!Number.isInteger(chance) || chance < DICE_MIN_CHANCE || chance > DICE_MAX_CHANCE) {
    throw new RangeError('win chance must be between 0.01% and 98%');
  }
  return chance;
}

/** floor(99 / chance% * 10^4) = floor(99 * 10^6 / chanceCents), exact in integers. */
export function diceMultiplierE4(bet: DiceBet): number {
  return Math.floor(99_000_000 / diceWinChanceCents(bet));
}

export function diceRollCents(stream: Stream): number {
  return stream.stakeInt(DICE_OUTCOMES);
}

export function diceWins(rollCents: number, bet: DiceBet): boolean {
  const t = toCents(bet.target);
  return bet.condition === 'under' ? rollCents < t : rollCents > t;
}

export function playDiceOn(stream: Stream, bet: DiceBet): DiceOutcome {
  const multiplierE4 = diceMultiplierE4(bet);
  const rollCents = diceRollCents(stream);
  const win = diceWins(rollCents, bet);
  return {
    roll: rollCents / 100,
    rollCents,
    win,
    multiplierE4: win ? multiplierE4 : 0,
    winChance: diceWinChanceCents(bet) / 100,
  };
}

export function playDice(seeds: BetSeeds, bet: DiceBet): DiceOutcome {
  return playDiceOn(streamFor(seeds), bet);
}

// ---- exact theory -------------------------------------------------------------------------------------------

const TWO_32 = 2n ** 32n;

/**
 * How many of the 2^32 float codes give each roll: roll r owns codes k with r * 2^32 <= k * 10001 < (r+1) * 2^32,
 * that is ceil((r+1) 2^32 / 10001) - ceil(r 2^32 / 10001): 429453 or 429454 codes (the floor bias, < 2.4e-10).
 */
export function diceRollCodeCounts(): number[] {
  const n = BigInt(DICE_OUTCOMES);
  const ceilDiv = (a: bigint) => (a + n - 1n) / n;
  return Array.from({ length: DICE_OUTCOMES }, (_, r) =>
    Number(ceilDiv(BigInt(r + 1) * TWO_32) - ceilDiv(BigInt(r) * TWO_32)),
  );
}

let counts: number[] | undefined;
let prefix: number[] | undefined;

/** Exact probability of winning the bet (codes of winning rolls / 2^32). */
export function diceWinProbability(bet: DiceBet): Rational {
  counts ??= diceRollCodeCounts();
  if (!prefix) {
    prefix = [0];
    for (const c of counts) prefix.push(prefix[prefix.length - 1]! + c);
  }
  const t = toCents(bet.target);
  diceWinChanceCents(bet);
  const wins = bet.condition === 'under' ? prefix[t]! : prefix[DICE_OUTCOMES]! - prefix[t + 1]!;
  return rational(BigInt(wins), TWO_32);
}

export function diceExactRtp(bet: DiceBet): Rational {
  const p = diceWinProbability(bet);
  return rational(p.num * BigInt(diceMultiplierE4(bet)), p.den * 10_000n);
}
