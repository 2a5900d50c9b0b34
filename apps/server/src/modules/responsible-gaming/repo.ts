import type { LimitKind, LimitPeriod } from '@sorte/contracts';
import type { Sql } from '../../platform/db/index';

/** SQL of the responsible-gaming module: the only code that touches its rg_* tables. */

export type Who = { tenantId: number; userId: number };
export type BlockReason = 'pause' | 'self_exclusion' | 'national_list' | 'closed';

export type PlayerRow = {
  block_reason: BlockReason | null;
  block_since: Date | null;
  block_until: Date | null;
  time_ends_at: Date | null;
  last_activity_at: Date | null;
  reality_check_interval: 15 | 30 | 60 | null;
};

export async function findPlayer(sql: Sql, w: Who, lock = false): Promise<PlayerRow | null> {
  const { rows } = await sql.query<PlayerRow>(
    `select block_reason, block_since, block_until, time_ends_at, last_activity_at, reality_check_interval
      from rg_players where tenant_id = $1 and user_id = $2${lock ? ' for update' : ''}`,
    [w.tenantId, w.userId],
  );
  return rows[0] ?? null;
}

/** Creates the player's row (false when it existed) with the past hours of play it starts its windows from. */
export async function insertPlayer(
  sql: Sql,
  w: Who,
  history: { hour: Date; wagered: number; won: number }[],
): Promise<boolean> {
  const { rowCount } = await sql.query(
    // An hour far in the past makes the first play sum its windows from the history below.
    "insert into rg_players (tenant_id, user_id, hour) values ($1, $2, 'epoch') on conflict do nothing",
    [w.tenantId, w.userId],
  );
  if (rowCount === 0) return false;
  if (history.length)
    await sql.query(
      `insert into rg_usage (tenant_id, user_id, hour, wagered, won)
        select $1, $2, h, w, n from unnest($3::timestamptz[], $4::bigint[], $5::bigint[]) as x(h, w, n)
        on conflict (tenant_id, user_id, hour) do update
          set wagered = rg_usage.wagered + excluded.wagered, won = rg_usage.won + excluded.won`,
      [
        w.tenantId,
        w.userId,
        history.map((h) => h.hour.toISOString()),
        history.map((h) => h.wagered),
        history.map((h) => h.won),
      ],
    );
  return true;
}

/** The wager and loss limits in force, copied onto the row every stake checks. */
export async function setStakeLimits(
  sql: Sql,
  w: Who,
  l: Record<'wager' | 'loss', Record<LimitPeriod, number | null>>,
): Promise<void> {
  await sql.query(
    `update rg_players set wager_day = $3, wager_week = $4, wager_month = $5, loss_day = $6, loss_week = $7,
        loss_month = $8 where tenant_id = $1 and user_id = $2`,
    [w.tenantId, w.userId, l.wager.day, l.wager.week, l.wager.month, l.loss.day, l.loss.week, l.loss.month],
  );
}

export async function setBlock(
  sql: Sql,
  w: Who,
  b: { reason: BlockReason; since: Date; until: Date | null } | null,
): Promise<void> {
  await sql.query(
    `update rg_players set block_reason = $3, block_since = $4, block_until = $5
      where tenant_id = $1 and user_id = $2`,
    [w.tenantId, w.userId, b?.reason ?? null, b?.since ?? null, b?.until ?? null],
  );
}

export async function setTimeEndsAt(sql: Sql, w: Who, at: Date | null): Promise<void> {
  await sql.query('update rg_players set time_ends_at = $3 where tenant_id = $1 and user_id = $2', [
    w.tenantId,
    w.userId,
    at,
  ]);
}

export async function setRealityCheck(sql: Sql, w: Who, interval: number | null): Promise<void> {
  await sql.query('update rg_players set reality_check_interval = $3 where tenant_id = $1 and user_id = $2', [
    w.tenantId,
    w.userId,
    interval,
  ]);
}

export type WindowUse = { wagered: number; won: number; oldest: Date | null; oldestLoss: Date | null };

/**
 * Stakes and wins of each rolling window at `now`, counted as rg_play counts them: whole hours, from the hour that
 * began a window's length before the current one. `oldest` is the first hour with a stake still counted.
 */
