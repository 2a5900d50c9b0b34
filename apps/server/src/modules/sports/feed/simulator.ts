import type { Db } from '../../../platform/db/index';
import type { InPlay, MatchRates } from '../pricing/book';
import type { MarketKind } from '../pricing/markets';
import { type MatchEvent, simulateMatch } from '../pricing/simulate';
import type { FeedContext, FeedIncident, FeedLiveState, FeedMessage, FeedSink, FixtureMessage } from './adapter';
import { COMPETITIONS, type Competition, competitorOf, fittedCompetition, hashOf, ratesOf } from './competitions';
import { type FeedSettings, SIM_FEED } from './config';
import { bookOf } from './prices';

/**
 * The simulated feed, the embedded default: real teams fitted from real results, a schedule rolling forward from
 * the clock, matches played from a seeded process in accelerated time, priced by the pricing core with the tenant's
 * margins. It keeps no state of its own: what a match looks like at a moment follows from its seed and kick-off, so
 * a restarted node (or another node taking the lease) carries on where the last one was, and a replayed tick sends
 * what the catalog already holds (which the sink ignores).
 */

const FOOTBALL = { slug: 'football', name: { pt: 'Futebol', en: 'Football' }, sort: 1 };
const DAY_MS = 86_400_000;
/** Match minutes from kick-off to the final whistle at most: two halves, the break, the longest added time. */
const MAX_MATCH_MINUTES = 45 + 4 + 15 + 45 + 7;

export type PlannedFixture = {
  event: string;
  competition: Competition;
  home: string;
  away: string;
  startsAt: Date;
};

/** Real ms a span of match minutes takes at the feed's time scale. */
const realMs = (matchMinutes: number, s: FeedSettings) => (matchMinutes * 60_000) / s.timeScale;

/**
 * The fixtures from one match-length ago (so a fresh start has matches in play at once) to the horizon: rolling
 * kick-offs every few minutes, round-robin over the competitions (so several matches are always live), and each
 * competition's matches at its real kick-off slots over the next two days. Pairings come from the competition's
 * fixture list, in order, so a matchday's teams meet as they would; ids follow from the slot, so planning again
 * gives the same fixtures.
 */
export function planFixtures(now: Date, s: FeedSettings): PlannedFixture[] {
  const out: PlannedFixture[] = [];
  const from = now.getTime() - realMs(MAX_MATCH_MINUTES, s);
  const every = realMs(s.rollingEveryMatchMinutes, s);
  const n0 = Math.ceil(from / every);
  const n1 = Math.floor((now.getTime() + s.rollingHorizonMs) / every);
  for (let n = n0; n <= n1; n++) {
    const c = COMPETITIONS[n % COMPETITIONS.length]!;
    const f = fittedCompetition(c);
    const p = f.pairings[Math.floor(n / COMPETITIONS.length) % f.pairings.length]!;
    out.push({ event: `r:${n}`, competition: c, home: p.home, away: p.away, startsAt: new Date(n * every) });
  }
  const d0 = Math.floor(from / DAY_MS);
  const d1 = Math.floor((now.getTime() + s.horizonMs) / DAY_MS);
  for (let d = d0; d <= d1; d++) {
    for (const c of COMPETITIONS) {
      const f = fittedCompetition(c);
      c.slots.forEach((slot, i) => {
        const [hh, mm] = slot.split(':').map(Number) as [number, number];
        const at = d * DAY_MS + (hh * 60 + mm) * 60_000;
        if (at < from || at > now.getTime() + s.horizonMs) return;
        // Half the list away from the rolling kick-offs, so the same teams rarely meet in both.
        const k = (d * c.slots.length + i + Math.floor(f.pairings.length / 2)) % f.pairings.length;
        const p = f.pairings[k]!;
        const date = new Date(d * DAY_MS).toISOString().slice(0, 10);
        out.push({
          event: `d:${c.id}:${date}:${slot}`,
          competition: c,
          home: p.home,
          away: p.away,
          startsAt: new Date(at),
        });
      });
    }
  }
  return out;
}

