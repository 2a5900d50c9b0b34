import {
  type EventUpdatedPush,
  type MarketStatus,
  type OddsChangedPush,
  SPORTS_LIVE_CHANNEL,
  type SportEventStatus,
  sportsEventChannel,
} from '@sorte/contracts';
import type { Db, Sql } from '../../../platform/db/index';
import { broadcast } from '../../../platform/realtime/index';
import { cancelBetsInWindow, rollbackEventSettlement } from '../betting/settlement';
import type {
  FeedContext,
  FeedIncident,
  FeedLiveState,
  FeedMarket,
  FeedMessage,
  FixtureMessage,
  OddsChangeMessage,
} from '../feed/adapter';

/**
 * The catalog's sink: applies feed messages to the sports_* tables. Rows are keyed by (tenant, feed, external id)
 * and every write compares before it writes, so a replayed message changes nothing and bumps no version; a real
 * change bumps the market's version and the event's. What changed goes out on realtime after the commit.
 */

export type Push = { tenantId: number; channel: string; event: 'OddsChanged' | 'EventUpdated'; data: unknown };

type EventRow = {
  id: number;
  status: SportEventStatus;
  period: FeedLiveState['period'];
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
  operator_hold: boolean;
};

const EVENT_COLS = `id, status, period, minute, score_home, score_away, ht_home, ht_away, red_home, red_away, incidents,
  bet_stop_until, result_home, result_away, operator_hold`;

const CLOSED: readonly SportEventStatus[] = ['ended', 'closed', 'cancelled'];

/**
 * Any message about an event is a sign of life, but only for a feed that keeps a heartbeat: `heartbeat_at` stays
 * null until the feed's first `alive`, and the watchdog leaves such events alone (a test's or a manual feed).
 */
const BEAT = (n: number) => `case when heartbeat_at is null then null else $${n}::timestamptz end`;

async function findEvent(sql: Sql, ctx: FeedContext, external: string, lock = true): Promise<EventRow | null> {
  const { rows } = await sql.query<EventRow>(
    `select ${EVENT_COLS} from sports_events where tenant_id = $1 and feed = $2 and external_id = $3
      ${lock ? 'for update' : ''}`,
    [ctx.tenantId, ctx.feed, external],
  );
  return rows[0] ?? null;
}

/** The live part of the EventUpdated push and of the API's event. */
export function liveOf(e: EventRow, now: Date) {
  if (e.status !== 'live') return null;
  return {
    period: e.period,
    minute: e.minute,
    score: [e.score_home, e.score_away] as [number, number],
    ht_score: e.ht_home === null || e.ht_away === null ? null : ([e.ht_home, e.ht_away] as [number, number]),
    red_cards: [e.red_home, e.red_away] as [number, number],
    bet_stop: e.bet_stop_until !== null && e.bet_stop_until.getTime() > now.getTime(),
  };
}

function eventPushes(tenantId: number, e: EventRow, now: Date, incident: FeedIncident | null): Push[] {
  const data: EventUpdatedPush = { event_id: e.id, status: e.status, live: liveOf(e, now), incident };
  return [
    { tenantId, channel: sportsEventChannel(e.id), event: 'EventUpdated', data },
    { tenantId, channel: SPORTS_LIVE_CHANNEL, event: 'EventUpdated', data },
  ];
}

async function upsertId(sql: Sql, text: string, params: unknown[]): Promise<number> {
  const { rows } = await sql.query<{ id: number }>(text, params);
  return rows[0]!.id;
}

