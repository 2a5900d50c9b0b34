import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../test/helpers';
import { findTenantByHost } from '../../tenants/index';
import type { FeedContext, FeedMessage } from '../feed/adapter';
import { bookOf } from '../feed/prices';
import { feedTestEvent, seedTestEvent, TEST_RATES } from './test-support';
import { applyMessages } from './writer';

/**
 * The catalog's sink: a replayed feed message updates and never duplicates, versions move only on a real change,
 * bet stops suspend and reopen, a result ends the event, and the test helper gives other parts a priced event.
 */

let app: FastifyInstance;
let tenantId: number;

beforeAll(async () => {
  app = await testApp();
  tenantId = (await findTenantByHost(app.db, 'localhost'))!.id;
}, 60_000);
afterAll(() => app.close());

const count = async (table: string) =>
  Number(
    (await app.db.query<{ n: number }>(`select count(*)::int as n from ${table} where tenant_id = $1`, [tenantId]))
      .rows[0]!.n,
  );

const fixture = (event: string, startsAt: Date): FeedMessage => ({
  type: 'fixture',
  event,
  sport: { slug: 'football', name: { pt: 'Futebol', en: 'Football' } },
  category: { slug: 'brasil', name: { pt: 'Brasil', en: 'Brazil' }, country: 'BR' },
  tournament: {
    id: 'br.1',
    slug: 'brasileirao-serie-a',
    name: { pt: 'Brasileirão Série A', en: 'Brasileirão Série A' },
  },
  home: { id: 'Flamengo', name: 'Flamengo', abbreviation: 'FLA', colors: ['#cc0000', '#000000'] },
  away: { id: 'Palmeiras', name: 'Palmeiras', abbreviation: 'PAL', colors: ['#006437', '#ffffff'] },
  startsAt,
  rates: TEST_RATES,
  seed: 7,
});

