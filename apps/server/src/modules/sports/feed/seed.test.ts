import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../test/helpers';
import { findTenantByHost, setTenantSettings } from '../../tenants/index';
import { simulatedTenants } from './jobs';
import { seedDemoSports } from './seed';

/** The demo's live book: both demo tenants get sports once, and an operator's later choice stands. */

let app: FastifyInstance;

beforeAll(async () => {
  app = await testApp();
}, 60_000);
afterAll(() => app.close());

describe('seedDemoSports', () => {
  it('turns sports on for both demo tenants once; the feed then plays for them; turning it off stays off', async () => {
    expect(await simulatedTenants(app.db)).toEqual([]);
    expect(await seedDemoSports(app.db)).toBe(2);
    const demo = (await findTenantByHost(app.db, 'localhost'))!;
    const regulated = (await findTenantByHost(app.db, 'regulado.localhost'))!;
    expect(demo.settings.hasSports).toBe(true);
    expect(regulated.settings.hasSports).toBe(true);
    expect(await simulatedTenants(app.db)).toEqual([demo.id, regulated.id].sort((a, b) => a - b));

    await setTenantSettings(app.db, { host: 'localhost', assignments: ['hasSports=false'] });
    expect(await seedDemoSports(app.db)).toBe(0);
    expect((await findTenantByHost(app.db, 'localhost'))!.settings.hasSports).toBe(false);
    expect(await simulatedTenants(app.db)).toEqual([regulated.id]);

    // A tenant on Betby's widget is Betby's book: the simulated feed does not play for it.
    await setTenantSettings(app.db, {
      host: 'regulado.localhost',
      assignments: ['betby.active=true', 'betby.brand_id="demo-brand"'],
    });
    expect(await simulatedTenants(app.db)).toEqual([]);
  });
});
