import type {
  Locale,
  SportEventDetail,
  SportEventSummary,
  SportEventsReply,
  SportMarket,
  SportsReply,
} from '@sorte/contracts';
import type { Db } from '../../../platform/db/index';
import { AppError } from '../../../platform/errors';
import { marketName, outcomeName, specOf } from '../specifiers';
import { MSG } from './messages';
import * as repo from './repo';

/** The catalog calls: the sports with their competitions, a page of events, one event with every market. */

export const PER_PAGE = 20;

type Who = { tenantId: number; locale: Locale; now: Date };

const lang = (l: Locale): 'pt' | 'en' => (l === 'en' ? 'en' : 'pt');

function marketOf(m: repo.MarketRow, e: repo.EventRow, w: Who): SportMarket {
  const spec = specOf(m.kind, m.specifiers);
  const teams = { home: e.h_name, away: e.a_name };
  // A bet stop shows every market suspended even before the feed's own suspension reached the row.
  const stopped = e.bet_stop_until !== null && e.bet_stop_until.getTime() > w.now.getTime();
  return {
    id: m.id,
    kind: m.kind,
    specifiers: m.specifiers,
    name: marketName(spec, lang(w.locale)),
    status: stopped && m.status === 'active' ? 'suspended' : m.status,
    version: m.version,
    outcomes: m.outcomes.map((o) => ({
      id: o.id,
      code: o.code,
      name: outcomeName(spec, o.code, teams, lang(w.locale)),
      odds: o.odds,
      active: o.active,
    })),
  };
}

function summaryOf(e: repo.EventRow, main: repo.MarketRow | undefined, w: Who): SportEventSummary {
  const l = lang(w.locale);
  const live = e.status === 'live';
  return {
    id: e.id,
    sport: e.sport,
    tournament: {
      id: e.t_id,
      slug: e.t_slug,
      name: e.t_name[l],
      category: { slug: e.c_slug, name: e.c_name[l], country: e.country },
    },
    home: { id: e.h_id, name: e.h_name, abbreviation: e.h_abbr, colors: e.h_colors },
    away: { id: e.a_id, name: e.a_name, abbreviation: e.a_abbr, colors: e.a_colors },
    starts_at: e.starts_at.toISOString(),
    status: e.status,
    live: live
      ? {
          period: e.period,
          minute: e.minute,
          score: [e.score_home, e.score_away],
          ht_score: e.ht_home === null || e.ht_away === null ? null : [e.ht_home, e.ht_away],
          red_cards: [e.red_home, e.red_away],
          bet_stop: e.bet_stop_until !== null && e.bet_stop_until.getTime() > w.now.getTime(),
        }
      : null,
    main_market: main ? marketOf(main, e, w) : null,
    markets_count: e.markets_count,
  };
}

export async function listSports(db: Db, w: Who): Promise<SportsReply> {
  const rows = await repo.tournamentCounts(db, w.tenantId);
  const l = lang(w.locale);
  const bySport = new Map<string, SportsReply['data'][number]>();
  for (const r of rows) {
    let s = bySport.get(r.sport);
    if (!s) {
      s = { slug: r.sport, name: r.sport_name[l], events: 0, live: 0, tournaments: [] };
      bySport.set(r.sport, s);
    }
    s.events += r.events;
    s.live += r.live;
    s.tournaments.push({
      id: r.id,
      slug: r.slug,
      name: r.name[l],
      category: { slug: r.c_slug, name: r.c_name[l], country: r.country },
      events: r.events,
      live: r.live,
    });
  }
  return { data: [...bySport.values()] };
}

export async function listEvents(db: Db, w: Who, f: repo.EventFilter & { page: number }): Promise<SportEventsReply> {
  const { rows, total } = await repo.listEvents(db, w.tenantId, f, {
    limit: PER_PAGE,
    offset: (f.page - 1) * PER_PAGE,
  });
  const mains = await repo.marketsOf(
    db,
    w.tenantId,
    rows.map((r) => r.id),
    '1x2',
  );
  const byEvent = new Map(mains.map((m) => [m.event_id, m]));
  return {
    data: rows.map((e) => summaryOf(e, byEvent.get(e.id), w)),
    current_page: f.page,
    last_page: Math.max(1, Math.ceil(total / PER_PAGE)),
    per_page: PER_PAGE,
    total,
  };
}

export async function getEvent(db: Db, w: Who, id: number): Promise<SportEventDetail> {
  const e = await repo.findEvent(db, w.tenantId, id);
  if (!e) throw new AppError('not_found', MSG.eventNotFound);
  const markets = await repo.marketsOf(db, w.tenantId, [e.id]);
  return {
    ...summaryOf(
      e,
      markets.find((m) => m.kind === '1x2'),
      w,
    ),
    markets: markets.map((m) => marketOf(m, e, w)),
    incidents: e.incidents.map((i) => ({ minute: i.minute, type: i.type, side: i.side, score: i.score })),
    result: e.result_home === null || e.result_away === null ? null : [e.result_home, e.result_away],
  };
}
