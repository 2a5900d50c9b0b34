import { sportsWagered } from '@sorte/contracts';
import { type Consumer, defineConsumer } from '../../platform/events/index';
import { findTenantById } from '../tenants/index';
import { applyStake } from './bonuses';
import { grantForDeposit } from './coupons';
import * as repo from './repo';

/**
 * The bonus engine's reactions: each settled stake (a casino round, or a sports bet at its first closing) counts
 * towards the player's active bonus (once per event, by the delivery's key), and a paid PIX charge that carried a
 * deposit-match coupon grants its bonus.
 */
export const promotionsConsumer: Consumer = defineConsumer({
  name: 'promotions',
  handlers: {
    'casino.round_settled': async (e, ctx) => {
      const userId = e.payload.user_id;
      // Most players have no active bonus: one index lookup and nothing written.
      if (!(await repo.hasActiveBonus(ctx.tx, e.tenantId, userId))) return;
      await repo.lockPlayer(ctx.tx, e.tenantId, userId);
      await applyStake(ctx.tx, {
        tenantId: e.tenantId,
        userId,
        eventKey: ctx.idempotencyKey,
        gameId: e.payload.game_id,
        bet: e.payload.bet,
        now: e.createdAt,
      });
    },
    'sports.bet_settled': async (e, ctx) => {
      const bet = sportsWagered(e.payload);
      if (e.userId === null || bet === 0) return;
      if (!(await repo.hasActiveBonus(ctx.tx, e.tenantId, e.userId))) return;
      await repo.lockPlayer(ctx.tx, e.tenantId, e.userId);
      await applyStake(ctx.tx, {
        tenantId: e.tenantId,
        userId: e.userId,
        eventKey: ctx.idempotencyKey,
        gameId: null,
        bet,
        sportsOdds: e.payload.odds,
        now: e.createdAt,
      });
    },
    'payments.deposit_approved': async (e, ctx) => {
      if (e.userId === null) return;
      const tenant = await findTenantById(ctx.tx, e.tenantId);
      if (!tenant) return;
      await grantForDeposit(ctx.tx, {
        tenant,
        userId: e.userId,
        txid: e.payload.txid,
        amount: e.payload.amount,
        depositCount: e.payload.deposit_count,
        now: e.createdAt,
      });
    },
  },
});
