import type { Db } from '../../../platform/db/index';
import { findTenantByHost, setTenantSettings } from '../../tenants/index';

/** The demo operators: the default tenant and the regulated one (responsible-gaming's seed makes it). */
const DEMO_HOSTS = ['localhost', 'regulado.localhost'];

/**
 * Turns the sportsbook on for the demo tenants, once: their book row in sports_settings marks it done, so an
 * operator who later turns sports off is not overruled at the next start. The simulated feed's jobs then fill the
 * catalog within a minute, with matches already in play.
 */
export async function seedDemoSports(db: Db): Promise<number> {
  let seeded = 0;
  for (const host of DEMO_HOSTS) {
    const tenant = await findTenantByHost(db, host);
    if (!tenant) continue;
    const { rowCount } = await db.query(
      'insert into sports_settings (tenant_id) values ($1) on conflict (tenant_id) do nothing',
      [tenant.id],
    );
    if (rowCount === 0) continue;
    if (!tenant.settings.hasSports) await setTenantSettings(db, { host, assignments: ['hasSports=true'] });
    seeded++;
  }
  return seeded;
}
