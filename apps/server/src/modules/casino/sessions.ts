import type { Sql } from '../../platform/db/index';

/**
 * Ends every live game session (provider launch token) of a player: when they log out, reset the password or
 * exclude themselves, a token still held by a provider or an open game tab must stop taking stakes. The session is
 * expired rather than deleted, so a provider's stake is refused with the protocol's session-expired error while a
 * win or refund of a round already under way still settles.
 */
export async function endPlayerGameSessions(sql: Sql, tenantId: number, userId: number): Promise<number> {
  const r = await sql.query(
    `update game_sessions set expires_at = now()
      where tenant_id = $1 and user_id = $2 and expires_at > now()`,
    [tenantId, userId],
  );
  return r.rowCount;
}

export type GameSessionRow = {
  id: number;
  user_id: number | null;
  game_id: number;
  provider_game_id: string;
  game_title: string;
  bonus_allowed: boolean;
  demo: boolean;
  expired: boolean;
};

/** A provider's game session by the hash of its token, with its game (the seamless wallet's lookup). */
export async function findGameSession(
  sql: Sql,
  o: { tenantId: number; providerId: number; tokenHash: string },
): Promise<GameSessionRow | null> {
  const { rows } = await sql.query<GameSessionRow>(
    `select s.id, s.user_id, s.game_id, g.provider_game_id, g.title as game_title, g.bonus_allowed, s.demo,
        s.expires_at <= now() as expired
      from game_sessions s join games g on g.tenant_id = s.tenant_id and g.id = s.game_id
      where s.token_hash = $1 and s.tenant_id = $2 and s.provider_id = $3`,
    [o.tokenHash, o.tenantId, o.providerId],
  );
  return rows[0] ?? null;
}
