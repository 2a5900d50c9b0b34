// The Crash curve, published so clients can draw it between ticks: the multiplier after `ms` milliseconds of a
// running round is floor(100 * e^(0.00006 * ms)) hundredths (Bustabit's curve: 2x after 11.55 s, 10x after 38.4 s).
// The round crashes at the first millisecond whose multiplier reaches the crash point; a cash-out is accepted only
// before that millisecond, so its multiplier is always below the crash point.

export const GROWTH_PER_MS = 0.00006;

/** The multiplier (hundredths, >= 100) `ms` milliseconds after the start. */
export function multiplierAt(ms: number): number {
  if (!(ms > 0)) return 100;
  return Math.max(100, Math.floor(100 * Math.exp(GROWTH_PER_MS * ms)));
}

/** The first whole millisecond at which the multiplier reaches `crashCents` (0 for an instant crash at 1.00x). */
export function crashAfterMs(crashCents: number): number {
  if (crashCents <= 100) return 0;
  let t = Math.ceil(Math.log(crashCents / 100) / GROWTH_PER_MS);
  while (t > 0 && multiplierAt(t - 1) >= crashCents) t--;
  while (multiplierAt(t) < crashCents) t++;
  return t;
}
