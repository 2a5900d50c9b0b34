import type { Sql } from '../db/index';

/*
 * The one lease mechanism of the platform: a named row of scheduled_jobs says which node holds the work and until
 * when. The scheduler takes a periodic job's lease for each run and a leader job's (a loop one node drives, such as
 * a tenant's Crash rounds) for as long as it leads; the leader's transactions check it with holdsLease. Leases are
 * judged by the database's clock, so nodes with skewed clocks agree; a test may judge them by its own clock (`at`).
 */

const ms = (n: number) => `${Math.max(1, Math.round(n))} milliseconds`;

/** Makes sure the lease row exists (a new job is due at once). */
export async function ensureLeaseRow(sql: Sql, name: string): Promise<void> {
  await sql.query('insert into scheduled_jobs (name, next_run_at) values ($1, now()) on conflict (name) do nothing', [
    name,
  ]);
}

/**
 * Takes the lease for `holder` when it is free or has run out, or renews it when `holder` has it; false when
 * another holder's lease is still good. `due` also requires the job to be due (a periodic job's run).
 */
export async function takeLease(
  sql: Sql,
  o: { name: string; holder: string; ttlMs: number; due?: boolean; at?: Date | null },
): Promise<boolean> {
  const { rowCount } = await sql.query(
    `update scheduled_jobs set leased_by = $2, lease_until = coalesce($4::timestamptz, now()) + $3::interval,
        last_started_at = case when leased_by is distinct from $2 or $5::boolean
          then coalesce($4::timestamptz, now()) else last_started_at end
      where name = $1 and (not $5::boolean or next_run_at <= coalesce($4::timestamptz, now()))
        and (lease_until is null or lease_until < coalesce($4::timestamptz, now())
          or (leased_by = $2 and not $5::boolean))`,
    [o.name, o.holder, ms(o.ttlMs), o.at ?? null, o.due === true],
  );
  return rowCount === 1;
}

/** Extends a lease `holder` still has; false when it ran out or another node took it. */
export async function renewLease(
  sql: Sql,
  o: { name: string; holder: string; ttlMs: number; at?: Date | null },
): Promise<boolean> {
  const { rowCount } = await sql.query(
    `update scheduled_jobs set lease_until = coalesce($4::timestamptz, now()) + $3::interval
      where name = $1 and leased_by = $2 and lease_until >= coalesce($4::timestamptz, now())`,
    [o.name, o.holder, ms(o.ttlMs), o.at ?? null],
  );
  return rowCount === 1;
}

/**
 * Inside a leader's transaction: whether `holder` still has the lease, with the row locked until the transaction
 * ends, so a lease cannot pass to another node while a transition it guards is being written.
 */
export async function holdsLease(sql: Sql, o: { name: string; holder: string; at?: Date | null }): Promise<boolean> {
  const { rows } = await sql.query(
    `select 1 from scheduled_jobs where name = $1 and leased_by = $2 and lease_until > coalesce($3::timestamptz, now())
      for update`,
    [o.name, o.holder, o.at ?? null],
  );
  return rows.length > 0;
}

/**
 * Gives a lease back: the work is due again `afterMs` from when this run was due (or at once when that has
 * passed), and the run is recorded with its error, if any.
 */
export async function releaseLease(
  sql: Sql,
  o: { name: string; holder: string; afterMs?: number; error?: string | null; counted?: boolean },
): Promise<void> {
  await sql.query(
    `update scheduled_jobs set leased_by = null, lease_until = null, last_finished_at = now(), last_error = $3,
        runs = runs + $5::int, next_run_at = greatest(next_run_at + $4::interval, now())
      where name = $1 and leased_by = $2`,
    [o.name, o.holder, o.error ?? null, ms(o.afterMs ?? 0), o.counted === false ? 0 : 1],
  );
}
