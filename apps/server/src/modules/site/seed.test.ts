import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../platform/db/migrate';
import { testDb } from '../../test/helpers';
import { listTenants } from '../tenants/index';
import { DEMO_HOSTS, seedDemoTenant } from './seed';

describe('demo tenant seed', () => {
  let db: Awaited<ReturnType<typeof testDb>>;
  beforeAll(async () => {
    db = await testDb();
    await migrate(db);
  });
  afterAll(() => db.close());

  it('seeds exactly one demo tenant even when several starts race, and never again', async () => {
    const ids = await Promise.all([seedDemoTenant(db), seedDemoTenant(db), seedDemoTenant(db)]);
    expect(ids.filter((id) => id !== null)).toHaveLength(1);
    const tenants = await listTenants(db);
    expect(tenants).toHaveLength(1);
    expect(tenants[0]!.hosts.sort()).toEqual([...DEMO_HOSTS].sort());
    expect(await seedDemoTenant(db)).toBeNull();
  });

  it('gives the demo tenant its legal pages in both languages', async () => {
    const { rows } = await db.query<{ n: number }>('select count(*)::int as n from tenant_pages');
    expect(rows[0]!.n).toBeGreaterThanOrEqual(12);
  });

  it('describes the demo tenant in Portuguese and in English', async () => {
    const [demo] = await listTenants(db);
    expect(demo!.settings.site.description).toMatch(/^Sorte Demo: cassino online/);
    expect(demo!.settings.site.description_en).toMatch(/^Sorte Demo: a demonstration online casino/);
  });

  it('gives the demo tenant its licence line in Portuguese and in English', async () => {
    const [demo] = await listTenants(db);
    expect(demo!.settings.reg_license).toMatch(/^DEMONSTRAÇÃO: Sorte Demo Entretenimento Ltda\./);
    expect(demo!.settings.reg_license_en).toMatch(/^DEMONSTRATION: Sorte Demo Entretenimento Ltda\./);
    expect(demo!.settings.reg_license_en).toContain('this site holds no real authorization');
  });
});
