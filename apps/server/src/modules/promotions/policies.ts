import type { OfferKind, TenantSettings } from '@sorte/contracts';

/**
 * The bonus rules that differ between regulated and unregulated tenants, named in one place: the code asks
 * `bonusPolicy(settings)` instead of testing `is_regulated` where an offer is defined, redeemed or attached to a
 * charge.
 */
export type BonusPolicy = {
  /**
   * Offer kinds that may be defined, listed and granted. A regulated tenant gives no reward before a bet and none
   * conditional on a deposit (Lei 14.790/2023 art. 29; Portaria SPA/MF 1.231/2024 art. 42): deposit match,
   * no-deposit credit and free spins are all pre-bet rewards. Cashback (after play) is not one of these.
   */
  preBetKinds: readonly OfferKind[];
};

export function bonusPolicy(settings: Pick<TenantSettings, 'is_regulated'>): BonusPolicy {
  return {
    preBetKinds: settings.is_regulated === true ? [] : ['deposit_match', 'no_deposit', 'free_spins'],
  };
}

export const kindAllowed = (settings: Pick<TenantSettings, 'is_regulated'>, kind: OfferKind) =>
  bonusPolicy(settings).preBetKinds.includes(kind);
