import type { Sql } from '../../platform/db/index';
import { publish } from '../../platform/events/index';
import { recordSettledRound as recordCasinoRound } from '../casino/index';

/** The provider code under which Originals appear beside third-party games (catalog, history, events). */
export const ORIGINALS_PROVIDER = 'sorte-originals';

export const GAME_TITLES: Record<string, string> = {
  dice: 'Dice',
  limbo: 'Limbo',
  mines: 'Mines',
  plinko: 'Plinko',
  keno: 'Keno',
  slot: 'Onça Dourada',
  crash: 'Crash',
  double: 'Double',
};

/**
 * The payload fields of a settled round's events that do not depend on the bet id or the catalog
 * (originals_place_bet adds those: round_id, transaction, and game_id, the casino catalog's id of the game).
 */
export function settledRoundEventBase(o: { userId: number; game: string }) {
  return {
    game_id: null,
    game: GAME_TITLES[o.game] ?? o.game,
    game_code: o.game,
    user_id: o.userId,
    provider: ORIGINALS_PROVIDER,
  };
}

/**
 * Records a settled round in the caller's transaction, as a seamless-wallet provider's round is recorded: the closed
 * casino round (the bet history of GET wallet/bets) and the player's recent game through the casino's API, then the
 * round's one event (casino.round_settled with the stake, the payout and the casino catalog's game_id). Consumers
 * (bet feed, missions, ranking, bonus wagering) and the player's history see Originals exactly as third-party games.
 * A game missing from the catalog leaves game_id null and no round row. The stake was counted in the player's total
 * wagered by the ledger when it was taken.
 */
export async function recordSettledRound(
  tx: Sql,
  o: {
    tenantId: number;
    userId: number;
    game: string;
    betId: number | string;
    amount: number;
    payout: number;
    multiplierE4: number;
  },
): Promise<void> {
  const roundId = `${o.game}:${o.betId}`;
  const gameId = await recordCasinoRound(tx, {
    tenantId: o.tenantId,
    userId: o.userId,
    providerCode: ORIGINALS_PROVIDER,
    gameCode: o.game,
    roundId,
    bet: o.amount,
    win: o.payout,
  });
  await publish(tx, {
    name: 'casino.round_settled',
    tenantId: o.tenantId,
    userId: o.userId,
    payload: {
      provider: ORIGINALS_PROVIDER,
      round_id: roundId,
      transaction: `originals:bet:${o.game === 'crash' || o.game === 'double' ? `${o.game}:` : ''}${o.betId}`,
      game_id: gameId,
      game: GAME_TITLES[o.game] ?? o.game,
      game_code: o.game,
      user_id: o.userId,
      bet: o.amount,
      win: o.payout,
      multiplier: o.multiplierE4 / 10_000,
    },
  });
}
