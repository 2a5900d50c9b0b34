import type { StaffRole } from '@sorte/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client } from '../../test/accounts';
import { testApp } from '../../test/helpers';
import { TEST_BOX_SPEC } from '../boxes/test-support';
import { cashOf, demoTenantId, fundedPlayer } from '../casino/test-support';
import { SPORTS_COMMANDS } from '../sports/index';
import { type SeededEvent, seedTestEvent } from '../sports/test-support';
import { createTenant } from '../tenants/index';
import { staffCall, type TestStaff, testStaff } from './test-support';

/**
 * The console's catalog: who may read and change games, providers, boxes and the sportsbook; tenant isolation; the
 * audit rows; a box table refused with the boxes module's own errors in both languages; the desk's hold and a
 * settlement that pays exactly as sports:settle does.
 */

let app: FastifyInstance;
let tenantA: number;
let tenantB: number;
const HOST_B = 'catalogo-b.test';

beforeAll(async () => {
  app = await testApp({ tenantCacheTtlMs: 0, tenantNegativeCacheTtlMs: 0 });
  tenantA = await demoTenantId(app);
  tenantB = (await createTenant(app.db, { name: 'Catálogo B', host: HOST_B })).id;
}, 60_000);
afterAll(() => app.close());

const staff = (role: StaffRole, tenantId: number | null = tenantA) =>
  testStaff(app, role, { tenantId, host: tenantId === tenantB ? HOST_B : 'localhost' });
const call = (s: TestStaff, method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, body?: object) =>
  staffCall(app, s, method, url, body);

