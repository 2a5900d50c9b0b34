/**
 * Refer a friend: the link of a new player to the owner of the referral code, its fraud verdict, the CPA the
 * referrer earns when the friend qualifies, the review and the payout. app.ts uses this file only:
 * - auth's registration calls `registrationHook` (handed over by app.ts, so auth does not import this module);
 * - the consumer follows referred friends' first deposits and settled stakes;
 * - the job pays CPAs whose review ended;
 * - the back office lists the referrals and approves or rejects a CPA in review (as affiliate:* do).
 */
import { linkReferral } from './service';

export { referralsConsumer } from './consumers';
export { REFERRALS_JOBS } from './jobs';
export { REFERRALS_COMMANDS } from './ops';
export { referralPolicy } from './policies';
export type { OperatorRow as StaffReferralRow, ReferralStatus } from './repo';
export { referralsRoutes } from './routes';
export { approveReferral, referralsForStaff, rejectReferral } from './service';

/** What auth's registration asks of referrals. */
export const registrationHook = { linkReferral };
