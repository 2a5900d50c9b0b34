import type { SportEventSummary, SportMarket, SportOutcome } from '@sorte/contracts';
import type { SlipSelection } from './slip';

/** The slip entry of one outcome as the page shows it now. */
export function pickOf(e: SportEventSummary, m: SportMarket, o: SportOutcome): SlipSelection {
  return {
    outcomeId: o.id,
    eventId: e.id,
    marketId: m.id,
    eventName: `${e.home.name} x ${e.away.name}`,
    marketName: m.name,
    outcomeName: o.name,
    odds: o.odds ?? 0,
    current: o.odds ?? 0,
    version: m.version,
    suspended: m.status !== 'active' || !o.active,
    live: e.status === 'live',
  };
}

/** The short label above a 1X2 price. */
export const shortCode = (code: string): string => code.toUpperCase();
