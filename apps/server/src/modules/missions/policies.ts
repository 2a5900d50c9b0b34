import type { MissionGoal, TenantSettings } from '@sorte/contracts';
import { bonusPolicy } from '../promotions/index';

/**
 * Which mission goals a tenant may offer. A regulated tenant gives no reward conditional on a deposit (Lei
 * 14.790/2023 art. 29, the same rule promotions' bonusPolicy names for deposit-match offers), so a deposit goal is
 * refused there; play-based goals are rewards after a bet and stay allowed.
 */
export function goalAllowed(settings: Pick<TenantSettings, 'is_regulated'>, goal: MissionGoal): boolean {
  if (goal !== 'deposit') return true;
  return bonusPolicy(settings).preBetKinds.includes('deposit_match');
}
