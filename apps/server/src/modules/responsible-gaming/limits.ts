import {
  type ConfirmLimitBody,
  type LimitKind,
  type LimitPeriod,
  PERIOD_MINUTES,
  type RgLimit,
  type RgLimitsReply,
  type RgPendingLimit,
  type SetLimitBody,
} from '@sorte/contracts';
import type { Db, Sql } from '../../platform/db/index';
import { AppError } from '../../platform/errors';
import { publish } from '../../platform/events/index';
import type { Tenant } from '../../platform/tenancy';
import { playByHour } from '../ledger/index';
import { MSG } from './messages';
import { policiesFor, WINDOW_MS } from './policies';
import * as repo from './repo';

export type Who = repo.Who;
/** Who acts and from where, for the audit log. */
export type Actor = { ip: string | null; actor?: string };

const HOUR = 3_600_000;

/** The player's row every stake checks, created with the last 30 days of play so the windows start full. */
export async function ensurePlayer(tx: Sql, w: Who, now: Date): Promise<void> {
  if (await repo.findPlayer(tx, w)) return;
  const history = await playByHour(tx, { ...w, since: new Date(now.getTime() - WINDOW_MS.month - HOUR) });
  await repo.insertPlayer(tx, w, history);
}

export type Usage = Record<'deposit' | 'wager' | 'loss' | 'time', Record<LimitPeriod, repo.WindowUse>>;

/** What every window has used at `now` (time in ms). */
export async function usageOf(sql: Sql, w: Who, now: Date, kinds: Set<LimitKind>): Promise<Usage> {
  const empty = { wagered: 0, won: 0, oldest: null, oldestLoss: null };
  const none = { day: empty, week: empty, month: empty };
  const stakes = kinds.has('wager') || kinds.has('loss') ? await repo.stakeWindows(sql, w, now) : none;
  return {
    deposit: kinds.has('deposit') ? await repo.depositWindows(sql, w, now) : none,
    wager: stakes,
    loss: stakes,
    time: kinds.has('time') ? await repo.timeWindows(sql, w, now) : none,
  };
}

/** The number a limit compares: centavos for money, whole minutes for time. */
export function usedOf(kind: LimitKind, u: repo.WindowUse): number {
  if (kind === 'loss') return Math.max(0, u.wagered - u.won);
  if (kind === 'time') return Math.floor(u.wagered / 60_000);
  return u.wagered;
}

/**
 * When the oldest use still counted leaves the window. Stakes count in whole hours (a stake leaves an hour after
 * its window has passed it); deposits and time leave exactly one window after.
 */
export function resetsAt(kind: LimitKind, period: LimitPeriod, u: repo.WindowUse): Date | null {
  if (!u.oldest || usedOf(kind, u) === 0) return null;
  const extra = kind === 'wager' || kind === 'loss' ? HOUR : 0;
  return new Date(u.oldest.getTime() + WINDOW_MS[period] + extra);
}

function limitView(row: repo.LimitRow, usage: Usage): RgLimit {
  const u = usage[row.kind][row.period];
  return {
    kind: row.kind,
    period: row.period,
    amount: row.amount!,
    used: usedOf(row.kind, u),
    resets_at: resetsAt(row.kind, row.period, u)?.toISOString() ?? null,
  };
}

function pendingView(row: repo.LimitRow, now: Date): RgPendingLimit {
  return {
    kind: row.kind,
    period: row.period,
    amount: row.pending_amount,
    requested_at: row.pending_requested_at!.toISOString(),
    effective_at: row.pending_effective_at!.toISOString(),
    confirmable: now >= row.pending_effective_at!,
  };
}

/** The kinds a regulated tenant still needs from this player before a deposit. */
export function missingRequired(tenant: Tenant, rows: repo.LimitRow[]): LimitKind[] {
  const set = new Set(rows.filter((r) => r.amount !== null).map((r) => r.kind));
  return policiesFor(tenant.settings).limitsRequiredBeforeDeposit.filter((k) => !set.has(k));
}

/** GET /responsible-gaming/limits */
export async function getLimits(sql: Sql, tenant: Tenant, w: Who, now: Date): Promise<RgLimitsReply> {
  const rows = await repo.listLimits(sql, w);
  const usage = await usageOf(sql, w, now, new Set(rows.map((r) => r.kind)));
  return {
    limits: rows.filter((r) => r.amount !== null).map((r) => limitView(r, usage)),
    pending: rows.filter((r) => r.pending).map((r) => pendingView(r, now)),
    required: missingRequired(tenant, rows),
    suggested: policiesFor(tenant.settings).suggested,
  };
}

/**
 * Copies the wager and loss limits in force onto the player's row, and recomputes when the binding time limit runs
 * out at the current pace (an open session counts to now).
 */
export async function applyLimits(tx: Sql, w: Who, now: Date, rows?: repo.LimitRow[]): Promise<void> {
  const all = rows ?? (await repo.listLimits(tx, w));
  const pick = (kind: 'wager' | 'loss') =>
    Object.fromEntries(
      (['day', 'week', 'month'] as const).map((p) => [
        p,
        all.find((r) => r.kind === kind && r.period === p)?.amount ?? null,
      ]),
    ) as Record<LimitPeriod, number | null>;
  await repo.setStakeLimits(tx, w, { wager: pick('wager'), loss: pick('loss') });
  await repo.setTimeEndsAt(tx, w, await timeEndsAt(tx, w, now, all));
}

/** The moment the binding time limit runs out if play goes on from `now`; null without a time limit. */
export async function timeEndsAt(sql: Sql, w: Who, now: Date, rows: repo.LimitRow[]): Promise<Date | null> {
  const time = rows.filter((r) => r.kind === 'time' && r.amount !== null);
  if (time.length === 0) return null;
  const used = await repo.timeWindows(sql, w, now);
  const left = Math.min(...time.map((r) => r.amount! * 60_000 - used[r.period].wagered));
  return new Date(now.getTime() + Math.max(0, left));
}

