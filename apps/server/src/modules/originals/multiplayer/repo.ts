import { randomBytes } from 'node:crypto';
import { buildChain } from '@sorte/fairness';
import type { Sql } from '../../../platform/db/index';
import type { MultiplayerGame } from './settings';

export type ChainRow = {
  id: number;
  tenant_id: number;
  game: MultiplayerGame;
  seed: string;
  length: number;
  terminating_hash: string;
  salt: string;
  created_at: Date;
};

export type RoundRow = {
  id: number;
  tenant_id: number;
  chain_id: number;
  game: MultiplayerGame;
  round_number: number;
  hash: string;
  result: number;
  chain_result: number;
  status: 'betting' | 'running' | 'ended' | 'refunded';
  betting_ends_at: Date;
  started_at: Date | null;
  ended_at: Date | null;
  max_profit: number | null;
  force_point: number | null;
  crash_after_ms: number | null;
};

export type RoundBetRow = {
  id: number;
  round_id: number;
  user_id: number;
  amount: number;
  auto_cashout: number | null;
  color: 'white' | 'red' | 'black' | null;
  cashout: number | null;
  payout: number;
  status: 'open' | 'won' | 'lost' | 'refunded';
};

const ROUND_COLUMNS = `id, tenant_id, chain_id, game, round_number, hash, result, chain_result, status, betting_ends_at,
  started_at, ended_at, max_profit, force_point, crash_after_ms`;
const BET_COLUMNS = 'id, round_id, user_id, amount, auto_cashout, color, cashout, payout, status';

// ---- chains ---------------------------------------------------------------------------------------------------

export async function activeChain(sql: Sql, tenantId: number, game: MultiplayerGame): Promise<ChainRow | null> {
  const { rows } = await sql.query<ChainRow>(
    'select * from originals_chains where tenant_id = $1 and game = $2 and active',
    [tenantId, game],
  );
  return rows[0] ?? null;
}

export async function chainById(sql: Sql, id: number): Promise<ChainRow | null> {
  const { rows } = await sql.query<ChainRow>('select * from originals_chains where id = $1', [id]);
  return rows[0] ?? null;
}

/**
 * Commits a new chain: a secret seed from the CSPRNG, `length` hashes, and a salt drawn once and fixed for the
 * whole chain. Its terminating hash and salt are public from this moment, before its first round exists. The
 * previous chain (if any) is retired in the same statement order, so there is always one active chain.
 */
export async function createChain(
  sql: Sql,
  o: { tenantId: number; game: MultiplayerGame; length: number; seed?: string; salt?: string },
): Promise<ChainRow> {
  const seed = o.seed ?? randomBytes(32).toString('hex');
  const salt = o.salt ?? randomBytes(32).toString('hex');
  const { terminatingHash } = buildChain(seed, o.length);
  await sql.query('update originals_chains set active = false where tenant_id = $1 and game = $2 and active', [
    o.tenantId,
    o.game,
  ]);
  const { rows } = await sql.query<ChainRow>(
    `insert into originals_chains (tenant_id, game, seed, length, terminating_hash, salt)
      values ($1, $2, $3, $4, $5, $6) returning *`,
    [o.tenantId, o.game, seed, o.length, terminatingHash, salt],
  );
  return rows[0]!;
}

export async function listChains(sql: Sql, tenantId: number, game: MultiplayerGame) {
  const { rows } = await sql.query<{
    id: number;
    length: number;
    terminating_hash: string;
    salt: string;
    active: boolean;
    created_at: Date;
    rounds_played: number;
  }>(
    `select c.id, c.length, c.terminating_hash, c.salt, c.active, c.created_at,
        (select coalesce(max(round_number), 0) from originals_rounds r where r.chain_id = c.id) as rounds_played
      from originals_chains c where c.tenant_id = $1 and c.game = $2 order by c.id desc limit 20`,
    [tenantId, game],
  );
  return rows;
}

// ---- rounds ---------------------------------------------------------------------------------------------------

export async function openRound(sql: Sql, tenantId: number, game: MultiplayerGame): Promise<RoundRow | null> {
  const { rows } = await sql.query<RoundRow>(
    `select ${ROUND_COLUMNS} from originals_rounds
      where tenant_id = $1 and game = $2 and status in ('betting', 'running') order by id desc limit 1`,
    [tenantId, game],
  );
  return rows[0] ?? null;
}

