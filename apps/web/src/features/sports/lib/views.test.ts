import type { OddsChangedPush, SportEventDetail, SportMarket } from '@sorte/contracts';
import { describe, expect, it } from 'vitest';
import { sportsbookView } from '../routes/sportsbook-page';
import { contrast, crestColors } from './colors';
import { groupMarkets } from './groups';
import { formatKickoff } from './kickoff';
import { marketOpen, patchDetailOdds, patchDetailState } from './patch';
import { DEFAULT_PREFS, parsePrefs } from './prefs';

const market = (id: number, kind: SportMarket['kind'], specifiers = '', version = 1): SportMarket => ({
  id,
  kind,
  specifiers,
  name: kind,
  status: 'active',
  version,
  outcomes: [
    { id: id * 10 + 1, code: '1', name: 'A', odds: 20_000, active: true },
    { id: id * 10 + 2, code: '2', name: 'B', odds: 18_000, active: true },
  ],
});

const team = (id: number) => ({
  id,
  name: `T${id}`,
  abbreviation: `T${id}`,
  colors: ['#000000', '#ffffff'] as [string, string],
});

const detail = (): SportEventDetail => ({
  id: 7,
  sport: 'football',
  tournament: { id: 1, slug: 'x', name: 'X', category: { slug: 'br', name: 'Brasil', country: 'BR' } },
  home: team(1),
  away: team(2),
  starts_at: '2026-11-28T18:00:00Z',
  status: 'live',
  live: { period: '1h', minute: 10, score: [0, 0], ht_score: null, red_cards: [0, 0], bet_stop: false },
  main_market: market(1, '1x2'),
  markets_count: 2,
  markets: [market(1, '1x2'), market(2, 'total', 'total=2.5')],
  incidents: [],
  result: null,
});

describe('event page pushes', () => {
  it('moves prices by outcome id and market version, in the market list and the list row alike', () => {
    const push: OddsChangedPush = {
      event_id: 7,
      markets: [{ id: 1, status: 'active', version: 2, outcomes: [{ id: 12, odds: 17_000, active: true }] }],
    };
    const e = patchDetailOdds(detail(), push);
    expect(e.markets[0]?.outcomes.map((o) => o.odds)).toEqual([20_000, 17_000]);
    expect(e.main_market?.outcomes[1]?.odds).toBe(17_000);
    expect(e.markets[1]?.outcomes[0]?.odds).toBe(20_000);
    // The same version again, or an older one, changes nothing.
    expect(patchDetailOdds(e, push)).toBe(e);
    const old = {
      ...push,
      markets: [{ ...push.markets[0]!, version: 1, outcomes: [{ id: 12, odds: 99_000, active: true }] }],
    };
    expect(patchDetailOdds(e, old)).toBe(e);
    // Another event's push is not this one's.
    expect(patchDetailOdds(e, { ...push, event_id: 8 })).toBe(e);
  });

  it('a bet stop locks every market; the score, clock and incidents follow EventUpdated', () => {
    const e = detail();
    const stopped = patchDetailState(e, {
      event_id: 7,
      status: 'live',
      live: { ...e.live!, minute: 33, bet_stop: true },
      incident: null,
    });
    expect(marketOpen(stopped, stopped.markets[0]!)).toBe(false);
    const goal = patchDetailState(stopped, {
      event_id: 7,
      status: 'live',
      live: { ...e.live!, minute: 34, score: [1, 0] },
      incident: { minute: 34, type: 'goal', side: 0, score: [1, 0] },
    });
    expect(goal.live?.score).toEqual([1, 0]);
    expect(goal.incidents).toHaveLength(1);
    expect(marketOpen(goal, goal.markets[0]!)).toBe(true);
    const again = patchDetailState(goal, {
      event_id: 7,
      status: 'live',
      live: goal.live,
      incident: { minute: 34, type: 'goal', side: 0, score: [1, 0] },
    });
    expect(again.incidents).toHaveLength(1);
    const ended = patchDetailState(goal, { event_id: 7, status: 'ended', live: goal.live, incident: null });
    expect(ended.result).toEqual([1, 0]);
    expect(marketOpen(ended, ended.markets[0]!)).toBe(false);
  });
});

