// Multipliers are kept as integers in units of 1/10000 (E4), so that payouts in centavos are exact integers:
// payout = floor(amount * multiplierE4 / 10000). No float touches a balance.
export const E4 = 10_000;

/** A paytable literal such as 5.6 or 0.99 as an E4 integer; refuses values with more than 4 decimals. */
export function toE4(multiplier: number): number {
  const e4 = Math.round(multiplier * E4);
  if (Math.abs(e4 - multiplier * E4) > 1e-6 || e4 < 0) throw new RangeError(`bad multiplier ${multiplier}`);
  return e4;
}

export function fromE4(multiplierE4: number): number {
  return multiplierE4 / E4;
}

/** Winnings credited for a bet of `amount` centavos at `multiplierE4` (0 = lost), rounded down to the centavo. */
export function payoutFor(amount: number, multiplierE4: number): number {
  if (!Number.isSafeInteger(amount) || amount < 0) throw new RangeError('amount must be a whole number of centavos');
  if (!Number.isSafeInteger(multiplierE4) || multiplierE4 < 0) throw new RangeError('bad multiplier');
  return Number((BigInt(amount) * BigInt(multiplierE4)) / BigInt(E4));
}
