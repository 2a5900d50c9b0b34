import type { AdminParkedEvent } from '@sorte/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventBus, defineConsumer, publish, waitForHorizon } from '../../platform/events/index';
import { testApp } from '../../test/helpers';
import { demoTenantId } from '../casino/test-support';
import { createTenant, defaultTenantSettings } from '../tenants/index';
import { staffCall, testStaff } from './test-support';

/**
 * The console's failed events: a consumer that gave up on an event parks it; the tenant's owner sees it with its
 * error, retries it, and the consumer then handles it. Another tenant's staff never see it, roles without the
 * permission get 403, and the retry is in the audit log.
 */

let app: FastifyInstance;
let tenantA: number;
let tenantB: number;
const HOST_B = 'events-b.test';
let broken = true;
const handled: number[] = [];
const probe = defineConsumer({
  name: 'console-probe',
  handlers: {
    'wallet.balance_updated': async (e) => {
      if (broken) throw new Error('mailer down');
      handled.push(e.id);
    },
  },
});
let bus: ReturnType<typeof createEventBus>;

beforeAll(async () => {
  app = await testApp();
  tenantA = await demoTenantId(app);
  tenantB = (
    await createTenant(app.db, {
      name: 'Events B',
      host: HOST_B,
      settings: defaultTenantSettings({ name: 'Events B', host: HOST_B }),
    })
  ).id;
  bus = createEventBus({ db: app.db, consumers: [probe], retry: { maxAttempts: 1 } });
  await bus.register();
  await app.db.transaction(async (tx) => {
    await publish(tx, {
      name: 'wallet.balance_updated',
      tenantId: tenantA,
      userId: 7,
      payload: { balance: 1, bonus: 0 },
    });
    await publish(tx, {
      name: 'wallet.balance_updated',
      tenantId: tenantB,
      userId: 8,
      payload: { balance: 2, bonus: 0 },
    });
  });
  await waitForHorizon(app.db);
  await bus.deliver('console-probe');
}, 60_000);
afterAll(async () => {
  await app.db.query("delete from event_retries where consumer = 'console-probe'");
  await app.db.query("delete from event_consumers where name = 'console-probe'");
  await app.close();
});

const ours = (rows: AdminParkedEvent[]) => rows.filter((r) => r.consumer === 'console-probe');

describe('failed events in the console', () => {
  it('shows each tenant its own parked events, with the error; platform staff see every tenant', async () => {
    const a = await testStaff(app, 'owner', { tenantId: tenantA });
    const listA = await staffCall(app, a, 'GET', '/api/admin/events/failed');
    expect(listA.statusCode, listA.body).toBe(200);
    expect(ours(listA.json().data)).toEqual([
      expect.objectContaining({
        consumer: 'console-probe',
        name: 'wallet.balance_updated',
        tenant_id: tenantA,
        user_id: 7,
        attempts: 1,
        last_error: 'mailer down',
      }),
    ]);

    const b = await testStaff(app, 'admin', { tenantId: tenantB, host: HOST_B });
    const listB = await staffCall(app, b, 'GET', '/api/admin/events/failed');
    expect(ours(listB.json().data).map((r) => r.tenant_id)).toEqual([tenantB]);
    // Asking for another tenant's list is refused, not answered with an empty one.
    expect((await staffCall(app, b, 'GET', `/api/admin/events/failed?tenant=${tenantA}`)).statusCode).toBe(403);

    const platform = await testStaff(app, 'auditor', { tenantId: null });
    const all = await staffCall(app, platform, 'GET', '/api/admin/events/failed');
    expect(ours(all.json().data).map((r) => r.tenant_id)).toEqual([tenantA, tenantB]);
  });

  it('lets only the owner and admin retry, and the auditor read', async () => {
    for (const role of ['support', 'finance', 'marketing', 'trader', 'kyc', 'risk'] as const) {
      const s = await testStaff(app, role, { tenantId: tenantA });
      expect((await staffCall(app, s, 'GET', '/api/admin/events/failed')).statusCode, role).toBe(403);
    }
    const auditor = await testStaff(app, 'auditor', { tenantId: tenantA });
    const row = ours((await staffCall(app, auditor, 'GET', '/api/admin/events/failed')).json().data)[0]!;
    const retry = await staffCall(
      app,
      auditor,
      'POST',
      `/api/admin/events/failed/console-probe/${row.event_id}/retry`,
      {},
    );
    expect(retry.statusCode).toBe(403);
  });

  it('retries an event once: the consumer handles it, a second retry or another tenant’s staff get 404', async () => {
    const a = await testStaff(app, 'owner', { tenantId: tenantA });
    const b = await testStaff(app, 'owner', { tenantId: tenantB, host: HOST_B });
    const row = ours((await staffCall(app, a, 'GET', '/api/admin/events/failed')).json().data)[0]!;
    const url = `/api/admin/events/failed/console-probe/${row.event_id}/retry`;

    const fromB = await staffCall(
      app,
      { ...b, headers: { ...b.headers, 'accept-language': 'pt-BR' } },
      'POST',
      url,
      {},
    );
    expect(fromB.statusCode).toBe(404);
    expect(fromB.json().message).toMatch(/não está mais parado/);

    const res = await staffCall(app, a, 'POST', url, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ retried: 1 });
    const again = await staffCall(app, { ...a, headers: { ...a.headers, 'accept-language': 'en' } }, 'POST', url, {});
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toMatch(/no longer parked/);

    broken = false;
    await bus.drain();
    expect(handled).toEqual([row.event_id]);
    expect(ours((await staffCall(app, a, 'GET', '/api/admin/events/failed')).json().data)).toEqual([]);
    // Tenant B's event is still parked: a retry touches one event only.
    expect(ours((await staffCall(app, b, 'GET', '/api/admin/events/failed')).json().data)).toHaveLength(1);

    const audit = await staffCall(app, a, 'GET', '/api/admin/audit?action=event.retry&limit=5');
    expect(audit.json().data).toEqual([
      expect.objectContaining({
        action: 'event.retry',
        actor: expect.stringContaining(a.email),
        before: expect.objectContaining({
          consumer: 'console-probe',
          event_id: row.event_id,
          last_error: 'mailer down',
        }),
      }),
    ]);
  });

  it('two retries of one event at once: one is applied and audited, the other is a 404', async () => {
    const b = await testStaff(app, 'owner', { tenantId: tenantB, host: HOST_B });
    const row = ours((await staffCall(app, b, 'GET', '/api/admin/events/failed')).json().data)[0]!;
    const url = `/api/admin/events/failed/console-probe/${row.event_id}/retry`;
    const replies = await Promise.all([1, 2].map(() => staffCall(app, b, 'POST', url, {})));
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 404]);
    // The one that lost is told in the staff member's language, whichever way it lost.
    expect(replies.find((r) => r.statusCode === 404)?.json().message).toMatch(/no longer parked|não está mais parado/);
    const audit = await staffCall(app, b, 'GET', '/api/admin/audit?action=event.retry&limit=5');
    expect(audit.json().data).toHaveLength(1);
  });

  it('answers a malformed consumer or id with 422', async () => {
    const a = await testStaff(app, 'owner', { tenantId: tenantA });
    for (const path of ['BAD%20NAME/1', 'console-probe/x', 'console-probe/0']) {
      const res = await staffCall(app, a, 'POST', `/api/admin/events/failed/${path}/retry`, {});
      expect(res.statusCode, path).toBe(422);
    }
  });
});
