import { type InPlay, type MatchRates, priceMatch } from '../pricing/book';
import type { MarketKind } from '../pricing/markets';
import { specifiersOf } from '../specifiers';
import type { FeedMarket } from './adapter';

/**
 * The whole book of a match as feed markets: every market priceMatch offers, with the tenant's margins, odds x
 * 10,000 and the fair probability per outcome. An outcome too short or too long to offer goes out inactive with
 * null odds, keeping its id for the bets already on it.
 */
export function bookOf(
  rates: MatchRates,
  o: { live?: InPlay; margins?: Partial<Record<MarketKind, number>>; status?: 'active' | 'suspended' } = {},
): FeedMarket[] {
  return priceMatch(rates, { live: o.live, margins: o.margins }).map((m) => ({
    kind: m.spec.kind,
    specifiers: specifiersOf(m.spec),
    status: o.status ?? 'active',
    outcomes: m.outcomes.map((x) => ({
      code: x.outcome,
      odds: x.odds,
      probability: x.probability,
      active: x.odds !== null,
    })),
  }));
}
