import type { CashbackType } from '@sorte/contracts';
import type { Sql } from '../../../platform/db/index';

/** The cashback tables (cashback_runs, cashback_entries, cashback_claims): only this file writes them. */

export type RunRow = {
  id: number;
  tenant_id: number;
  period_start: string;
  period_end: string;
  percentage: number;
  type: CashbackType;
  available_at: Date;
  entries: number;
  total: number;
  source: 'job' | 'ops';
  created_at: Date;
};

export type EntryRow = {
  id: number;
  tenant_id: number;
  user_id: number;
  /** null for an entry an operator granted by hand. */
  run_id: number | null;
  period_start: string;
  period_end: string;
  type: CashbackType;
  available_at: Date;
  claims: number;
  staked: number;
  won: number;
  refunded: number;
  net_loss: number;
  percentage: number;
  amount: number;
  claimed: number;
  claimed_amount: number;
  /** Why an operator granted it; null for a computed entry. */
  reason: string | null;
};

const RUN_COLUMNS = `id, tenant_id, to_char(period_start, 'YYYY-MM-DD') as period_start,
  to_char(period_end, 'YYYY-MM-DD') as period_end, percentage::float8 as percentage, type, available_at, entries,
  total, source, created_at`;

const ENTRY_COLUMNS = `e.id, e.tenant_id, e.user_id, e.run_id, to_char(e.period_start, 'YYYY-MM-DD') as period_start,
  to_char(e.period_start + 6, 'YYYY-MM-DD') as period_end, e.type, e.available_at, e.claims, e.staked, e.won,
  e.refunded, e.net_loss, e.percentage::float8 as percentage, e.amount, e.claimed, e.claimed_amount, e.reason`;

const num = <T extends Record<string, unknown>>(row: T, keys: (keyof T)[]): T => {
  const out = { ...row };
  for (const k of keys) out[k] = Number(row[k]) as T[keyof T];
  return out;
};

const entryOf = (r: EntryRow): EntryRow => ({
  ...num(r, [
    'id',
    'tenant_id',
    'user_id',
    'claims',
    'staked',
    'won',
    'refunded',
    'net_loss',
    'amount',
    'claimed',
    'claimed_amount',
  ]),
  run_id: r.run_id === null ? null : Number(r.run_id),
});
const runOf = (r: RunRow): RunRow => num(r, ['id', 'tenant_id', 'entries', 'total']);

/** Starts a week's run; null when that week already has one (the unique key waits for a concurrent run's commit). */
export async function insertRun(
  tx: Sql,
  r: {
    tenantId: number;
    periodStart: string;
    periodEnd: string;
    startsAt: Date;
    endsAt: Date;
    percentage: number;
    type: CashbackType;
    availableAt: Date;
    source: 'job' | 'ops';
  },
): Promise<number | null> {
  const { rows } = await tx.query<{ id: number }>(
    `insert into cashback_runs (tenant_id, period_start, period_end, starts_at, ends_at, percentage, type,
        available_at, source)
      values ($1, $2, $3, $4, $5, $6, $7, $8, $9)
      on conflict (tenant_id, period_start) do nothing returning id`,
    [r.tenantId, r.periodStart, r.periodEnd, r.startsAt, r.endsAt, r.percentage, r.type, r.availableAt, r.source],
  );
  return rows[0] ? Number(rows[0].id) : null;
}

export type NewEntry = {
  userId: number;
  type: CashbackType;
  claims: number;
  staked: number;
  won: number;
  refunded: number;
  netLoss: number;
  amount: number;
};

/** The entries of a run, in one statement; a player who already has the week's entry keeps it. */
export async function insertEntries(
  tx: Sql,
  run: { id: number; tenantId: number; periodStart: string; availableAt: Date; percentage: number },
  entries: NewEntry[],
): Promise<{ count: number; total: number }> {
  if (entries.length === 0) return { count: 0, total: 0 };
  const col = <K extends keyof NewEntry>(k: K) => entries.map((e) => e[k]);
  const { rows } = await tx.query<{ count: number; total: string }>(
    `with ins as (
       insert into cashback_entries (tenant_id, user_id, run_id, period_start, type, available_at, claims, staked,
           won, refunded, net_loss, percentage, amount)
       select $1, u.user_id, $2, $3, u.type, $4, u.claims, u.staked, u.won, u.refunded, u.net_loss, $5, u.amount
         from unnest($6::bigint[], $7::text[], $8::int[], $9::bigint[], $10::bigint[], $11::bigint[], $12::bigint[],
           $13::bigint[]) as u(user_id, type, claims, staked, won, refunded, net_loss, amount)
       on conflict (tenant_id, user_id, period_start) where run_id is not null do nothing
       returning amount)
     select count(*)::int as count, coalesce(sum(amount), 0)::text as total from ins`,
    [
      run.tenantId,
      run.id,
      run.periodStart,
      run.availableAt,
      run.percentage,
      col('userId'),
      col('type'),
      col('claims'),
      col('staked'),
      col('won'),
      col('refunded'),
      col('netLoss'),
      col('amount'),
    ],
  );
  return { count: rows[0]!.count, total: Number(rows[0]!.total) };
}

