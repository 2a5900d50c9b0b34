// The Originals module's public API: what other modules may ask of it. Routes and the engines stay internal.
export { type CancelledBets, cancelOpenBets } from './cancel';
export { seedPairOf } from './receipts';
export { type SeedPairRow, takeNonce } from './repo';
