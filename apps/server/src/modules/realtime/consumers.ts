import { type Consumer, defineConsumer } from '../../platform/events/index';
import { broadcast } from '../../platform/realtime/index';
import { channels } from './channels';

/**
 * The player's browser hears a credited deposit and balance changes on its private channel (spec section 7), with
 * the same wire names and payloads the wallet pushed before the bus. A repeated push after a failure is harmless:
 * both carry absolute values.
 */
export const realtimeConsumer: Consumer = defineConsumer({
  name: 'realtime',
  handlers: {
    'payments.deposit_approved': async (e, ctx) => {
      const userId = e.userId;
      if (userId === null) return;
      ctx.afterCommit(() => void broadcast(e.tenantId, channels.user(userId), 'PaymentApproved', e.payload));
    },
    'wallet.balance_updated': async (e, ctx) => {
      const userId = e.userId;
      if (userId === null) return;
      ctx.afterCommit(() => void broadcast(e.tenantId, channels.user(userId), 'BalanceUpdated', e.payload));
    },
    'promotions.bonus_updated': async (e, ctx) => {
      const userId = e.userId;
      if (userId === null) return;
      ctx.afterCommit(() => void broadcast(e.tenantId, channels.user(userId), 'BonusUpdated', e.payload));
    },
  },
});
