import type { MarketKindName } from '@sorte/contracts';
import type { Db } from '../../../platform/db/index';
import type { FeedContext, FeedMarket } from '../feed/adapter';
import { bookOf } from '../feed/prices';
import type { MatchRates } from '../pricing/book';
import { applyMessages } from './writer';

/**
 * For tests of other parts (bet placement, settlement, cash-out): one priced event in the catalog, written through
 * the catalog's own sink like a feed would, without running the simulator.
 */

export type SeedEventOptions = {
  /** In play at this minute and score (default: pre-match). */
  live?: { minute: number; score?: [number, number] };
  /** Default: an hour from now (pre-match) or `minute` minutes ago (live). */
  startsAt?: Date;
  home?: string;
  away?: string;
  rates?: MatchRates;
  /** Distinguishes events in one tenant (default: a fresh one per call). */
  externalId?: string;
  feed?: string;
  now?: Date;
};

export type SeededOutcome = { id: number; code: string; odds: number | null; marketId: number };
export type SeededEvent = {
  id: number;
  externalId: string;
  feed: string;
  markets: { id: number; kind: MarketKindName; specifiers: string; outcomes: SeededOutcome[] }[];
  /** The outcome of a market by kind and code, e.g. outcome('1x2', '1') or outcome('total', 'over', 'total=2.5'). */
  outcome(kind: MarketKindName, code: string, specifiers?: string): SeededOutcome;
};

let counter = 0;

export const TEST_RATES: MatchRates = { home: 1.55, away: 1.1, rho: -0.05, firstHalfShare: 0.45 };

export async function seedTestEvent(db: Db, tenantId: number, o: SeedEventOptions = {}): Promise<SeededEvent> {
  const now = o.now ?? new Date();
  const feed = o.feed ?? 'test';
  counter += 1;
  const externalId = o.externalId ?? `test:${process.pid}:${counter}:${Math.random().toString(36).slice(2, 8)}`;
  const home = o.home ?? `Home ${counter}`;
  const away = o.away ?? `Away ${counter}`;
  const rates = o.rates ?? TEST_RATES;
  const startsAt = o.startsAt ?? new Date(o.live ? now.getTime() - o.live.minute * 60_000 : now.getTime() + 3_600_000);
  const ctx: FeedContext = { tenantId, feed, now };
  const markets: FeedMarket[] = o.live
    ? bookOf(rates, { live: { minute: o.live.minute, score: o.live.score ?? [0, 0] } })
    : bookOf(rates);
  const score = o.live?.score ?? [0, 0];
  await applyMessages(db, ctx, [
    {
      type: 'fixture',
      event: externalId,
      sport: { slug: 'football', name: { pt: 'Futebol', en: 'Football' } },
      category: { slug: 'testland', name: { pt: 'Testelândia', en: 'Testland' }, country: null },
      tournament: { id: 'test-cup', slug: 'test-cup', name: { pt: 'Copa Teste', en: 'Test Cup' } },
      home: {
        id: `t:${home}`,
        name: home,
        abbreviation: home.slice(0, 3).toUpperCase(),
        colors: ['#123456', '#ffffff'],
      },
      away: {
        id: `t:${away}`,
        name: away,
        abbreviation: away.slice(0, 3).toUpperCase(),
        colors: ['#654321', '#ffffff'],
      },
      startsAt,
      rates,
      seed: counter,
    },
    {
      type: 'odds_change',
      event: externalId,
      ...(o.live
        ? {
            state: {
              status: 'live' as const,
              period: o.live.minute < 45 ? ('1h' as const) : ('2h' as const),
              minute: o.live.minute,
              score,
              htScore: o.live.minute >= 45 ? [0, 0] : null,
              redCards: [0, 0],
              incidents: [],
            },
          }
        : {}),
      markets,
      complete: true,
    },
  ]);
  const { rows } = await db.query<{
    market_id: number;
    event_id: number;
    kind: MarketKindName;
    specifiers: string;
    id: number;
    code: string;
    odds: number | null;
  }>(
    `select m.id as market_id, m.event_id, m.kind, m.specifiers, o.id, o.code, o.odds
      from sports_events e join sports_markets m on m.event_id = e.id join sports_outcomes o on o.market_id = m.id
      where e.tenant_id = $1 and e.feed = $2 and e.external_id = $3 order by m.sort, o.sort`,
    [tenantId, feed, externalId],
  );
  const byMarket = new Map<number, SeededEvent['markets'][number]>();
  for (const r of rows) {
    let m = byMarket.get(r.market_id);
    if (!m) {
      m = { id: r.market_id, kind: r.kind, specifiers: r.specifiers, outcomes: [] };
      byMarket.set(r.market_id, m);
    }
    m.outcomes.push({ id: r.id, code: r.code, odds: r.odds, marketId: r.market_id });
  }
  const list = [...byMarket.values()];
  return {
    id: rows[0]!.event_id,
    externalId,
    feed,
    markets: list,
    outcome(kind, code, specifiers = '') {
      const m = list.find((x) => x.kind === kind && x.specifiers === specifiers);
      const out = m?.outcomes.find((x) => x.code === code);
      if (!out) throw new Error(`no outcome ${kind} ${specifiers} ${code}`);
      return out;
    },
  };
}

/** Drives the event as a feed would: suspend (bet stop), reopen, or end it with a result. */
export async function feedTestEvent(
  db: Db,
  tenantId: number,
  e: Pick<SeededEvent, 'externalId' | 'feed'>,
  what: { betStop: true } | { betStart: true } | { result: [number, number]; ht?: [number, number] },
  now = new Date(),
) {
  const ctx: FeedContext = { tenantId, feed: e.feed, now };
  if ('betStop' in what) return applyMessages(db, ctx, [{ type: 'bet_stop', event: e.externalId, until: null }]);
  if ('betStart' in what) return applyMessages(db, ctx, [{ type: 'bet_start', event: e.externalId }]);
  return applyMessages(db, ctx, [
    { type: 'result', event: e.externalId, score: what.result, htScore: what.ht ?? null },
  ]);
}
