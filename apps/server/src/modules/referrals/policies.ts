import type { TenantSettings } from '@sorte/contracts';

type ProgramSettings = Pick<
  TenantSettings,
  | 'is_regulated'
  | 'affiliate_regular_user_active'
  | 'cpa_value'
  | 'cpa_min_deposit'
  | 'cpa_min_wager'
  | 'cpa_review_days'
>;

/**
 * The refer-a-friend rules that differ between tenants, named in one place. A regulated tenant ties no reward to a
 * deposit (Lei 14.790/2023 art. 29; Portaria SPA/MF 1.231/2024): the friend's first deposit does not count there,
 * only what the friend wagers, so such a tenant runs the programme only with a wager condition.
 */
export type ReferralPolicy = {
  /** Whether players' links are linked and earn at all. */
  active: boolean;
  cpaValue: number;
  /** The friend's first deposit that qualifies; null when deposits do not count. */
  minDeposit: number | null;
  minWager: number;
  reviewDays: number;
};

export function referralPolicy(s: ProgramSettings): ReferralPolicy {
  const regulated = s.is_regulated === true;
  const minDeposit = regulated ? null : s.cpa_min_deposit;
  const minWager = s.cpa_min_wager;
  return {
    active: s.affiliate_regular_user_active && s.cpa_value > 0 && (!regulated || minWager > 0),
    cpaValue: s.cpa_value,
    minDeposit,
    minWager,
    reviewDays: s.cpa_review_days,
  };
}

/** Whether a friend's activity meets the policy's conditions. A deposit that counts must have happened. */
export function qualifies(p: ReferralPolicy, a: { firstDeposit: number | null; wagered: number }): boolean {
  if (p.minDeposit !== null && (a.firstDeposit === null || a.firstDeposit < p.minDeposit)) return false;
  if (p.minWager > 0 && a.wagered < p.minWager) return false;
  // With neither condition set, registering alone would earn: a deposit or a bet must have happened.
  return p.minDeposit !== null || p.minWager > 0 ? true : a.firstDeposit !== null || a.wagered > 0;
}