/** The newest audit row of an action, through the back office's own audit call. */
async function auditOf(action: string, tenantId = tenantA) {
  const owner = await staff('owner', tenantId);
  const res = await call(owner, 'GET', `/api/admin/audit?action=${action}&limit=1`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data[0] as { actor: string; ip: string | null; before: unknown; after: unknown } | undefined;
}

describe(`games and providers (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('lists games in keyset pages with filters; marketing changes one, audited; support neither', async () => {
    const mk = await staff('marketing');
    const first = await call(mk, 'GET', '/api/admin/catalog/games?limit=5');
    expect(first.statusCode, first.body).toBe(200);
    const p1 = first.json();
    expect(p1.data).toHaveLength(5);
    expect(p1.next_cursor).toBeTruthy();
    const p2 = (await call(mk, 'GET', `/api/admin/catalog/games?limit=5&cursor=${p1.next_cursor}`)).json();
    const ids = [...p1.data, ...p2.data].map((g: { id: number }) => g.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(p1.data.every((g: { tenant_id: number }) => g.tenant_id === tenantA)).toBe(true);

    const game = p1.data[0];
    const off = await call(mk, 'PATCH', `/api/admin/catalog/games/${game.id}`, { enabled: false, position: 7 });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().game).toMatchObject({ id: game.id, enabled: false, position: 7 });
    const disabled = (await call(mk, 'GET', '/api/admin/catalog/games?enabled=false&limit=100')).json();
    expect(disabled.data.map((g: { id: number }) => g.id)).toContain(game.id);
    const row = await auditOf('game.update');
    expect(row?.actor).toContain(`staff:${mk.id}`);
    expect(row?.ip).toBe('203.0.113.7');
    expect(row?.before).toMatchObject({ enabled: true });
    expect(row?.after).toMatchObject({ enabled: false, position: 7 });
    await call(mk, 'PATCH', `/api/admin/catalog/games/${game.id}`, { enabled: true });

    const support = await staff('support');
    // Support answers players: the lobby is not theirs to read or change.
    expect((await call(support, 'GET', '/api/admin/catalog/games')).statusCode).toBe(403);
    expect((await call(support, 'PATCH', `/api/admin/catalog/games/${game.id}`, { enabled: false })).statusCode).toBe(
      403,
    );
    const trader = await staff('trader');
    expect((await call(trader, 'GET', '/api/admin/catalog/games')).statusCode).toBe(403);

    // Bad input: a clear 4xx in the caller's language.
    const empty = await staffCall(app, mk, 'PATCH', `/api/admin/catalog/games/${game.id}`, {});
    expect(empty.statusCode).toBeGreaterThanOrEqual(400);
    expect(empty.statusCode).toBeLessThan(500);
    const badCursor = await call(mk, 'GET', '/api/admin/catalog/games?cursor=nope');
    expect(badCursor.statusCode).toBe(422);
  });

  it('keeps another tenant’s games and providers out of reach (404)', async () => {
    const own = (await call(await staff('marketing'), 'GET', '/api/admin/catalog/games?limit=1')).json().data[0];
    const other = await staff('marketing', tenantB);
    expect((await call(other, 'PATCH', `/api/admin/catalog/games/${own.id}`, { enabled: false })).statusCode).toBe(404);
    const mine = (await call(other, 'GET', '/api/admin/catalog/games?limit=100')).json();
    expect(mine.data.some((g: { id: number }) => g.id === own.id)).toBe(false);
    expect((await call(other, 'GET', `/api/admin/catalog/games?tenant=${tenantA}`)).statusCode).toBe(403);
    const provider = (await call(await staff('marketing'), 'GET', '/api/admin/catalog/providers')).json().data[0];
    expect(
      (await call(other, 'PATCH', `/api/admin/catalog/providers/${provider.id}`, { enabled: false })).statusCode,
    ).toBe(404);
  });

  it('disables and enables a provider, audited', async () => {
    const mk = await staff('marketing');
    const list = (await call(mk, 'GET', '/api/admin/catalog/providers')).json().data;
    const p = list.find((x: { games: number }) => x.games > 0);
    const res = await call(mk, 'PATCH', `/api/admin/catalog/providers/${p.id}`, { enabled: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().provider.enabled).toBe(false);
    expect((await auditOf('provider.update'))?.after).toMatchObject({ id: p.id, enabled: false });
    await call(mk, 'PATCH', `/api/admin/catalog/providers/${p.id}`, { enabled: true });
  });
});

it('imports the provider stand-in’s games into a tenant without any (marketing, audited); again changes nothing', async () => {
  const mk = await staff('marketing', tenantB);
  const first = await call(mk, 'POST', '/api/admin/catalog/providers/import', {});
  expect(first.statusCode, first.body).toBe(200);
  const games = first.json().games;
  expect(games).toBeGreaterThan(0);
  const listed = (await call(mk, 'GET', '/api/admin/catalog/games?limit=100')).json().data;
  expect(listed.length).toBeGreaterThan(0);
  expect(listed.every((g: { tenant_id: number }) => g.tenant_id === tenantB)).toBe(true);
  expect((await call(mk, 'POST', '/api/admin/catalog/providers/import', {})).json().games).toBe(games);
  expect((await auditOf('provider.import', tenantB))?.after).toMatchObject({ source: 'sandbox', games });
  expect(
    (await call(await staff('trader', tenantB), 'POST', '/api/admin/catalog/providers/import', {})).statusCode,
  ).toBe(403);
});

describe('boxes', () => {
  const badSpec = {
    ...TEST_BOX_SPEC,
    name: 'caixa-console-ruim',
    prizes: TEST_BOX_SPEC.prizes.map((p, i) => (i === 3 ? { ...p, tickets: [99_001, 99_990] } : p)),
  };

  it('previews a bad table with the module’s exact error in pt and en, and refuses to save it', async () => {
    const mk = await staff('marketing');
    const pre = await call(mk, 'POST', '/api/admin/catalog/boxes/preview', { spec: badSpec });
    expect(pre.statusCode, pre.body).toBe(200);
    expect(pre.json()).toMatchObject({
      ok: false,
      problem: {
        en: 'box caixa-console-ruim: the prize table does not cover tickets 1-100000 exactly: tickets 99991-100000 belong to no prize',
        pt: 'caixa caixa-console-ruim: a tabela de prêmios não cobre exatamente os bilhetes 1-100000: os bilhetes 99991-100000 não pertencem a nenhum prêmio',
      },
      rtp_e6: null,
    });
    const save = await call(mk, 'POST', '/api/admin/catalog/boxes', { spec: badSpec });
    expect(save.statusCode).toBe(400);
    expect(save.json().message ?? save.body).toContain('não pertencem a nenhum prêmio');
    const en = await app.inject({
      method: 'POST',
      url: '/api/admin/catalog/boxes',
      headers: { ...mk.headers, 'accept-language': 'en' },
      payload: { spec: badSpec },
    });
    expect(en.body).toContain('belong to no prize');
    const rtp = await call(mk, 'POST', '/api/admin/catalog/boxes/preview', {
      spec: { ...TEST_BOX_SPEC, name: 'caixa-rtp', price: 100, sell_price: 50 },
    });
    expect(rtp.json().problem.pt).toMatch(/^caixa caixa-rtp: o RTP é [\d.]+%, fora de 50%-99%$/);
  });

  it('creates a draft with its RTP, publishes and retires it, audited; another tenant gets 404; support cannot', async () => {
    const mk = await staff('marketing');
    const spec = { ...TEST_BOX_SPEC, name: 'caixa-console' };
    const pre = (await call(mk, 'POST', '/api/admin/catalog/boxes/preview', { spec })).json();
    expect(pre).toMatchObject({ ok: true, problem: null, rtp_e6: 880_000 });
    expect(pre.ranges[3]).toEqual({ from: 99_001, to: 100_000 });
    const saved = await call(mk, 'POST', '/api/admin/catalog/boxes', { spec });
    expect(saved.statusCode, saved.body).toBe(200);
    const id = saved.json().id;
    expect((await auditOf('box.create'))?.actor).toContain(`staff:${mk.id}`);

    const other = await staff('marketing', tenantB);
    expect((await call(other, 'GET', `/api/admin/catalog/boxes/${id}`)).statusCode).toBe(404);
    expect((await call(other, 'POST', `/api/admin/catalog/boxes/${id}/publish`)).statusCode).toBe(404);
    const support = await staff('support');
    expect((await call(support, 'POST', `/api/admin/catalog/boxes/${id}/publish`)).statusCode).toBe(403);

    const pub = await call(mk, 'POST', `/api/admin/catalog/boxes/${id}/publish`);
    expect(pub.statusCode, pub.body).toBe(200);
    expect(pub.json()).toMatchObject({ status: 'published', version: 1, rtp_e6: 880_000 });
    const detail = (await call(mk, 'GET', `/api/admin/catalog/boxes/${id}`)).json();
    expect(detail.box.status).toBe('published');
    expect(detail.versions[0].prizes).toHaveLength(4);
    const listed = (await call(mk, 'GET', '/api/admin/catalog/boxes')).json().data;
    expect(listed.some((b: { id: number }) => b.id === id)).toBe(true);
    expect((await call(mk, 'POST', `/api/admin/catalog/boxes/${id}/retire`)).json().status).toBe('retired');
    expect((await auditOf('box.retire'))?.after).toMatchObject({ id, status: 'retired' });
  });
});

describe('sportsbook', () => {
  let seq = 0;
  async function betOn(e: SeededEvent, cents = 100_000) {
    const p = await fundedPlayer(app, cents);
    const c = client(app, { token: p.token });
    const o = e.outcome('1x2', '1');
    const res = await c.post(
      '/api/sports/bets',
      { selections: [{ outcome_id: o.id, odds: o.odds }], stake: 1_000 },
      { 'idempotency-key': `console-${++seq}` },
    );
    expect(res.statusCode, res.body).toBeLessThan(300);
    return { id: p.id, bet: res.json().bet.id as number, odds: o.odds! };
  }

  it('lists events, suspends and resumes one (trader, audited); marketing cannot; another tenant gets 404', async () => {
    const e = await seedTestEvent(app.db, tenantA);
    const trader = await staff('trader');
    const list = (await call(trader, 'GET', '/api/admin/catalog/events?limit=100')).json();
    expect(list.data.some((x: { id: number }) => x.id === e.id)).toBe(true);
    const detail = (await call(trader, 'GET', `/api/admin/catalog/events/${e.id}`)).json();
    expect(detail.markets.length).toBeGreaterThan(0);

    expect((await call(await staff('marketing'), 'POST', `/api/admin/catalog/events/${e.id}/suspend`)).statusCode).toBe(
      403,
    );
    expect((await call(await staff('trader', tenantB), 'GET', `/api/admin/catalog/events/${e.id}`)).statusCode).toBe(
      404,
    );
    expect(
      (await call(await staff('trader', tenantB), 'POST', `/api/admin/catalog/events/${e.id}/suspend`)).statusCode,
    ).toBe(404);

    const held = await call(trader, 'POST', `/api/admin/catalog/events/${e.id}/suspend`);
    expect(held.statusCode, held.body).toBe(200);
    expect(held.json().event).toMatchObject({ operator_hold: true, active_markets: 0 });
    expect(held.json().changed).toBeGreaterThan(0);
    const audit = await auditOf('sports_event.suspend');
    expect(audit?.actor).toContain(`staff:${trader.id}`);
    expect(audit?.before).toMatchObject({ operator_hold: false });
    const resumed = await call(trader, 'POST', `/api/admin/catalog/events/${e.id}/resume`);
    expect(resumed.json().event.operator_hold).toBe(false);
    expect(resumed.json().event.active_markets).toBeGreaterThan(0);
  });

  it('settles from a score exactly as sports:settle does, audited; support cannot settle', async () => {
    const viaConsole = await seedTestEvent(app.db, tenantA);
    const viaCli = await seedTestEvent(app.db, tenantA);
    const a = await betOn(viaConsole);
    const b = await betOn(viaCli);
    const trader = await staff('trader');
    expect(
      (
        await call(await staff('support'), 'POST', `/api/admin/catalog/events/${viaConsole.id}/settle`, {
          mode: 'score',
          score: '2-1',
        })
      ).statusCode,
    ).toBe(403);
    const bad = await call(trader, 'POST', `/api/admin/catalog/events/${viaConsole.id}/settle`, {
      mode: 'score',
      score: '2-1',
      ht: '3-0',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain('intervalo');

    const res = await call(trader, 'POST', `/api/admin/catalog/events/${viaConsole.id}/settle`, {
      mode: 'score',
      score: '2-1',
      ht: '1-0',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ settled: 1, won: 1, paid: Math.floor((1_000 * a.odds) / 10_000) });
    expect(res.json().event).toMatchObject({ status: 'ended', result_home: 2, result_away: 1 });
    await SPORTS_COMMANDS['sports:settle']!.run(
      { db: app.db },
      { flags: { event: String(viaCli.id), score: '2-1', ht: '1-0' }, positional: [] },
    );
    const paid = async (p: { id: number; odds: number }) => (await cashOf(app, p.id)) - 99_000;
    expect(await paid(a)).toBe(Math.floor((1_000 * a.odds) / 10_000));
    expect(await paid(b)).toBe(Math.floor((1_000 * b.odds) / 10_000));
    const status = async (id: number) =>
      (await app.db.query<{ status: string }>('select status from sports_bets where id = $1', [id])).rows[0]!.status;
    expect(await status(a.bet)).toBe(await status(b.bet));
    const audit = await auditOf('sports_event.score');
    expect(audit?.after).toMatchObject({ settled: 1, request: { score: '2-1' } });

    // A rollback through the console reopens the bet, as sports:settle --rollback does.
    const back = await call(trader, 'POST', `/api/admin/catalog/events/${viaConsole.id}/settle`, {
      mode: 'rollback',
      reason: 'placar errado',
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().reopened).toBe(1);
    expect(await status(a.bet)).toBe('open');
  });

  it('shows and changes the book’s limits and margins (trader, audited); bad values are a 422 in pt and en', async () => {
    const trader = await staff('trader');
    const before = (await call(trader, 'GET', '/api/admin/catalog/sportsbook/limits')).json().limits;
    expect(before.min_stake).toBeGreaterThan(0);
    const res = await call(trader, 'PUT', '/api/admin/catalog/sportsbook/limits', {
      max_stake: 300_000,
      margins: { '1x2': 0.06 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().limits).toMatchObject({ max_stake: 300_000, margins: { '1x2': 0.06 } });
    const audit = await auditOf('sports_limits.update');
    expect(audit?.before).toMatchObject({ max_stake: before.max_stake });
    expect(audit?.after).toMatchObject({ max_stake: 300_000 });
    const bad = await call(trader, 'PUT', '/api/admin/catalog/sportsbook/limits', { max_stake: 1 });
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain('aposta máxima');
    const en = await app.inject({
      method: 'PUT',
      url: '/api/admin/catalog/sportsbook/limits',
      headers: { ...trader.headers, 'accept-language': 'en' },
      payload: { margins: { '1x2': 0.7 } },
    });
    expect(en.statusCode).toBe(422);
    expect(en.body).toContain('A margin is a fraction');
    expect(
      (await call(await staff('marketing'), 'PUT', '/api/admin/catalog/sportsbook/limits', { max_stake: 400_000 }))
        .statusCode,
    ).toBe(403);
  });
});
