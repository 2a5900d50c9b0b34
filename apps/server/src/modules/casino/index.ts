// The casino module's public API. Routes and the catalog's own wiring stay internal; app.ts composes them. The game
// providers module launches through GameLauncher, records rounds through the round functions, and fills a
// tenant's catalog from its provider stand-in through the catalog writes.

export { bulkSeedRounds, populateGamePool } from './bulk-seed';
export type { CatalogCache } from './catalog';
export { type GameLauncher, type GameLaunchers, hashSessionToken, type LaunchRequest } from './launch';
export {
  bumpCatalogRevision,
  type CategoryRow,
  findProviderAnyTenant,
  findProviderByCode,
  findStaffGame,
  hasThirdPartyProvider,
  insertGameSession,
  insertProvider,
  likedGameIds,
  listCategories,
  listStaffProviders,
  type ProviderRow,
  pageStaffGames,
  type StaffGameQuery,
  type StaffGameRow,
  setGameFields,
  setProviderFields,
  upsertCategory,
  upsertGame,
} from './repo';
export { lockRound, type RoundRow, recordSettledRound, takeStakeBack } from './rounds';
export { DEMO_CATEGORIES } from './seed';
export { endPlayerGameSessions, findGameSession, type GameSessionRow } from './sessions';
