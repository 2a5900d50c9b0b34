import type { Sql } from '../../platform/db/index';

/**
 * For demo:populate and the back-office bench only: the money of many players and rounds in set statements, written
 * as the ledger's single calls would leave it (a transaction per movement, two entries summing to zero, the
 * player's balance and wagered total moved by the same amounts) but thousands of movements a statement, so a
 * tenant of millions of rounds seeds in minutes. ledger:check stays clean. Entries carry no balance_after (the
 * running balance of bulk rows is not kept); nothing else reads it back. PostgreSQL only.
 */

/** The system account of a kind on a tenant (opened with the tenant). */
const SYSTEM = `(select id from ledger_accounts where tenant_id = $1 and user_id is null and kind = $2)`;

/**
 * One movement per player between their cash account and a system account (deposits from psp_clearing,
 * withdrawals to payouts). `amounts[i]` moves for `users[i]`: positive is a credit to the player.
 */
export async function bulkSeedMoves(
  tx: Sql,
  o: {
    tenantId: number;
    type: 'deposit' | 'withdraw';
    counter: 'psp_clearing' | 'payouts';
    keyPrefix: string;
    users: number[];
    amounts: number[];
    at: Date[];
  },
): Promise<number> {
  const { rows } = await tx.query<{ n: number }>(
    `with m as (
       select x.u, x.amt, x.at from unnest($3::bigint[], $4::bigint[], $5::timestamptz[]) as x(u, amt, at) where x.amt <> 0
     ), t as (
       insert into ledger_transactions (tenant_id, user_id, type, reference, idempotency_key, request_hash, result,
           metadata, created_at)
       select $1, m.u, $6::text, $6::text || ':' || $7::text || m.u, $7::text || m.u, 'populate', jsonb_build_object('amount', m.amt), '{}', m.at
         from m order by m.at, m.u
       returning id, user_id, (result ->> 'amount')::bigint as amt
     ), e as (
       insert into ledger_entries (transaction_id, account_id, amount)
       select t.id, a.id, t.amt from t join ledger_accounts a on a.tenant_id = $1 and a.user_id = t.user_id and a.kind = 'cash'
       union all select t.id, ${SYSTEM}, -t.amt from t
     ), b as (
       update ledger_accounts a set balance = a.balance + t.amt, updated_at = now() from t
         where a.tenant_id = $1 and a.user_id = t.user_id and a.kind = 'cash'
     ), w as (
       update player_wallets p set deposit_count = p.deposit_count + 1, deposit_total = p.deposit_total + t.amt from t
         where $6::text = 'deposit' and p.tenant_id = $1 and p.user_id = t.user_id
     )
     select count(*)::int as n from t`,
    [o.tenantId, o.counter, o.users, o.amounts, o.at, o.type, o.keyPrefix],
  );
  return rows[0]?.n ?? 0;
}

/**
 * The stakes and wins of a chunk of rounds already planned in the session's temporary table `pop_rounds` (r, u,
 * stake, payout, product, code, game_id, provider, at): a bet transaction per round and a win per round that paid,
 * under the keys and references the games use ("originals:bet:..." and "originals:<game>:...", "casino:<provider>:..."
 * with the game in the metadata), cash only. One statement: the rows, the entries, the balances and the wagers.
 */
export async function bulkSeedRoundMoney(tx: Sql, o: { tenantId: number; tag: string }): Promise<number> {
  const { rows } = await tx.query<{ n: number }>(
    `with r as (
       select p.*, case p.product when 'originals' then 'originals:' || p.code || ':' || $2 || lpad(p.r::text, 10, '0')
           else 'casino:' || p.provider || ':' || $2 || lpad(p.r::text, 10, '0') end as ref,
         case p.product when 'originals' then '{}'::jsonb
           else jsonb_build_object('provider', p.provider, 'game_id', p.game_id::text) end as meta
       from pop_rounds p
     ), bt as (
       insert into ledger_transactions (tenant_id, user_id, type, reference, idempotency_key, request_hash, result,
           metadata, created_at)
       select $1, r.u, 'bet', r.ref,
           case r.product when 'originals' then 'originals:bet:' || $2 || lpad(r.r::text, 10, '0') else r.ref || ':bet' end, 'populate',
           jsonb_build_object('debited', jsonb_build_object('cash', r.stake, 'bonus', 0)), r.meta, r.at
         from r order by r.r
       returning id, user_id, (result -> 'debited' ->> 'cash')::bigint as amt
     ), wt as (
       insert into ledger_transactions (tenant_id, user_id, type, reference, idempotency_key, request_hash, result,
           metadata, created_at)
       select $1, r.u, 'win', r.ref,
           case r.product when 'originals' then 'originals:win:' || $2 || lpad(r.r::text, 10, '0') else r.ref || ':win' end, 'populate',
           jsonb_build_object('credited', jsonb_build_object('cash', r.payout)), r.meta, r.at + interval '1 second'
         from r where r.payout > 0 order by r.r
       returning id, user_id, (result -> 'credited' ->> 'cash')::bigint as amt
     ), mv as (
       select id, user_id, -amt as amt from bt union all select id, user_id, amt from wt
     ), acc as (
       select a.id, a.user_id from ledger_accounts a
         where a.tenant_id = $1 and a.kind = 'cash' and a.user_id in (select distinct u from pop_rounds)
     ), e as (
       insert into ledger_entries (transaction_id, account_id, amount)
       select mv.id, acc.id, mv.amt from mv join acc on acc.user_id = mv.user_id
       union all
       select mv.id, (select id from ledger_accounts where tenant_id = $1 and user_id is null and kind = 'house'), -mv.amt
         from mv
     ), d as (
       select user_id, sum(amt) as delta, sum(-amt) filter (where amt < 0) as staked from mv group by user_id
     ), b as (
       update ledger_accounts a set balance = a.balance + d.delta, updated_at = now() from d
         where a.tenant_id = $1 and a.user_id = d.user_id and a.kind = 'cash' and d.delta <> 0
     ), w as (
       update player_wagers x set total_bet = x.total_bet + d.staked from d
         where x.tenant_id = $1 and x.user_id = d.user_id and d.staked > 0
     )
     select (select count(*) from bt)::int + (select count(*) from wt)::int as n`,
    [o.tenantId, o.tag],
  );
  return rows[0]?.n ?? 0;
}

/** A player's cash balance for each of `users` (demo:populate withdraws part of what is left). */
export async function cashBalances(tx: Sql, tenantId: number, users: number[]): Promise<Map<number, number>> {
  const { rows } = await tx.query<{ user_id: string; balance: string }>(
    `select user_id, balance from ledger_accounts where tenant_id = $1 and kind = 'cash' and user_id = any($2::bigint[])`,
    [tenantId, users],
  );
  return new Map(rows.map((r) => [Number(r.user_id), Number(r.balance)]));
}
