import type { Sql } from '../../platform/db/index';

/*
 * The casino's rounds (casino_rounds: the bet history of GET wallet/bets) as other modules change them. The seamless
 * wallet's one-statement calls do the same through the casino's stored functions (casino_round_*.sql).
 */

export type RoundRow = {
  id: number;
  user_id: number;
  game_id: number;
  status: string;
  bet_total: number;
  win_total: number;
};

/** A provider's round, locked until `tx` ends (stakes, wins and rollbacks of one round take turns). */
export async function lockRound(
  tx: Sql,
  o: { tenantId: number; providerId: number; roundId: string },
): Promise<RoundRow | null> {
  const { rows } = await tx.query<RoundRow>(
    `select id, user_id, game_id, status, bet_total, win_total from casino_rounds
      where tenant_id = $1 and provider_id = $2 and round_id = $3 for update`,
    [o.tenantId, o.providerId, o.roundId],
  );
  return rows[0] ?? null;
}

/**
 * Takes a rolled-back stake off a round locked by lockRound: the round keeps its other stakes, and one left with no
 * stake and no win is closed as rolled back. Answers whether that happened.
 */
export async function takeStakeBack(tx: Sql, round: RoundRow, amount: number): Promise<boolean> {
  const remaining = Math.max(0, round.bet_total - amount);
  const rolledBack = remaining === 0 && round.win_total === 0;
  await tx.query(
    `update casino_rounds set bet_total = $2::bigint,
        status = case when $3::boolean then 'rolled_back' else status end,
        closed_at = case when $3::boolean then now() else closed_at end
      where id = $1`,
    [round.id, remaining, rolledBack],
  );
  return rolledBack;
}

/**
 * A round played and settled in one go (a Mines round, a Crash or Double bet), recorded closed for the bet history,
 * with the game moved to the front of the player's recent games (casino_round_settled.sql, the same function
 * Originals' one-statement bet calls). Answers the catalog's id of the game; null, and nothing written, when the
 * game is not in the catalog.
 */
export async function recordSettledRound(
  tx: Sql,
  o: {
    tenantId: number;
    userId: number;
    providerCode: string;
    gameCode: string;
    roundId: string;
    bet: number;
    win: number;
  },
): Promise<number | null> {
  const { rows } = await tx.query<{ game_id: number | null }>(
    'select casino_round_settled($1, $2, $3, $4, $5, $6, $7) as game_id',
    [o.tenantId, o.userId, o.providerCode, o.gameCode, o.roundId, o.bet, o.win],
    'casino_round_settled',
  );
  return rows[0]?.game_id ?? null;
}
