import type { Sql } from '../../platform/db/index';

/*
 * Thin typed calls of the money stored functions that take a whole game call in one statement (their source is in
 * platform/db/functions/). They belong to the ledger because they change balances; casino and originals name what
 * they need here instead of writing the SQL themselves.
 */

/** The arguments every seamless-wallet function starts with (the session token as its hash). */
export type CasinoCallArgs = [
  tenantId: number,
  providerId: number,
  providerCode: string,
  tokenHash: string,
  playerId: string,
  txId: string,
  roundId: string,
  amount: number,
];

const BET_CALL_SQL = `select status, user_id, bonus_allowed, prior, result
  from casino_bet_call($1, $2, $3, $4, $5, $6, $7, $8)`;
const WIN_CALL_SQL = `select status, user_id, bonus_allowed, prior, result
  from casino_win_call($1, $2, $3, $4, $5, $6, $7, $8, $9)`;
const BET_OPEN_SQL = `select status, user_id, game_id, game_title, bonus_allowed, prior
  from casino_bet_open($1, $2, $3, $4, $5, $6, $7, $8)`;
const WIN_OPEN_SQL = `select status, user_id, bonus_allowed, prior, round_game_id, win_total, cap
  from casino_win_open($1, $2, $3, $4, $5, $6, $7, $8, $9)`;

/** casino_calls: many bets and wins in one statement, each answered as its own statement would (the batcher's SQL). */
export const CASINO_CALLS = {
  sql: 'select n, status, user_id, bonus_allowed, prior, result, err from casino_calls($1::jsonb)',
  name: 'casino_calls',
} as const;

async function first<R>(sql: Sql, text: string, params: unknown[], name: string): Promise<R> {
  const { rows } = await sql.query<R>(text, params, name);
  return rows[0]!;
}

/** A provider's stake in one statement: session, claim, round, debit and stored answer (casino_bet_call). */
export function callCasinoBet<R>(sql: Sql, args: CasinoCallArgs): Promise<R> {
  return first<R>(sql, BET_CALL_SQL, args, 'casino_bet_call');
}

/** A provider's win in one statement (casino_win_call); `roundClosed` closes the round with it. */
export function callCasinoWin<R>(sql: Sql, args: [...CasinoCallArgs, roundClosed: boolean]): Promise<R> {
  return first<R>(sql, WIN_CALL_SQL, args, 'casino_win_call');
}

/** The checks and claim before a stake, inside the caller's transaction, which then debits (casino_bet_open). */
export function openCasinoBet<R>(tx: Sql, args: CasinoCallArgs): Promise<R> {
  return first<R>(tx, BET_OPEN_SQL, args, 'casino_bet_open');
}

/** The checks and claim before a win, inside the caller's transaction, which then credits (casino_win_open). */
export function openCasinoWin<R>(tx: Sql, args: [...CasinoCallArgs, roundClosed: boolean]): Promise<R> {
  return first<R>(tx, WIN_OPEN_SQL, args, 'casino_win_open');
}

const PLACE_SQL = `select status, bet_id, balance, response, stored_hash, pair_id, pair_server_seed,
    pair_server_seed_hash, pair_client_seed, pair_nonce
  from originals_place_bet($1::bigint, $2::bigint, $3::text, $4::text, $5::text, $6::bigint, $7::bigint, $8::bigint,
    $9::bigint, $10::bigint, $11::jsonb, $12::jsonb, $13::jsonb, $14::jsonb, $15::jsonb)`;

export type OriginalsBetArgs = [
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
 * An Originals bet in one statement (originals_place_bet): the nonce, the bet row, the stake and the win, the
 * settled-round event and the Idempotency-Key with its answer, all or nothing.
 */
export function placeOriginalsBet<R>(sql: Sql, args: OriginalsBetArgs): Promise<R> {
  return first<R>(sql, PLACE_SQL, args, 'originals_place_bet');
}
