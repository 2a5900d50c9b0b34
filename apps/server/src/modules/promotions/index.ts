/**
 * Promotions: offers, players' bonuses with wagering, coupons, and cashback (its own folder). Other modules and
 * app.ts use this file only:
 * - payments call `paymentHooks` (composed in app.ts): `beforeWithdrawal` before a withdrawal's transaction (refuses
 *   while a bonus is active unless the player forfeits it) and `attachCoupon` before a PIX charge is created;
 * - the consumer counts settled stakes towards wagering and grants deposit-match coupons when a charge is paid;
 * - the job expires bonuses past their time, and tells game providers about free spins (create, cancel);
 * - other modules reward a player with an offer through `grantOffer` (no-deposit credit or free spins);
 * - app.ts hands over the providers' free rounds (`useFreeRounds`) and gives the providers' wallet `freeSpinWin`
 *   for each free spin they report;
 * - the back office lists offers, coupons and cashback weeks and acts through the same functions as the ops commands
 *   (`createOffer`, `createCoupon`, `setOfferActive`, `runCashback`).
 */
import type { Db } from '../../platform/db/index';
import { beforeWithdrawal } from './bonuses';
import { attachCouponToCharge } from './coupons';
import { syncCampaigns } from './freespins';

export {
  CASHBACK_COMMANDS,
  CASHBACK_JOBS,
  type CashbackRoutesOptions,
  cashbackRoutes,
  runCashback,
} from './cashback/index';
export { promotionsConsumer } from './consumers';
export { type FreeRoundsPort, freeSpinWin, useFreeRounds } from './freespins';
export { PROMOTIONS_JOBS } from './jobs';
export { createOffer, describeOffer, type OfferInput } from './offers';
export { PROMOTIONS_COMMANDS } from './ops';
export { bonusPolicy } from './policies';
export { promotionsRoutes } from './routes';
export { seedDemoPromotions } from './seed';
export { grantOffer, offerRewardProblem } from './service';
export {
  type CashbackRunRow,
  type CouponWithOffer,
  cashbackRunsForStaff,
  couponsForStaff,
  createCoupon,
  findOfferForStaff,
  type OfferRow,
  offersForStaff,
  setOfferActive,
} from './staff';

/** What payments asks of promotions (handed over by app.ts, so payments does not import this module). */
export const paymentHooks = {
  beforeWithdrawal: async (db: Db, o: Parameters<typeof beforeWithdrawal>[1]) => {
    await beforeWithdrawal(db, o);
    // A free-spins bonus lost to the withdrawal: its spins are cancelled at the provider.
    await syncCampaigns(db, { tenantId: o.tenantId, userId: o.userId });
  },
  attachCoupon: attachCouponToCharge,
};
