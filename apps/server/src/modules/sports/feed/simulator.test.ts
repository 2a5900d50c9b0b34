import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connected, listen, pusherClient, tenantKey, waitFor } from '../../../platform/realtime/test-support';
import { testApp } from '../../../test/helpers';
import { seedTestEvent } from '../catalog/test-support';
import { catalogSink } from '../catalog/writer';
import { COMPETITIONS, competitorOf, fittedCompetition } from './competitions';
import { feedSettings, SIM_FEED } from './config';
import { fixtureMessage, momentOf, planFixtures, scheduleTenant, tickTenant, timelineOf } from './simulator';
import { suspendQuietEvents } from './watchdog';

/**
 * The simulated feed with a moved clock: the schedule keeps the lobby filled with real pairings and several matches
 * live at once; a match kicks off, scores, its prices move the way a bettor expects (a home goal shortens the home
 * price, time running shortens the under), a bet stop suspends then reopens, a quiet feed has every market
 * suspended, full time writes the result, and the pushes reach the event's public channel.
 */

const s = feedSettings({ timeScale: 6 });
let app: FastifyInstance;
let tenantId: number;
let port: number;
const T0 = new Date('2026-11-28T12:00:00Z');

beforeAll(async () => {
  app = await testApp();
  port = await listen(app);
  tenantId = (await tenantKey(app)).tenantId;
}, 60_000);
afterAll(() => app.close());

const sink = () => catalogSink(app.db);

type Ev = { id: number; external_id: string; starts_at: Date; rates: never; seed: number; status: string };
const event = async (external: string) =>
  (
    await app.db.query<Ev & { score_home: number; score_away: number; result_home: number | null; period: string }>(
      `select * from sports_events where tenant_id = $1 and feed = $2 and external_id = $3`,
      [tenantId, SIM_FEED, external],
    )
  ).rows[0]!;
const odds = async (eventId: number, kind: string, code: string, specifiers = '') =>
  (
    await app.db.query<{ odds: number; status: string }>(
      `select o.odds, m.status from sports_outcomes o join sports_markets m on m.id = o.market_id
        where m.event_id = $1 and m.kind = $2 and m.specifiers = $3 and o.code = $4`,
      [eventId, kind, specifiers, code],
    )
  ).rows[0]!;
const statuses = async (eventId: number) =>
  (
    await app.db.query<{ status: string }>(
      `select distinct status from sports_markets where event_id = $1 and status <> 'deactivated' order by 1`,
      [eventId],
    )
  ).rows.map((r) => r.status);
const atScale = (startsAt: Date, matchMinutes: number, st: { timeScale: number }) =>
  new Date(startsAt.getTime() + Math.ceil((matchMinutes * 60_000) / st.timeScale));
const at = (startsAt: Date, matchMinutes: number) =>
  new Date(startsAt.getTime() + (matchMinutes * 60_000) / s.timeScale);

