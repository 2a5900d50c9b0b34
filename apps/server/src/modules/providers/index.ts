// The game providers module's public API: the callback routes and the registry of adapters (app.ts hands it to the
// casino for launches), the signature of the generic protocol, the sandbox provider the demo seeds, and the
// cancellation of a player's open rounds when responsible gaming stops their play, and free rounds (campaigns at a
// provider; app.ts hands them to promotions and gives the wallet promotions' free-spins bonus for their wins).
export { cancelOpenRounds } from './cancel';
export { type FreeRoundWinHook, freeRounds, useFreeRoundWins } from './freerounds';
export { SIGNATURE_HEADER, sign } from './generic';
export { type ProviderRegistry, providerCallbackRoutes, providerRegistry } from './routes';
export { connectSandbox } from './sandbox/connect';
export { SANDBOX_STUDIOS, sandboxGames } from './sandbox/games';
export { registerSandboxOperator } from './sandbox/server';
