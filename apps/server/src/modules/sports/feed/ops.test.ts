import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UsageError } from '../../../platform/ops';
import { testApp } from '../../../test/helpers';
import { findTenantByHost } from '../../tenants/index';
import { feedTestEvent, seedTestEvent, TEST_RATES } from '../catalog/test-support';
import { applyMessages } from '../catalog/writer';
import { FEED_COMMANDS } from './ops';
import { bookOf } from './prices';

/** The feed's operator commands: the events table, and a hold the feed cannot lift. */

let app: FastifyInstance;
let tenantId: number;

beforeAll(async () => {
  app = await testApp();
  tenantId = (await findTenantByHost(app.db, 'localhost'))!.id;
}, 60_000);
afterAll(() => app.close());

const ops = (name: string, flags: Record<string, string | true>) =>
  FEED_COMMANDS[name]!.run({ db: app.db }, { flags, positional: [] });
const statuses = async (eventId: number) =>
  (
    await app.db.query<{ status: string }>('select distinct status from sports_markets where event_id = $1', [eventId])
  ).rows.map((r) => r.status);

describe('sports:events', () => {
  it('lists open events, live first, with score and open markets; --live only live ones', async () => {
    await seedTestEvent(app.db, tenantId, { home: 'Bahia', away: 'Vitória' });
    await seedTestEvent(app.db, tenantId, {
      home: 'Grêmio',
      away: 'Inter',
      live: { minute: 30, score: [0, 1] },
    });
    const out = await ops('sports:events', { host: 'localhost' });
    const lines = out.split('\n');
    expect(lines[0]).toMatch(/^id\s+tenant\s+tournament\s+match/);
    const liveLine = lines.findIndex((l) => l.includes('Grêmio x Inter'));
    const preLine = lines.findIndex((l) => l.includes('Bahia x Vitória'));
    expect(liveLine).toBeGreaterThan(1);
    expect(preLine).toBeGreaterThan(liveLine);
    expect(lines[liveLine]).toMatch(/1h 30'\s+0-1/);
    const onlyLive = await ops('sports:events', { host: 'localhost', live: true });
    expect(onlyLive).toContain('Grêmio x Inter');
    expect(onlyLive).not.toContain('Bahia x Vitória');
    await expect(ops('sports:events', { host: 'nowhere.example' })).rejects.toThrow(UsageError);
  });
});

describe('sports:suspend', () => {
  it('holds every market whatever the feed sends, until --resume', async () => {
    const e = await seedTestEvent(app.db, tenantId);
    expect(await ops('sports:suspend', { event: String(e.id) })).toMatch(/held, \d+ markets suspended/);
    expect(await statuses(e.id)).toEqual(['suspended']);
    // The feed's next prices and a bet start do not reopen a held event.
    const ctx = { tenantId, feed: e.feed, now: new Date() };
    await applyMessages(app.db, ctx, [
      { type: 'odds_change', event: e.externalId, markets: bookOf(TEST_RATES, { margins: { '1x2': 0.09 } }) },
    ]);
    await feedTestEvent(app.db, tenantId, e, { betStart: true });
    expect(await statuses(e.id)).toEqual(['suspended']);
    expect(await ops('sports:suspend', { event: String(e.id), resume: true })).toMatch(/resumed, \d+ markets open/);
    expect(await statuses(e.id)).toEqual(['active']);
    await expect(ops('sports:suspend', { event: '999999999' })).rejects.toThrow(/no event/);
    await expect(ops('sports:suspend', {})).rejects.toThrow(UsageError);
    await feedTestEvent(app.db, tenantId, e, { result: [1, 1] });
    await expect(ops('sports:suspend', { event: String(e.id) })).rejects.toThrow(/ended/);
  });
});