describe('the schedule', () => {
  it('is the same for the same clock, fills two days with real pairings and keeps several matches live', () => {
    const a = planFixtures(T0, s);
    expect(planFixtures(T0, s).map((f) => f.event)).toEqual(a.map((f) => f.event));
    expect(new Set(a.map((f) => f.event)).size).toBe(a.length);
    const last = Math.max(...a.map((f) => f.startsAt.getTime()));
    // The competitions' kick-off slots run from midday to past midnight (UTC) over the next two days.
    expect(last - T0.getTime()).toBeGreaterThan(36 * 3_600_000);
    expect(last - T0.getTime()).toBeLessThanOrEqual(s.horizonMs);
    for (const f of a) {
      const pairs = fittedCompetition(f.competition).pairings;
      expect(pairs.some((p) => p.home === f.home && p.away === f.away)).toBe(true);
      expect(f.home).not.toBe(f.away);
    }
    // Every competition plays; at each moment of the next two hours several matches are in play.
    expect(new Set(a.map((f) => f.competition.id)).size).toBe(COMPETITIONS.length);
    for (let m = 0; m < 120; m += 7) {
      const t = T0.getTime() + m * 60_000;
      const live = a.filter(
        (f) => f.startsAt.getTime() <= t && t < f.startsAt.getTime() + (110 * 60_000) / s.timeScale,
      );
      expect(live.length, `minute ${m}`).toBeGreaterThanOrEqual(3);
    }
  });

  it('crests: three letters and two colours, the same for the same name', () => {
    const fla = competitorOf('CR Flamengo');
    expect(fla.abbreviation).toMatch(/^[A-Z0-9]{3}$/);
    expect(fla.colors).toEqual(competitorOf('CR Flamengo').colors);
    expect(fla.colors.every((c) => /^#[0-9a-f]{6}$/.test(c))).toBe(true);
    expect(competitorOf('Goiás GO', 'br.2').name).toBe('Goiás');
    expect(competitorOf('Defensor SC (URU)').name).toBe('Defensor SC');
    expect(competitorOf('Manchester City FC').abbreviation).toBe('MCI');
  });

  it('writes the fixtures once: a second run adds nothing', async () => {
    const added = await scheduleTenant(app.db, sink(), tenantId, T0, s);
    expect(added).toBe(planFixtures(T0, s).length);
    expect(await scheduleTenant(app.db, sink(), tenantId, T0, s)).toBe(0);
    const later = new Date(T0.getTime() + 3_600_000);
    const more = await scheduleTenant(app.db, sink(), tenantId, later, s);
    expect(more).toBeGreaterThan(0);
    expect(more).toBeLessThan(added);
  }, 120_000);

  it("prices with the tenant's own margins", async () => {
    const other = (await tenantKey(app, 'regulado.localhost')).tenantId;
    await app.db.query(`insert into sports_settings (tenant_id, margins) values ($1, '{"1x2": 0.2}')`, [other]);
    expect(await scheduleTenant(app.db, sink(), other, T0, s, 1)).toBe(1);
    const { rows } = await app.db.query<{ tenant_id: number; overround: number }>(
      `select e.tenant_id, sum(10000.0 / o.odds) as overround
        from sports_events e join sports_markets m on m.event_id = e.id and m.kind = '1x2'
          join sports_outcomes o on o.market_id = m.id
        where e.external_id = (select external_id from sports_events where tenant_id = $1) and e.feed = 'sim'
        group by e.tenant_id`,
      [other],
    );
    const by = new Map(rows.map((r) => [Number(r.tenant_id), Number(r.overround)]));
    expect(by.get(tenantId)!).toBeGreaterThan(1.04);
    expect(by.get(other)!).toBeGreaterThan(by.get(tenantId)! + 0.1);
  });
});

/** A scheduled match after T0 whose seed first scores for the home side after 20 minutes, with no red card by then. */
function pickMatch() {
  for (const f of planFixtures(T0, s)) {
    if (f.startsAt <= T0) continue;
    const fx = fixtureMessage(f);
    const t = timelineOf(fx.rates!, fx.seed!, s);
    const firstGoal = t.events.find((e) => e.type === 'goal');
    const red = t.events.find((e) => e.type === 'red');
    if (
      firstGoal?.type === 'goal' &&
      firstGoal.side === 0 &&
      firstGoal.at > 22 &&
      firstGoal.at < 44 &&
      (!red || red.at > 60)
    )
      return { f, fx, t, goal: firstGoal };
  }
  throw new Error('no suitable match in the schedule');
}

describe('a match', () => {
  it('kicks off, moves prices the right way, stops betting around the goal, and ends with the result', async () => {
    const { f, t, goal } = pickMatch();
    await scheduleTenant(app.db, sink(), tenantId, T0, s);
    const pre = await event(f.event);
    expect(pre.status).toBe('not_started');

    const pusher = pusherClient({ port, key: (await tenantKey(app)).key });
    await connected(pusher);
    const got: { event: string; data: { event_id: number } }[] = [];
    pusher.subscribe(`sports.event.${pre.id}`).bind_global((event: string, data: { event_id: number }) => {
      if (!event.startsWith('pusher')) got.push({ event: event.replace('App\\Events\\', ''), data });
    });
    await new Promise((r) => setTimeout(r, 200));

    // Kick-off: live, 0-0, minute 3.
    await tickTenant(app.db, sink(), tenantId, at(f.startsAt, 2.5), s);
    const e1 = await event(f.event);
    expect(e1.status).toBe('live');
    expect([e1.score_home, e1.score_away]).toEqual([0, 0]);

    // Time running with no goal shortens the under and lengthens the home win.
    const under5 = (await odds(pre.id, 'total', 'under', 'total=2.5')).odds;
    const home5 = (await odds(pre.id, '1x2', '1')).odds;
    await tickTenant(app.db, sink(), tenantId, at(f.startsAt, 20.5), s);
    const under20 = (await odds(pre.id, 'total', 'under', 'total=2.5')).odds;
    expect(under20).toBeLessThan(under5);
    expect((await odds(pre.id, '1x2', '1')).odds).toBeGreaterThan(home5);

    // The dangerous moment before the goal: every market suspended.
    const danger = t.events.filter((e) => e.type === 'danger' && e.at <= goal.at).at(-1)!;
    await tickTenant(app.db, sink(), tenantId, at(f.startsAt, danger.at + 0.01), s);
    expect(await statuses(pre.id)).toEqual(['suspended']);
    const homeBefore = (await odds(pre.id, '1x2', '1')).odds;

    // After the stop: the goal is in, markets reopen, the home price is shorter.
    const after = new Date(at(f.startsAt, danger.at).getTime() + s.betStopMs + 2_000);
    const late = t.events.find((e) => e.type === 'danger' && e.at > danger.at);
    expect(!late || at(f.startsAt, late.at) > after, 'no second danger inside the window').toBe(true);
    await tickTenant(app.db, sink(), tenantId, after, s);
    const e2 = await event(f.event);
    expect(e2.score_home).toBe(1);
    expect(await statuses(pre.id)).toEqual(['active']);
    expect((await odds(pre.id, '1x2', '1')).odds).toBeLessThan(homeBefore);

    // Half time closes the first-half market.
    await tickTenant(app.db, sink(), tenantId, at(f.startsAt, t.firstEnd + 1), s);
    expect((await event(f.event)).period).toBe('ht');
    expect((await odds(pre.id, 'ht_1x2', '1')).status).toBe('deactivated');

    // Full time: the result as the seeded match played it.
    await tickTenant(app.db, sink(), tenantId, at(f.startsAt, t.fullEnd + 0.5), s);
    const end = await event(f.event);
    expect(end.status).toBe('ended');
    expect([end.result_home, (end as unknown as { result_away: number }).result_away]).toEqual(t.ft);

    await waitFor(() => got.some((g) => g.event === 'OddsChanged') && got.some((g) => g.event === 'EventUpdated'));
    expect(got.every((g) => g.data.event_id === pre.id)).toBe(true);
    pusher.disconnect();
  }, 120_000);

  it('at any time scale every goal falls inside its bet stop', () => {
    for (const timeScale of [1, 6, 30]) {
      const st = feedSettings({ timeScale });
      for (const f of planFixtures(T0, st).slice(0, 40)) {
        const fx = fixtureMessage(f);
        for (const g of timelineOf(fx.rates!, fx.seed!, st).events) {
          if (g.type !== 'goal') continue;
          const m = momentOf(
            { startsAt: f.startsAt, rates: fx.rates!, seed: fx.seed! },
            atScale(f.startsAt, g.at, st),
            st,
          );
          expect(m.phase === 'live' && m.betStopUntil !== null, `${f.event} goal at ${g.at} x${timeScale}`).toBe(true);
        }
      }
    }
  });

  it('the moment is deterministic: the same seed and clock give the same state', () => {
    const { f, fx } = pickMatch();
    const when = at(f.startsAt, 70);
    const a = momentOf({ startsAt: f.startsAt, rates: fx.rates!, seed: fx.seed! }, when, s);
    const b = momentOf({ startsAt: f.startsAt, rates: fx.rates!, seed: fx.seed! }, when, s);
    expect(a).toEqual(b);
    expect(a.phase).toBe('live');
  });
});

describe('the heartbeat watchdog', () => {
  it('suspends every market of open events when the feed goes quiet; the feed reopens them', async () => {
    const now = new Date(T0.getTime() + 10 * 60_000);
    // An event of a feed that never sent a heartbeat (fed by hand) is not watched.
    const manual = await seedTestEvent(app.db, tenantId, { now });
    await scheduleTenant(app.db, sink(), tenantId, now, s);
    await tickTenant(app.db, sink(), tenantId, now, s);
    const open = async () =>
      (
        await app.db.query<{ n: number }>(
          `select count(*)::int as n from sports_markets m join sports_events e on e.id = m.event_id
            where e.tenant_id = $1 and e.status in ('not_started', 'live') and m.status = 'active'`,
          [tenantId],
        )
      ).rows[0]!.n;
    expect(await open()).toBeGreaterThan(0);
    expect(await suspendQuietEvents(app.db, new Date(now.getTime() + 5_000), s.quietMs)).toBe(0);
    const quiet = new Date(now.getTime() + s.quietMs + 1_000);
    expect(await suspendQuietEvents(app.db, quiet, s.quietMs)).toBeGreaterThan(0);
    expect(await open()).toBe(
      (await app.db.query('select 1 from sports_markets where event_id = $1', [manual.id])).rows.length,
    );
    await tickTenant(app.db, sink(), tenantId, quiet, s);
    expect(await open()).toBeGreaterThan(0);
  }, 120_000);
});
