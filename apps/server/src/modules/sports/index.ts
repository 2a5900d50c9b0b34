/**
 * The sportsbook: the catalog (sport -> outcome), the feeds that fill it (the simulated feed by default, a real
 * provider's beside it through the same adapter interface), pricing, betting, settlement, cash-out, and Betby's
 * wallet for tenants that use its widget instead. Money moves only through the ledger; responsible gaming binds
 * every stake. app.ts and the ops CLI use this file only.
 */

export {
  type BookLimits,
  type BookLimitsChange,
  bookLimits,
  type DeskEvent,
  type DeskMarket,
  DeskRefusal,
  deskMarkets,
  deskNames,
  eventLiability,
  findDeskEvent,
  holdEvent,
  type LiabilityRow,
  listDeskEvents,
  setBookLimits,
  settleEventScore,
} from './betting/desk';
export { cancelBetsInWindow, rollbackEventSettlement, voidEvent } from './betting/settlement';
export { seedDemoSports } from './feed/seed';
export { SPORTS_JOBS } from './jobs';
export { SPORTS_COMMANDS } from './ops';
export { sportsRoutes } from './routes';
