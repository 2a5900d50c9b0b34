// The Crash curve as the server publishes it (GET /originals/crash/state -> curve.growth_per_ms): the multiplier
// after `ms` of a running round is floor(100 * e^(g * ms)) / 100. The page draws it between the server's ticks.
export const GROWTH_PER_MS = 0.00006;

export function multiplierAt(ms: number, g = GROWTH_PER_MS): number {
  if (!(ms > 0)) return 1;
  return Math.max(100, Math.floor(100 * Math.exp(g * ms))) / 100;
}

/** Milliseconds until the curve reaches `m` (the inverse, for axis scaling). */
export const msFor = (m: number, g = GROWTH_PER_MS) => (m <= 1 ? 0 : Math.log(m) / g);

/** Double's 15 tiles on the roulette strip, in the order they are painted (0 = white, 1..7 red, 8..14 black). */
export const STRIP_ORDER = [0, 11, 5, 10, 6, 9, 7, 8, 1, 14, 2, 13, 3, 12, 4] as const;
export const tileColor = (n: number) => (n === 0 ? 'white' : n <= 7 ? 'red' : 'black');
