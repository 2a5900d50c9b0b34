import type { Sql } from '../../platform/db/index';
import { syncOriginals } from './originals';

/**
 * For demo:populate only: the closed rounds of the bet history for a chunk of rounds planned in the session's
 * temporary table `pop_rounds` (those on a game of the catalog), in one set statement, as casino_round_settled
 * leaves one round. PostgreSQL only.
 */
export async function bulkSeedRounds(tx: Sql, o: { tenantId: number; tag: string }): Promise<number> {
  const { rowCount } = await tx.query(
    `insert into casino_rounds (tenant_id, provider_id, round_id, user_id, game_id, bet_total, win_total, status,
         started_at, closed_at)
     select $1, g.provider_id, case p.product when 'originals' then p.code || ':' || $2 || lpad(p.r::text, 10, '0') else $2 || lpad(p.r::text, 10, '0') end,
         p.u, g.id, p.stake, p.payout, 'closed', p.at, p.at + interval '1 second'
       from pop_rounds p join games g on g.tenant_id = $1 and g.id = p.game_id
       order by p.r
     on conflict (tenant_id, provider_id, round_id) do nothing`,
    [o.tenantId, o.tag],
  );
  return rowCount ?? 0;
}

/**
 * Games of a tenant's catalog a populate run plays: the Originals (put in the catalog first, as the server's start
 * does, for a tenant made a moment ago), then up to `limit` games of other providers.
 */
export async function populateGamePool(
  tx: Sql,
  tenantId: number,
  limit: number,
): Promise<{ id: number; code: string; provider: string; originals: boolean }[]> {
  await syncOriginals(tx, tenantId);
  const { rows } = await tx.query<{ id: string; code: string; provider: string; originals: boolean }>(
    `(select g.id, g.provider_game_id as code, p.code as provider, true as originals from games g
        join game_providers p on p.tenant_id = g.tenant_id and p.id = g.provider_id
       where g.tenant_id = $1 and p.code = 'sorte-originals' and g.provider_game_id in ('dice', 'limbo', 'mines', 'plinko', 'keno')
       order by g.id)
     union all
     (select g.id, g.provider_game_id, p.code, false from games g
        join game_providers p on p.tenant_id = g.tenant_id and p.id = g.provider_id
       where g.tenant_id = $1 and p.code <> 'sorte-originals' order by g.id limit $2)`,
    [tenantId, limit],
  );
  return rows.map((r) => ({ id: Number(r.id), code: r.code, provider: r.provider, originals: r.originals }));
}