export async function stakeWindows(sql: Sql, w: Who, now: Date): Promise<Record<LimitPeriod, WindowUse>> {
  const { rows } = await sql.query<{ period: LimitPeriod; wagered: number; won: number; oldest: Date | null }>(
    `with h as (
        select u.hour, u.wagered, u.won from rg_usage u
          where u.tenant_id = $1 and u.user_id = $2 and u.hour >= date_trunc('hour', $3::timestamptz) - interval '30 days'
        union all
        select p.hour, p.cur_wagered, p.cur_won from rg_players p where p.tenant_id = $1 and p.user_id = $2
      ), p(period, span) as (values ('day', interval '24 hours'), ('week', interval '7 days'),
        ('month', interval '30 days'))
      select p.period, coalesce(sum(h.wagered), 0)::bigint as wagered, coalesce(sum(h.won), 0)::bigint as won,
          min(h.hour) filter (where h.wagered > 0) as oldest
        from p left join h on h.hour >= date_trunc('hour', $3::timestamptz) - p.span
        group by p.period`,
    [w.tenantId, w.userId, now],
  );
  const out = {} as Record<LimitPeriod, WindowUse>;
  for (const r of rows) out[r.period] = { wagered: r.wagered, won: r.won, oldest: r.oldest, oldestLoss: r.oldest };
  return out;
}

// ---- limits ----

export type LimitRow = {
  kind: LimitKind;
  period: LimitPeriod;
  amount: number | null;
  pending: boolean;
  pending_amount: number | null;
  pending_requested_at: Date | null;
  pending_effective_at: Date | null;
};

export async function listLimits(sql: Sql, w: Who, lock = false): Promise<LimitRow[]> {
  const { rows } = await sql.query<LimitRow>(
    `select kind, period, amount, pending, pending_amount, pending_requested_at, pending_effective_at
      from rg_limits where tenant_id = $1 and user_id = $2
      order by array_position(array['deposit', 'loss', 'wager', 'time'], kind),
        array_position(array['day', 'week', 'month'], period)${lock ? ' for update' : ''}`,
    [w.tenantId, w.userId],
  );
  return rows;
}

export async function saveLimit(sql: Sql, w: Who, l: LimitRow): Promise<void> {
  if (l.amount === null && !l.pending) {
    await sql.query('delete from rg_limits where tenant_id = $1 and user_id = $2 and kind = $3 and period = $4', [
      w.tenantId,
      w.userId,
      l.kind,
      l.period,
    ]);
    return;
  }
  await sql.query(
    `insert into rg_limits (tenant_id, user_id, kind, period, amount, pending, pending_amount, pending_requested_at,
        pending_effective_at, updated_at)
      values ($1, $2, $3, $4, $5, $6, $7, $8, $9, now())
      on conflict (tenant_id, user_id, kind, period) do update set amount = excluded.amount,
        pending = excluded.pending, pending_amount = excluded.pending_amount,
        pending_requested_at = excluded.pending_requested_at, pending_effective_at = excluded.pending_effective_at,
        updated_at = now()`,
    [
      w.tenantId,
      w.userId,
      l.kind,
      l.period,
      l.amount,
      l.pending,
      l.pending_amount,
      l.pending_requested_at,
      l.pending_effective_at,
    ],
  );
}

// ---- deposits ----

/** Deposits counted in each window at `now`: paid in it, or asked for in it and still payable. */
export async function depositWindows(sql: Sql, w: Who, now: Date): Promise<Record<LimitPeriod, WindowUse>> {
  const { rows } = await sql.query<{ period: LimitPeriod; used: number; oldest: Date | null }>(
    `with d as (
        select amount, coalesce(paid_at, created_at) as at from rg_deposits
          where tenant_id = $1 and user_id = $2 and created_at >= $3::timestamptz - interval '31 days'
            and (paid_at is not null or expires_at > $3::timestamptz)
      ), p(period, span) as (values ('day', interval '24 hours'), ('week', interval '7 days'),
        ('month', interval '30 days'))
      select p.period, coalesce(sum(d.amount), 0)::bigint as used, min(d.at) as oldest
        from p left join d on d.at > $3::timestamptz - p.span and d.at <= $3::timestamptz
        group by p.period`,
    [w.tenantId, w.userId, now],
  );
  const out = {} as Record<LimitPeriod, WindowUse>;
  for (const r of rows) out[r.period] = { wagered: r.used, won: 0, oldest: r.oldest, oldestLoss: null };
  return out;
}

