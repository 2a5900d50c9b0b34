import type { Db } from '../../platform/db/index';
import type { Tenant } from '../../platform/tenancy';

/**
 * What payments asks of the promotions module, handed over by app.ts (`usePromotionHooks`) so that payments never
 * imports promotions, which reacts to payments' events. Without hooks (a build without promotions) a withdrawal
 * has no bonus to consider and a coupon on a charge is refused as unknown.
 */
export type PromotionHooks = {
  /** Before the withdrawal's transaction: refuses (422 bonus_active) or forfeits the active bonus (its own commit). */
  beforeWithdrawal(db: Db, o: { tenantId: number; userId: number; forfeitBonus: boolean }): Promise<void>;
  /** Before a PIX charge is created: checks the coupon for this deposit and remembers it under the charge's txid. */
  attachCoupon(
    db: Db,
    o: { tenant: Tenant; userId: number; amount: number; coupon: string; txid: string },
  ): Promise<void>;
};

let hooks: PromotionHooks | null = null;

export function usePromotionHooks(h: PromotionHooks): void {
  hooks = h;
}

export const promotionHooks = (): PromotionHooks | null => hooks;
