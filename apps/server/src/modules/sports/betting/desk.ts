import { MARKET_KINDS, type MarketKindName } from '@sorte/contracts';
import type { Db, Sql } from '../../../platform/db/index';
import { emit } from '../../../platform/realtime/index';
import { type Push, setMarketsStatus } from '../catalog/writer';
import { marketName, outcomeName, specOf } from '../specifiers';
import { type BookSettings, bookSettings } from './limits';
import { rollbackEventSettlement, type SettleSummary, settleEvent } from './settlement';

/*
 * The trading desk's reads and acts, shared by the ops CLI (sports:events, sports:suspend, sports:settle --score,
 * sports:liability) and the back office, so both hold, settle and read liability the same way.
 */

export type DeskEvent = {
  id: number;
  tenant_id: number;
  tournament_id: number;
  tournament: string;
  home: string;
  away: string;
  starts_at: Date;
  status: string;
  period: string;
  minute: number;
  score_home: number;
  score_away: number;
  result_home: number | null;
  result_away: number | null;
  operator_hold: boolean;
  bet_stop_until: Date | null;
  heartbeat_at: Date | null;
  settled_at: Date | null;
  active: number;
  markets: number;
  version: number;
};

export type DeskEventQuery = {
  tenantId?: number;
  live?: boolean;
  /** null: the open ones (not started or live). */
  status?: string | null;
  tournamentId?: number;
  after?: { startsAt: Date; id: number };
  limit: number;
};

const DESK_COLUMNS = `e.id, e.tenant_id, e.tournament_id, t.name->>'pt' as tournament, h.name as home, a.name as away,
    e.starts_at, e.status, e.period, e.minute, e.score_home, e.score_away, e.result_home, e.result_away,
    e.operator_hold, e.bet_stop_until, e.heartbeat_at, e.settled_at, e.version,
    (select count(*)::int from sports_markets m where m.event_id = e.id and m.status = 'active') as active,
    (select count(*)::int from sports_markets m where m.event_id = e.id and m.status <> 'deactivated') as markets
  from sports_events e
  join sports_tournaments t on t.id = e.tournament_id
  join sports_competitors h on h.id = e.home_id
  join sports_competitors a on a.id = e.away_id`;

const deskRow = (r: DeskEvent): DeskEvent => ({
  ...r,
  id: Number(r.id),
  tenant_id: Number(r.tenant_id),
  tournament_id: Number(r.tournament_id),
  version: Number(r.version),
});

/** One keyset page of events by kick-off (then id); `limit + 1` rows are read so the caller knows if more exist. */
export async function listDeskEvents(sql: Sql, q: DeskEventQuery): Promise<DeskEvent[]> {
  const { rows } = await sql.query<DeskEvent>(
    `select ${DESK_COLUMNS}
      where ($1::bigint is null or e.tenant_id = $1)
        and (case when $2 then e.status = 'live'
                  when $3::text is null then e.status in ('not_started', 'live')
                  else e.status = $3 end)
        and ($4::bigint is null or e.tournament_id = $4)
        and ($5::timestamptz is null or (e.starts_at, e.id) > ($5::timestamptz, $6::bigint))
      order by e.starts_at, e.id
      limit $7`,
    [
      q.tenantId ?? null,
      q.live === true,
      q.status ?? null,
      q.tournamentId ?? null,
      q.after?.startsAt ?? null,
      q.after?.id ?? null,
      q.limit + 1,
    ],
  );
  return rows.map(deskRow);
}

/** An event by id, held to a tenant when given; null when absent there. */
export async function findDeskEvent(sql: Sql, id: number, tenantId?: number): Promise<DeskEvent | null> {
  const { rows } = await sql.query<DeskEvent>(
    `select ${DESK_COLUMNS} where e.id = $1 and ($2::bigint is null or e.tenant_id = $2)`,
    [id, tenantId ?? null],
  );
  return rows[0] ? deskRow(rows[0]) : null;
}

export type DeskMarket = {
  id: number;
  kind: string;
  specifiers: string;
  status: string;
  version: number;
  outcomes: { id: number; code: string; odds: number | null; active: boolean }[];
};

/** An event's markets (the deactivated ones left out) with their outcomes and odds x 10,000. */
export async function deskMarkets(sql: Sql, eventId: number): Promise<DeskMarket[]> {
  const { rows } = await sql.query<DeskMarket>(
    `select m.id, m.kind, m.specifiers, m.status, m.version,
        coalesce(json_agg(json_build_object('id', o.id, 'code', o.code, 'odds', o.odds, 'active', o.active)
          order by o.sort) filter (where o.id is not null), '[]') as outcomes
      from sports_markets m left join sports_outcomes o on o.market_id = m.id
      where m.event_id = $1 and m.status <> 'deactivated' group by m.id order by m.sort, m.id`,
    [eventId],
  );
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    outcomes: r.outcomes.map((o) => ({ ...o, id: Number(o.id), odds: o.odds === null ? null : Number(o.odds) })),
  }));
}