export function fixtureMessage(p: PlannedFixture): FixtureMessage {
  const f = fittedCompetition(p.competition);
  return {
    type: 'fixture',
    event: p.event,
    sport: FOOTBALL,
    category: p.competition.category,
    tournament: { id: p.competition.id, slug: p.competition.slug, name: p.competition.name, sort: p.competition.sort },
    home: competitorOf(p.home, p.competition.id),
    away: competitorOf(p.away, p.competition.id),
    startsAt: p.startsAt,
    rates: ratesOf(f, p.home, p.away),
    // Below 2^31: the seed column is a bigint but the simulator's PRNG takes 32 bits.
    seed: hashOf(p.event) & 0x7fffffff,
  };
}

type Margins = Partial<Record<MarketKind, number>>;

async function marginsOf(db: Db, tenantId: number): Promise<Margins> {
  const { rows } = await db.query<{ margins: Margins }>('select margins from sports_settings where tenant_id = $1', [
    tenantId,
  ]);
  return rows[0]?.margins ?? {};
}

/**
 * Adds the planned fixtures the catalog does not have yet, priced pre-match, the soonest first and at most `limit`
 * a run (a fresh catalog fills over a few runs instead of holding the database for seconds). Returns how many.
 */
export async function scheduleTenant(
  db: Db,
  sink: FeedSink,
  tenantId: number,
  now: Date,
  s: FeedSettings,
  limit = Number.POSITIVE_INFINITY,
): Promise<number> {
  const planned = planFixtures(now, s).sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  const { rows } = await db.query<{ external_id: string }>(
    'select external_id from sports_events where tenant_id = $1 and feed = $2 and external_id = any($3::text[])',
    [tenantId, SIM_FEED, planned.map((p) => p.event)],
  );
  const have = new Set(rows.map((r) => r.external_id));
  const margins = await marginsOf(db, tenantId);
  const ctx: FeedContext = { tenantId, feed: SIM_FEED, now };
  let added = 0;
  for (const p of planned) {
    if (have.has(p.event)) continue;
    if (added >= limit) break;
    const fixture = fixtureMessage(p);
    await sink(ctx, [
      fixture,
      { type: 'odds_change', event: p.event, markets: bookOf(fixture.rates!, { margins }), complete: true },
    ]);
    added++;
  }
  return added;
}

/** A match's timeline in match minutes from kick-off, with every event placed at its moment. */
export type Timeline = {
  events: (MatchEvent & { at: number })[];
  firstEnd: number;
  secondStart: number;
  fullEnd: number;
  ht: [number, number];
  ft: [number, number];
};

const timelines = new Map<string, Timeline>();

/**
 * The seeded match laid out in time: events of one minute spread evenly inside it, and the 45th and 90th minutes
 * stretched over their added time; the break between the halves.
 */
export function timelineOf(rates: MatchRates, seed: number, s: FeedSettings): Timeline {
  const key = `${seed}:${rates.home}:${rates.away}:${rates.firstHalfShare}:${s.breakMinutes}:${s.betStopMs}:${s.timeScale}`;
  const hit = timelines.get(key);
  if (hit) return hit;
  const raw = simulateMatch({ home: rates.home, away: rates.away, firstHalfShare: rates.firstHalfShare, seed });
  const half = raw.find((e) => e.type === 'half_time') as Extract<MatchEvent, { type: 'half_time' }>;
  const full = raw.find((e) => e.type === 'full_time') as Extract<MatchEvent, { type: 'full_time' }>;
  const firstEnd = 45 + half.added;
  const secondStart = firstEnd + s.breakMinutes;
  const fullEnd = secondStart + 45 + full.added;
  const groups = new Map<string, MatchEvent[]>();
  let second = false;
  for (const e of raw) {
    if (e.type === 'half_time') {
      second = true;
      continue;
    }
    if (e.type === 'full_time') continue;
    const k = `${second ? 2 : 1}:${e.minute}`;
    groups.set(k, [...(groups.get(k) ?? []), e]);
  }
  const events: Timeline['events'] = [];
  for (const [k, list] of groups) {
    const [h, m] = k.split(':').map(Number) as [number, number];
    let base: number;
    let span = 1;
    if (h === 1) {
      base = Math.min(m, 45) - 1;
      if (m >= 45) span = 1 + half.added;
    } else {
      base = secondStart + Math.min(m, 90) - 46;
      if (m >= 90) span = 1 + full.added;
    }
    list.forEach((e, i) => {
      events.push({ ...e, at: base + (span * (i + 1)) / (list.length + 1) });
    });
  }
  events.push({ ...half, at: firstEnd }, { ...full, at: fullEnd });
  events.sort((a, b) => a.at - b.at);
  // The dangerous moment of a goal comes just before it, so its bet stop covers the goal at any time scale (in real
  // time a minute's events are seconds apart, more than a bet stop lasts).
  const stopMinutes = (s.betStopMs * s.timeScale) / 60_000;
  for (let i = 1; i < events.length; i++) {
    const goal = events[i]!;
    const before = events[i - 1]!;
    if (goal.type === 'goal' && before.type === 'danger' && before.side === goal.side)
      before.at = Math.max(before.at, goal.at - stopMinutes / 2);
  }
  const t: Timeline = { events, firstEnd, secondStart, fullEnd, ht: half.score, ft: full.score };
  if (timelines.size > 5_000) timelines.clear();
  timelines.set(key, t);
  return t;
}

