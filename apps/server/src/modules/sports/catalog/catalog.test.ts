import { SportEventReply, SportEventsReply, SportsReply } from '@sorte/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client } from '../../../test/accounts';
import { testApp } from '../../../test/helpers';
import { findTenantByHost } from '../../tenants/index';
import { feedSettings } from '../feed/config';
import { scheduleTenant, tickTenant } from '../feed/simulator';
import { feedTestEvent, seedTestEvent } from './test-support';
import { catalogSink } from './writer';

/**
 * The catalog API as the lobby and the event page read it: sports with their competitions and counts, a page of
 * events (live first, then by kick-off) with filters and paging, one event with every market named in the
 * player's language, suspended markets shown suspended, unknown ids answered 404 in the player's language, and
 * each tenant seeing only its own book.
 */

let app: FastifyInstance;
let tenantId: number;
let otherId: number;
const OTHER = 'regulado.localhost';

beforeAll(async () => {
  app = await testApp();
  tenantId = (await findTenantByHost(app.db, 'localhost'))!.id;
  otherId = (await findTenantByHost(app.db, OTHER))!.id;
  // A full simulated book for the demo tenant, at a moment where several matches are in play.
  const s = feedSettings({ timeScale: 6 });
  const now = new Date();
  await scheduleTenant(app.db, catalogSink(app.db), tenantId, now, s);
  await tickTenant(app.db, catalogSink(app.db), tenantId, now, s);
}, 120_000);
afterAll(() => app.close());

const get = (url: string, headers: Record<string, string> = {}, host = 'localhost') =>
  client(app, { host }).get(url, headers);

describe('GET /api/sports', () => {
  it('lists football with its competitions, open and live counts', async () => {
    const res = await get('/api/sports');
    expect(res.statusCode, res.body).toBe(200);
    const body = SportsReply.parse(res.json());
    const football = body.data.find((s) => s.slug === 'football')!;
    expect(football.name).toBe('Futebol');
    expect(football.events).toBeGreaterThan(20);
    expect(football.live).toBeGreaterThan(0);
    expect(football.tournaments.map((t) => t.slug)).toContain('brasileirao-serie-a');
    const br = football.tournaments.find((t) => t.slug === 'brasileirao-serie-a')!;
    expect(br.category).toEqual({ slug: 'brasil', name: 'Brasil', country: 'BR' });
    expect(football.tournaments.reduce((n, t) => n + t.events, 0)).toBe(football.events);
    const en = SportsReply.parse((await get('/api/sports', { 'accept-language': 'en' })).json());
    expect(en.data.find((s) => s.slug === 'football')!.name).toBe('Football');
  });
});

describe('GET /api/sports/events', () => {
  it('pages open events, live ones first, then by kick-off', async () => {
    const res = await get('/api/sports/events');
    expect(res.statusCode, res.body).toBe(200);
    const p1 = SportEventsReply.parse(res.json());
    expect(p1.current_page).toBe(1);
    expect(p1.per_page).toBe(20);
    expect(p1.data).toHaveLength(20);
    expect(p1.last_page).toBe(Math.ceil(p1.total / 20));
    const firstNotLive = p1.data.findIndex((e) => e.status !== 'live');
    expect(firstNotLive).toBeGreaterThan(0);
    expect(p1.data.slice(firstNotLive).every((e) => e.status === 'not_started')).toBe(true);
    const live = p1.data.find((e) => e.status === 'live')!;
    expect(live.live).not.toBeNull();
    expect(live.main_market!.kind).toBe('1x2');
    expect(live.main_market!.outcomes.map((o) => o.code)).toEqual(['1', 'X', '2']);
    expect(live.main_market!.outcomes[0]!.name).toBe(live.home.name);
    expect(live.home.abbreviation).toMatch(/^[A-Z0-9]{3}$/);
    const pre = p1.data[firstNotLive]!;
    expect(pre.live).toBeNull();
    expect(pre.markets_count).toBeGreaterThan(10);
    const starts = p1.data.slice(firstNotLive).map((e) => e.starts_at);
    expect([...starts].sort()).toEqual(starts);

    const p2 = SportEventsReply.parse((await get('/api/sports/events?page=2')).json());
    expect(p2.current_page).toBe(2);
    const ids1 = new Set(p1.data.map((e) => e.id));
    expect(p2.data.some((e) => ids1.has(e.id))).toBe(false);
    const beyond = SportEventsReply.parse((await get(`/api/sports/events?page=${p1.last_page + 1}`)).json());
    expect(beyond.data).toEqual([]);
    expect(beyond.total).toBe(p1.total);
  });

  it('filters by live, tournament, sport and a name search', async () => {
    const live = SportEventsReply.parse((await get('/api/sports/events?live=1')).json());
    expect(live.total).toBeGreaterThan(0);
    expect(live.data.every((e) => e.status === 'live')).toBe(true);
    const pre = SportEventsReply.parse((await get('/api/sports/events?live=0')).json());
    expect(pre.data.every((e) => e.status === 'not_started')).toBe(true);
    const all = SportEventsReply.parse((await get('/api/sports/events')).json());
    expect(live.total + pre.total).toBe(all.total);

    const t = all.data[0]!.tournament;
    const byT = SportEventsReply.parse((await get(`/api/sports/events?tournament=${t.id}`)).json());
    expect(byT.total).toBeGreaterThan(0);
    expect(byT.data.every((e) => e.tournament.id === t.id)).toBe(true);
    expect(SportEventsReply.parse((await get('/api/sports/events?sport=tennis')).json()).total).toBe(0);
    expect(SportEventsReply.parse((await get('/api/sports/events?sport=football')).json()).total).toBe(all.total);

    const team = all.data[0]!.home.name;
    const q = SportEventsReply.parse(
      (await get(`/api/sports/events?q=${encodeURIComponent(team.slice(0, 5))}`)).json(),
    );
    expect(q.data.some((e) => e.home.name === team || e.away.name === team)).toBe(true);
    expect(SportEventsReply.parse((await get('/api/sports/events?q=%25%25')).json()).total).toBe(0);
    const bad = await get('/api/sports/events?page=0');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toBeTruthy();
  });
});