export class DeskRefusal extends Error {
  constructor(
    readonly code: 'not_found' | 'not_open' | 'cancelled' | 'bad_limits',
    message: string,
  ) {
    super(message);
  }
}

/**
 * Holds every market of an open event (suspended until resumed; the feed's prices keep coming but nothing reopens)
 * or resumes it. `within` runs in the same transaction with the event before and after (the back office's audit).
 * Answers the event's name and how many markets changed; pushes go to the players after the commit.
 */
export async function holdEvent(
  db: Db,
  o: {
    eventId: number;
    tenantId?: number;
    resume: boolean;
    within?: (tx: Sql, e: { before: DeskEvent; after: DeskEvent }) => Promise<void>;
  },
): Promise<{ name: string; changed: number; event: DeskEvent }> {
  const r = await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: number }>(
      'select id from sports_events where id = $1 and ($2::bigint is null or tenant_id = $2) for update',
      [o.eventId, o.tenantId ?? null],
    );
    if (!rows[0]) throw new DeskRefusal('not_found', `no event ${o.eventId}`);
    const e = (await findDeskEvent(tx, o.eventId))!;
    const name = `${e.home} x ${e.away}`;
    if (!['not_started', 'live'].includes(e.status))
      throw new DeskRefusal('not_open', `${name} is ${e.status}: only an open event can be suspended or resumed`);
    await tx.query('update sports_events set operator_hold = $2, version = version + 1 where id = $1', [
      o.eventId,
      !o.resume,
    ]);
    // Resuming does not cut a bet stop short: the feed reopens the markets when it passes.
    const stopped = e.bet_stop_until !== null && e.bet_stop_until.getTime() > Date.now();
    const pushes: Push[] =
      o.resume && stopped ? [] : await setMarketsStatus(tx, e.tenant_id, o.eventId, o.resume ? 'active' : 'suspended');
    const after = (await findDeskEvent(tx, o.eventId))!;
    await o.within?.(tx, { before: e, after });
    return { name, pushes, after };
  });
  for (const p of r.pushes) await emit(db, p.tenantId, p.channel, p.event, p.data);
  const changed = r.pushes.length ? (r.pushes[0]!.data as { markets: unknown[] }).markets.length : 0;
  return { name: r.name, changed, event: r.after };
}

/**
 * Settles an event from its final score (and half-time score, for first-half markets): a different earlier result
 * is rolled back first, then the event ends with this result and its bets are settled (paid through the ledger).
 */
export async function settleEventScore(
  db: Db,
  o: { tenantId: number; eventId: number; score: [number, number]; ht: [number, number] | null; reason: string },
): Promise<{
  rolledBack: { from: [number, number]; reopened: number; kept: number[] } | null;
  settled: SettleSummary;
}> {
  const e = await findDeskEvent(db, o.eventId, o.tenantId);
  if (!e) throw new DeskRefusal('not_found', `no event ${o.eventId}`);
  if (e.status === 'cancelled')
    throw new DeskRefusal('cancelled', `${e.home} x ${e.away} is cancelled: roll it back first`);
  let rolledBack: { from: [number, number]; reopened: number; kept: number[] } | null = null;
  if (e.result_home !== null && (e.result_home !== o.score[0] || e.result_away !== o.score[1])) {
    const r = await rollbackEventSettlement(db, { tenantId: o.tenantId, eventId: o.eventId, reason: o.reason });
    rolledBack = { from: [e.result_home, e.result_away!], reopened: r.reopened, kept: r.kept };
  }
  await db.query(
    `update sports_events set status = 'ended', period = 'ft', score_home = $2, score_away = $3,
        result_home = $2, result_away = $3, ht_home = coalesce($4, ht_home), ht_away = coalesce($5, ht_away),
        bet_stop_until = null, updated_at = now()
      where id = $1`,
    [o.eventId, o.score[0], o.score[1], o.ht?.[0] ?? null, o.ht?.[1] ?? null],
  );
  const settled = await settleEvent(db, { tenantId: o.tenantId, eventId: o.eventId });
  return { rolledBack, settled };
}

export type LiabilityRow = {
  market: string;
  outcome: string;
  bets: number;
  stakes: number;
  potential: number;
  /** What the book loses (negative: wins) if this outcome wins, on this market's open bets alone. */
  book_if_wins: number;
};

