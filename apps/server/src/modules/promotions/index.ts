/**
 * Promotions: offers, players' bonuses with wagering, coupons, and cashback (its own folder). Other modules and
 * app.ts use this file only:
 * - payments call `paymentHooks` (composed in app.ts): `beforeWithdrawal` before a withdrawal's transaction (refuses
 *   while a bonus is active unless the player forfeits it) and `attachCoupon` before a PIX charge is created;
 * - the consumer counts settled stakes towards wagering and grants deposit-match coupons when a charge is paid;
 * - the job expires bonuses past their time.
 */
import { beforeWithdrawal } from './bonuses';
import { attachCouponToCharge } from './coupons';

export { CASHBACK_COMMANDS, CASHBACK_JOBS, type CashbackRoutesOptions, cashbackRoutes } from './cashback/index';
export { promotionsConsumer } from './consumers';
export { PROMOTIONS_JOBS } from './jobs';
export { PROMOTIONS_COMMANDS } from './ops';
export { bonusPolicy } from './policies';
export { promotionsRoutes } from './routes';
export { seedDemoPromotions } from './seed';

/** What payments asks of promotions (handed over by app.ts, so payments does not import this module). */
export const paymentHooks = { beforeWithdrawal, attachCoupon: attachCouponToCharge };