export async function insertDeposit(
  sql: Sql,
  w: Who,
  d: { txid: string; amount: number; expiresAt: Date; now: Date },
): Promise<void> {
  await sql.query(
    `insert into rg_deposits (tenant_id, txid, user_id, amount, created_at, expires_at) values ($1, $2, $3, $4, $5, $6)
      on conflict (tenant_id, txid) do nothing`,
    [w.tenantId, d.txid, w.userId, d.amount, d.now, d.expiresAt],
  );
}

/** A charge was paid: it counts from now on (one paid without a reservation is recorded as it is). */
export async function markDepositPaid(sql: Sql, w: Who, d: { txid: string; amount: number }): Promise<void> {
  await sql.query(
    `insert into rg_deposits (tenant_id, txid, user_id, amount, expires_at, paid_at) values ($1, $2, $3, $4, now(), now())
      on conflict (tenant_id, txid) do update set paid_at = coalesce(rg_deposits.paid_at, now())`,
    [w.tenantId, d.txid, w.userId, d.amount],
  );
}

// ---- sessions ----

export type SessionRow = {
  id: number;
  started_at: Date;
  last_activity_at: Date;
  ended_at: Date | null;
  reality_check_at: Date | null;
};

export async function openSession(sql: Sql, w: Who, now: Date): Promise<SessionRow> {
  const { rows } = await sql.query<SessionRow>(
    `insert into rg_sessions (tenant_id, user_id, started_at, last_activity_at) values ($1, $2, $3, $3)
      returning id, started_at, last_activity_at, ended_at, reality_check_at`,
    [w.tenantId, w.userId, now],
  );
  return rows[0]!;
}

/** The player's open session (the latest, when a second device opened another). */
export async function currentSession(sql: Sql, w: Who): Promise<SessionRow | null> {
  const { rows } = await sql.query<SessionRow>(
    `select id, started_at, last_activity_at, ended_at, reality_check_at from rg_sessions
      where tenant_id = $1 and user_id = $2 and ended_at is null order by started_at desc limit 1`,
    [w.tenantId, w.userId],
  );
  return rows[0] ?? null;
}

/** Ends every open session of the player; answers the ids ended. */
export async function endSessions(
  sql: Sql,
  w: Who,
  o: { reason: string; now: Date; atLastActivity?: boolean },
): Promise<number[]> {
  const { rows } = await sql.query<{ id: number }>(
    `update rg_sessions set ended_at = case when $4 then greatest(started_at, last_activity_at) else $3 end,
        end_reason = $5
      where tenant_id = $1 and user_id = $2 and ended_at is null returning id`,
    [w.tenantId, w.userId, o.now, o.atLastActivity === true, o.reason],
  );
  return rows.map((r) => r.id);
}

export async function touchSession(sql: Sql, w: Who, now: Date): Promise<void> {
  await sql.query(
    `update rg_sessions set last_activity_at = greatest(last_activity_at, $3)
      where tenant_id = $1 and user_id = $2 and ended_at is null`,
    [w.tenantId, w.userId, now],
  );
}

export async function setRealityCheckAt(sql: Sql, sessionId: number, at: Date | null): Promise<void> {
  await sql.query('update rg_sessions set reality_check_at = $2 where id = $1', [sessionId, at]);
}

/**
 * Time played in each window at `now`, in ms: the union of the sessions' intervals (an open one runs to now), so
 * two devices at once count once. `oldest`: the start of the earliest interval still counted.
 */
