import { randomBytes } from 'node:crypto';
import type { Db, Sql } from '../../../platform/db/index';
import * as casino from '../../casino/index';
import { DEMO_HOSTS } from '../../site/index';
import { findTenantByHost } from '../../tenants/index';
import { SANDBOX_STUDIOS, sandboxGames } from './games';
import { registerSandboxOperator } from './server';

/**
 * Connects a tenant to the built-in provider stand-in: one provider row per studio (registered with the stand-in
 * under its own operator id and secret) and the stand-in's whole game list, with artwork made here, written into
 * the casino's catalog through its API.
 */
export async function connectSandbox(tx: Sql, tenantId: number): Promise<number> {
  for (const c of casino.DEMO_CATEGORIES) await casino.upsertCategory(tx, tenantId, c);
  const providerIds = new Map<string, number>();
  let sort = 0;
  for (const [code, studio] of Object.entries(SANDBOX_STUDIOS)) {
    const existing = await casino.findProviderByCode(tx, tenantId, code);
    if (existing) {
      providerIds.set(code, existing.id);
      continue;
    }
    const operatorId = `tenant-${tenantId}-${code}`;
    const secret = randomBytes(32).toString('hex');
    await registerSandboxOperator(tx, operatorId, secret);
    providerIds.set(
      code,
      await casino.insertProvider(tx, {
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
    await casino.upsertGame(tx, tenantId, {
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
  await casino.bumpCatalogRevision(tx, tenantId);
  return n;
}

/** First start: the demo tenant (localhost) gets the stand-in's catalog, once. */
export async function seedSandboxDemo(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    const tenantId = (await findTenantByHost(tx, DEMO_HOSTS[0]!))?.id;
    if (!tenantId) return;
    if (db.kind === 'postgres') await tx.query('select pg_advisory_xact_lock($1)', [7_315_006]);
    if (await casino.hasThirdPartyProvider(tx, tenantId)) return;
    await connectSandbox(tx, tenantId);
  });
}
