import { remainingShare } from './scores';

/**
 * A match played by a seeded process, for the simulated feed: goals arrive minute by minute at the fitted rates
 * (the first half's share over its 45 minutes, the rest over the second half), cards at football's usual rates, a
 * red card cuts the side's scoring and lifts the opponent's, and every goal is preceded by a dangerous moment (the
 * feed's bet stop), as are near-misses that come to nothing. The same seed always plays the same match.
 */

export type MatchEvent =
  | { minute: number; type: 'danger'; side: 0 | 1 }
  | { minute: number; type: 'goal'; side: 0 | 1; score: [number, number] }
  | { minute: number; type: 'yellow' | 'red'; side: 0 | 1 }
  | { minute: number; type: 'half_time'; score: [number, number]; added: number }
  | { minute: number; type: 'full_time'; score: [number, number]; added: number };

export type SimulationInput = {
  /** Pre-match expected goals. */
  home: number;
  away: number;
  firstHalfShare: number;
  seed: number;
};

/** Cards per side per match in top-flight football: about 2 yellows, and a red in one match in eight. */
const YELLOW_PER_MATCH = 2.1;
const RED_PER_MATCH = 0.07;
/** A side down to ten scores about a third less and concedes about a fifth more (published red-card studies). */
const RED_CARD_FACTOR: readonly [number, number] = [0.67, 1.2];
/** Near-misses per goal: dangerous moments that end in nothing. */
const FALSE_ALARMS_PER_GOAL = 2;

/** xoshiro128**: a small, fast, well-distributed PRNG; the simulation needs repeatability, not secrecy. */
export function rng(seed: number): () => number {
  let a = seed >>> 0 || 0x9e3779b9;
  let b = 0x243f6a88;
  let c = 0xb7e15162;
  let d = 0x85a308d3;
  const next = () => {
    const t = b << 9;
    let r = Math.imul(b, 5);
    r = Math.imul((r << 7) | (r >>> 25), 9);
    c ^= a;
    d ^= b;
    b ^= c;
    a ^= d;
    c ^= t;
    d = (d << 11) | (d >>> 21);
    return (r >>> 0) / 4_294_967_296;
  };
  for (let i = 0; i < 12; i++) next();
  return next;
}

/** Goals expected for each side in minute `m` (0-based, 0..89) at rates `lh`, `la`. */
function minuteRate(total: number, m: number, firstHalfShare: number): number {
  return total * (remainingShare(m, firstHalfShare) - remainingShare(m + 1, firstHalfShare));
}

/** The whole match, in minute order. Added time is drawn per half and played at the half's own rate. */
export function simulateMatch(o: SimulationInput): MatchEvent[] {
  const random = rng(o.seed);
  const events: MatchEvent[] = [];
  const score: [number, number] = [0, 0];
  const factor: [number, number] = [1, 1];
  const reds = [0, 0];
  const rates = [o.home, o.away] as const;

  // The fitted rates already hold the goals of added time: a half's minutes share its goals, added ones included.
  let stretch = 1;
  const playMinute = (m: number, at: number) => {
    for (const side of [0, 1] as const) {
      const p = minuteRate(rates[side], m, o.firstHalfShare) * factor[side] * stretch;
      if (random() < p * FALSE_ALARMS_PER_GOAL) events.push({ minute: at, type: 'danger', side });
      if (random() < p) {
        score[side]++;
        events.push({ minute: at, type: 'danger', side });
        events.push({ minute: at, type: 'goal', side, score: [score[0], score[1]] });
      }
      if (random() < YELLOW_PER_MATCH / 90) events.push({ minute: at, type: 'yellow', side });
      if (reds[side]! < 2 && random() < RED_PER_MATCH / 90) {
        reds[side]!++;
        events.push({ minute: at, type: 'red', side });
        factor[side] *= RED_CARD_FACTOR[0];
        factor[side === 0 ? 1 : 0] *= RED_CARD_FACTOR[1];
      }
    }
  };

  const firstAdded = 1 + Math.floor(random() * 4);
  stretch = 45 / (45 + firstAdded);
  for (let m = 0; m < 45; m++) playMinute(m, m + 1);
  for (let k = 1; k <= firstAdded; k++) playMinute(44, 45);
  events.push({ minute: 45, type: 'half_time', score: [score[0], score[1]], added: firstAdded });
  const secondAdded = 2 + Math.floor(random() * 6);
  stretch = 45 / (45 + secondAdded);
  for (let m = 45; m < 90; m++) playMinute(m, m + 1);
  for (let k = 1; k <= secondAdded; k++) playMinute(89, 90);
  events.push({ minute: 90, type: 'full_time', score: [score[0], score[1]], added: secondAdded });
  return events;
}
