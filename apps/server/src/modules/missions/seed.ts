import type { Db } from '../../platform/db/index';
import { findTenantByHost } from '../tenants/index';
import { goalAllowed } from './policies';
import * as repo from './repo';

type Seed = Omit<repo.DefinitionInsert, 'tenant_id' | 'starts_at' | 'ends_at' | 'vip_min' | 'vip_max'>;

const DEMO: Seed[] = [
  {
    name_pt: 'Jogue 10 rodadas no Dice',
    name_en: 'Play 10 rounds of Dice',
    goal: 'rounds',
    target: 10,
    category: null,
    game_code: 'dice',
    time_window: 'daily',
    audience: 'all',
    opt_in: false,
    reward_cash: 200,
    reward_offer_id: null,
    reward_box_id: null,
  },
  {
    name_pt: 'Aposte R$ 50 em slots esta semana',
    name_en: 'Wager R$ 50 on slots this week',
    goal: 'wager',
    target: 5_000,
    category: 'slots',
    game_code: null,
    time_window: 'weekly',
    audience: 'all',
    opt_in: false,
    reward_cash: 500,
    reward_offer_id: null,
    reward_box_id: null,
  },
  {
    name_pt: 'Multiplicador 5x',
    name_en: '5x multiplier',
    goal: 'multiplier',
    target: 500,
    category: null,
    game_code: null,
    time_window: 'weekly',
    audience: 'all',
    opt_in: true,
    reward_cash: 300,
    reward_offer_id: null,
    reward_box_id: null,
  },
];

/** The demo tenant's missions, once (only when it has none); play-based, so the regulated rules allow them all. */
export async function seedDemoMissions(db: Db, host = 'localhost'): Promise<number> {
  const tenant = await findTenantByHost(db, host);
  if (!tenant) return 0;
  if ((await repo.listDefinitions(db, tenant.id, { activeOnly: false })).length > 0) return 0;
  let made = 0;
  for (const s of DEMO) {
    if (!goalAllowed(tenant.settings, s.goal)) continue;
    await repo.insertDefinition(db, {
      ...s,
      tenant_id: tenant.id,
      starts_at: null,
      ends_at: null,
      vip_min: null,
      vip_max: null,
    });
    made++;
  }
  return made;
}
