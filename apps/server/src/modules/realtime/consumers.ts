import { grantedUserBox } from '@sorte/contracts';
import { type Consumer, defineConsumer } from '../../platform/events/index';
import { ALL_GUESTS, ALL_USERS, broadcast } from '../../platform/realtime/index';
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
    // A mission that began for the player is MissionAssigned (spec section 7); its progress after that MissionUpdated.
    'missions.mission_updated': async (e, ctx) => {
      const userId = e.userId;
      if (userId === null) return;
      const { assigned, ...data } = e.payload;
      const name = assigned ? 'MissionAssigned' : 'MissionUpdated';
      ctx.afterCommit(() => void broadcast(e.tenantId, channels.user(userId), name, data));
    },
    // A box given by a mission, a VIP level or the operator pops the reward modal: NotifyNewUserBox carries the
    // UserBox as /boxes/user/get lists it, its title in the player's language.
    'boxes.box_granted': async (e, ctx) => {
      const userId = e.userId;
      if (userId === null || e.payload.source === 'purchase') return;
      const { rows } = await ctx.tx.query<{ language: string }>(
        'select language from users where tenant_id = $1 and id = $2',
        [e.tenantId, userId],
      );
      const lang = rows[0]?.language === 'en' ? 'en' : 'pt';
      const box = grantedUserBox(e.payload, { at: e.createdAt, lang });
      ctx.afterCommit(() => void broadcast(e.tenantId, channels.user(userId), 'NotifyNewUserBox', box));
    },
    // A new mission open to every player or to new ones reaches the connected players and guests at once (they read
    // their missions again): spec section 7's MissionAssigned on the user and guest channels.
    'missions.mission_created': async (e, ctx) => {
      if (e.payload.audience === 'vip') return;
      ctx.afterCommit(async () => {
        await broadcast(e.tenantId, ALL_USERS, 'MissionAssigned', { id: e.payload.id });
        if (e.payload.audience === 'all')
          await broadcast(e.tenantId, ALL_GUESTS, 'MissionAssigned', { id: e.payload.id });
      });
    },
  },
});
