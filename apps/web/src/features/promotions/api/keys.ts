/** Query keys of the promotions calls; a redeem, a claim or a BonusUpdated invalidates the whole `promo` family. */
export const PROMO_KEY = ['promo'] as const;
export const promoKeys = {
  bonuses: ['promo', 'bonuses'] as const,
  coupons: ['promo', 'coupons'] as const,
  cashback: ['promo', 'cashback'] as const,
  offers: (locale: string) => ['promo', 'offers', locale] as const,
};
