// @sorte/fairness: the provably-fair core and the game math of Sorte Originals. Pure and deterministic: the server
// settles bets with it and the browser verifier recomputes them with the very same functions.

export * from './games/box.ts';
export * from './games/chain.ts';
export * from './games/crash.ts';
export * from './games/dice.ts';
export * from './games/double.ts';
export * from './games/keno.ts';
export * from './games/limbo.ts';
export * from './games/mines.ts';
export { KENO_PAYTABLES, PLINKO_PAYTABLES } from './games/paytables.ts';
export * from './games/plinko.ts';
export * from './games/rtp.ts';
export * from './games/slot.ts';
export * from './games/wheel.ts';
export * from './payout.ts';
export * from './rational.ts';
export * from './rng.ts';
export * from './sha256.ts';
export * from './webcrypto.ts';
