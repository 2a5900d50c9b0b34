import { randomBytes } from 'node:crypto';
import type { Db, Sql } from '../../platform/db/index';
import { registerSandboxOperator, SANDBOX_STUDIOS, sandboxGames } from '../providers/index';
import { DEMO_HOSTS } from '../site/index';
import * as repo from './repo';

/** The demo tenant's categories (slug, pt, en, icon, order). */
export const DEMO_CATEGORIES: repo.CategoryRow[] = [
  { slug: 'slots', name_pt: 'Slots', name_en: 'Slots', icon: 'slots', sort: 1 },
  { slug: 'roulette', name_pt: 'Roleta', name_en: 'Roulette', icon: 'roulette', sort: 2 },
  { slug: 'instant', name_pt: 'Instantâneos', name_en: 'Instant games', icon: 'instant', sort: 3 },
];

/**
 * Connects a tenant to the built-in provider stand-in: one provider row per studio (registered with the stand-in
 * under its own operator id and secret) and the stand-in's whole game list, with artwork made here.
 */
export async function connectSandbox(tx: Sql, tenantId: number): Promise<number> {
  for (const c of DEMO_CATEGORIES) await repo.upsertCategory(tx, tenantId, c);
  const providerIds = new Map<string, number>();
  let sort = 0;
  for (const [code, studio] of Object.entries(SANDBOX_STUDIOS)) {
    const existing = await repo.findProviderByCode(tx, tenantId, code);
    if (existing) {
      providerIds.set(code, existing.id);
      continue;
    }
    const operatorId = `tenant-${tenantId}-${code}`;
    const secret = randomBytes(32).toString('hex');
    await registerSandboxOperator(tx, operatorId, secret);
    providerIds.set(
      code,
      await repo.insertProvider(tx, {
        tenant_id: tenantId,
        code,
        name: studio.name,
        protocol: 'generic',
        api_url: 'sandbox:',
        operator_id: operatorId,
        secret,
        sort: sort++,
      }),
    );
  }
  let n = 0;
  for (const [i, g] of sandboxGames().entries()) {
    await repo.upsertGame(tx, tenantId, {
      provider_id: providerIds.get(g.studio)!,
      provider_game_id: g.id,
      game_code: g.code,
      title: g.title,
      category_slug: g.category,
      type: g.type,
      has_tables: false,
      only_demo: false,
      demo_allowed: true,
      bonus_allowed: g.kind === 'slot',
      rtp_bp: g.rtp_bp,
      volatility: g.volatility,
      image: `/static/games/${g.code}.svg`,
      image_mobile: `/static/games/${g.code}.svg`,
      sort: i,
      featured: g.featured,
      featured_home: g.featured,
    });
    n++;
  }
  await repo.bumpCatalogRevision(tx, tenantId);
  return n;
}

/** First start: the demo tenant (localhost) gets the stand-in's catalog, once. */
export async function seedCasinoDemo(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ tenant_id: number }>('select tenant_id from tenant_hosts where host = $1', [
      DEMO_HOSTS[0],
    ]);
    const tenantId = rows[0]?.tenant_id;
    if (!tenantId) return;
    if (db.kind === 'postgres') await tx.query('select pg_advisory_xact_lock($1)', [7_315_006]);
    // Sorte Originals (protocol 'originals', written for every tenant) do not count: only third-party providers.
    const { rows: has } = await tx.query(
      "select 1 from game_providers where tenant_id = $1 and protocol <> 'originals' limit 1",
      [tenantId],
    );
    if (has.length) return;
    await connectSandbox(tx, tenantId);
  });
}
