import { generateClientSeed, generateServerSeed, hashServerSeed } from '@sorte/fairness';
import type { Sql } from '../../platform/db/index';
import type { GameCode } from './games';

export type SeedPairRow = {
  id: number;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  nonce: number;
  active: boolean;
  revealed_at: Date | null;
};

export type Who = { tenantId: number; userId: number };

/** A new active pair for the player unless one exists (a concurrent creator wins, we keep theirs). */
export async function ensureSeedPair(sql: Sql, w: Who, clientSeed?: string): Promise<void> {
  const serverSeed = generateServerSeed();
  await sql.query(
    `insert into originals_seed_pairs (tenant_id, user_id, server_seed, server_seed_hash, client_seed)
      values ($1, $2, $3, $4, $5) on conflict do nothing`,
    [w.tenantId, w.userId, serverSeed, hashServerSeed(serverSeed), clientSeed ?? generateClientSeed()],
  );
}

export async function findActivePair(sql: Sql, w: Who, forUpdate = false): Promise<SeedPairRow | null> {
  const { rows } = await sql.query<SeedPairRow>(
    `select id, server_seed, server_seed_hash, client_seed, nonce, active, revealed_at from originals_seed_pairs
      where tenant_id = $1 and user_id = $2 and active${forUpdate ? ' for update' : ''}`,
    [w.tenantId, w.userId],
  );
  return rows[0] ?? null;
}

/**
 * Takes the next nonce of the player's active pair: one UPDATE that increments it under the row lock, so
 * concurrent bets of one player take turns and each gets its own nonce. Rolled back with the bet when it fails.
 */
export async function takeNonce(sql: Sql, w: Who): Promise<SeedPairRow> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const { rows } = await sql.query<SeedPairRow>(
      `update originals_seed_pairs set nonce = nonce + 1
        where tenant_id = $1 and user_id = $2 and active
        returning id, server_seed, server_seed_hash, client_seed, nonce - 1 as nonce, active, revealed_at`,
      [w.tenantId, w.userId],
    );
    if (rows[0]) return rows[0];
    await ensureSeedPair(sql, w);
  }
  throw new Error('could not obtain a seed pair');
}

export async function revealPair(sql: Sql, pairId: number): Promise<void> {
  await sql.query('update originals_seed_pairs set active = false, revealed_at = now() where id = $1', [pairId]);
}

export async function hasOpenBetOnPair(sql: Sql, pairId: number): Promise<boolean> {
  const { rows } = await sql.query("select 1 from originals_bets where seed_pair_id = $1 and status = 'open' limit 1", [
    pairId,
  ]);
  return rows.length > 0;
}

export type BetRow = {
  id: number;
  user_id: number;
  game: GameCode;
  seed_pair_id: number;
  nonce: number;
  amount: number;
  payout: number;
  multiplier_e4: number;
  params: Record<string, unknown>;
  outcome: Record<string, unknown>;
  status: 'open' | 'settled';
  created_at: Date;
  settled_at: Date | null;
  server_seed_hash: string;
  client_seed: string;
  /** Only once the pair was rotated. */
  server_seed: string | null;
};

export async function insertBet(
  sql: Sql,
  b: Who & {
    game: GameCode;
    pairId: number;
    nonce: number;
    amount: number;
    payout: number;
    multiplierE4: number;
    params: unknown;
    outcome: unknown;
    status: 'open' | 'settled';
  },
): Promise<{ id: number; created_at: Date }> {
  const { rows } = await sql.query<{ id: number; created_at: Date }>(
    `insert into originals_bets (tenant_id, user_id, game, seed_pair_id, nonce, amount, payout, multiplier_e4, params,
        outcome, status, settled_at)
      values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::text, case when $11::text = 'settled' then now() end)
      returning id, created_at`,
    [
      b.tenantId,
      b.userId,
      b.game,
      b.pairId,
      b.nonce,
      b.amount,
      b.payout,
      b.multiplierE4,
      JSON.stringify(b.params),
      JSON.stringify(b.outcome),
      b.status,
    ],
  );
  return rows[0]!;
}

const BET_COLUMNS = `b.id, b.user_id, b.game, b.seed_pair_id, b.nonce, b.amount, b.payout, b.multiplier_e4, b.params,
  b.outcome, b.status, b.created_at, b.settled_at, p.server_seed_hash, p.client_seed,
  case when p.active then null else p.server_seed end as server_seed`;

