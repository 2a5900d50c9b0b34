// The casino module's public API. Routes, seeding and the catalog's own wiring stay internal; app.ts composes them.
export type { CatalogCache } from './catalog';
export { findProviderByCode, insertGameSession, likedGameIds, type ProviderRow } from './repo';
export { endPlayerGameSessions } from './sessions';
