import type { MarketKindName, SportBetStatus } from '@sorte/contracts';
import type { Sql } from '../../../platform/db/index';
import { HEARTBEAT_STALE_MS } from './limits';

export type Who = { tenantId: number; userId: number };

/**
 * An outcome as a bet sees it: its price and whether its market, event and feed take a bet now. The flags are
 * computed on the database's clock, the one the feed writes bet stops and heartbeats with.
 */
export type SelectionRow = {
  outcome_id: number;
  code: string;
  odds: number | null;
  outcome_active: boolean;
  probability: number;
  market_id: number;
  kind: MarketKindName;
  specifiers: string;
  market_status: string;
  event_id: number;
  event_status: string;
  starts_at: Date;
  started: boolean;
  bet_stop: boolean;
  stale: boolean;
  home: string;
  away: string;
  score_home: number;
  score_away: number;
  result_home: number | null;
  result_away: number | null;
};

const SELECTION_COLUMNS = `o.id::int as outcome_id, o.code, o.odds, o.active as outcome_active, o.probability,
  m.id::int as market_id, m.kind, m.specifiers, m.status as market_status,
  e.id::int as event_id, e.status as event_status, e.starts_at, e.starts_at <= now() as started,
  coalesce(e.bet_stop_until > now(), false) as bet_stop,
  coalesce(e.status = 'live' and e.heartbeat_at < now() - make_interval(secs => ${HEARTBEAT_STALE_MS / 1000}), false) as stale,
  h.name as home, a.name as away, e.score_home, e.score_away, e.result_home, e.result_away`;

const SELECTION_JOINS = `join sports_markets m on m.id = o.market_id
  join sports_events e on e.id = m.event_id
  join sports_competitors h on h.id = e.home_id
  join sports_competitors a on a.id = e.away_id`;

export type BetRow = {
  id: number;
  tenant_id: number;
  user_id: number;
  idempotency_key: string;
  request_hash: string;
  response: unknown;
  kind: 'single' | 'multiple';
  stake: number;
  original_stake: number;
  odds: number;
  potential_payout: number;
  payout_cap: number;
  accept_odds: 'none' | 'higher' | 'any';
  status: SportBetStatus;
  live: boolean;
  payout: number;
  cashed_out: number;
  settlement_version: number;
  reject_reason: string | null;
  placed_at: Date;
  accept_at: Date | null;
  settled_at: Date | null;
};

const BET_COLUMNS = `id::int, tenant_id::int, user_id::int, idempotency_key, request_hash, response, kind, stake::float8 as stake,
  original_stake::float8 as original_stake, odds::float8 as odds, potential_payout::float8 as potential_payout,
  payout_cap::float8 as payout_cap, accept_odds, status, live, payout::float8 as payout, cashed_out::float8 as cashed_out,
  settlement_version, reject_reason, placed_at, accept_at, settled_at`;

export async function findByKey(sql: Sql, w: Who, key: string): Promise<BetRow | null> {
  const { rows } = await sql.query<BetRow>(
    `select ${BET_COLUMNS} from sports_bets where tenant_id = $1 and user_id = $2 and idempotency_key = $3`,
    [w.tenantId, w.userId, key],
    'sports_bet_by_key',
  );
  return rows[0] ?? null;
}

/** One of the player's own bets (null for another's or another tenant's), optionally locked for a change. */
export async function findBet(sql: Sql, w: Who, id: number, lock = false): Promise<BetRow | null> {
  const { rows } = await sql.query<BetRow>(
    `select ${BET_COLUMNS} from sports_bets where id = $1 and tenant_id = $2 and user_id = $3${lock ? ' for update' : ''}`,
    [id, w.tenantId, w.userId],
  );
  return rows[0] ?? null;
}

export type LegRow = SelectionRow & {
  bet_id: number;
  taken: number;
  live: boolean;
  result: 'won' | 'lost' | 'void' | 'half_won' | 'half_lost' | null;
  void_factor: number;
  dead_heat_factor: number;
};

/** The legs of some bets with their events, markets and outcomes as they are now, in kick-off order. */
export async function legsOf(sql: Sql, betIds: number[], lock = false): Promise<LegRow[]> {
  if (betIds.length === 0) return [];
  const { rows } = await sql.query<LegRow>(
    `select l.bet_id::int, l.odds as taken, l.live, l.result, l.void_factor::float8 as void_factor,
        l.dead_heat_factor::float8 as dead_heat_factor, ${SELECTION_COLUMNS}
       from sports_bet_legs l join sports_outcomes o on o.id = l.outcome_id ${SELECTION_JOINS}
      where l.bet_id = any($1::bigint[]) order by l.bet_id, e.starts_at, e.id${lock ? ' for share of o' : ''}`,
    [betIds],
    lock ? 'sports_legs_of_locked' : 'sports_legs_of',
  );
  return rows;
}

const STATUS_FILTER = {
  open: `and status in ('pending', 'open')`,
  settled: `and status not in ('pending', 'open')`,
  all: '',
} as const;

