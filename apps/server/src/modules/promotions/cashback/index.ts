/**
 * Cashback: each week's net loss of real money (stakes - wins - refunds) given back in part, as entries the player
 * claims in the daily windows (calendar) or at once (immediate). The periodic job and `cashback:run` compute a
 * closed week; the routes list and claim; money moves only through the ledger (type `cashback`, from the
 * tenant's `promotions` account to the player's cash).
 */
export { CASHBACK_JOBS } from './jobs';
export { CASHBACK_COMMANDS } from './ops';
export { type CashbackRoutesOptions, cashbackRoutes } from './routes';
export { claimCashback, listCashback, runCashback } from './service';