describe('market groups', () => {
  it('puts the main markets first, then goals by line, handicap, correct score and the first half', () => {
    const groups = groupMarkets([
      market(5, 'ht_1x2'),
      market(4, 'total', 'total=3.5'),
      market(3, 'total', 'total=1.5'),
      market(2, 'btts'),
      market(1, '1x2'),
      market(6, 'asian_handicap', 'hcp=-0.25'),
      { ...market(7, 'correct_score'), status: 'deactivated' },
    ]);
    expect(groups.map((g) => g.group)).toEqual(['main', 'goals', 'handicap', 'first_half']);
    expect(groups[0]?.markets.map((m) => m.kind)).toEqual(['1x2', 'btts']);
    expect(groups[1]?.markets.map((m) => m.specifiers)).toEqual(['total=1.5', 'total=3.5']);
  });
});

describe('sportsbook paths', () => {
  it('reads the native book page from a /sportsbook path, in either language', () => {
    expect(sportsbookView('/sportsbook')).toEqual({ view: 'lobby' });
    expect(sportsbookView('/en/sportsbook/')).toEqual({ view: 'lobby' });
    expect(sportsbookView('/sportsbook/event/42')).toEqual({ view: 'event', id: 42 });
    expect(sportsbookView('/en/sportsbook/bets')).toEqual({ view: 'bets' });
    expect(sportsbookView('/sportsbook/brasileirao-serie-a')).toEqual({
      view: 'competition',
      slug: 'brasileirao-serie-a',
    });
    expect(sportsbookView('/sportsbook/event/abc')).toEqual({ view: 'competition', slug: 'abc' });
  });
});

describe('preferences and kick-off times', () => {
  it('falls back to the defaults for anything stored that is not a preference', () => {
    expect(parsePrefs(null)).toEqual(DEFAULT_PREFS);
    expect(parsePrefs('{"oddsFormat":"american","defaultStake":500,"acceptOdds":"higher"}')).toEqual({
      oddsFormat: 'american',
      defaultStake: 500,
      acceptOdds: 'higher',
    });
    expect(parsePrefs('{"oddsFormat":"roman","defaultStake":-1,"acceptOdds":"all"}')).toEqual(DEFAULT_PREFS);
  });

  it('says today and tomorrow in the tenant time zone', () => {
    const now = Date.parse('2026-11-28T12:00:00Z'); // 09:00 in São Paulo
    const tz = 'America/Sao_Paulo';
    expect(formatKickoff('2026-11-28T23:30:00Z', 'pt', tz, now)).toBe('Hoje, 20:30');
    expect(formatKickoff('2026-11-29T03:30:00Z', 'pt', tz, now)).toBe('Amanhã, 00:30');
    expect(formatKickoff('2026-12-02T19:00:00Z', 'pt', tz, now)).toBe('02/12, 16:00');
    expect(formatKickoff('2026-11-28T23:30:00Z', 'en', tz, now)).toBe('Today, 8:30 PM');
  });
});

describe('crests', () => {
  it("keeps a team's colours when its letters read, else black or white letters", () => {
    expect(crestColors(['#006437', '#ffffff'])).toEqual({ bg: '#006437', fg: '#ffffff' });
    expect(crestColors(['#1d8771', '#cfd6fc'])).toEqual({ bg: '#1d8771', fg: '#000000' });
    expect(crestColors(['#f5c400', '#ffffff'])).toEqual({ bg: '#f5c400', fg: '#000000' });
    expect(contrast(crestColors(['#877a1d', '#e2fccf']).bg, crestColors(['#877a1d', '#e2fccf']).fg)).toBeGreaterThan(
      4.5,
    );
    expect(crestColors(['red', 'blue'])).toEqual({ bg: '#3a4a5a', fg: '#ffffff' });
  });
});