export async function findOpenMines(sql: Sql, w: Who, forUpdate: boolean): Promise<BetRow | null> {
  const { rows } = await sql.query<BetRow>(
    `select ${BET_COLUMNS} from originals_bets b join originals_seed_pairs p on p.id = b.seed_pair_id
      where b.tenant_id = $1 and b.user_id = $2 and b.game = 'mines' and b.status = 'open'
      ${forUpdate ? 'for update of b' : ''}`,
    [w.tenantId, w.userId],
  );
  return rows[0] ?? null;
}

export async function updateMines(
  sql: Sql,
  o: { id: number; outcome: unknown; status: 'open' | 'settled'; payout: number; multiplierE4: number },
): Promise<void> {
  await sql.query(
    `update originals_bets set outcome = $2, status = $3::text, payout = $4, multiplier_e4 = $5,
        settled_at = case when $3::text = 'settled' then now() end
      where id = $1`,
    [o.id, JSON.stringify(o.outcome), o.status, o.payout, o.multiplierE4],
  );
}

export async function listBets(
  sql: Sql,
  w: Who,
  o: { game?: GameCode; limit: number; before?: number },
): Promise<BetRow[]> {
  const { rows } = await sql.query<BetRow>(
    `select ${BET_COLUMNS} from originals_bets b join originals_seed_pairs p on p.id = b.seed_pair_id
      where b.tenant_id = $1 and b.user_id = $2 and ($3::text is null or b.game = $3)
        and ($4::bigint is null or b.id < $4)
      order by b.id desc limit $5`,
    [w.tenantId, w.userId, o.game ?? null, o.before ?? null, o.limit],
  );
  return rows;
}

export async function findBet(sql: Sql, w: Who, id: number): Promise<BetRow | null> {
  const { rows } = await sql.query<BetRow>(
    `select ${BET_COLUMNS} from originals_bets b join originals_seed_pairs p on p.id = b.seed_pair_id
      where b.tenant_id = $1 and b.user_id = $2 and b.id = $3`,
    [w.tenantId, w.userId, id],
  );
  return rows[0] ?? null;
}

/**
 * Claims an Idempotency-Key for this player: true when we own it now; otherwise the earlier request's hash and
 * answer. A concurrent holder of the key makes the insert wait until it commits or rolls back.
 */
export async function claimRequest(
  sql: Sql,
  w: Who,
  key: string,
  hash: string,
): Promise<{ owned: true } | { owned: false; hash: string; response: unknown }> {
  const { rows } = await sql.query(
    `insert into originals_requests (tenant_id, user_id, idempotency_key, request_hash) values ($1, $2, $3, $4)
      on conflict do nothing returning 1`,
    [w.tenantId, w.userId, key, hash],
  );
  if (rows[0]) return { owned: true };
  const prior = await sql.query<{ request_hash: string; response: unknown }>(
    'select request_hash, response from originals_requests where tenant_id = $1 and user_id = $2 and idempotency_key = $3',
    [w.tenantId, w.userId, key],
  );
  const p = prior.rows[0]!;
  return { owned: false, hash: p.request_hash, response: p.response };
}

export async function storeResponse(sql: Sql, w: Who, key: string, response: unknown): Promise<void> {
  await sql.query(
    'update originals_requests set response = $4 where tenant_id = $1 and user_id = $2 and idempotency_key = $3',
    [w.tenantId, w.userId, key, JSON.stringify(response)],
  );
}

const PLACE_SQL = `select status, bet_id, balance, response, stored_hash, pair_id, pair_server_seed,
    pair_server_seed_hash, pair_client_seed, pair_nonce
  from originals_place_bet($1::bigint, $2::bigint, $3::text, $4::text, $5::text, $6::bigint, $7::bigint, $8::bigint,
    $9::bigint, $10::bigint, $11::jsonb, $12::jsonb, $13::jsonb, $14::jsonb, $15::jsonb)`;

export type PlaceBetArgs = [
  tenantId: number,
  userId: number,
  idempotencyKey: string,
  requestHash: string,
  game: string,
  pairId: number,
  nonce: number,
  amount: number,
  payout: number,
  multiplierE4: number,
  params: string,
  result: string,
  response: string,
  event: string,
  multiplier: string,
];

/**
 * An instant bet in one statement (platform/db/functions/originals_place_bet.sql): the nonce, the bet row, the
 * stake and the win through the ledger's functions, the closed round through the casino's, the settled-round event
 * and the Idempotency-Key with its answer, all or nothing.
 */
export async function placeBet<R>(sql: Sql, args: PlaceBetArgs): Promise<R> {
  const { rows } = await sql.query<R>(PLACE_SQL, args, 'originals_place_bet');
  return rows[0]!;
}
