import type { Sql } from '../../platform/db/index';

/*
 * Typed calls of the seamless wallet's stored functions (their source is platform/db/functions/providers_*.sql).
 * Each takes a whole provider call, or a batch of them, in one statement: the providers' own rows here, the round
 * through the casino's functions and the money through the ledger's.
 */

/** The arguments every seamless-wallet function starts with (the session token as its hash). */
export type ProviderCallArgs = [
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
  from providers_bet_call($1, $2, $3, $4, $5, $6, $7, $8)`;
const WIN_CALL_SQL = `select status, user_id, bonus_allowed, prior, result
  from providers_win_call($1, $2, $3, $4, $5, $6, $7, $8, $9)`;
const BET_OPEN_SQL = `select status, user_id, game_id, game_title, bonus_allowed, prior
  from providers_bet_open($1, $2, $3, $4, $5, $6, $7, $8)`;
const WIN_OPEN_SQL = `select status, user_id, bonus_allowed, prior, round_game_id, bet_total, win_total, cap,
    round_bonus, round_bonus_since
  from providers_win_open($1, $2, $3, $4, $5, $6, $7, $8, $9)`;

/** providers_calls: many bets and wins in one statement, each answered as its own statement would (the batcher's). */
export const PROVIDERS_CALLS = {
  sql: 'select n, status, user_id, bonus_allowed, prior, result, err from providers_calls($1::jsonb)',
  name: 'providers_calls',
} as const;

async function first<R>(sql: Sql, text: string, params: unknown[], name: string): Promise<R> {
  const { rows } = await sql.query<R>(text, params, name);
  return rows[0]!;
}

/** A provider's stake in one statement: session, claim, round, debit and stored answer (providers_bet_call). */
export function callBet<R>(sql: Sql, args: ProviderCallArgs): Promise<R> {
  return first<R>(sql, BET_CALL_SQL, args, 'providers_bet_call');
}

/** A provider's win in one statement (providers_win_call); `roundClosed` closes the round with it. */
export function callWin<R>(sql: Sql, args: [...ProviderCallArgs, roundClosed: boolean]): Promise<R> {
  return first<R>(sql, WIN_CALL_SQL, args, 'providers_win_call');
}

/** The checks and claim before a stake, inside the caller's transaction, which then debits (providers_bet_open). */
export function openBet<R>(tx: Sql, args: ProviderCallArgs): Promise<R> {
  return first<R>(tx, BET_OPEN_SQL, args, 'providers_bet_open');
}

/** The checks and claim before a win, inside the caller's transaction, which then credits (providers_win_open). */
export function openWin<R>(tx: Sql, args: [...ProviderCallArgs, roundClosed: boolean]): Promise<R> {
  return first<R>(tx, WIN_OPEN_SQL, args, 'providers_win_open');
}
