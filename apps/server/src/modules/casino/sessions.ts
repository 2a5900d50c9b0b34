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
