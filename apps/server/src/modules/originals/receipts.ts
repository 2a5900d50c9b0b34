import type { Sql } from '../../platform/db/index';
import type { Who } from './repo';

/** A seed pair as a receipt shows it: the server seed only once the pair was rotated (revealed). */
export type SeedPairReceipt = {
  id: number;
  server_seed_hash: string;
  client_seed: string;
  server_seed: string | null;
};

/**
 * The player's seed pairs by id, for receipts of rounds drawn on them by other products (mystery boxes); a pair of
 * another player is absent from the answer.
 */
export async function seedPairOf(sql: Sql, w: Who, ids: readonly number[]): Promise<Map<number, SeedPairReceipt>> {
  if (ids.length === 0) return new Map();
  const { rows } = await sql.query<{
    id: string;
    server_seed_hash: string;
    client_seed: string;
    server_seed: string;
    revealed_at: Date | null;
  }>(
    `select id, server_seed_hash, client_seed, server_seed, revealed_at from originals_seed_pairs
      where tenant_id = $1 and user_id = $2 and id = any($3::bigint[])`,
    [w.tenantId, w.userId, ids],
  );
  return new Map(
    rows.map((r) => [
      Number(r.id),
      {
        id: Number(r.id),
        server_seed_hash: r.server_seed_hash,
        client_seed: r.client_seed,
        server_seed: r.revealed_at ? r.server_seed : null,
      },
    ]),
  );
}