function checkAmount(b: SetLimitBody) {
  if (b.kind === 'time' && b.amount !== null && b.amount > PERIOD_MINUTES[b.period])
    throw new AppError('validation', MSG.timeTooLong, { amount: [MSG.timeTooLong] });
}

const stateOf = (r: repo.LimitRow | undefined) =>
  r ? { amount: r.amount, ...(r.pending ? { pending: r.pending_amount } : {}) } : { amount: null };

/**
 * POST /responsible-gaming/limits: a new or lower limit applies at once; a higher one or a removal waits the
 * policy's delay and then the player's confirmation (until then the current limit stays). Setting the amount in
 * force again cancels a pending change.
 */
export async function setLimit(
  db: Db,
  tenant: Tenant,
  w: Who,
  b: SetLimitBody,
  o: Actor & {
    now: Date;
    /** Runs in the change's transaction (the back office's audit row of a staff request). */
    onChanged?: (
      tx: Sql,
      c: { before: { amount: number | null; pending?: number | null }; status: string; effective_at: string },
    ) => Promise<void>;
  },
) {
  checkAmount(b);
  const { now } = o;
  const delay = policiesFor(tenant.settings).limitIncreaseDelayMs;
  const change = await db.transaction(async (tx) => {
    await ensurePlayer(tx, w, now);
    await repo.findPlayer(tx, w, true);
    const rows = await repo.listLimits(tx, w, true);
    const current = rows.find((r) => r.kind === b.kind && r.period === b.period);
    const before = stateOf(current);
    const base: repo.LimitRow = {
      kind: b.kind,
      period: b.period,
      amount: current?.amount ?? null,
      pending: false,
      pending_amount: null,
      pending_requested_at: null,
      pending_effective_at: null,
    };
    let next: repo.LimitRow;
    let status: 'applied' | 'pending' | 'unchanged';
    let effectiveAt = now;
    if (b.amount !== null && (base.amount === null || b.amount < base.amount)) {
      next = { ...base, amount: b.amount };
      status = 'applied';
    } else if (b.amount === base.amount) {
      next = base;
      status = 'unchanged';
    } else {
      effectiveAt = new Date(now.getTime() + delay);
      next = {
        ...base,
        pending: true,
        pending_amount: b.amount,
        pending_requested_at: now,
        pending_effective_at: effectiveAt,
      };
      status = 'pending';
    }
    await repo.saveLimit(tx, w, next);
    const after = rows.filter((r) => r !== current).concat(next.amount !== null || next.pending ? [next] : []);
    await applyLimits(tx, w, now, after);
    if (status !== 'unchanged' || current?.pending) {
      await repo.insertAudit(tx, {
        tenantId: w.tenantId,
        userId: w.userId,
        actor: o.actor ?? 'player',
        action: `limit.${status === 'unchanged' ? 'pending_cancelled' : status}`,
        before: { kind: b.kind, period: b.period, ...before },
        after: { kind: b.kind, period: b.period, ...stateOf(next) },
        ip: o.ip,
      });
      await publish(tx, {
        name: 'responsible_gaming.limit_changed',
        tenantId: w.tenantId,
        userId: w.userId,
        payload: {
          kind: b.kind,
          period: b.period,
          before: current?.amount ?? null,
          after: status === 'pending' ? b.amount : next.amount,
          status: status === 'pending' ? 'pending' : 'applied',
        },
      });
    }
    await o.onChanged?.(tx, { before, status, effective_at: effectiveAt.toISOString() });
    return { kind: b.kind, period: b.period, amount: b.amount, status, effective_at: effectiveAt.toISOString() };
  });
  return { ...(await getLimits(db, tenant, w, now)), change };
}

/** POST /responsible-gaming/limits/confirm: applies a pending increase or removal once its delay has passed. */
export async function confirmLimit(db: Db, tenant: Tenant, w: Who, b: ConfirmLimitBody, o: Actor & { now: Date }) {
  const { now } = o;
  await db.transaction(async (tx) => {
    await repo.findPlayer(tx, w, true);
    const rows = await repo.listLimits(tx, w, true);
    const current = rows.find((r) => r.kind === b.kind && r.period === b.period);
    if (!current?.pending) throw new AppError('not_found', MSG.nothingPending);
    if (now < current.pending_effective_at!)
      throw new AppError('conflict', MSG.confirmFrom(current.pending_effective_at!, tenant.settings.timezone));
    const next: repo.LimitRow = {
      ...current,
      amount: current.pending_amount,
      pending: false,
      pending_amount: null,
      pending_requested_at: null,
      pending_effective_at: null,
    };
    await repo.saveLimit(tx, w, next);
    await applyLimits(tx, w, now, rows.filter((r) => r !== current).concat(next.amount !== null ? [next] : []));
    await repo.insertAudit(tx, {
      tenantId: w.tenantId,
      userId: w.userId,
      actor: o.actor ?? 'player',
      action: next.amount === null ? 'limit.removed' : 'limit.increased',
      before: { kind: b.kind, period: b.period, ...stateOf(current) },
      after: { kind: b.kind, period: b.period, amount: next.amount },
      ip: o.ip,
    });
    await publish(tx, {
      name: 'responsible_gaming.limit_changed',
      tenantId: w.tenantId,
      userId: w.userId,
      payload: {
        kind: b.kind,
        period: b.period,
        before: current.amount,
        after: next.amount,
        status: 'confirmed',
      },
    });
  });
  return getLimits(db, tenant, w, now);
}
