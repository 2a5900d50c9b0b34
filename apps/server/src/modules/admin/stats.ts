import type { Db, Sql } from '../../platform/db/index';
import type { Job } from '../../platform/jobs/index';

/**
 * The back office's rollups: the ledger and the box openings folded, past a watermark, into per-day sums
 * (admin_daily_play, admin_daily_money, admin_daily_players, admin_player_days, admin_first_deposits,
 * admin_daily_boxes), so the
 * dashboard and the reports read a few hundred rows whatever the size of the ledger. Each batch is one transaction:
 * it locks its source's position row (a second runner waits, then starts where the first stopped), folds the rows
 * after the watermark in one set-based statement and moves the watermark, so every row is counted exactly once
 * across restarts, crashes and concurrent runs. Nothing is added to the betting path: the job reads rows already
 * committed.
 *
 * The rollups read the ledger's and the boxes' tables (reads are not owned; writes stay with the owners). A row
 * with a lower id can commit after a higher one (ids are taken at insert, visibility comes at commit), so a batch
 * stops before the first gap in the ids unless the rows after it are older than `settleMs`: a gap that old is a
 * rolled-back insert or a replayed idempotency key, since ledger transactions never wait on another system.
 */

export const STATS_TIME_ZONE = 'America/Sao_Paulo';
/** Rows of the source per batch: one statement folds them (about a second per 50,000 on PostgreSQL). */
export const STATS_BATCH = 50_000;
/** How long a gap in the ids is waited for before the rows after it are counted. */
export const STATS_SETTLE_MS = 30_000;

export type CatchUpOptions = { batch?: number; settleMs?: number; maxBatches?: number };
export type CatchUpResult = { ledger: number; boxOpenings: number; batches: number };

type Source = 'ledger' | 'box_openings';
const TABLE: Record<Source, string> = { ledger: 'ledger_transactions', box_openings: 'box_openings' };

/**
 * The highest id of `source` that may be counted now: ids after the watermark in order, up to the first gap whose
 * next row is younger than `settleMs` (null when nothing is new).
 */
async function countableUpTo(tx: Sql, source: Source, after: number, batch: number, settleMs: number) {
  const { rows } = await tx.query<{ up_to: string | null }>(
    `with c as (
       select id, created_at, id - $1::bigint - row_number() over (order by id) as holes
         from (select id, created_at from ${TABLE[source]} where id > $1::bigint order by id limit $2) s
     )
     , wait as (select min(id) as id from c
         where holes > 0 and created_at > now() - make_interval(secs => $3::double precision / 1000))
     select (case when (select id from wait) is null then (select max(id) from c)
       else coalesce((select max(id) from c where id < (select id from wait)), $1::bigint) end)::text as up_to`,
    [after, batch, settleMs],
  );
  const upTo = rows[0]?.up_to == null ? null : Number(rows[0].up_to);
  return upTo !== null && upTo > after ? upTo : null;
}

/**
 * Folds ledger transactions (after, upTo] into the daily rollups in one statement. Amounts are what moved on the
 * player's own accounts: cash and bonus for play, cash alone for GGR, cash + bonus + pending for withdrawals (a
 * hold and its release net to zero; a payout takes the pending amount off). A reversal counts on the side of the
 * movement it undoes, under that movement's product and game.
 */
