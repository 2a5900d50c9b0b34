import type { Sql } from '../../db/index';

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

/** The payload fields of a settled round's events that do not depend on the bet id (originals_place_bet adds those). */
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
 * Records a settled round in the shared domain_events outbox, in the caller's transaction, with the same types and
 * payload a seamless-wallet provider's round produces in modules/providers (casino.bet, casino.win,
 * casino.round_settled), and counts the stake in the player's total_bet as the casino does: consumers (bet feed,
 * missions, ranking, bonus wagering) see Originals exactly as third-party games.
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
  const base = {
    provider: ORIGINALS_PROVIDER,
    round_id: `${o.game}:${o.betId}`,
    transaction: `originals:bet:${o.game === 'crash' || o.game === 'double' ? `${o.game}:` : ''}${o.betId}`,
    game_id: null,
    game: GAME_TITLES[o.game] ?? o.game,
    game_code: o.game,
    user_id: o.userId,
  };
  const events: [string, Record<string, unknown>][] = [['casino.bet', { ...base, amount: o.amount }]];
  if (o.payout > 0) events.push(['casino.win', { ...base, amount: o.payout }]);
  events.push(['casino.round_settled', { ...base, bet: o.amount, win: o.payout, multiplier: o.multiplierE4 / 10_000 }]);
  await tx.query(
    `insert into domain_events (tenant_id, user_id, type, payload)
      select $1, $2, t, p from unnest($3::text[], $4::jsonb[]) as e(t, p)`,
    [o.tenantId, o.userId, events.map((e) => e[0]), events.map((e) => JSON.stringify(e[1]))],
  );
  await tx.query('update users set total_bet = total_bet + $3 where tenant_id = $1 and id = $2', [
    o.tenantId,
    o.userId,
    o.amount,
  ]);
}