async function applyFixture(sql: Sql, ctx: FeedContext, m: FixtureMessage): Promise<Push[]> {
  const t = ctx.tenantId;
  const sportId = await upsertId(
    sql,
    `insert into sports_sports (tenant_id, slug, name, sort) values ($1, $2, $3, $4)
      on conflict (tenant_id, slug) do update set name = excluded.name returning id`,
    [t, m.sport.slug, JSON.stringify(m.sport.name), m.sport.sort ?? 0],
  );
  const categoryId = await upsertId(
    sql,
    `insert into sports_categories (tenant_id, sport_id, slug, name, country) values ($1, $2, $3, $4, $5)
      on conflict (tenant_id, sport_id, slug) do update set name = excluded.name, country = excluded.country
      returning id`,
    [t, sportId, m.category.slug, JSON.stringify(m.category.name), m.category.country],
  );
  const tournamentId = await upsertId(
    sql,
    // Two feeds may name a tournament alike: the second one's slug gets its feed's name.
    `insert into sports_tournaments (tenant_id, category_id, slug, name, feed, external_id, sort)
      values ($1, $2, case when exists (select 1 from sports_tournaments x where x.tenant_id = $1 and x.slug = $3
          and (x.feed, x.external_id) <> ($5, $6)) then $3 || '-' || $5 else $3 end, $4, $5, $6, $7)
      on conflict (tenant_id, feed, external_id) do update set name = excluded.name, category_id = excluded.category_id
      returning id`,
    [
      t,
      categoryId,
      m.tournament.slug,
      JSON.stringify(m.tournament.name),
      ctx.feed,
      m.tournament.id,
      m.tournament.sort ?? 0,
    ],
  );
  const competitor = (c: FixtureMessage['home']) =>
    upsertId(
      sql,
      `insert into sports_competitors (tenant_id, name, abbreviation, colors, feed, external_id)
        values ($1, $2, $3, $4, $5, $6)
        on conflict (tenant_id, feed, external_id) do update
          set name = excluded.name, abbreviation = excluded.abbreviation, colors = excluded.colors
        returning id`,
      [t, c.name, c.abbreviation, JSON.stringify(c.colors), ctx.feed, c.id],
    );
  const homeId = await competitor(m.home);
  const awayId = await competitor(m.away);
  // A fixture moves an event only before kick-off; a re-announced fixture with nothing new writes nothing.
  await sql.query(
    `insert into sports_events (tenant_id, tournament_id, home_id, away_id, starts_at, rates, seed, feed, external_id)
      values ($1, $2, $3, $4, $5, $6, $7, $8, $9)
      on conflict (tenant_id, feed, external_id) do update
        set starts_at = excluded.starts_at, rates = excluded.rates, seed = excluded.seed,
            version = sports_events.version + 1, updated_at = now()
        where sports_events.status = 'not_started'
          and (sports_events.starts_at, sports_events.rates, sports_events.seed)
            is distinct from (excluded.starts_at, excluded.rates, excluded.seed)`,
    [
      t,
      tournamentId,
      homeId,
      awayId,
      m.startsAt,
      m.rates ? JSON.stringify(m.rates) : null,
      m.seed ?? null,
      ctx.feed,
      m.event,
    ],
  );
  return [];
}

type StoredMarket = {
  id: number;
  kind: string;
  specifiers: string;
  status: MarketStatus;
  version: number;
  outcomes: { id: number; code: string; odds: number | null; probability: number; active: boolean }[];
};

async function loadMarkets(sql: Sql, eventId: number): Promise<StoredMarket[]> {
  const { rows } = await sql.query<StoredMarket>(
    `select m.id, m.kind, m.specifiers, m.status, m.version,
        coalesce(json_agg(json_build_object('id', o.id, 'code', o.code, 'odds', o.odds, 'probability', o.probability,
          'active', o.active) order by o.sort) filter (where o.id is not null), '[]') as outcomes
      from sports_markets m left join sports_outcomes o on o.market_id = m.id
      where m.event_id = $1 group by m.id order by m.sort`,
    [eventId],
  );
  return rows.map((r) => ({ ...r, outcomes: r.outcomes.map((o) => ({ ...o, id: Number(o.id) })) }));
}

const marketKey = (kind: string, specifiers: string) => `${kind}|${specifiers}`;

function statePatch(e: EventRow, s: FeedLiveState): { changed: boolean; incident: FeedIncident | null } {
  const changed =
    e.status !== s.status ||
    e.period !== s.period ||
    e.minute !== s.minute ||
    e.score_home !== s.score[0] ||
    e.score_away !== s.score[1] ||
    e.ht_home !== (s.htScore?.[0] ?? null) ||
    e.ht_away !== (s.htScore?.[1] ?? null) ||
    e.red_home !== s.redCards[0] ||
    e.red_away !== s.redCards[1] ||
    e.incidents.length !== s.incidents.length;
  const incident = s.incidents.length > e.incidents.length ? s.incidents[s.incidents.length - 1]! : null;
  return { changed, incident };
}