const FOLD_LEDGER = `
with tx as (
  select t.id, t.tenant_id, t.user_id, t.type::text as type, o.type::text as otype,
    (t.created_at at time zone '${STATS_TIME_ZONE}')::date as day,
    coalesce(o.idempotency_key, t.idempotency_key)::text as k,
    coalesce(o.reference, t.reference)::text as ref,
    coalesce(o.metadata, t.metadata) as meta,
    coalesce(sum(e.amount) filter (where a.kind in ('cash', 'bonus')), 0) as play_amt,
    coalesce(sum(e.amount) filter (where a.kind = 'cash'), 0) as cash_amt,
    coalesce(sum(e.amount), 0) as player_amt
  from ledger_transactions t
    left join ledger_transactions o on o.id = t.reverses_id
    join ledger_entries e on e.transaction_id = t.id
    join ledger_accounts a on a.id = e.account_id and a.user_id = t.user_id and a.kind in ('cash', 'bonus', 'pending')
  where t.id > $1::bigint and t.id <= $2::bigint and t.user_id is not null
  group by t.id, o.id
),
c as (
  select tx.*,
    case when k like 'casino:%' then 'casino' when k like 'originals:%' then 'originals'
      when k like 'sports:%' or k like 'betby:%' then 'sports' when k like 'boxes:%' then 'boxes' end as product,
    case when type in ('bet', 'box', 'refund') or (type = 'reversal' and otype in ('bet', 'box', 'refund')) then 'stake'
      when type in ('win', 'prize') or (type = 'reversal' and otype in ('win', 'prize')) then 'win' end as side
  from tx
),
p as (
  select c.*,
    case product when 'casino' then coalesce(meta->>'game_id', '')
      when 'originals' then split_part(ref, ':', 2) else '' end as game
  from c where product is not null and side is not null
),
play as (
  insert into admin_daily_play as d (tenant_id, day, product, game, stakes, wins, cash_stakes, cash_wins, rounds)
  select tenant_id, day, product, game,
    -coalesce(sum(play_amt) filter (where side = 'stake'), 0), coalesce(sum(play_amt) filter (where side = 'win'), 0),
    -coalesce(sum(cash_amt) filter (where side = 'stake'), 0), coalesce(sum(cash_amt) filter (where side = 'win'), 0),
    count(*) filter (where type in ('bet', 'box'))
  from p group by tenant_id, day, product, game
  on conflict (tenant_id, day, product, game) do update set stakes = d.stakes + excluded.stakes,
    wins = d.wins + excluded.wins, cash_stakes = d.cash_stakes + excluded.cash_stakes,
    cash_wins = d.cash_wins + excluded.cash_wins, rounds = d.rounds + excluded.rounds
  returning 1
),
act as (
  insert into admin_daily_players (tenant_id, day, user_id)
  select distinct tenant_id, day, user_id from c where type in ('bet', 'box')
  on conflict do nothing
  returning tenant_id, day
),
pd as (
  insert into admin_player_days as y (tenant_id, year, user_id, days)
  select tenant_id, extract(year from day)::int, user_id,
    bit_or(set_bit(repeat('0', 366)::bit(366), extract(doy from day)::int - 1, 1))
  from c where type in ('bet', 'box') group by 1, 2, 3
  on conflict (tenant_id, year, user_id) do update set days = y.days | excluded.days
  returning 1
),
fd as (
  insert into admin_first_deposits (tenant_id, user_id, day)
  select tenant_id, user_id, min(day) from c where type = 'deposit' and cash_amt > 0 group by tenant_id, user_id
  on conflict do nothing
  returning tenant_id, day
),
m as (
  select tenant_id, day,
    coalesce(sum(cash_amt) filter (where type = 'deposit'), 0) as deposits,
    count(*) filter (where type = 'deposit' and cash_amt > 0) as deposit_count,
    -coalesce(sum(player_amt) filter (where type = 'withdraw'), 0) as withdrawals,
    count(*) filter (where type = 'withdraw' and player_amt < 0) as withdrawal_count,
    coalesce(sum(cash_amt) filter (where type in ('bonus', 'rollover', 'cashback')
      or (type in ('prize', 'adjustment') and (k like 'missions:%' or k like 'referrals:%'))), 0) as bonus_cost,
    0::bigint as first_deposits, 0::bigint as active_players
  from c group by tenant_id, day
  union all select tenant_id, day, 0, 0, 0, 0, 0, count(*), 0 from fd group by tenant_id, day
  union all select tenant_id, day, 0, 0, 0, 0, 0, 0, count(*) from act group by tenant_id, day
),
money as (
  insert into admin_daily_money as d (tenant_id, day, deposits, deposit_count, withdrawals, withdrawal_count,
    bonus_cost, first_deposits, active_players)
  select tenant_id, day, sum(deposits), sum(deposit_count), sum(withdrawals), sum(withdrawal_count), sum(bonus_cost),
    sum(first_deposits), sum(active_players)
  from m group by tenant_id, day
  on conflict (tenant_id, day) do update set deposits = d.deposits + excluded.deposits,
    deposit_count = d.deposit_count + excluded.deposit_count, withdrawals = d.withdrawals + excluded.withdrawals,
    withdrawal_count = d.withdrawal_count + excluded.withdrawal_count, bonus_cost = d.bonus_cost + excluded.bonus_cost,
    first_deposits = d.first_deposits + excluded.first_deposits,
    active_players = d.active_players + excluded.active_players
  returning 1
)
select (select count(*) from tx)::int as folded, (select count(*) from play)::int as play,
  (select count(*) from money)::int as money, (select count(*) from pd)::int as player_days`;