export async function timeWindows(sql: Sql, w: Who, now: Date): Promise<Record<LimitPeriod, WindowUse>> {
  const { rows } = await sql.query<{ s: Date; e: Date }>(
    `select started_at as s, coalesce(ended_at, $3::timestamptz) as e from rg_sessions
      where tenant_id = $1 and user_id = $2 and coalesce(ended_at, $3::timestamptz) > $3::timestamptz - interval '30 days'
        and started_at <= $3::timestamptz
      order by started_at`,
    [w.tenantId, w.userId, now],
  );
  const merged: { s: number; e: number }[] = [];
  for (const r of rows) {
    const s = new Date(r.s).getTime();
    const e = Math.min(new Date(r.e).getTime(), now.getTime());
    const last = merged[merged.length - 1];
    if (last && s <= last.e) last.e = Math.max(last.e, e);
    else merged.push({ s, e });
  }
  const spans: Record<LimitPeriod, number> = { day: 86_400_000, week: 7 * 86_400_000, month: 30 * 86_400_000 };
  const out = {} as Record<LimitPeriod, WindowUse>;
  for (const period of Object.keys(spans) as LimitPeriod[]) {
    const from = now.getTime() - spans[period];
    let used = 0;
    let oldest: number | null = null;
    for (const m of merged) {
      const s = Math.max(m.s, from);
      if (m.e <= s) continue;
      used += m.e - s;
      oldest ??= s;
    }
    out[period] = { wagered: used, won: 0, oldest: oldest === null ? null : new Date(oldest), oldestLoss: null };
  }
  return out;
}

export async function anyOpenSession(sql: Sql): Promise<boolean> {
  const { rows } = await sql.query('select 1 from rg_sessions where ended_at is null limit 1');
  return rows.length > 0;
}

/** Sessions idle since before `idleBefore` (their last stake or request), with their tenant. */
export async function idleSessions(sql: Sql, idleBefore: Date): Promise<(Who & { id: number })[]> {
  const { rows } = await sql.query<{ id: number; tenant_id: number; user_id: number }>(
    `select s.id, s.tenant_id, s.user_id from rg_sessions s
        left join rg_players p on p.tenant_id = s.tenant_id and p.user_id = s.user_id
      where s.ended_at is null and greatest(s.last_activity_at, coalesce(p.last_activity_at, s.last_activity_at)) < $1
      limit 500`,
    [idleBefore],
  );
  return rows.map((r) => ({ id: r.id, tenantId: r.tenant_id, userId: r.user_id }));
}

/** Players whose time limit ran out while a session of theirs is open. */
export async function timeLimitReached(sql: Sql, now: Date): Promise<Who[]> {
  const { rows } = await sql.query<{ tenant_id: number; user_id: number }>(
    `select p.tenant_id, p.user_id from rg_players p
      where p.time_ends_at <= $1 and exists (select 1 from rg_sessions s
        where s.tenant_id = p.tenant_id and s.user_id = p.user_id and s.ended_at is null)
      limit 500`,
    [now],
  );
  return rows.map((r) => ({ tenantId: r.tenant_id, userId: r.user_id }));
}

/** When a session ends with activity in it (last activity from the player row when it is later). */
export async function lastActivity(sql: Sql, w: Who): Promise<Date | null> {
  const { rows } = await sql.query<{ at: Date | null }>(
    `select greatest((select max(last_activity_at) from rg_sessions where tenant_id = $1 and user_id = $2
        and ended_at is null), (select last_activity_at from rg_players where tenant_id = $1 and user_id = $2)) as at`,
    [w.tenantId, w.userId],
  );
  return rows[0]?.at ?? null;
}

export async function syncSessionActivity(sql: Sql, w: Who): Promise<void> {
  await sql.query(
    `update rg_sessions s set last_activity_at = greatest(s.last_activity_at, p.last_activity_at)
      from rg_players p where p.tenant_id = s.tenant_id and p.user_id = s.user_id and p.last_activity_at is not null
        and s.tenant_id = $1 and s.user_id = $2 and s.ended_at is null`,
    [w.tenantId, w.userId],
  );
}

// ---- restrictions ----

export type RestrictionRow = {
  id: number;
  reason: BlockReason;
  period: string | null;
  start_at: Date;
  end_at: Date | null;
  settlement: Record<string, number>;
};

