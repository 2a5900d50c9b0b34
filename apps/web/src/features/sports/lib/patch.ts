import type {
  EventUpdatedPush,
  OddsChangedPush,
  SportEventDetail,
  SportEventSummary,
  SportMarket,
} from '@sorte/contracts';

/**
 * Realtime pushes applied to what the page already holds. Markets and outcomes are matched by id, never by position,
 * and a market's push older than (or as old as) the version on screen changes nothing: pushes can arrive out of
 * order after a reconnect, and a refetch may already hold a newer price.
 */

type PushedMarket = OddsChangedPush['markets'][number];

export function patchMarket(m: SportMarket, p: PushedMarket): SportMarket {
  if (p.id !== m.id || p.version <= m.version) return m;
  return {
    ...m,
    status: p.status,
    version: p.version,
    outcomes: m.outcomes.map((o) => {
      const n = p.outcomes.find((x) => x.id === o.id);
      return n ? { ...o, odds: n.odds, active: n.active } : o;
    }),
  };
}

export function patchMarkets(markets: SportMarket[], push: OddsChangedPush): SportMarket[] {
  let changed = false;
  const next = markets.map((m) => {
    const p = push.markets.find((x) => x.id === m.id);
    const n = p ? patchMarket(m, p) : m;
    if (n !== m) changed = true;
    return n;
  });
  return changed ? next : markets;
}

export function patchSummaryOdds<T extends SportEventSummary>(e: T, push: OddsChangedPush): T {
  if (e.id !== push.event_id || !e.main_market) return e;
  const p = push.markets.find((x) => x.id === e.main_market?.id);
  if (!p) return e;
  const main = patchMarket(e.main_market, p);
  return main === e.main_market ? e : { ...e, main_market: main };
}

export function patchDetailOdds(e: SportEventDetail, push: OddsChangedPush): SportEventDetail {
  if (e.id !== push.event_id) return e;
  const markets = patchMarkets(e.markets, push);
  const withMain = patchSummaryOdds(e, push);
  return markets === e.markets && withMain === e ? e : { ...withMain, markets };
}

export function patchSummaryState<T extends SportEventSummary>(e: T, push: EventUpdatedPush): T {
  if (e.id !== push.event_id) return e;
  return { ...e, status: push.status, live: push.live };
}

export function patchDetailState(e: SportEventDetail, push: EventUpdatedPush): SportEventDetail {
  if (e.id !== push.event_id) return e;
  const next = patchSummaryState(e, push);
  const i = push.incident;
  const known = i && e.incidents.some((x) => x.minute === i.minute && x.type === i.type && x.side === i.side);
  const result = push.status === 'ended' || push.status === 'closed' ? (push.live?.score ?? e.result) : e.result;
  return { ...next, incidents: i && !known ? [...e.incidents, i] : e.incidents, result };
}

/** Whether a market takes bets now: active, and the event is not on a bet stop and still open. */
export function marketOpen(e: SportEventSummary, m: SportMarket): boolean {
  if (m.status !== 'active') return false;
  if (e.live?.bet_stop) return false;
  return e.status === 'not_started' || e.status === 'live';
}
