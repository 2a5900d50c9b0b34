import type { Db } from '../../platform/db/index';
import { type Consumer, defineConsumer, type HandlerContext } from '../../platform/events/index';
import { findTenantById } from '../tenants/index';
import { hasOpenReferral } from './repo';
import { notify, recordActivity } from './service';

/**
 * A referred friend's activity, after the fact (never in the bet's or the deposit's transaction): the first
 * deposit and each settled stake move the friend's referral towards its CPA. Repeats change nothing: the deposit
 * is kept once, the wager is the ledger's running total, and qualifying is a conditional update. The referrer's
 * notice goes out once the delivery committed.
 */
export function referralsConsumer(db: Db): Consumer {
  const handle = async (
    ctx: HandlerContext,
    o: { tenantId: number; userId: number | null; firstDeposit?: number; now: Date },
  ) => {
    if (o.userId === null) return;
    if (!(await hasOpenReferral(ctx.tx, o.tenantId, o.userId))) return;
    const tenant = await findTenantById(ctx.tx, o.tenantId);
    if (!tenant) return;
    const notice = await recordActivity(ctx.tx, { tenant, userId: o.userId, firstDeposit: o.firstDeposit, now: o.now });
    if (notice) ctx.afterCommit(() => notify(db, notice));
  };
  return defineConsumer({
    name: 'referrals',
    handlers: {
      'payments.first_deposit': (e, ctx) =>
        handle(ctx, { tenantId: e.tenantId, userId: e.userId, firstDeposit: e.payload.amount, now: new Date() }),
      'casino.round_settled': (e, ctx) =>
        handle(ctx, { tenantId: e.tenantId, userId: e.payload.user_id, now: new Date() }),
    },
  });
}