export async function insertRestriction(
  sql: Sql,
  w: Who,
  r: { reason: BlockReason; period: string | null; startAt: Date; endAt: Date | null },
): Promise<number> {
  const { rows } = await sql.query<{ id: number }>(
    `insert into rg_restrictions (tenant_id, user_id, reason, period, start_at, end_at) values ($1, $2, $3, $4, $5, $6)
      returning id`,
    [w.tenantId, w.userId, r.reason, r.period, r.startAt, r.endAt],
  );
  return rows[0]!.id;
}

export async function setSettlement(sql: Sql, id: number, s: Record<string, number>): Promise<void> {
  await sql.query('update rg_restrictions set settlement = $2 where id = $1', [id, JSON.stringify(s)]);
}

/** The latest restriction of each reason that has not ended at `now`. */
export async function activeRestrictions(sql: Sql, w: Who, now: Date): Promise<RestrictionRow[]> {
  const { rows } = await sql.query<RestrictionRow>(
    `select distinct on (reason) id, reason, period, start_at, end_at, settlement from rg_restrictions
      where tenant_id = $1 and user_id = $2 and start_at <= $3 and (end_at is null or end_at > $3)
      order by reason, id desc`,
    [w.tenantId, w.userId, now],
  );
  return rows;
}

// ---- national list ----

export async function nationalListed(sql: Sql, cpf: string): Promise<boolean> {
  const { rows } = await sql.query('select 1 from rg_national_list where cpf = $1', [cpf]);
  return rows.length > 0;
}

export async function addToNationalList(sql: Sql, cpf: string): Promise<boolean> {
  const { rowCount } = await sql.query('insert into rg_national_list (cpf) values ($1) on conflict do nothing', [cpf]);
  return rowCount === 1;
}

export type NationalStatusRow = {
  checked_at: Date;
  listed_at: Date | null;
  notified_at: Date | null;
  withdraw_until: Date | null;
  close_at: Date | null;
  closed_at: Date | null;
};

export async function findNationalStatus(sql: Sql, w: Who): Promise<NationalStatusRow | null> {
  const { rows } = await sql.query<NationalStatusRow>(
    `select checked_at, listed_at, notified_at, withdraw_until, close_at, closed_at from rg_national_status
      where tenant_id = $1 and user_id = $2`,
    [w.tenantId, w.userId],
  );
  return rows[0] ?? null;
}

export async function markNationalChecked(sql: Sql, w: Who, now: Date): Promise<void> {
  await sql.query(
    `insert into rg_national_status (tenant_id, user_id, checked_at) values ($1, $2, $3)
      on conflict (tenant_id, user_id) do update set checked_at = excluded.checked_at`,
    [w.tenantId, w.userId, now],
  );
}

export async function markNationalListed(
  sql: Sql,
  w: Who,
  o: { now: Date; withdrawUntil: Date; closeAt: Date },
): Promise<void> {
  await sql.query(
    `insert into rg_national_status (tenant_id, user_id, checked_at, listed_at, notified_at, withdraw_until, close_at)
      values ($1, $2, $3, $3, $3, $4, $5)
      on conflict (tenant_id, user_id) do update set checked_at = excluded.checked_at,
        listed_at = excluded.listed_at, notified_at = excluded.notified_at, withdraw_until = excluded.withdraw_until,
        close_at = excluded.close_at, closed_at = null`,
    [w.tenantId, w.userId, o.now, o.withdrawUntil, o.closeAt],
  );
}

export async function markNationalClosed(sql: Sql, w: Who, now: Date): Promise<void> {
  await sql.query('update rg_national_status set closed_at = $3 where tenant_id = $1 and user_id = $2', [
    w.tenantId,
    w.userId,
    now,
  ]);
}

/** Listed players whose account is due to close. */
export async function nationalClosesDue(sql: Sql, now: Date): Promise<Who[]> {
  const { rows } = await sql.query<{ tenant_id: number; user_id: number }>(
    `select tenant_id, user_id from rg_national_status
      where listed_at is not null and closed_at is null and close_at <= $1 limit 500`,
    [now],
  );
  return rows.map((r) => ({ tenantId: r.tenant_id, userId: r.user_id }));
}