describe('the sink', () => {
  it('applies a replayed fixture and odds change once: same rows, same versions', async () => {
    const now = new Date();
    const ctx: FeedContext = { tenantId, feed: 'replay', now };
    const msgs: FeedMessage[] = [
      fixture('ev-1', new Date(now.getTime() + 3_600_000)),
      { type: 'odds_change', event: 'ev-1', markets: bookOf(TEST_RATES), complete: true },
    ];
    const before = { events: await count('sports_events'), markets: await count('sports_markets') };
    const first = await applyMessages(app.db, ctx, msgs);
    expect(first.some((p) => p.event === 'OddsChanged')).toBe(true);
    const after1 = {
      events: await count('sports_events'),
      markets: await count('sports_markets'),
      outcomes: await count('sports_outcomes'),
    };
    expect(after1.events).toBe(before.events + 1);
    const ev = (
      await app.db.query<{ id: number; version: number }>(
        `select id, version from sports_events where feed = 'replay' and external_id = 'ev-1'`,
      )
    ).rows[0]!;
    const second = await applyMessages(app.db, ctx, msgs);
    expect(second).toEqual([]);
    expect({
      events: await count('sports_events'),
      markets: await count('sports_markets'),
      outcomes: await count('sports_outcomes'),
    }).toEqual(after1);
    const again = (await app.db.query<{ version: number }>('select version from sports_events where id = $1', [ev.id]))
      .rows[0]!;
    expect(again.version).toBe(ev.version);

    // A real move: one market's price changes, its version and the event's go up, nothing else does.
    const wider = bookOf(TEST_RATES, { margins: { '1x2': 0.1 } });
    const moved = await applyMessages(app.db, ctx, [{ type: 'odds_change', event: 'ev-1', markets: wider }]);
    const push = moved.find((p) => p.event === 'OddsChanged')!.data as { markets: { id: number; version: number }[] };
    const oneX2 = (
      await app.db.query<{ id: number }>(`select id from sports_markets where event_id = $1 and kind = '1x2'`, [ev.id])
    ).rows[0]!;
    expect(push.markets.map((m) => [m.id, m.version])).toEqual([[oneX2.id, 2]]);
    const bumped = (await app.db.query<{ version: number }>('select version from sports_events where id = $1', [ev.id]))
      .rows[0]!;
    expect(bumped.version).toBe(ev.version + 1);
  });

  it('a second feed naming the same tournament gets its own row and slug', async () => {
    const now = new Date();
    await applyMessages(app.db, { tenantId, feed: 'replay', now }, [
      fixture('ev-2', new Date(now.getTime() + 7_200_000)),
    ]);
    await applyMessages(app.db, { tenantId, feed: 'other', now }, [
      fixture('ev-2', new Date(now.getTime() + 7_200_000)),
    ]);
    const { rows } = await app.db.query<{ feed: string; slug: string }>(
      `select feed, slug from sports_tournaments where tenant_id = $1 and external_id = 'br.1' order by feed`,
      [tenantId],
    );
    expect(rows).toEqual([
      { feed: 'other', slug: 'brasileirao-serie-a-other' },
      { feed: 'replay', slug: 'brasileirao-serie-a' },
    ]);
  });

  it('a bet stop suspends every market, bet start reopens them; a result ends the event and closes its markets', async () => {
    const e = await seedTestEvent(app.db, tenantId, { live: { minute: 30 } });
    const statuses = async () =>
      (
        await app.db.query<{ status: string }>('select distinct status from sports_markets where event_id = $1', [e.id])
      ).rows.map((r) => r.status);
    expect(await statuses()).toEqual(['active']);
    await feedTestEvent(app.db, tenantId, e, { betStop: true });
    expect(await statuses()).toEqual(['suspended']);
    await feedTestEvent(app.db, tenantId, e, { betStart: true });
    expect(await statuses()).toEqual(['active']);
    await feedTestEvent(app.db, tenantId, e, { result: [2, 1], ht: [1, 0] });
    const row = (
      await app.db.query<{ status: string; result_home: number; result_away: number; ht_home: number }>(
        'select status, result_home, result_away, ht_home from sports_events where id = $1',
        [e.id],
      )
    ).rows[0]!;
    expect(row).toEqual({ status: 'ended', result_home: 2, result_away: 1, ht_home: 1 });
    expect(await statuses()).toEqual(['suspended']);
    // The feed cannot reopen a finished match.
    await feedTestEvent(app.db, tenantId, e, { betStart: true });
    const after = await applyMessages(app.db, { tenantId, feed: e.feed, now: new Date() }, [
      { type: 'odds_change', event: e.externalId, markets: bookOf(TEST_RATES) },
    ]);
    expect(after).toEqual([]);
  });

  it('a rollback goes to settlement and withdraws the result; a corrected result then stands; a cancel window is handed over', async () => {
    const e = await seedTestEvent(app.db, tenantId, { live: { minute: 80, score: [2, 1] } });
    await feedTestEvent(app.db, tenantId, e, { result: [2, 1], ht: [1, 1] });
    const ctx = { tenantId, feed: e.feed, now: new Date() };
    const result = async () =>
      (
        await app.db.query<{ status: string; result_home: number | null; result_away: number | null }>(
          'select status, result_home, result_away from sports_events where id = $1',
          [e.id],
        )
      ).rows[0]!;
    await applyMessages(app.db, ctx, [{ type: 'rollback_bet_settlement', event: e.externalId, reason: 'wrong goal' }]);
    expect(await result()).toEqual({ status: 'ended', result_home: null, result_away: null });
    await applyMessages(app.db, ctx, [{ type: 'result', event: e.externalId, score: [1, 1], htScore: [1, 1] }]);
    expect(await result()).toEqual({ status: 'ended', result_home: 1, result_away: 1 });
    const before = Date.now();
    await applyMessages(app.db, ctx, [
      { type: 'bet_cancel', event: e.externalId, from: new Date(before - 60_000), to: new Date(before), reason: 'x' },
    ]);
    // Messages about an event the catalog never heard of change nothing.
    await expect(
      applyMessages(app.db, ctx, [{ type: 'rollback_bet_settlement', event: 'nope', reason: 'x' }]),
    ).resolves.toEqual([]);
  });

  it('seedTestEvent gives a priced pre-match event with every market and outcome ids', async () => {
    const e = await seedTestEvent(app.db, tenantId);
    const kinds = new Set(e.markets.map((m) => m.kind));
    for (const k of [
      '1x2',
      'double_chance',
      'draw_no_bet',
      'total',
      'btts',
      'asian_handicap',
      'correct_score',
      'ht_1x2',
    ])
      expect(kinds.has(k as never), k).toBe(true);
    expect(e.outcome('total', 'over', 'total=2.5').odds).toBeGreaterThan(10_000);
    expect(e.outcome('1x2', '1').odds).toBeLessThan(e.outcome('1x2', '2').odds!);
  });
});
