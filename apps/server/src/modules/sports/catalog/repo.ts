import type { MarketKindName, MarketStatus, SportEventStatus } from '@sorte/contracts';
import type { Sql } from '../../../platform/db/index';
import type { FeedIncident } from '../feed/adapter';

/** The catalog's reads for the API; every query filters on the tenant. */

type Names = { pt: string; en: string };

export type EventRow = {
  id: number;
  sport: string;
  t_id: number;
  t_slug: string;
  t_name: Names;
  c_slug: string;
  c_name: Names;
  country: string | null;
  h_id: number;
  h_name: string;
  h_abbr: string;
  h_colors: [string, string];
  a_id: number;
  a_name: string;
  a_abbr: string;
  a_colors: [string, string];
  starts_at: Date;
  status: SportEventStatus;
  period: 'pre' | '1h' | 'ht' | '2h' | 'ft';
  minute: number;
  score_home: number;
  score_away: number;
  ht_home: number | null;
  ht_away: number | null;
  red_home: number;
  red_away: number;
  incidents: FeedIncident[];
  bet_stop_until: Date | null;
  result_home: number | null;
  result_away: number | null;
  markets_count: number;
};

const EVENT_SELECT = `select e.id, s.slug as sport, t.id as t_id, t.slug as t_slug, t.name as t_name, c.slug as c_slug,
    c.name as c_name, c.country, h.id as h_id, h.name as h_name, h.abbreviation as h_abbr, h.colors as h_colors,
    a.id as a_id, a.name as a_name, a.abbreviation as a_abbr, a.colors as a_colors, e.starts_at, e.status, e.period,
    e.minute, e.score_home, e.score_away, e.ht_home, e.ht_away, e.red_home, e.red_away, e.incidents, e.bet_stop_until,
    e.result_home, e.result_away,
    (select count(*)::int from sports_markets m where m.event_id = e.id and m.status in ('active', 'suspended'))
      as markets_count
  from sports_events e
  join sports_tournaments t on t.id = e.tournament_id
  join sports_categories c on c.id = t.category_id
  join sports_sports s on s.id = c.sport_id
  join sports_competitors h on h.id = e.home_id
  join sports_competitors a on a.id = e.away_id`;

export type EventFilter = { sport?: string; tournament?: number; live?: boolean; q?: string };

function where(tenantId: number, f: EventFilter): { sql: string; params: unknown[] } {
  const params: unknown[] = [tenantId];
  const parts = ['e.tenant_id = $1'];
  if (f.live === true) parts.push(`e.status = 'live'`);
  else if (f.live === false) parts.push(`e.status = 'not_started'`);
  else parts.push(`e.status in ('not_started', 'live')`);
  if (f.sport) {
    params.push(f.sport);
    parts.push(`s.slug = $${params.length}`);
  }
  if (f.tournament) {
    params.push(f.tournament);
    parts.push(`t.id = $${params.length}`);
  }
  if (f.q) {
    // A literal search: the player's % and _ match themselves.
    params.push(`%${f.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    const p = `$${params.length}`;
    parts.push(`(h.name ilike ${p} or a.name ilike ${p} or t.name->>'pt' ilike ${p} or t.name->>'en' ilike ${p})`);
  }
  return { sql: parts.join(' and '), params };
}

/** Open events, live ones first, then by kick-off. */
export async function listEvents(
  sql: Sql,
  tenantId: number,
  f: EventFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: EventRow[]; total: number }> {
  const w = where(tenantId, f);
  const { rows } = await sql.query<EventRow & { total: number }>(
    `${EVENT_SELECT.replace('select e.id,', 'select count(*) over () as total, e.id,')}
      where ${w.sql}
      order by (e.status = 'live') desc, e.starts_at, e.id
      limit ${page.limit} offset ${page.offset}`,
    w.params,
  );
  if (rows.length === 0 && page.offset > 0) {
    const c = await sql.query<{ n: number }>(
      `select count(*)::int as n ${EVENT_SELECT.slice(EVENT_SELECT.indexOf('from sports_events'))} where ${w.sql}`,
      w.params,
    );
    return { rows: [], total: c.rows[0]!.n };
  }
  return { rows, total: Number(rows[0]?.total ?? 0) };
}

export async function findEvent(sql: Sql, tenantId: number, id: number): Promise<EventRow | null> {
  const { rows } = await sql.query<EventRow>(`${EVENT_SELECT} where e.tenant_id = $1 and e.id = $2`, [tenantId, id]);
  return rows[0] ?? null;
}

export type MarketRow = {
  id: number;
  event_id: number;
  kind: MarketKindName;
  specifiers: string;
  status: MarketStatus;
  version: number;
  outcomes: { id: number; code: string; odds: number | null; active: boolean }[];
};

/** The markets of some events (all but the deactivated ones), or only their 1X2, in display order. */
export async function marketsOf(
  sql: Sql,
  tenantId: number,
  eventIds: number[],
  onlyKind?: MarketKindName,
): Promise<MarketRow[]> {
  if (eventIds.length === 0) return [];
  const { rows } = await sql.query<MarketRow>(
    `select m.id, m.event_id, m.kind, m.specifiers, m.status, m.version,
        coalesce(json_agg(json_build_object('id', o.id, 'code', o.code, 'odds', o.odds, 'active', o.active)
          order by o.sort) filter (where o.id is not null), '[]') as outcomes
      from sports_markets m left join sports_outcomes o on o.market_id = m.id
      where m.tenant_id = $1 and m.event_id = any($2::bigint[]) and m.status <> 'deactivated'
        and ($3::text is null or m.kind = $3)
      group by m.id order by m.event_id, m.sort, m.id`,
    [tenantId, eventIds, onlyKind ?? null],
  );
  return rows.map((r) => ({ ...r, outcomes: r.outcomes.map((o) => ({ ...o, id: Number(o.id) })) }));
}

export type TournamentCount = {
  sport: string;
  sport_name: Names;
  sport_sort: number;
  id: number;
  slug: string;
  name: Names;
  c_slug: string;
  c_name: Names;
  country: string | null;
  sort: number;
  events: number;
  live: number;
};

/** Every tournament with open events, and how many (and how many live), by sport. */
export async function tournamentCounts(sql: Sql, tenantId: number): Promise<TournamentCount[]> {
  const { rows } = await sql.query<TournamentCount>(
    `select s.slug as sport, s.name as sport_name, s.sort as sport_sort, t.id, t.slug, t.name, c.slug as c_slug,
        c.name as c_name, c.country, t.sort, count(*)::int as events,
        (count(*) filter (where e.status = 'live'))::int as live
      from sports_events e
      join sports_tournaments t on t.id = e.tournament_id
      join sports_categories c on c.id = t.category_id
      join sports_sports s on s.id = c.sport_id
      where e.tenant_id = $1 and e.status in ('not_started', 'live')
      group by s.id, t.id, c.id
      order by s.sort, s.slug, t.sort, t.slug`,
    [tenantId],
  );
  return rows;
}