/** An event's open bets per market and outcome (markets without open bets left out). */
export async function eventLiability(sql: Sql, eventId: number): Promise<LiabilityRow[]> {
  const { rows } = await sql.query<{
    market: string;
    outcome: string;
    bets: number;
    stakes: string;
    potential: string;
    market_stakes: string;
  }>(
    `with o as (
       select m.id as market_id, m.kind || case when m.specifiers = '' then '' else ' ' || m.specifiers end as market,
           m.sort as msort, x.code as outcome, x.sort as osort,
           count(b.id)::int as bets, coalesce(sum(b.stake), 0) as stakes,
           coalesce(sum(b.potential_payout), 0) as potential
         from sports_markets m join sports_outcomes x on x.market_id = m.id
           left join sports_bet_legs l on l.outcome_id = x.id
           left join sports_bets b on b.id = l.bet_id and b.status = 'open'
         where m.event_id = $1
         group by m.id, x.id)
     select market, outcome, bets, stakes::text, potential::text,
         (sum(stakes) over (partition by market_id))::text as market_stakes
       from o where exists (select 1 from o y where y.market_id = o.market_id and y.bets > 0)
       order by msort, market, osort`,
    [eventId],
  );
  // An accumulator counts whole on each of its legs, as if its other legs won.
  return rows.map((r) => ({
    market: r.market,
    outcome: r.outcome,
    bets: r.bets,
    stakes: Number(r.stakes),
    potential: Number(r.potential),
    book_if_wins: Number(r.market_stakes) - Number(r.potential),
  }));
}

export type BookLimits = BookSettings & { margins: Record<string, number> };
export type BookLimitsChange = Partial<BookSettings> & { margins?: Record<string, number> };

/** A tenant's stake and payout limits, market liability, live delay and margin overrides (sports:limits). */
export async function bookLimits(sql: Sql, tenantId: number): Promise<BookLimits> {
  const { rows } = await sql.query<{ margins: Record<string, number> }>(
    'select margins from sports_settings where tenant_id = $1',
    [tenantId],
  );
  return { ...(await bookSettings(sql, tenantId)), margins: rows[0]?.margins ?? {} };
}

/**
 * Changes a tenant's book limits (a tenant without a row starts from the defaults; margins are merged by market
 * kind). `within` runs in the same transaction with the limits before and after. A maximum stake below the minimum
 * is refused by the table (DeskRefusal 'bad_limits').
 */
export async function setBookLimits(
  db: Db,
  tenantId: number,
  change: BookLimitsChange,
  within?: (tx: Sql, l: { before: BookLimits; after: BookLimits }) => Promise<void>,
): Promise<BookLimits> {
  try {
    return await db.transaction(async (tx) => {
      await tx.query('insert into sports_settings (tenant_id) values ($1) on conflict (tenant_id) do nothing', [
        tenantId,
      ]);
      await tx.query('select tenant_id from sports_settings where tenant_id = $1 for update', [tenantId]);
      const before = await bookLimits(tx, tenantId);
      await tx.query(
        `update sports_settings set margins = margins || $2::jsonb, min_stake = coalesce($3, min_stake),
            max_stake = coalesce($4, max_stake), max_payout = coalesce($5, max_payout),
            market_liability = coalesce($6, market_liability), live_delay_ms = coalesce($7, live_delay_ms),
            updated_at = now()
          where tenant_id = $1`,
        [
          tenantId,
          JSON.stringify(change.margins ?? {}),
          change.minStake ?? null,
          change.maxStake ?? null,
          change.maxPayout ?? null,
          change.marketLiability ?? null,
          change.liveDelayMs ?? null,
        ],
      );
      const after = await bookLimits(tx, tenantId);
      await within?.(tx, { before, after });
      return after;
    });
  } catch (err) {
    if ((err as { code?: string }).code === '23514')
      throw new DeskRefusal('bad_limits', 'the maximum stake cannot be below the minimum stake');
    throw err;
  }
}

/**
 * A market's and an outcome's names as players read them ("Dupla chance", "Flamengo ou empate"), for the trader's
 * desk; a kind or line this build does not know keeps its code.
 */
export function deskNames(
  m: { kind: string; specifiers: string },
  teams: { home: string; away: string },
  locale: 'pt' | 'en',
): { market: string; outcome: (code: string) => string } {
  try {
    if (!(MARKET_KINDS as readonly string[]).includes(m.kind)) throw new Error('unknown kind');
    const spec = specOf(m.kind as MarketKindName, m.specifiers);
    return { market: marketName(spec, locale), outcome: (code) => outcomeName(spec, code, teams, locale) };
  } catch {
    const market = `${m.kind}${m.specifiers ? ` ${m.specifiers}` : ''}`;
    return { market, outcome: (code) => code };
  }
}