/** The same factors the seeded match applies after a red card (published red-card studies), for the live prices. */
const RED_SCORES: readonly [number, number] = [0.67, 1.2];

export type MatchMoment =
  | { phase: 'pre' }
  | { phase: 'ended'; score: [number, number]; ht: [number, number]; state: FeedLiveState }
  | { phase: 'live'; state: FeedLiveState; live: InPlay; betStopUntil: Date | null };

/** What the match looks like at `now`. */
export function momentOf(
  o: { startsAt: Date; rates: MatchRates; seed: number },
  now: Date,
  s: FeedSettings,
): MatchMoment {
  const x = ((now.getTime() - o.startsAt.getTime()) * s.timeScale) / 60_000;
  if (x < 0) return { phase: 'pre' };
  const t = timelineOf(o.rates, o.seed, s);
  const score: [number, number] = [0, 0];
  const reds: [number, number] = [0, 0];
  const factor: [number, number] = [1, 1];
  const incidents: FeedIncident[] = [];
  let stopUntil: number | null = null;
  const stopMatchMinutes = (s.betStopMs * s.timeScale) / 60_000;
  for (const e of t.events) {
    if (e.at > x) break;
    const display = e.type === 'half_time' ? 45 : e.type === 'full_time' ? 90 : e.minute;
    if (e.type === 'danger') {
      if (x < e.at + stopMatchMinutes) {
        const until = o.startsAt.getTime() + realMs(e.at, s) + s.betStopMs;
        stopUntil = Math.max(stopUntil ?? 0, until);
      }
    } else if (e.type === 'goal') {
      score[e.side] = e.score[e.side];
      incidents.push({ minute: display, type: 'goal', side: e.side, score: [e.score[0], e.score[1]] });
    } else if (e.type === 'yellow') {
      incidents.push({ minute: display, type: 'yellow', side: e.side, score: null });
    } else if (e.type === 'half_time' || e.type === 'full_time') {
      incidents.push({ minute: display, type: e.type, side: null, score: [e.score[0], e.score[1]] });
    } else {
      reds[e.side]++;
      factor[e.side] *= RED_SCORES[0];
      factor[e.side === 0 ? 1 : 0] *= RED_SCORES[1];
      incidents.push({ minute: display, type: 'red', side: e.side, score: null });
    }
  }
  const htScore = x >= t.firstEnd ? ([t.ht[0], t.ht[1]] as [number, number]) : null;
  if (x >= t.fullEnd) {
    const state: FeedLiveState = {
      status: 'live',
      period: '2h',
      minute: 90,
      score: [t.ft[0], t.ft[1]],
      htScore,
      redCards: reds,
      incidents,
    };
    return { phase: 'ended', score: [t.ft[0], t.ft[1]], ht: [t.ht[0], t.ht[1]], state };
  }
  let period: FeedLiveState['period'];
  let minute: number;
  let priceMinute: number;
  if (x < t.firstEnd) {
    period = '1h';
    minute = Math.min(45, Math.floor(x) + 1);
    priceMinute = Math.min(45, Math.floor(x));
  } else if (x < t.secondStart) {
    period = 'ht';
    minute = 45;
    priceMinute = 45;
  } else {
    period = '2h';
    minute = Math.min(90, 46 + Math.floor(x - t.secondStart));
    priceMinute = Math.min(90, 45 + Math.floor(x - t.secondStart));
  }
  const state: FeedLiveState = { status: 'live', period, minute, score, htScore, redCards: reds, incidents };
  const live: InPlay = { minute: priceMinute, score, factor, ...(htScore ? { htScore } : {}) };
  return { phase: 'live', state, live, betStopUntil: stopUntil === null ? null : new Date(stopUntil) };
}

