/** Wagering progress as the bar shows it: done capped at required, the percentage to one decimal, what is left. */
export function wageringProgress(done: number, required: number): { done: number; left: number; percent: number } {
  if (required <= 0) return { done: Math.max(0, done), left: 0, percent: 100 };
  const capped = Math.min(Math.max(0, done), required);
  // Floored, so the bar never shows 100% while a centavo is still to be wagered.
  const percent = Math.floor((capped / required) * 1000) / 10;
  return { done: capped, left: required - capped, percent };
}