/** An entry an operator grants by hand, released at `availableAt`; its id. */
export async function insertGrant(
  tx: Sql,
  g: {
    tenantId: number;
    userId: number;
    periodStart: string;
    type: CashbackType;
    claims: number;
    availableAt: Date;
    amount: number;
    reason: string;
  },
): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    `insert into cashback_entries (tenant_id, user_id, run_id, period_start, type, available_at, claims, staked, won,
        refunded, net_loss, percentage, amount, reason)
      values ($1, $2, null, $3, $4, $5, $6, 0, 0, 0, 0, 0, $7, $8) returning id`,
    [g.tenantId, g.userId, g.periodStart, g.type, g.availableAt, g.claims, g.amount, g.reason],
  );
  return Number(rows[0]!.id);
}

export async function finishRun(tx: Sql, id: number, entries: number, total: number): Promise<void> {
  await tx.query('update cashback_runs set entries = $2, total = $3 where id = $1', [id, entries, total]);
}

export async function findRun(sql: Sql, tenantId: number, periodStart: string): Promise<RunRow | null> {
  const { rows } = await sql.query<RunRow>(
    `select ${RUN_COLUMNS} from cashback_runs where tenant_id = $1 and period_start = $2`,
    [tenantId, periodStart],
  );
  return rows[0] ? runOf(rows[0]) : null;
}

export async function listRuns(sql: Sql, tenantId: number, limit: number): Promise<RunRow[]> {
  const { rows } = await sql.query<RunRow>(
    `select ${RUN_COLUMNS} from cashback_runs where tenant_id = $1 order by period_start desc limit $2`,
    [tenantId, limit],
  );
  return rows.map(runOf);
}

/** A player's entries, newest release first. */
export async function listEntries(sql: Sql, tenantId: number, userId: number, limit: number): Promise<EntryRow[]> {
  const { rows } = await sql.query<EntryRow>(
    `select ${ENTRY_COLUMNS} from cashback_entries e where e.tenant_id = $1 and e.user_id = $2
      order by e.available_at desc, e.id desc limit $3`,
    [tenantId, userId, limit],
  );
  return rows.map(entryOf);
}

/** The player's entry, locked until `tx` ends (claims of one entry queue here); null when it is not theirs. */
export async function lockEntry(tx: Sql, tenantId: number, userId: number, id: number): Promise<EntryRow | null> {
  const { rows } = await tx.query<EntryRow>(
    `select ${ENTRY_COLUMNS} from cashback_entries e where e.id = $1 and e.tenant_id = $2 and e.user_id = $3
      for update`,
    [id, tenantId, userId],
  );
  return rows[0] ? entryOf(rows[0]) : null;
}

export async function recordClaim(
  tx: Sql,
  c: { entryId: number; claim: number; tenantId: number; userId: number; amount: number; transactionId: number },
): Promise<void> {
  await tx.query(
    `insert into cashback_claims (entry_id, claim, tenant_id, user_id, amount, transaction_id)
      values ($1, $2, $3, $4, $5, $6)`,
    [c.entryId, c.claim, c.tenantId, c.userId, c.amount, c.transactionId],
  );
  await tx.query(
    `update cashback_entries set claimed = $2, claimed_amount = claimed_amount + $3
      where id = $1 and claimed = $2 - 1`,
    [c.entryId, c.claim, c.amount],
  );
}

/** Tenants with a run of this week already (the job asks before taking its lease). */
export async function tenantsWithRun(sql: Sql, periodStarts: Map<number, string>): Promise<Set<number>> {
  if (periodStarts.size === 0) return new Set();
  const { rows } = await sql.query<{ tenant_id: number }>(
    `select r.tenant_id from cashback_runs r
      join unnest($1::bigint[], $2::date[]) as p(tenant_id, period_start)
        on p.tenant_id = r.tenant_id and p.period_start = r.period_start`,
    [[...periodStarts.keys()], [...periodStarts.values()]],
  );
  return new Set(rows.map((r) => Number(r.tenant_id)));
}

/** Whether some entry's release time has come and its player was not told yet (the job asks before its lease). */
export async function hasUnreleased(sql: Sql, now: Date): Promise<boolean> {
  const { rows } = await sql.query(
    'select 1 from cashback_entries where released_at is null and available_at <= $1 limit 1',
    [now],
  );
  return rows.length > 0;
}

/**
 * Marks up to `limit` entries released by `now` as told and returns them. Skipping locked rows lets two nodes (or a
 * node and a late-committing claim) share the work without telling a player twice.
 */
export async function takeReleased(
  tx: Sql,
  now: Date,
  limit: number,
): Promise<{ id: number; tenant_id: number; user_id: number; amount: number; type: CashbackType }[]> {
  const { rows } = await tx.query<{
    id: number;
    tenant_id: number;
    user_id: number;
    amount: number;
    type: CashbackType;
  }>(
    `update cashback_entries set released_at = $1
      where id in (select id from cashback_entries where released_at is null and available_at <= $1
                    order by available_at limit $2 for update skip locked)
      returning id, tenant_id, user_id, amount, type`,
    [now, limit],
  );
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    tenant_id: Number(r.tenant_id),
    user_id: Number(r.user_id),
    amount: Number(r.amount),
  }));
}
