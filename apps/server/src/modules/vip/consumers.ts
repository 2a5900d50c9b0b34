import { sportsWagered } from '@sorte/contracts';
import { type Consumer, defineConsumer } from '../../platform/events/index';
import { countSettledStake } from './service';

/**
 * The VIP counter: each settled stake adds to the player's season wagering, points and the week's ranking, and
 * pays the levels it crosses. It runs after the bet's own transaction (the bet only publishes), once per event:
 * the counted-events row makes a second delivery change nothing.
 */
export const vipConsumer: Consumer = defineConsumer({
  name: 'vip',
  handlers: {
    'casino.round_settled': async (e, ctx) => {
      await countSettledStake(ctx.tx, {
        eventId: e.id,
        tenantId: e.tenantId,
        userId: e.payload.user_id,
        bet: e.payload.bet,
        at: e.createdAt,
      });
    },
    // A sports bet's stake counts once, when it first closes (sportsWagered).
    'sports.bet_settled': async (e, ctx) => {
      const bet = sportsWagered(e.payload);
      if (e.userId === null || bet <= 0) return;
      await countSettledStake(ctx.tx, { eventId: e.id, tenantId: e.tenantId, userId: e.userId, bet, at: e.createdAt });
    },
  },
});
