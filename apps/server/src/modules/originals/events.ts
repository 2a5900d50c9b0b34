import type { Sql } from '../../platform/db/index';

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
 * Records a settled round in the caller's transaction, in ONE statement, as a seamless-wallet provider's round is
 * recorded in modules/providers: the round's one event in the event log (casino.round_settled
 * with the stake, the payout and the casino catalog's game_id), the closed casino round (the bet history of GET
 * wallet/bets), the player's recent game, and the stake in the player's total_bet. Consumers (bet feed, missions,
 * ranking, bonus wagering) and the player's history see Originals exactly as third-party games. A game missing from
 * the catalog leaves game_id null and no round row.
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
  const base = {
    provider: ORIGINALS_PROVIDER,
    round_id: roundId,
    transaction: `originals:bet:${o.game === 'crash' || o.game === 'double' ? `${o.game}:` : ''}${o.betId}`,
    game_id: null,
    game: GAME_TITLES[o.game] ?? o.game,
    game_code: o.game,
    user_id: o.userId,
  };
  const events: [string, Record<string, unknown>][] = [
    ['casino.round_settled', { ...base, bet: o.amount, win: o.payout, multiplier: o.multiplierE4 / 10_000 }],
  ];
  await tx.query(
    `with g as (
        select x.id, x.provider_id from games x
          join game_providers p on p.tenant_id = x.tenant_id and p.id = x.provider_id
          where x.tenant_id = $1 and p.code = $5 and x.provider_game_id = $6
      ), rnd as (
        insert into casino_rounds (tenant_id, provider_id, round_id, user_id, game_id, bet_total, win_total, status,
            closed_at)
          select $1, g.provider_id, $7, $2, g.id, $8, $9, 'closed', now() from g
      ), rec as (
        insert into game_recents (tenant_id, user_id, game_id) select $1, $2, g.id from g
          on conflict (tenant_id, user_id, game_id) do update set played_at = now()
      ), usr as (
        update users set total_bet = total_bet + $8 where tenant_id = $1 and id = $2
      )
      insert into event_log (tenant_id, user_id, name, payload)
        select $1, $2, e.t, e.p || jsonb_build_object('game_id', (select g.id from g))
          from unnest($3::text[], $4::jsonb[]) with ordinality as e(t, p, n) order by e.n`,
    [
      o.tenantId,
      o.userId,
      events.map((e) => e[0]),
      events.map((e) => JSON.stringify(e[1])),
      ORIGINALS_PROVIDER,
      o.game,
      roundId,
      o.amount,
      o.payout,
    ],
  );
}
