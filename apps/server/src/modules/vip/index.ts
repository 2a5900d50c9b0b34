/**
 * VIP levels, points and the wagering ranking. The module owns the player's VIP state (player_vip and the vip_*
 * tables); other modules read it only through this file:
 * - `vipLevelOf` / `vipStateOf`: the level (and points) in the tenant's current season, for auth's User DTO, the
 *   chat's colours, missions' audiences;
 * - the consumer counts settled stakes (levels, points, the week's ranking) and pays each level's reward once (a
 *   level's bonus offer and box go through ports app.ts hands over: promotions and boxes depend on this module);
 * - the job forgets old counted-event marks;
 * - the back office reads the ladder with the players on each level (`vipLadderForStaff`).
 */
export { vipConsumer } from './consumers';
export { VIP_JOBS } from './jobs';
export { VIP_COMMANDS } from './ops';
export { useVipBoxes, useVipOffers, type VipBoxPort, type VipOfferPort } from './rewards';
export { vipRoutes } from './routes';
export { seedDemoVip } from './seed';
export { vipLadderForStaff, vipLevelOf, vipLevelsOf, vipStateOf } from './service';