/** Folds box openings (after, upTo] into admin_daily_boxes. */
const FOLD_BOXES = `
insert into admin_daily_boxes as d (tenant_id, day, box_id, bets, prize_value, openings)
select tenant_id, (created_at at time zone '${STATS_TIME_ZONE}')::date, box_id, sum(bet), sum(value), count(*)
  from box_openings where id > $1::bigint and id <= $2::bigint
  group by 1, 2, 3
on conflict (tenant_id, day, box_id) do update set bets = d.bets + excluded.bets,
  prize_value = d.prize_value + excluded.prize_value, openings = d.openings + excluded.openings`;

/** One batch of one source in its own transaction: how many ids it moved the watermark over (0: nothing new). */
async function foldBatch(db: Db, source: Source, batch: number, settleMs: number): Promise<number> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ last_id: string }>(
      'select last_id::text from admin_stats_positions where source = $1 for update',
      [source],
    );
    const after = Number(rows[0]?.last_id ?? 0);
    const upTo = await countableUpTo(tx, source, after, batch, settleMs);
    if (upTo === null) return 0;
    await tx.query(source === 'ledger' ? FOLD_LEDGER : FOLD_BOXES, [after, upTo]);
    await tx.query('update admin_stats_positions set last_id = $2, updated_at = now() where source = $1', [
      source,
      upTo,
    ]);
    return upTo - after;
  });
}

/**
 * Brings the rollups up to date: batches of each source until nothing countable is left (or `maxBatches`). What the
 * job runs, what tests call with `settleMs: 0`, and what a bulk seeding (demo:populate) calls once after loading.
 */
export async function catchUpStats(db: Db, o: CatchUpOptions = {}): Promise<CatchUpResult> {
  const batch = o.batch ?? STATS_BATCH;
  const settleMs = o.settleMs ?? STATS_SETTLE_MS;
  const max = o.maxBatches ?? Number.POSITIVE_INFINITY;
  const out: CatchUpResult = { ledger: 0, boxOpenings: 0, batches: 0 };
  for (const source of ['ledger', 'box_openings'] as const) {
    while (out.batches < max) {
      const moved = await foldBatch(db, source, batch, settleMs);
      if (moved === 0) break;
      out.batches++;
      if (source === 'ledger') out.ledger += moved;
      else out.boxOpenings += moved;
    }
  }
  return out;
}

/** True when either source has rows past its watermark: the job's read-only look before taking its lease. */
export async function statsBehind(db: Sql): Promise<boolean> {
  const { rows } = await db.query<{ behind: boolean }>(
    `select exists (select 1 from ledger_transactions where id > (select last_id from admin_stats_positions
        where source = 'ledger'))
      or exists (select 1 from box_openings where id > (select last_id from admin_stats_positions
        where source = 'box_openings')) as behind`,
  );
  return rows[0]?.behind === true;
}

/** The rollups' job: every few seconds, what the ledger and the box openings added since the last run. */
export const ADMIN_JOBS: Job[] = [
  {
    name: 'admin-stats',
    intervalMs: 5_000,
    leaseMs: 60_000,
    hasWork: statsBehind,
    run: async ({ db, signal }) => {
      // Bounded per run so the lease is renewed between runs on a large catch-up.
      for (let i = 0; i < 20 && !signal.aborted; i++) {
        if ((await catchUpStats(db, { maxBatches: 1 })).batches === 0) break;
      }
    },
  },
];