async function applyOddsChange(sql: Sql, ctx: FeedContext, m: OddsChangeMessage): Promise<Push[]> {
  const e = await findEvent(sql, ctx, m.event);
  if (!e || CLOSED.includes(e.status)) return [];
  const pushes: Push[] = [];
  let eventChanged = false;
  let incident: FeedIncident | null = null;
  if (m.state && !CLOSED.includes(m.state.status)) {
    const p = statePatch(e, m.state);
    if (p.changed) {
      eventChanged = true;
      incident = p.incident;
      const s = m.state;
      await sql.query(
        `update sports_events set status = $2, period = $3, minute = $4, score_home = $5, score_away = $6,
            ht_home = $7, ht_away = $8, red_home = $9, red_away = $10, incidents = $11, updated_at = now()
          where id = $1`,
        [
          e.id,
          s.status,
          s.period,
          s.minute,
          s.score[0],
          s.score[1],
          s.htScore?.[0] ?? null,
          s.htScore?.[1] ?? null,
          s.redCards[0],
          s.redCards[1],
          JSON.stringify(s.incidents),
        ],
      );
      Object.assign(e, {
        status: s.status,
        period: s.period,
        minute: s.minute,
        score_home: s.score[0],
        score_away: s.score[1],
        ht_home: s.htScore?.[0] ?? null,
        ht_away: s.htScore?.[1] ?? null,
        red_home: s.redCards[0],
        red_away: s.redCards[1],
        incidents: s.incidents,
      });
    }
  }
  // During a bet stop (or an operator's hold) prices may move but nothing reopens until it passes.
  const stopped = e.operator_hold || (e.bet_stop_until !== null && e.bet_stop_until.getTime() > ctx.now.getTime());
  const moved = await writeMarkets(sql, ctx.tenantId, e.id, m.markets, { stopped, complete: m.complete ?? false });
  if (moved.length > 0) {
    const data: OddsChangedPush = { event_id: e.id, markets: moved };
    pushes.push({ tenantId: ctx.tenantId, channel: sportsEventChannel(e.id), event: 'OddsChanged', data });
  }
  await sql.query(
    `update sports_events set heartbeat_at = ${BEAT(2)} ${eventChanged || moved.length > 0 ? ', version = version + 1' : ''}
      where id = $1`,
    [e.id, ctx.now],
  );
  if (eventChanged) pushes.push(...eventPushes(ctx.tenantId, e, ctx.now, incident));
  return pushes;
}

/** Inserts new markets, updates the ones that moved; returns the moved ones as the OddsChanged push lists them. */
async function writeMarkets(
  sql: Sql,
  tenantId: number,
  eventId: number,
  markets: FeedMarket[],
  o: { stopped: boolean; complete: boolean },
): Promise<OddsChangedPush['markets']> {
  const stored = new Map((await loadMarkets(sql, eventId)).map((s) => [marketKey(s.kind, s.specifiers), s]));
  const seen = new Set<string>();
  const moved: OddsChangedPush['markets'] = [];
  const oIds: number[] = [];
  const oOdds: (number | null)[] = [];
  const oProb: number[] = [];
  const oActive: boolean[] = [];
  // Moved markets' new statuses, written in one statement (a live re-price moves most of the book at once).
  const mIds: number[] = [];
  const mStatus: MarketStatus[] = [];
  let sort = stored.size;
  for (const fm of markets) {
    const key = marketKey(fm.kind, fm.specifiers);
    seen.add(key);
    const status: MarketStatus = o.stopped && fm.status === 'active' ? 'suspended' : fm.status;
    const s = stored.get(key);
    if (!s) {
      const { rows } = await sql.query<{ id: number }>(
        `insert into sports_markets (tenant_id, event_id, kind, specifiers, status, sort) values ($1, $2, $3, $4, $5, $6)
          returning id`,
        [tenantId, eventId, fm.kind, fm.specifiers, status, sort++],
      );
      const marketId = rows[0]!.id;
      const ins = await sql.query<{ id: number; code: string }>(
        `insert into sports_outcomes (tenant_id, market_id, code, sort, odds, probability, active)
          select $1, $2, code, ord, odds, probability, active
            from unnest($3::text[], $4::int[], $5::float8[], $6::boolean[]) with ordinality
              as x(code, odds, probability, active, ord)
          returning id, code`,
        [
          tenantId,
          marketId,
          fm.outcomes.map((x) => x.code),
          fm.outcomes.map((x) => x.odds),
          fm.outcomes.map((x) => x.probability),
          fm.outcomes.map((x) => x.active),
        ],
      );
      const idOf = new Map(ins.rows.map((r) => [r.code, Number(r.id)]));
      moved.push({
        id: marketId,
        status,
        version: 1,
        outcomes: fm.outcomes.map((x) => ({ id: idOf.get(x.code)!, odds: x.odds, active: x.active })),
      });
      continue;
    }
    // A settled or cancelled market is final: the feed cannot reopen it.
    if (s.status === 'settled' || s.status === 'cancelled') continue;
    let changed = s.status !== status;
    const byCode = new Map(s.outcomes.map((x) => [x.code, x]));
    const now = s.outcomes.map((x) => ({ id: x.id, odds: x.odds, active: x.active }));
    for (const fo of fm.outcomes) {
      const so = byCode.get(fo.code);
      if (!so) continue;
      if (so.odds === fo.odds && so.active === fo.active && so.probability === fo.probability) continue;
      // Probability alone drifting (no odds or active change) is stored but is not a price change.
      if (so.odds !== fo.odds || so.active !== fo.active) changed = true;
      oIds.push(so.id);
      oOdds.push(fo.odds);
      oProb.push(fo.probability);
      oActive.push(fo.active);
      const n = now.find((x) => x.id === so.id)!;
      n.odds = fo.odds;
      n.active = fo.active;
    }
    if (!changed) continue;
    mIds.push(s.id);
    mStatus.push(status);
    moved.push({ id: s.id, status, version: s.version + 1, outcomes: now });
  }
  if (oIds.length > 0) {
    await sql.query(
      `update sports_outcomes o set odds = x.odds, probability = x.probability, active = x.active
        from unnest($1::bigint[], $2::int[], $3::float8[], $4::boolean[]) as x(id, odds, probability, active)
        where o.id = x.id`,
      [oIds, oOdds, oProb, oActive],
    );
  }
  if (o.complete) {
    for (const [key, s] of stored) {
      if (seen.has(key) || (s.status !== 'active' && s.status !== 'suspended')) continue;
      mIds.push(s.id);
      mStatus.push('deactivated');
      moved.push({
        id: s.id,
        status: 'deactivated',
        version: s.version + 1,
        outcomes: s.outcomes.map((x) => ({ id: x.id, odds: x.odds, active: x.active })),
      });
    }
  }
  if (mIds.length > 0) {
    await sql.query(
      `update sports_markets m set status = x.status, version = m.version + 1, updated_at = now()
        from unnest($1::bigint[], $2::text[]) as x(id, status) where m.id = x.id`,
      [mIds, mStatus],
    );
  }
  return moved;
}

