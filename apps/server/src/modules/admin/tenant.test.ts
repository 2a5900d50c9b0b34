import { AdminRegulatedReply, AdminTenantPagesReply, AdminTenantReply, STAFF_ROLES } from '@sorte/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeWebDist, testApp } from '../../test/helpers';
import { listAudit } from '../responsible-gaming/index';
import { createTenant } from '../tenants/index';
import { staffCall, type TestStaff, testStaff } from './test-support';

let app: FastifyInstance;
let tenantA: number;
let tenantB: number;
const HOST_A = 'tema-a.test';
const HOST_B = 'tema-b.test';

beforeAll(async () => {
  // The default tenant cache (not 0): a save must empty it itself for the player site to show the change.
  // A page shell of its own: the page check must not depend on whether the web bundle was built.
  app = await testApp({ webDist: fakeWebDist() });
  tenantA = (await createTenant(app.db, { name: 'Tema A', host: HOST_A })).id;
  tenantB = (await createTenant(app.db, { name: 'Tema B', host: HOST_B })).id;
});
afterAll(() => app.close());

const staff = (role: (typeof STAFF_ROLES)[number], tenantId: number | null = tenantA, host = HOST_A) =>
  testStaff(app, role, { tenantId, host });

async function read(s: TestStaff, query = '') {
  const res = await staffCall(app, s, 'GET', `/api/admin/tenant${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return AdminTenantReply.parse(res.json()).tenant;
}

const siteConfig = async (host: string) => app.inject({ url: '/api/site-config', headers: { host } });

describe('tenant configuration', () => {
  it('owner, admin and auditor read it; only owner and admin change it', async () => {
    for (const role of STAFF_ROLES) {
      const s = await staff(role);
      const get = await staffCall(app, s, 'GET', '/api/admin/tenant');
      const canRead = ['owner', 'admin', 'auditor'].includes(role);
      expect(get.statusCode, role).toBe(canRead ? 200 : 403);
      const patch = await staffCall(app, s, 'PATCH', '/api/admin/tenant', { revision: 0, settings: {} });
      const canWrite = ['owner', 'admin'].includes(role);
      // A writer with a stale revision gets 409: the permission was checked first.
      expect(patch.statusCode, role).toBe(canWrite ? (patch.statusCode === 409 ? 409 : 200) : 403);
    }
  });

  it('a saved primary colour is what the player site loads next, audited before/after; a stale revision is 409', async () => {
    const owner = await staff('owner');
    expect((await siteConfig(HOST_A)).json().colors.primary).toBe('#22c55e'); // cached now
    const t = await read(owner);
    const res = await staffCall(app, owner, 'PATCH', '/api/admin/tenant', {
      revision: t.revision,
      settings: { colors: { primary: '#1d4ed8', primary_text: '#ffffff' } },
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = AdminTenantReply.parse(res.json()).tenant;
    expect(after.revision).toBe(t.revision + 1);
    const cfg = (await siteConfig(HOST_A)).json();
    expect(cfg.colors.primary).toBe('#1d4ed8');
    expect(cfg.colors.secondary).toBe('#facc15'); // merged, not replaced
    // The page itself inlines the new theme (the player site's first paint).
    const page = await app.inject({ url: '/', headers: { host: HOST_A } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('--c-primary:#1d4ed8');

    const [row] = await listAudit(app.db, { tenantId: tenantA, action: 'tenant.update', limit: 1 });
    expect(row!.before).toEqual({ colors: expect.objectContaining({ primary: '#22c55e' }) });
    expect(row!.after).toEqual({ colors: expect.objectContaining({ primary: '#1d4ed8' }) });
    expect(row!.actor).toBe(`staff:${owner.id} ${owner.email}`);

    const stale = await staffCall(app, owner, 'PATCH', '/api/admin/tenant', {
      revision: t.revision,
      settings: { colors: { primary: '#000000' } },
    });
    expect(stale.statusCode).toBe(409);
    expect((await siteConfig(HOST_A)).json().colors.primary).toBe('#1d4ed8');
  });

  it('bad input is a 422 naming the field in the caller’s language, and nothing is written', async () => {
    const admin = await staff('admin');
    const t = await read(admin);
    for (const settings of [{ colors: { primary: 'red' } }, { nope: 1 }, { min_deposit: -5 }, { __proto__x: 1 }]) {
      const res = await app.inject({
        method: 'PATCH',
        url: '/api/admin/tenant',
        headers: { ...admin.headers, 'accept-language': 'en' },
        payload: { revision: t.revision, settings },
      });
      expect(res.statusCode, JSON.stringify(settings)).toBe(422);
    }
    expect((await read(admin)).revision).toBe(t.revision);
  });

  it('tenant staff see and touch only their own tenant; platform staff name one', async () => {
    const ownerA = await staff('owner');
    expect((await staffCall(app, ownerA, 'GET', `/api/admin/tenant?tenant=${tenantB}`)).statusCode).toBe(403);
    const asB = await staffCall(app, ownerA, 'GET', '/api/admin/tenant', undefined);
    expect(AdminTenantReply.parse(asB.json()).tenant.id).toBe(tenantA);
    // On tenant B's host, tenant A's session is not valid at all.
    const onB = await app.inject({ url: '/api/admin/tenant', headers: { ...ownerA.headers, host: HOST_B } });
    expect(onB.statusCode).toBe(401);
    const platform = await staff('owner', null);
    expect((await read(platform, `?tenant=${tenantB}`)).name).toBe('Tema B');
  });

  it('maintenance closes the player site (402 with the message) while /api/admin keeps working, and opens it again', async () => {
    const admin = await staff('admin');
    const t = await read(admin);
    const on = await staffCall(app, admin, 'POST', '/api/admin/tenant/maintenance', {
      revision: t.revision,
      on: true,
      message: { pt: 'Voltamos às 14h.', en: 'Back at 2 pm.' },
    });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().tenant.active).toBe(false);
    const closed = await siteConfig(HOST_A);
    expect(closed.statusCode).toBe(402);
    expect(closed.json().message).toBe('Voltamos às 14h.');
    const closedEn = await app.inject({ url: '/api/site-config', headers: { host: HOST_A, 'accept-language': 'en' } });
    expect(closedEn.json().message).toBe('Back at 2 pm.');
    // The page a player opens says it too (the shell's inlined start state carries the operator's message).
    const page = await app.inject({ url: '/', headers: { host: HOST_A } });
    expect(page.body).toContain('"state":"maintenance"');
    expect(page.body).toContain('Voltamos às 14h.');
    // The back office still answers: reading, logging in, and switching it off.
    const during = await read(admin);
    expect(during.active).toBe(false);
    const login = await app.inject({
      method: 'POST',
      url: '/api/admin/auth/login',
      headers: { host: HOST_A },
      payload: { email: 'nobody@sorte.test', password: 'x'.repeat(12), totp: '000000' },
    });
    expect(login.statusCode).not.toBe(402);
    const off = await staffCall(app, admin, 'POST', '/api/admin/tenant/maintenance', {
      revision: during.revision,
      on: false,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((await siteConfig(HOST_A)).statusCode).toBe(200);
    const actions = (await listAudit(app.db, { tenantId: tenantA, limit: 10 })).map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['tenant.maintenance_on', 'tenant.maintenance_off']));
  });

  it('hosts: add one (served at once), refuse another tenant’s, keep the primary; remove the added one', async () => {
    const owner = await staff('owner');
    const add = await staffCall(app, owner, 'POST', '/api/admin/tenant/hosts', { host: 'WWW.Tema-A.test' });
    expect(add.statusCode, add.body).toBe(200);
    expect(add.json().tenant.hosts).toEqual(
      expect.arrayContaining([
        { host: HOST_A, primary: true },
        { host: 'www.tema-a.test', primary: false },
      ]),
    );
    expect((await siteConfig('www.tema-a.test')).json().casino_id).toBe(tenantA);
    expect((await staffCall(app, owner, 'POST', '/api/admin/tenant/hosts', { host: HOST_B })).statusCode).toBe(409);
    expect((await staffCall(app, owner, 'POST', '/api/admin/tenant/hosts', { host: 'bad host' })).statusCode).toBe(422);
    expect((await staffCall(app, owner, 'DELETE', `/api/admin/tenant/hosts/${HOST_A}`)).statusCode).toBe(422);
    const del = await staffCall(app, owner, 'DELETE', '/api/admin/tenant/hosts/www.tema-a.test');
    expect(del.statusCode, del.body).toBe(200);
    expect((await siteConfig('www.tema-a.test')).statusCode).toBe(404);
    const auditor = await staff('auditor');
    expect(
      (await staffCall(app, auditor, 'POST', '/api/admin/tenant/hosts', { host: 'x.tema-a.test' })).statusCode,
    ).toBe(403);
  });

  it('legal pages in pt and en: edited, served to players, audited', async () => {
    const admin = await staff('admin');
    const put = await staffCall(app, admin, 'PUT', '/api/admin/tenant/pages/terms/en', {
      title: 'Terms',
      body: '# Terms\n\nPlay fair.',
    });
    expect(put.statusCode, put.body).toBe(200);
    const pages = AdminTenantPagesReply.parse((await staffCall(app, admin, 'GET', '/api/admin/tenant/pages')).json());
    expect(pages.pages).toHaveLength(6);
    expect(pages.pages.find((p) => p.slug === 'terms' && p.locale === 'en')!.body).toContain('Play fair');
    const [row] = await listAudit(app.db, { tenantId: tenantA, action: 'tenant.page_update', limit: 1 });
    expect(row!.after).toMatchObject({ slug: 'terms', locale: 'en', title: 'Terms' });
    expect(
      (await staffCall(app, admin, 'PUT', '/api/admin/tenant/pages/nope/en', { title: 'x', body: '' })).statusCode,
    ).toBe(422);
  });

  it('the regulated-mode view follows the tenant’s settings and the modules’ rules', async () => {
    const owner = await staff('owner');
    const plain = AdminRegulatedReply.parse((await staffCall(app, owner, 'GET', '/api/admin/tenant/regulated')).json());
    expect(plain.regulated).toBe(false);
    const t = await read(owner);
    await staffCall(app, owner, 'PATCH', '/api/admin/tenant', {
      revision: t.revision,
      settings: { is_regulated: true },
    });
    const reg = AdminRegulatedReply.parse((await staffCall(app, owner, 'GET', '/api/admin/tenant/regulated')).json());
    expect(reg.regulated).toBe(true);
    const v = Object.fromEntries(reg.policies.map((p) => [p.key, p.value]));
    expect(v).toMatchObject({
      limits_required_before_deposit: 'loss, time',
      idle_session_close: '30 min',
      withdrawal_deadline: '120 min',
      national_self_exclusion_list: 'true',
    });
  });
});
