import type { Offer, OffersReply } from '@sorte/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/lib/http';
import { useLocale } from '../../../shared/lib/i18n';
import type { OfferRules } from '../lib/offer-terms';
import { promoKeys } from './keys';

export type { Offer };

/** GET /promotions/offers (no login): the tenant's live offers; names come in the request's language. */
export const offersQuery = (locale: string) =>
  queryOptions({
    queryKey: promoKeys.offers(locale),
    queryFn: ({ signal }) => http.get<OffersReply>('/promotions/offers', { signal }),
    staleTime: 5 * 60_000,
  });

export const useOffers = () => useQuery(offersQuery(useLocale()));

/** An offer's rules in the shape the plain-language terms are written from (lib/offer-terms.ts). */
export function rulesOf(o: Offer, t: (key: string) => string): OfferRules {
  return {
    kind: o.kind,
    percent: o.percent,
    maxBonus: o.max_bonus,
    amount: o.amount,
    freeSpins: o.free_spins,
    freeSpinsBet: o.free_spins_bet,
    freeSpinsGame: o.free_spins_game?.title ?? null,
    minDeposit: o.min_deposit,
    wagering: o.wagering,
    // What free spins' wagering multiplies is what they won.
    wageringBase: o.kind === 'free_spins' ? 'winnings' : o.wagering_base,
    maxBet: o.max_bet,
    days: o.days,
    maxConversion: o.max_conversion,
    contributions: o.contributions.map((c) => ({
      category: t(`promo.offers.categories.${c.category}`),
      percent: c.percent,
      // The server counts an Originals stake by the game's house edge against 4% (dice at about 1% counts a quarter).
      byEdge: c.category === 'originals',
    })),
  };
}
