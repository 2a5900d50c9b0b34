import { TenantSettings } from '@sorte/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listMigrations, migrate } from '../../platform/db/migrate';
import { testDb } from '../../test/helpers';
import { listTenants } from '../tenants/repo';
import { demoTenantSettings } from './demo/index';
import { DEMO_HOSTS, seedDemoTenant } from './seed';

type TestDb = Awaited<ReturnType<typeof testDb>>;

/** A database migrated up to, not including, `version` (a demo tenant "seeded before it existed"). */
function databaseBefore(version: string): { db: TestDb } {
  const ref = {} as { db: TestDb };
  beforeAll(async () => {
    ref.db = await testDb();
    await migrate(
      ref.db,
      listMigrations().filter((m) => m.version < version),
    );
  });
  afterAll(() => ref.db.close());
  return ref;
}

/** A 'Sorte Demo' tenant row with these settings, as an earlier version stored them; its id. */
async function insertTenant(db: TestDb, settings: unknown): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    "insert into tenants (name, settings) values ('Sorte Demo', $1) returning id",
    [JSON.stringify(settings)],
  );
  return rows[0]!.id;
}

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

describe('the English description for a demo tenant seeded before it existed', () => {
  const MIGRATION = '20261124070000';
  const t = databaseBefore(MIGRATION);

  /** Settings without site.description_en. */
  const insertOld = async (description?: string) => {
    const { description_en: _, ...site } = TenantSettings.parse(demoTenantSettings).site;
    return insertTenant(t.db, {
      ...TenantSettings.parse(demoTenantSettings),
      site: { ...site, description: description ?? site.description },
    });
  };

  it('fills it in for the untouched demo tenant only, and leaves an edited one alone', async () => {
    const untouched = await insertOld();
    const edited = await insertOld('Texto do operador');
    // Up to this migration only: a later one (the English licence line) touches the same tenant row.
    expect(
      await migrate(
        t.db,
        listMigrations().filter((m) => m.version <= MIGRATION),
      ),
    ).toContain(MIGRATION);
    const tenants = await listTenants(t.db);
    const of = (id: number) => tenants.find((t) => t.id === id)!;
    // The migration writes the very text the seed writes today.
    expect(of(untouched).settings.site.description_en).toBe(
      TenantSettings.parse(demoTenantSettings).site.description_en,
    );
    expect(of(untouched).revision).toBe(2);
    expect(of(edited).settings.site.description_en).toBeNull();
    expect(of(edited).revision).toBe(1);
  });
});

describe('the English licence line for a demo tenant seeded before it existed', () => {
  const MIGRATION = '20261124080000';
  const t = databaseBefore(MIGRATION);

  /** Settings without reg_license_en (unless `en` is given). */
  const insertOld = async (o: { license?: string | null; en?: string } = {}) => {
    const { reg_license_en: _, ...seeded } = TenantSettings.parse(demoTenantSettings);
    return insertTenant(t.db, {
      ...seeded,
      reg_license: o.license === undefined ? seeded.reg_license : o.license,
      ...(o.en === undefined ? {} : { reg_license_en: o.en }),
    });
  };

  it('fills it in for the untouched demo tenant only, and leaves an edited or translated one alone', async () => {
    const untouched = await insertOld();
    const edited = await insertOld({ license: 'Licença do operador' });
    const removed = await insertOld({ license: null });
    const translated = await insertOld({ en: 'Licensed by the operator' });
    const blank = await insertOld({ en: '  ' });
    expect(await migrate(t.db)).toContain(MIGRATION);
    const tenants = await listTenants(t.db);
    const of = (id: number) => tenants.find((t) => t.id === id)!;
    // The migration writes the very text the seed writes today, and leaves the Portuguese one as it was.
    const seeded = TenantSettings.parse(demoTenantSettings);
    expect(of(untouched).settings.reg_license_en).toBe(seeded.reg_license_en);
    expect(of(untouched).settings.reg_license).toBe(seeded.reg_license);
    expect(of(untouched).revision).toBe(2);
    // A blank English text counts as none (parsing would trim it to '' and pages would fall back to Portuguese).
    expect(of(blank).settings.reg_license_en).toBe(seeded.reg_license_en);
    expect(of(blank).revision).toBe(2);
    expect(of(edited).settings.reg_license_en).toBeNull();
    expect(of(edited).revision).toBe(1);
    expect(of(removed).settings.reg_license_en).toBeNull();
    expect(of(removed).revision).toBe(1);
    expect(of(translated).settings.reg_license_en).toBe('Licensed by the operator');
    expect(of(translated).revision).toBe(1);
    // Every other setting is untouched, the description included.
    expect(of(untouched).settings.site).toEqual(seeded.site);
  });
});