type OpenEvent = {
  id: number;
  external_id: string;
  starts_at: Date;
  rates: MatchRates | null;
  seed: number | null;
  status: string;
  bet_stop_until: Date | null;
  suspended: boolean;
};

/** What was last sent per event (this process): an unchanged minute sends nothing. */
const lastSent = new Map<string, string>();

/**
 * One beat of the feed for a tenant: the heartbeat, then every started match's state and prices, bet stops around
 * dangerous moments, results at full time, and fresh prices for a pre-match event the watchdog suspended.
 */
export async function tickTenant(db: Db, sink: FeedSink, tenantId: number, now: Date, s: FeedSettings): Promise<void> {
  const ctx: FeedContext = { tenantId, feed: SIM_FEED, now };
  await sink(ctx, [{ type: 'alive' }]);
  const { rows } = await db.query<OpenEvent>(
    `select e.id, e.external_id, e.starts_at, e.rates, e.seed, e.status, e.bet_stop_until,
        (not e.operator_hold and exists (select 1 from sports_markets m where m.event_id = e.id
          and m.status = 'suspended')) as suspended
      from sports_events e
      where e.tenant_id = $1 and e.feed = $2 and e.status in ('not_started', 'live')
        and (e.starts_at <= $3 or (not e.operator_hold
          and exists (select 1 from sports_markets m where m.event_id = e.id and m.status = 'suspended')))
      order by e.starts_at limit 200`,
    [tenantId, SIM_FEED, now],
  );
  if (rows.length === 0) return;
  const margins = await marginsOf(db, tenantId);
  for (const e of rows) {
    if (!e.rates || e.seed === null) continue;
    const key = `${tenantId}:${e.id}`;
    const m = momentOf({ startsAt: e.starts_at, rates: e.rates, seed: Number(e.seed) }, now, s);
    const stoppedInDb = e.bet_stop_until !== null;
    if (m.phase === 'pre') {
      if (!e.suspended || (stoppedInDb && e.bet_stop_until!.getTime() > now.getTime())) continue;
      await sink(ctx, [
        { type: 'odds_change', event: e.external_id, markets: bookOf(e.rates, { margins }), complete: true },
      ]);
      continue;
    }
    if (m.phase === 'ended') {
      await sink(ctx, [
        { type: 'odds_change', event: e.external_id, state: m.state, markets: [] },
        { type: 'result', event: e.external_id, score: m.score, htScore: m.ht },
      ]);
      lastSent.delete(key);
      continue;
    }
    const stopping = m.betStopUntil !== null && m.betStopUntil.getTime() > now.getTime();
    const sig = `${m.state.period}:${m.live.minute}:${m.state.score}:${m.state.redCards}:${m.state.incidents.length}:${stopping}`;
    // Markets suspended outside a bet stop were the watchdog's: send the prices again to reopen them.
    if (lastSent.get(key) === sig && !(e.suspended && !stopping)) continue;
    const msgs: FeedMessage[] = [];
    if (stopping && (!stoppedInDb || e.bet_stop_until!.getTime() < m.betStopUntil!.getTime()))
      msgs.push({ type: 'bet_stop', event: e.external_id, until: m.betStopUntil });
    msgs.push({
      type: 'odds_change',
      event: e.external_id,
      state: m.state,
      markets: bookOf(e.rates, { live: m.live, margins }),
      complete: true,
    });
    if (!stopping && stoppedInDb) msgs.push({ type: 'bet_start', event: e.external_id });
    await sink(ctx, msgs);
    lastSent.set(key, sig);
  }
  if (lastSent.size > 10_000) lastSent.clear();
}

/** The simulated feed as a FeedAdapter (a real provider's adapter sits beside it). */
export function simulatedFeed(s: FeedSettings) {
  return {
    name: SIM_FEED,
    tick: (db: Db, ctx: FeedContext, sink: FeedSink) => tickTenant(db, sink, ctx.tenantId, ctx.now, s),
    schedule: (db: Db, ctx: FeedContext, sink: FeedSink) => scheduleTenant(db, sink, ctx.tenantId, ctx.now, s),
  };
}
