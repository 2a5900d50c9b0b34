import { TenantSettings } from '@sorte/contracts';
import type { Db } from '../../platform/db/index';
import * as repo from '../tenants/index';
import { DEMO_TENANT_NAME, demoTenantSettings, loadDemoPages } from './demo/index';

export const DEMO_HOSTS = ['localhost', '127.0.0.1'];

/**
 * First start only: when the database has no tenant at all, create the demo tenant on localhost and 127.0.0.1
 * with its theme and legal pages. An operator who removes it later does not get it back.
 */
export async function seedDemoTenant(db: Db): Promise<number | null> {
  return db.transaction(async (tx) => {
    // Two nodes starting on one empty PostgreSQL: only the first seeds.
    if (db.kind === 'postgres') await tx.query('lock table tenants in exclusive mode');
    if ((await repo.countTenants(tx)) > 0) return null;
    const id = await repo.insertTenant(tx, {
      name: DEMO_TENANT_NAME,
      settings: TenantSettings.parse(demoTenantSettings),
    });
    for (const [i, host] of DEMO_HOSTS.entries()) await repo.insertHost(tx, id, host, i === 0);
    for (const p of loadDemoPages()) await repo.upsertPage(tx, { tenantId: id, ...p });
    return id;
  });
}
