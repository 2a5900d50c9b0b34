import type { Db, Sql } from '../../platform/db/index';
import type { ProviderRow } from '../casino/index';
import type { GameProviderAdapter, WalletErrorCode } from './adapter';

/**
 * Free rounds at game providers, the way aggregators offer them: we create a campaign at the provider (player,
 * game, rounds, stake per round, expiry, our campaign id), the provider plays the rounds at no stake and reports
 * each round's win through the wallet's win call carrying the campaign id, and we cancel what is left when the
 * offer behind it ends. Our copy of each campaign (provider_free_rounds) is what a reported round is checked
 * against: this player, this game, live, not expired, rounds left, counted once per provider transaction id.
 */

/** What a free round's win is paid for: promotions' free-spins bonus, handed over by app.ts (useFreeRoundWins). */
export type FreeRoundWinHook = (
  tx: Sql,
  w: { tenantId: number; userId: number; campaignId: string; win: number; now: Date; pay: () => Promise<unknown> },
) => Promise<boolean>;

let onWin: FreeRoundWinHook | null = null;

export function useFreeRoundWins(hook: FreeRoundWinHook): void {
  onWin = hook;
}

export const freeRoundWinHook = () => onWin;

type GameAt = ProviderRow & { game_id: number; provider_game_id: string };

/** The tenant's catalog game with this code at a third-party provider, with its provider (a read of the catalog). */
async function gameAt(sql: Sql, tenantId: number, gameCode: string): Promise<GameAt | null> {
  const { rows } = await sql.query<GameAt>(
    `select p.*, g.id as game_id, g.provider_game_id from games g join game_providers p on p.id = g.provider_id
      where g.tenant_id = $1 and g.game_code = $2 and p.protocol <> 'originals' order by g.id limit 1`,
    [tenantId, gameCode],
  );
  return rows[0] ?? null;
}

/**
 * The free rounds other modules use (promotions, through app.ts): `grant` creates a campaign at the game's
 * provider (again with the same id: the same campaign), `cancel` cancels what is left of it.
 */
export function freeRounds(registry: Map<string, GameProviderAdapter>) {
  return {
    async grant(
      db: Db,
      c: {
        tenantId: number;
        userId: number;
        campaignId: string;
        gameCode: string;
        rounds: number;
        bet: number;
        expiresAt: Date;
      },
    ): Promise<'ok' | 'refused'> {
      const game = await gameAt(db, c.tenantId, c.gameCode);
      const adapter = game ? registry.get(game.protocol) : undefined;
      if (!game || !adapter?.grantFreeRounds) return 'refused';
      await db.query(
        `insert into provider_free_rounds (tenant_id, provider_id, campaign_id, user_id, game_id, provider_game_id,
            rounds, bet, expires_at)
          values ($1, $2, $3, $4, $5, $6, $7, $8, $9)
          on conflict (tenant_id, provider_id, campaign_id) do nothing`,
        [
          c.tenantId,
          game.id,
          c.campaignId,
          c.userId,
          game.game_id,
          game.provider_game_id,
          c.rounds,
          c.bet,
          c.expiresAt,
        ],
      );
      const answer = await adapter.grantFreeRounds({
        provider: game,
        campaignId: c.campaignId,
        playerId: String(c.userId),
        providerGameId: game.provider_game_id,
        rounds: c.rounds,
        bet: c.bet,
        expiresAt: c.expiresAt,
      });
      if (answer === 'refused') {
        await setStatus(db, c.tenantId, c.campaignId, 'cancelled');
        return 'refused';
      }
      await db.query(
        `update provider_free_rounds set status = 'live' where tenant_id = $1 and campaign_id = $2 and status = 'pending'`,
        [c.tenantId, c.campaignId],
      );
      return 'ok';
    },

    async cancel(db: Db, c: { tenantId: number; campaignId: string }): Promise<void> {
      const { rows } = await db.query<ProviderRow & { campaign_status: string }>(
        `select p.*, f.status as campaign_status from provider_free_rounds f
            join game_providers p on p.id = f.provider_id
          where f.tenant_id = $1 and f.campaign_id = $2`,
        [c.tenantId, c.campaignId],
      );
      for (const p of rows) {
        if (p.campaign_status === 'cancelled') continue;
        await registry.get(p.protocol)?.cancelFreeRounds?.({ provider: p, campaignId: c.campaignId });
      }
      await setStatus(db, c.tenantId, c.campaignId, 'cancelled');
    },
  };
}

const setStatus = (db: Sql, tenantId: number, campaignId: string, status: 'cancelled') =>
  db.query('update provider_free_rounds set status = $3 where tenant_id = $1 and campaign_id = $2', [
    tenantId,
    campaignId,
    status,
  ]);

/** Why a free round was refused, for the answer (the conditional update found nothing to count). */
export async function freeRoundRefusal(
  sql: Sql,
  o: { tenantId: number; providerId: number; campaignId: string; userId: number; gameId: string },
): Promise<WalletErrorCode> {
  const { rows } = await sql.query<{ used_up: boolean }>(
    `select rounds_used >= rounds as used_up from provider_free_rounds
      where tenant_id = $1 and provider_id = $2 and campaign_id = $3 and user_id = $4 and provider_game_id = $5
        and status = 'live' and expires_at > now()`,
    [o.tenantId, o.providerId, o.campaignId, o.userId, o.gameId],
  );
  return rows[0]?.used_up ? 'FREE_ROUNDS_USED_UP' : 'FREE_ROUNDS_NOT_FOUND';
}

/** Counts one round on the campaign (this player, this game, live, unexpired, rounds left); false: none counted. */
export async function countFreeRound(
  tx: Sql,
  o: { tenantId: number; providerId: number; campaignId: string; userId: number; gameId: string; win: number },
): Promise<boolean> {
  const { rows } = await tx.query(
    `update provider_free_rounds set rounds_used = rounds_used + 1, win_total = win_total + $6::bigint
      where tenant_id = $1 and provider_id = $2 and campaign_id = $3 and user_id = $4 and provider_game_id = $5
        and status = 'live' and expires_at > now() and rounds_used < rounds
      returning id`,
    [o.tenantId, o.providerId, o.campaignId, o.userId, o.gameId, o.win],
  );
  return rows.length === 1;
}
