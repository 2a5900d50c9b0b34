import type { Db } from '../../platform/db/index';
import { findTenantByHost } from '../tenants/index';
import { type LadderFile, parseLadder } from './levels';
import * as repo from './repo';
import { setLevels } from './service';

/** The demo tenant's ladder: eight levels from R$ 50 to R$ 250.000 wagered, each with a small cash reward. */
export const DEMO_LADDER: LadderFile = {
  points_per_real: 1,
  levels: [
    { name: { pt: 'Bronze', en: 'Bronze' }, threshold: 5_000, color: '#cd7f32', reward_cash: 100 },
    { name: { pt: 'Prata', en: 'Silver' }, threshold: 25_000, color: '#c0c6d0', reward_cash: 250 },
    { name: { pt: 'Ouro', en: 'Gold' }, threshold: 100_000, color: '#f5c542', reward_cash: 500 },
    { name: { pt: 'Platina', en: 'Platinum' }, threshold: 500_000, color: '#7fd1c7', reward_cash: 1_500 },
    { name: { pt: 'Diamante', en: 'Diamond' }, threshold: 2_000_000, color: '#6ec6ff', reward_cash: 5_000 },
    { name: { pt: 'Esmeralda', en: 'Emerald' }, threshold: 5_000_000, color: '#2ecc71', reward_cash: 10_000 },
    { name: { pt: 'Rubi', en: 'Ruby' }, threshold: 10_000_000, color: '#e5484d', reward_cash: 20_000 },
    { name: { pt: 'Lenda', en: 'Legend' }, threshold: 25_000_000, color: '#b57cff', reward_cash: 50_000 },
  ],
};

/** Gives the demo tenant its ladder once (an operator's own ladder is left alone). */
export async function seedDemoVip(db: Db, host = 'localhost'): Promise<boolean> {
  const tenant = await findTenantByHost(db, host);
  if (!tenant || (await repo.listLevels(db, tenant.id)).length > 0) return false;
  const r = parseLadder(DEMO_LADDER);
  if (!r.ok) throw new Error(`demo VIP ladder: ${r.reasons.join('; ')}`);
  await setLevels(db, { tenantId: tenant.id, ladder: r.ladder, newSeason: false });
  return true;
}