/** The open round in `status`, share-locked: a bet or cash-out holds it so the round cannot change under it. */
export async function lockRoundIn(
  sql: Sql,
  tenantId: number,
  game: MultiplayerGame,
  status: 'betting' | 'running',
): Promise<RoundRow | null> {
  const { rows } = await sql.query<RoundRow>(
    `select ${ROUND_COLUMNS} from originals_rounds
      where tenant_id = $1 and game = $2 and status = $3 order by id desc limit 1 for share`,
    [tenantId, game, status],
  );
  return rows[0] ?? null;
}

export async function nextRoundNumber(sql: Sql, chainId: number): Promise<number> {
  const { rows } = await sql.query<{ n: number }>(
    'select coalesce(max(round_number), 0) + 1 as n from originals_rounds where chain_id = $1',
    [chainId],
  );
  return Number(rows[0]!.n);
}

export async function insertRound(
  sql: Sql,
  o: {
    tenantId: number;
    chainId: number;
    game: MultiplayerGame;
    number: number;
    hash: string;
    result: number;
    bettingEndsAt: Date;
    now: Date;
  },
): Promise<RoundRow> {
  const { rows } = await sql.query<RoundRow>(
    `insert into originals_rounds (tenant_id, chain_id, game, round_number, hash, result, chain_result, status,
        betting_ends_at, created_at)
      values ($1, $2, $3, $4, $5, $6, $6, 'betting', $7, $8) returning ${ROUND_COLUMNS}`,
    [o.tenantId, o.chainId, o.game, o.number, o.hash, o.result, o.bettingEndsAt, o.now],
  );
  return rows[0]!;
}

/** Moves the round out of `from`; waits for the bets/cash-outs holding it. Null when it was no longer in `from`. */
export async function transition(
  sql: Sql,
  id: number,
  from: RoundRow['status'],
  to: RoundRow['status'],
  set: { startedAt?: Date; endedAt?: Date },
): Promise<RoundRow | null> {
  const { rows } = await sql.query<RoundRow>(
    `update originals_rounds set status = $3, started_at = coalesce($4, started_at), ended_at = coalesce($5, ended_at)
      where id = $1 and status = $2 returning ${ROUND_COLUMNS}`,
    [id, from, to, set.startedAt ?? null, set.endedAt ?? null],
  );
  return rows[0] ?? null;
}

export async function setCrashLimits(
  sql: Sql,
  id: number,
  o: { maxProfit: number; forcePoint: number | null; crashAfterMs: number },
): Promise<void> {
  await sql.query('update originals_rounds set max_profit = $2, force_point = $3, crash_after_ms = $4 where id = $1', [
    id,
    o.maxProfit,
    o.forcePoint,
    o.crashAfterMs,
  ]);
}

export async function roundStake(sql: Sql, roundId: number): Promise<number> {
  const { rows } = await sql.query<{ s: number }>(
    'select coalesce(sum(amount), 0) as s from originals_round_bets where round_id = $1',
    [roundId],
  );
  return Number(rows[0]!.s);
}

export async function history(sql: Sql, tenantId: number, game: MultiplayerGame, limit: number) {
  const { rows } = await sql.query<RoundRow>(
    `select ${ROUND_COLUMNS} from originals_rounds
      where tenant_id = $1 and game = $2 and status in ('ended', 'refunded') order by id desc limit $3`,
    [tenantId, game, limit],
  );
  return rows;
}

export async function roundByNumber(sql: Sql, tenantId: number, game: MultiplayerGame, id: number) {
  const { rows } = await sql.query<RoundRow>(
    `select ${ROUND_COLUMNS} from originals_rounds where tenant_id = $1 and game = $2 and id = $3`,
    [tenantId, game, id],
  );
  return rows[0] ?? null;
}

// ---- bets -----------------------------------------------------------------------------------------------------

/** A bet of the round; null when the player already has one (on that colour in Double). */
export async function insertRoundBet(
  sql: Sql,
  o: {
    tenantId: number;
    roundId: number;
    userId: number;
    amount: number;
    autoCashout: number | null;
    color: string | null;
  },
): Promise<RoundBetRow | null> {
  const { rows } = await sql.query<RoundBetRow>(
    `insert into originals_round_bets (tenant_id, round_id, user_id, amount, auto_cashout, color)
      values ($1, $2, $3, $4, $5, $6) on conflict do nothing returning ${BET_COLUMNS}`,
    [o.tenantId, o.roundId, o.userId, o.amount, o.autoCashout, o.color],
  );
  return rows[0] ?? null;
}

export async function playerBets(sql: Sql, roundId: number, userId: number): Promise<RoundBetRow[]> {
  const { rows } = await sql.query<RoundBetRow>(
    `select ${BET_COLUMNS} from originals_round_bets where round_id = $1 and user_id = $2 order by id`,
    [roundId, userId],
  );
  return rows;
}

