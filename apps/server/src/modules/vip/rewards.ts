import type { Db, Sql } from '../../platform/db/index';
import { AppError } from '../../platform/errors';
import type { Tenant } from '../../platform/tenancy';
import { findTenantById } from '../tenants/index';
import * as repo from './repo';

/**
 * A level's bonus-offer reward goes through promotions, which owns bonuses; promotions already depends (through
 * auth) on this module, so app.ts hands the grant over as a port instead of an import. The level-up row is written
 * with the bet's count; the offer is granted after it commits, by the vip-offer-rewards job, once per (player,
 * season, level): promotions answers a repeated key with the first grant.
 */
export type VipOfferPort = {
  /** Grants `offerId` under `key`; throws promotions' refusal (an AppError in the player's language) when it may not. */
  grant(db: Db, o: { tenant: Tenant; userId: number; offerId: number; key: string }): Promise<{ bonusId: number }>;
  /** Why the tenant's offer cannot be a reward (unknown, inactive, a deposit match), or null when it can. */
  check(sql: Sql, o: { tenantId: number; offerId: number }): Promise<string | null>;
};

/**
 * A level's box reward goes through the boxes module, which (through promotions and auth) depends on this one: app.ts
 * hands the grant over as a port too. Unlike an offer, a box is given in the level-up's own transaction.
 */
export type VipBoxPort = {
  /** Gives one box under `key` in `tx` (a repeat answers the same box); throws an AppError when it may not. */
  grant(tx: Sql, o: { tenantId: number; userId: number; boxId: number; key: string }): Promise<{ userBoxId: number }>;
  /** Why the tenant's box cannot be a reward (unknown, retired, not published), or null when it can. */
  check(sql: Sql, o: { tenantId: number; boxId: number }): Promise<string | null>;
  /** The tenant's box by id or name (the operator's --box), or null. */
  find(sql: Sql, o: { tenantId: number; ref: string }): Promise<{ id: number; name: string } | null>;
};

let boxPort: VipBoxPort | null = null;

export function useVipBoxes(p: VipBoxPort): void {
  boxPort = p;
}

export const vipBoxes = (): VipBoxPort | null => boxPort;

export const boxRewardKey = (userId: number, season: number, level: number) => `vip:${userId}:${season}:${level}:box`;

/**
 * Gives a level's box in the level-up's transaction, once per (player, season, level). A refusal (the box was
 * retired since the ladder named it) is recorded on the level-up inside a savepoint, so it never undoes the stake's
 * count or the level's other rewards; anything else fails the delivery, which is tried again.
 */
export async function grantLevelBox(
  tx: Sql,
  o: { tenantId: number; userId: number; season: number; level: number; boxId: number },
): Promise<void> {
  const at = { tenantId: o.tenantId, userId: o.userId, season: o.season, level: o.level };
  const p = boxPort;
  if (!p) {
    await repo.settleBox(tx, { ...at, userBoxId: null, refused: 'boxes are not running in this process' });
    return;
  }
  await tx.query('savepoint vip_level_box');
  try {
    const g = await p.grant(tx, { ...at, boxId: o.boxId, key: boxRewardKey(o.userId, o.season, o.level) });
    await tx.query('release savepoint vip_level_box');
    await repo.settleBox(tx, { ...at, userBoxId: g.userBoxId, refused: null });
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    await tx.query('rollback to savepoint vip_level_box');
    await repo.settleBox(tx, { ...at, userBoxId: null, refused: err.message.slice(0, 200) });
  }
}

let port: VipOfferPort | null = null;

export function useVipOffers(p: VipOfferPort): void {
  port = p;
}

export const vipOffers = (): VipOfferPort | null => port;

export const offerRewardKey = (userId: number, season: number, level: number) =>
  `vip:${userId}:${season}:${level}:offer`;

/** How many level-up offers one pass grants (the job comes back for the rest). */
const BATCH = 100;

/**
 * Grants the offers of level-ups that wait for one; a refusal (the offer ended, the budget is spent, a regulated
 * tenant) is recorded with its reason and not tried again. Returns how many were settled.
 */
export async function grantDueOffers(db: Db): Promise<number> {
  const p = port;
  if (!p) return 0;
  const due = await repo.dueOffers(db, BATCH);
  for (const d of due) {
    const at = { tenantId: d.tenant_id, userId: d.user_id, season: d.season, level: d.level };
    try {
      const tenant = await findTenantById(db, d.tenant_id);
      if (!tenant) throw new AppError('bad_request', 'the tenant is gone');
      const g = await p.grant(db, {
        tenant,
        userId: d.user_id,
        offerId: d.reward_offer_id,
        key: offerRewardKey(d.user_id, d.season, d.level),
      });
      await repo.settleOffer(db, { ...at, bonusId: g.bonusId, refused: null });
    } catch (err) {
      // A refusal is final; anything else (the database busy, a provider down) is tried again on the next pass.
      if (!(err instanceof AppError)) throw err;
      await repo.settleOffer(db, { ...at, bonusId: null, refused: err.message.slice(0, 200) });
    }
  }
  return due.length;
}