/**
 * Sets every open market of an event to `to` (suspended, or active again), bumping the versions of those that
 * change; returns the OddsChanged push, or none when nothing changed.
 */
export async function setMarketsStatus(
  sql: Sql,
  tenantId: number,
  eventId: number,
  to: 'active' | 'suspended',
): Promise<Push[]> {
  const from = to === 'active' ? 'suspended' : 'active';
  const { rows } = await sql.query<{ id: number }>(
    `update sports_markets set status = $3, version = version + 1, updated_at = now()
      where tenant_id = $1 and event_id = $2 and status = $4 returning id`,
    [tenantId, eventId, to, from],
  );
  if (rows.length === 0) return [];
  await sql.query('update sports_events set version = version + 1 where id = $1', [eventId]);
  const moved = (await loadMarkets(sql, eventId))
    .filter((m) => rows.some((r) => Number(r.id) === m.id))
    .map((m) => ({
      id: m.id,
      status: m.status,
      version: m.version,
      outcomes: m.outcomes.map((x) => ({ id: x.id, odds: x.odds, active: x.active })),
    }));
  const data: OddsChangedPush = { event_id: eventId, markets: moved };
  return [{ tenantId, channel: sportsEventChannel(eventId), event: 'OddsChanged', data }];
}

async function applyInTx(sql: Sql, ctx: FeedContext, m: FeedMessage): Promise<Push[]> {
  switch (m.type) {
    case 'fixture':
      return applyFixture(sql, ctx, m);
    case 'odds_change':
      return applyOddsChange(sql, ctx, m);
    case 'bet_stop': {
      const e = await findEvent(sql, ctx, m.event);
      if (!e || CLOSED.includes(e.status)) return [];
      // Without an end the stop holds until bet_start; a far date keeps "stopped" a plain comparison.
      const until = m.until ?? new Date(ctx.now.getTime() + 3_600_000);
      const wasStopped = e.bet_stop_until !== null && e.bet_stop_until.getTime() > ctx.now.getTime();
      await sql.query(`update sports_events set bet_stop_until = $2, heartbeat_at = ${BEAT(3)} where id = $1`, [
        e.id,
        until,
        ctx.now,
      ]);
      const pushes = await setMarketsStatus(sql, ctx.tenantId, e.id, 'suspended');
      e.bet_stop_until = until;
      if (!wasStopped) pushes.push(...eventPushes(ctx.tenantId, e, ctx.now, null));
      return pushes;
    }
    case 'bet_start': {
      const e = await findEvent(sql, ctx, m.event);
      if (!e || CLOSED.includes(e.status)) return [];
      const wasStopped = e.bet_stop_until !== null;
      await sql.query(`update sports_events set bet_stop_until = null, heartbeat_at = ${BEAT(2)} where id = $1`, [
        e.id,
        ctx.now,
      ]);
      const pushes = e.operator_hold ? [] : await setMarketsStatus(sql, ctx.tenantId, e.id, 'active');
      e.bet_stop_until = null;
      if (wasStopped) pushes.push(...eventPushes(ctx.tenantId, e, ctx.now, null));
      return pushes;
    }
    case 'result': {
      const e = await findEvent(sql, ctx, m.event);
      if (!e || e.status === 'cancelled') return [];
      const ht = m.htScore ?? (e.ht_home === null ? null : [e.ht_home, e.ht_away!]);
      if (e.status === 'ended' && e.result_home === m.score[0] && e.result_away === m.score[1]) return [];
      await sql.query(
        `update sports_events set status = 'ended', period = 'ft', score_home = $2, score_away = $3, result_home = $2,
            result_away = $3, ht_home = $4, ht_away = $5, bet_stop_until = null, heartbeat_at = ${BEAT(6)},
            version = version + 1, updated_at = now()
          where id = $1`,
        [e.id, m.score[0], m.score[1], ht?.[0] ?? null, ht?.[1] ?? null, ctx.now],
      );
      const pushes = await setMarketsStatus(sql, ctx.tenantId, e.id, 'suspended');
      Object.assign(e, { status: 'ended', period: 'ft', score_home: m.score[0], score_away: m.score[1] });
      const incident: FeedIncident = { minute: 90, type: 'full_time', side: null, score: m.score };
      pushes.push(...eventPushes(ctx.tenantId, e, ctx.now, incident));
      return pushes;
    }
    case 'alive': {
      // A heartbeat a few seconds old is fresh enough (the watchdog waits far longer): skipping those rows spares
      // rewriting every open event on every beat. One ahead of this clock (another node's skew) is replaced.
      await sql.query(
        `update sports_events set heartbeat_at = $3
          where tenant_id = $1 and feed = $2 and status in ('not_started', 'live')
            and ($4::text[] is null or external_id = any($4::text[]))
            and (heartbeat_at is null or heartbeat_at < $3::timestamptz - interval '5 seconds'
              or heartbeat_at > $3::timestamptz)`,
        [ctx.tenantId, ctx.feed, ctx.now, m.events ?? null],
      );
      return [];
    }
    case 'bet_cancel':
    case 'rollback_bet_settlement':
      return [];
  }
}