/**
 * The cash-out of one bet: a single conditional UPDATE, so of two requests in the same tick only the first
 * finds the bet still open; the other updates nothing.
 */
export async function cashOutBet(
  sql: Sql,
  o: { betId: number; cashout: number; payout: number; now: Date },
): Promise<RoundBetRow | null> {
  const { rows } = await sql.query<RoundBetRow>(
    `update originals_round_bets set cashout = $2, payout = $3, status = 'won', settled_at = $4
      where id = $1 and status = 'open' and cashout is null returning ${BET_COLUMNS}`,
    [o.betId, o.cashout, o.payout, o.now],
  );
  return rows[0] ?? null;
}

/**
 * Cashes out, at their own target, every open bet whose automatic target (capped at the force point) is at most
 * `upTo`; payout = floor(amount x target / 100), at most `maxWin`. One statement; returns the bets it settled.
 */
export async function autoCashOut(
  sql: Sql,
  o: { roundId: number; upTo: number; forcePoint: number | null; maxWin: number; now: Date },
): Promise<RoundBetRow[]> {
  const { rows } = await sql.query<RoundBetRow>(
    `update originals_round_bets set cashout = least(auto_cashout, $3::integer),
        payout = least((amount * least(auto_cashout, $3::integer)) / 100, $4::bigint), status = 'won', settled_at = $5
      where round_id = $1 and status = 'open' and cashout is null and least(auto_cashout, $3::integer) <= $2
      returning ${BET_COLUMNS}`,
    [o.roundId, o.upTo, o.forcePoint, o.maxWin, o.now],
  );
  return rows;
}

/** Every bet still open becomes `status` with `payout` computed by SQL expression kind. */
export async function closeOpenBets(
  sql: Sql,
  o: { roundId: number; status: 'lost' | 'refunded'; now: Date },
): Promise<RoundBetRow[]> {
  const { rows } = await sql.query<RoundBetRow>(
    `update originals_round_bets set status = $2, payout = case when $2 = 'refunded' then amount else 0 end,
        settled_at = $3
      where round_id = $1 and status = 'open' returning ${BET_COLUMNS}`,
    [o.roundId, o.status, o.now],
  );
  return rows;
}

/** Double: settles every open bet of the round against the rolled colour. */
export async function settleDoubleBets(
  sql: Sql,
  o: { roundId: number; color: string; multiplier: number; now: Date },
): Promise<RoundBetRow[]> {
  const { rows } = await sql.query<RoundBetRow>(
    `update originals_round_bets set
        status = case when color = $2 then 'won' else 'lost' end,
        payout = case when color = $2 then amount * $3 else 0 end,
        settled_at = $4
      where round_id = $1 and status = 'open' returning ${BET_COLUMNS}`,
    [o.roundId, o.color, o.multiplier, o.now],
  );
  return rows;
}

export type PublicBetRow = RoundBetRow & { first_name: string };

export async function roundBets(sql: Sql, roundId: number): Promise<PublicBetRow[]> {
  const { rows } = await sql.query<PublicBetRow>(
    `select b.id, b.round_id, b.user_id, b.amount, b.auto_cashout, b.color, b.cashout, b.payout, b.status,
        u.first_name
      from originals_round_bets b join users u on u.tenant_id = b.tenant_id and u.id = b.user_id
      where b.round_id = $1 order by b.amount desc, b.id limit 200`,
    [roundId],
  );
  return rows;
}

export async function firstName(sql: Sql, tenantId: number, userId: number): Promise<string> {
  const { rows } = await sql.query<{ first_name: string }>(
    'select first_name from users where tenant_id = $1 and id = $2',
    [tenantId, userId],
  );
  return rows[0]?.first_name ?? '';
}

export async function myRoundBets(sql: Sql, tenantId: number, userId: number, game: MultiplayerGame, limit: number) {
  const { rows } = await sql.query<RoundBetRow & { round_number: number; result: number | null; hash: string | null }>(
    `select b.id, b.round_id, b.user_id, b.amount, b.auto_cashout, b.color, b.cashout, b.payout, b.status,
        r.round_number, case when r.status in ('ended', 'refunded') then r.result end as result,
        case when r.status in ('ended', 'refunded') then r.hash end as hash
      from originals_round_bets b join originals_rounds r on r.id = b.round_id
      where b.tenant_id = $1 and b.user_id = $2 and r.game = $3 order by b.id desc limit $4`,
    [tenantId, userId, game, limit],
  );
  return rows;
}
