import type { LimitKind, LimitPeriod, RgErrorCode } from '@sorte/contracts';
import type { Db, Sql } from '../../platform/db/index';
import { AppError } from '../../platform/errors';
import type { Tenant } from '../../platform/tenancy';
import { findTenantById } from '../tenants/index';
import { missingRequired, resetsAt, usageOf, usedOf } from './limits';
import { blockRefusal, limitRefusal, limitsRequired } from './messages';
import * as repo from './repo';

export type Who = repo.Who;

/** The SQLSTATE a stored function raises (with the refusal code as its message) to undo a refused play. */
export const RG_REFUSED_SQLSTATE = 'RG422';

const BLOCK_CODES: Record<repo.BlockReason, RgErrorCode> = {
  pause: 'rg_paused',
  self_exclusion: 'rg_self_excluded',
  national_list: 'rg_national_list',
  closed: 'rg_closed',
};

const isRefusal = (v: unknown): v is RgErrorCode =>
  typeof v === 'string' &&
  [
    'limit_deposit',
    'limit_loss',
    'limit_wager',
    'limit_time',
    'rg_limits_required',
    'rg_paused',
    'rg_self_excluded',
    'rg_closed',
    'rg_national_list',
  ].includes(v);

/** A refused play or deposit: the AppError the player sees, and its code for protocols that map it. */
export class RgRefusal extends AppError {
  constructor(
    readonly refusal: RgErrorCode,
    detail: { pt: string; en: string },
  ) {
    super(refusal, detail);
  }
}

/**
 * Counts a play of a product that moves money in TypeScript (Mines, Crash and Double, sports, boxes), in the
 * caller's transaction and before its debit: `stake` is checked against the player's rules and counted; `win` and
 * `refund` (a stake given back) are counted. Throws RgRefusal when the stake is refused; the caller lets its
 * transaction roll back. One index lookup for a player without rules.
 */
export async function play(tx: Sql, o: Who & { stake?: number; win?: number; refund?: number }): Promise<void> {
  const stake = (o.stake ?? 0) - (o.refund ?? 0);
  const { rows } = await tx.query<{ refusal: string | null }>(
    'select rg_play($1::bigint, $2::bigint, $3::bigint, $4::bigint) as refusal',
    [o.tenantId, o.userId, stake, o.win ?? 0],
    'rg_play',
  );
  const refusal = rows[0]?.refusal ?? null;
  if (refusal) throw await refusalError(tx, o, refusal as RgErrorCode, o.stake ?? 0);
}

/**
 * The refusal behind an error a one-statement bet raised (RG422, see rg_play), or null for any other error. The
 * statement was undone; this reads the player's limits to say which one and when it resets.
 */
export async function refusalFrom(sql: Sql, w: Who, err: unknown, stake: number): Promise<RgRefusal | null> {
  const e = err as { code?: string; message?: string } | null;
  if (e?.code !== RG_REFUSED_SQLSTATE) return null;
  const code = e.message?.match(/[a-z_]+$/)?.[0];
  return refusalError(sql, w, isRefusal(code) ? code : 'limit_wager', stake);
}

/** The player's message for a refusal code: the limit, its amount and when it resets, or the stop and its end. */
export async function refusalError(sql: Sql, w: Who, code: RgErrorCode, stake: number, now = new Date()) {
  const tenant = await findTenantById(sql, w.tenantId);
  const tz = tenant?.settings.timezone ?? 'America/Sao_Paulo';
  if (code.startsWith('rg_') && code !== 'rg_limits_required') {
    const p = await repo.findPlayer(sql, w);
    const reason = (p?.block_reason ?? 'closed') as repo.BlockReason;
    return new RgRefusal(code, blockRefusal(reason, p?.block_until ?? null, tz));
  }
  if (code === 'rg_limits_required')
    return new RgRefusal(code, limitsRequired(tenant ? missingRequired(tenant, await repo.listLimits(sql, w)) : []));
  const kind = code.slice('limit_'.length) as LimitKind;
  const binding = await bindingLimit(sql, w, kind, stake, now);
  if (!binding) return new RgRefusal(code, defaultText(code));
  return new RgRefusal(code, limitRefusal(binding, tz));
}

const defaultText = (code: RgErrorCode) => {
  const e = new AppError(code);
  return { pt: e.toBody('pt').message, en: e.toBody('en').message };
};

/** The limit of `kind` that `amount` more would pass (the first such period), with when it resets. */
async function bindingLimit(sql: Sql, w: Who, kind: LimitKind, amount: number, now: Date) {
  const rows = (await repo.listLimits(sql, w)).filter((r) => r.kind === kind && r.amount !== null);
  if (rows.length === 0) return null;
  const usage = await usageOf(sql, w, now, new Set([kind]));
  const over = (period: LimitPeriod, limit: number) => {
    const u = usage[kind][period];
    if (kind === 'time') return usedOf(kind, u) >= limit;
    if (kind === 'loss') return u.wagered - u.won + amount > limit;
    return u.wagered + amount > limit;
  };
  const row = rows.find((r) => over(r.period, r.amount!)) ?? rows[0]!;
  return {
    kind,
    period: row.period,
    amount: row.amount!,
    resetsAt: resetsAt(kind, row.period, usage[kind][row.period]),
  };
}

/**
 * Before a PIX charge is created: refuses a deposit the player's rules do not admit (a stop on the account,
 * limits a regulated tenant requires first, a deposit limit it would pass) and otherwise reserves it against the
 * deposit limits until the charge expires unpaid, so that two charges asked for at once cannot pass a limit together.
 */
export async function checkDeposit(
  db: Db,
  o: { tenant: Tenant; userId: number; amount: number; txid: string; expiresAt: Date; now?: Date },
): Promise<void> {
  const w = { tenantId: o.tenant.id, userId: o.userId };
  const now = o.now ?? new Date();
  await db.transaction(async (tx) => {
    const p = await repo.findPlayer(tx, w, true);
    if (p?.block_reason && (p.block_until === null || p.block_until > now))
      throw await refusalError(tx, w, BLOCK_CODES[p.block_reason], o.amount, now);
    const rows = p ? await repo.listLimits(tx, w) : [];
    if (missingRequired(o.tenant, rows).length) throw await refusalError(tx, w, 'rg_limits_required', 0, now);
    const limits = rows.filter((r) => r.kind === 'deposit' && r.amount !== null);
    if (limits.length) {
      const used = await repo.depositWindows(tx, w, now);
      const over = limits.find((r) => used[r.period].wagered + o.amount > r.amount!);
      if (over)
        throw new RgRefusal(
          'limit_deposit',
          limitRefusal(
            {
              kind: 'deposit',
              period: over.period,
              amount: over.amount!,
              resetsAt: resetsAt('deposit', over.period, used[over.period]),
            },
            o.tenant.settings.timezone,
          ),
        );
    }
    await repo.insertDeposit(tx, w, { txid: o.txid, amount: o.amount, expiresAt: o.expiresAt, now });
  });
}
