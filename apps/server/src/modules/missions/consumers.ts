import { type Consumer, defineConsumer } from '../../platform/events/index';
import { countDeposit, countLogin, countRound, countSportsBet } from './progress';

/**
 * Missions' reactions, off the bet's transaction: a settled round (casino and Originals), a settled sports bet, an
 * approved deposit and a login move the players' missions, each event once (progress.ts marks it counted in the
 * delivery's transaction).
 */
export const missionsConsumer: Consumer = defineConsumer({
  name: 'missions',
  handlers: {
    'casino.round_settled': async (e, ctx) => countRound(ctx, e),
    'sports.bet_settled': async (e, ctx) => countSportsBet(ctx, e),
    'payments.deposit_approved': async (e, ctx) => countDeposit(ctx, e),
    'auth.logged_in': async (e, ctx) => countLogin(ctx, e),
  },
});