/** Of `userIds`, those not checked against the national list since `before` (or never). */
export async function nationalDue(sql: Sql, tenantId: number, userIds: number[], before: Date): Promise<Set<number>> {
  const { rows } = await sql.query<{ user_id: number }>(
    `select u from unnest($2::bigint[]) as u where not exists (select 1 from rg_national_status s
        where s.tenant_id = $1 and s.user_id = u and s.checked_at >= $3)`,
    [tenantId, userIds, before],
  );
  return new Set(rows.map((r) => Number((r as unknown as { u: number }).u)));
}

// ---- notices and audit ----

export async function insertNotice(
  sql: Sql,
  n: { tenantId: number; userId: number | null; kind: string; channel: string; message: string },
): Promise<void> {
  await sql.query('insert into rg_notices (tenant_id, user_id, kind, channel, message) values ($1, $2, $3, $4, $5)', [
    n.tenantId,
    n.userId,
    n.kind,
    n.channel,
    n.message,
  ]);
}

export type AuditEntry = {
  tenantId: number | null;
  userId: number | null;
  actor: string;
  action: string;
  before?: unknown;
  after?: unknown;
  ip?: string | null;
};

export async function insertAudit(sql: Sql, a: AuditEntry): Promise<void> {
  await sql.query(
    'insert into rg_audit (tenant_id, user_id, actor, action, before, after, ip) values ($1, $2, $3, $4, $5, $6, $7)',
    [
      a.tenantId,
      a.userId,
      a.actor,
      a.action,
      a.before === undefined ? null : JSON.stringify(a.before),
      a.after === undefined ? null : JSON.stringify(a.after),
      a.ip ?? null,
    ],
  );
}

export type AuditRow = {
  id: number;
  tenant_id: number | null;
  user_id: number | null;
  actor: string;
  action: string;
  before: unknown;
  after: unknown;
  ip: string | null;
  created_at: Date;
};

export async function listAudit(sql: Sql, userId: number, limit: number): Promise<AuditRow[]> {
  const { rows } = await sql.query<AuditRow>(
    `select id, tenant_id, user_id, actor, action, before, after, ip, created_at from rg_audit
      where user_id = $1 order by id desc limit $2`,
    [userId, limit],
  );
  return rows;
}

export type AuditFilter = {
  /** One tenant's rows; undefined: every tenant's (platform staff). */
  tenantId?: number;
  /** The exact actor, or its first word ("staff:12" matches "staff:12 ana@example.com"). */
  actor?: string;
  action?: string;
  userId?: number;
  from?: Date;
  to?: Date;
  /** Keyset: rows older than this id (the last row of the previous page). */
  beforeId?: number;
  limit: number;
};

/** The audit log, newest first, filtered in SQL and paged by id so a deep page costs what the first does. */
export async function searchAudit(sql: Sql, f: AuditFilter): Promise<AuditRow[]> {
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (clause: (p: string) => string, value: unknown) => {
    params.push(value);
    where.push(clause(`$${params.length}`));
  };
  if (f.tenantId !== undefined) add((p) => `tenant_id = ${p}`, f.tenantId);
  if (f.actor !== undefined) {
    // "staff:12" must not match "staff:123 ...": the first word ends at a space, and LIKE's wildcards are escaped.
    const prefix = `${f.actor.replace(/[\\%_]/g, (c) => `\\${c}`)} %`;
    params.push(f.actor, prefix);
    where.push(`(actor = $${params.length - 1} or actor like $${params.length})`);
  }
  if (f.action !== undefined) add((p) => `action = ${p}`, f.action);
  if (f.userId !== undefined) add((p) => `user_id = ${p}`, f.userId);
  if (f.from !== undefined) add((p) => `created_at >= ${p}`, f.from);
  if (f.to !== undefined) add((p) => `created_at < ${p}`, f.to);
  if (f.beforeId !== undefined) add((p) => `id < ${p}`, f.beforeId);
  params.push(f.limit);
  const { rows } = await sql.query<AuditRow>(
    `select id, tenant_id, user_id, actor, action, before, after, ip, created_at from rg_audit
      ${where.length ? `where ${where.join(' and ')}` : ''} order by id desc limit $${params.length}`,
    params,
  );
  return rows;
}