/** Sends pushes after the commit; a lost push only delays a screen (the next change or a reload shows it). */
export async function sendPushes(pushes: Push[]) {
  for (const p of pushes) await broadcast(p.tenantId, p.channel, p.event, p.data).catch(() => false);
}

/**
 * Applies feed messages in order, each in its own transaction, then pushes what changed. A bet_cancel or a
 * rollback is handed to settlement, which moves money in its own transactions.
 */
export async function applyMessages(db: Db, ctx: FeedContext, messages: FeedMessage[]): Promise<Push[]> {
  const all: Push[] = [];
  for (const m of messages) {
    if (m.type === 'bet_cancel' || m.type === 'rollback_bet_settlement') {
      const e = await findEvent(db, ctx, m.event, false);
      if (!e) continue;
      if (m.type === 'bet_cancel')
        await cancelBetsInWindow(db, {
          tenantId: ctx.tenantId,
          eventId: e.id,
          from: m.from,
          to: m.to,
          reason: m.reason,
        });
      else await rollbackEventSettlement(db, { tenantId: ctx.tenantId, eventId: e.id, reason: m.reason });
      continue;
    }
    all.push(...(await db.transaction((tx) => applyInTx(tx, ctx, m))));
  }
  await sendPushes(all);
  return all;
}

/** The catalog as a FeedSink. */
export const catalogSink =
  (db: Db) =>
  async (ctx: FeedContext, messages: FeedMessage[]): Promise<void> => {
    await applyMessages(db, ctx, messages);
  };