export async function listBets(
  sql: Sql,
  w: Who,
  o: { status: 'open' | 'settled' | 'all'; limit: number; offset: number },
): Promise<{ rows: BetRow[]; total: number }> {
  const filter = STATUS_FILTER[o.status];
  const [list, count] = await Promise.all([
    sql.query<BetRow>(
      `select ${BET_COLUMNS} from sports_bets where tenant_id = $1 and user_id = $2 ${filter}
        order by id desc limit $3 offset $4`,
      [w.tenantId, w.userId, o.limit, o.offset],
    ),
    sql.query<{ n: number }>(
      `select count(*)::int as n from sports_bets where tenant_id = $1 and user_id = $2 ${filter}`,
      [w.tenantId, w.userId],
    ),
  ]);
  return { rows: list.rows, total: count.rows[0]!.n };
}

/** Pending live bets whose delay is over, oldest first, each locked (skipped when another node has it). */
export async function duePending(tx: Sql, limit: number): Promise<BetRow[]> {
  const { rows } = await tx.query<BetRow>(
    `select ${BET_COLUMNS} from sports_bets where status = 'pending' and accept_at <= now()
      order by accept_at limit $1 for update skip locked`,
    [limit],
  );
  return rows;
}

export async function anyDuePending(sql: Sql): Promise<boolean> {
  const { rows } = await sql.query("select 1 from sports_bets where status = 'pending' and accept_at <= now() limit 1");
  return rows.length > 0;
}

export async function acceptPending(
  tx: Sql,
  b: { id: number; odds: bigint; potentialPayout: number; legs: { outcome_id: number; odds: number }[] },
) {
  await tx.query(
    `with legs as (
       update sports_bet_legs l set odds = x.d from unnest($4::bigint[], $5::int[]) as x(o, d)
        where l.bet_id = $1 and l.outcome_id = x.o and l.odds <> x.d)
     update sports_bets set status = 'open', odds = $2, potential_payout = $3 where id = $1`,
    [b.id, b.odds.toString(), b.potentialPayout, b.legs.map((l) => l.outcome_id), b.legs.map((l) => l.odds)],
  );
}

export async function rejectPending(tx: Sql, id: number, reason: string) {
  await tx.query(`update sports_bets set status = 'rejected', reject_reason = $2, settled_at = now() where id = $1`, [
    id,
    reason,
  ]);
}

// ---- Cash-out quotes --------------------------------------------------------------------------------------------

export type QuoteRow = {
  id: string;
  bet_id: number;
  user_id: number;
  amount: number;
  stake: number;
  prices: Record<string, number>;
  expired: boolean;
  expires_at: Date;
  used_at: Date | null;
  idempotency_key: string | null;
  request_hash: string | null;
  response: unknown;
};

const QUOTE_COLUMNS = `id, bet_id::int, user_id::int, amount::float8 as amount, stake::float8 as stake, prices,
  expires_at <= now() as expired, expires_at, used_at, idempotency_key, request_hash, response`;

export async function insertQuote(
  tx: Sql,
  q: Who & { id: string; betId: number; amount: number; stake: number; prices: Record<string, number>; ttlMs: number },
): Promise<Date> {
  const { rows } = await tx.query<{ expires_at: Date }>(
    `insert into sports_cashout_quotes (id, bet_id, tenant_id, user_id, amount, stake, prices, expires_at)
      values ($1, $2, $3, $4, $5, $6, $7, now() + make_interval(secs => $8::float8 / 1000)) returning expires_at`,
    [q.id, q.betId, q.tenantId, q.userId, q.amount, q.stake, JSON.stringify(q.prices), q.ttlMs],
  );
  return rows[0]!.expires_at;
}

export async function quoteByKey(sql: Sql, w: Who, key: string): Promise<QuoteRow | null> {
  const { rows } = await sql.query<QuoteRow>(
    `select ${QUOTE_COLUMNS} from sports_cashout_quotes where tenant_id = $1 and user_id = $2 and idempotency_key = $3`,
    [w.tenantId, w.userId, key],
  );
  return rows[0] ?? null;
}

export async function lockQuote(tx: Sql, w: Who, id: string): Promise<QuoteRow | null> {
  const { rows } = await tx.query<QuoteRow>(
    `select ${QUOTE_COLUMNS} from sports_cashout_quotes where id = $1 and tenant_id = $2 and user_id = $3 for update`,
    [id, w.tenantId, w.userId],
  );
  return rows[0] ?? null;
}

export async function useQuote(tx: Sql, id: string, key: string, hash: string, response: unknown) {
  await tx.query(
    `update sports_cashout_quotes set used_at = now(), idempotency_key = $2, request_hash = $3, response = $4
      where id = $1`,
    [id, key, hash, JSON.stringify(response)],
  );
}

export async function applyCashout(
  tx: Sql,
  b: { id: number; paid: number; stakeLeft: number; potentialPayout: number; closes: boolean },
) {
  await tx.query(
    `update sports_bets set payout = payout + $2, cashed_out = cashed_out + $2,
        stake = case when $5 then stake else $3 end, potential_payout = case when $5 then potential_payout else $4 end,
        status = case when $5 then 'cashed_out' else status end, settled_at = case when $5 then now() else settled_at end
      where id = $1`,
    [b.id, b.paid, b.stakeLeft, b.potentialPayout, b.closes],
  );
}
