/**
 * Missions: a tenant's goals (wager, rounds, multiplier, deposit, login days) with windows, audiences and rewards,
 * and each player's progress. Other modules and app.ts use this file only:
 * - the consumer moves missions from settled rounds, approved deposits and logins (off the bet's transaction);
 * - app.ts mounts the routes, registers the job and seeds the demo missions;
 * - a bonus-offer reward is granted through promotions' grantOffer, a box through boxes' grantBox (in the claim's
 *   transaction), an audience's VIP level read through vipLevelOf;
 * - the back office lists the missions with their players' progress and stops one (`missionsForStaff`,
 *   `disableMission`).
 */
export { missionsConsumer } from './consumers';
export { MISSIONS_JOBS } from './jobs';
export { MISSIONS_COMMANDS } from './ops';
export { missionsRoutes } from './routes';
export { seedDemoMissions } from './seed';
export { disableMission, missionsForStaff, type StaffMission } from './staff';