describe('GET /api/sports/events/{id}', () => {
  it('gives every market with named outcomes, odds and versions; suspended markets show suspended', async () => {
    const e = await seedTestEvent(app.db, tenantId, { home: 'Flamengo', away: 'Palmeiras' });
    const res = await get(`/api/sports/events/${e.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const { event } = SportEventReply.parse(res.json());
    expect(event.home.name).toBe('Flamengo');
    expect(event.markets.length).toBe(e.markets.length);
    const total = event.markets.find((m) => m.kind === 'total' && m.specifiers === 'total=2.5')!;
    expect(total.name).toBe('Total de gols 2.5');
    expect(total.outcomes.map((o) => o.name)).toEqual(['Mais de 2.5', 'Menos de 2.5']);
    expect(total.outcomes[0]!.id).toBe(e.outcome('total', 'over', 'total=2.5').id);
    expect(total.outcomes[0]!.odds).toBe(e.outcome('total', 'over', 'total=2.5').odds);
    expect(event.markets.every((m) => m.status === 'active' && m.version >= 1)).toBe(true);
    expect(event.result).toBeNull();
    const en = SportEventReply.parse((await get(`/api/sports/events/${e.id}`, { 'accept-language': 'en' })).json());
    expect(en.event.markets.find((m) => m.kind === '1x2')!.name).toBe('Match result');
    expect(en.event.markets.find((m) => m.kind === '1x2')!.outcomes[1]!.name).toBe('Draw');

    await feedTestEvent(app.db, tenantId, e, { betStop: true });
    const stopped = SportEventReply.parse((await get(`/api/sports/events/${e.id}`)).json()).event;
    expect(stopped.markets.every((m) => m.status === 'suspended')).toBe(true);
    expect(stopped.markets.every((m) => m.version >= 2)).toBe(true);
  });

  it('a live event has its score, clock and incidents; an ended one its result', async () => {
    const e = await seedTestEvent(app.db, tenantId, { live: { minute: 60, score: [1, 0] } });
    const live = SportEventReply.parse((await get(`/api/sports/events/${e.id}`)).json()).event;
    expect(live.status).toBe('live');
    expect(live.live).toMatchObject({ period: '2h', minute: 60, score: [1, 0], bet_stop: false });
    expect(live.markets.some((m) => m.kind === 'ht_1x2')).toBe(false);
    await feedTestEvent(app.db, tenantId, e, { result: [2, 0], ht: [1, 0] });
    const ended = SportEventReply.parse((await get(`/api/sports/events/${e.id}`)).json()).event;
    expect(ended.status).toBe('ended');
    expect(ended.result).toEqual([2, 0]);
    expect(ended.live).toBeNull();
  });

  it('an unknown id is 404 in the player language; another tenant cannot see the event', async () => {
    const e = await seedTestEvent(app.db, tenantId);
    const pt = await get('/api/sports/events/999999999');
    expect(pt.statusCode).toBe(404);
    expect(pt.json().message).toBe('Evento não encontrado.');
    const en = await get('/api/sports/events/999999999', { 'accept-language': 'en' });
    expect(en.json().message).toBe('Event not found.');
    expect((await get('/api/sports/events/abc')).statusCode).toBeLessThan(500);

    const other = await get(`/api/sports/events/${e.id}`, {}, OTHER);
    expect(other.statusCode).toBe(404);
    const mine = await seedTestEvent(app.db, otherId, { home: 'Only Here', away: 'Nowhere Else' });
    const list = SportEventsReply.parse((await get('/api/sports/events', {}, OTHER)).json());
    expect(list.data.map((x) => x.id)).toEqual([mine.id]);
    const lobby = SportEventsReply.parse((await get('/api/sports/events?q=Only%20Here')).json());
    expect(lobby.total).toBe(0);
  });
});
