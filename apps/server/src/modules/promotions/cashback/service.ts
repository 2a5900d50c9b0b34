import type { CashbackClaimReply, CashbackEntry, CashbackListReply, CashbackType, Locale } from '@sorte/contracts';
import type { Db } from '../../../platform/db/index';
import { AppError } from '../../../platform/errors';
import { publish } from '../../../platform/events/index';
import type { Tenant } from '../../../platform/tenancy';
import { findUserById } from '../../auth/index';
import { cashLossByPlayer, credit } from '../../ledger/index';
import {
  cashbackAmount,
  claimPart,
  claimState,
  entryShape,
  isDay,
  lastClosedWeek,
  localDay,
  type Period,
  releaseAt,
  WINDOW_LABELS,
  weekOf,
} from './calc';
import * as repo from './repo';

/** How many entries the player's list shows (about a year of weeks). */
const LIST_LIMIT = 50;

export type RunResult = { created: boolean; period: Period; run: repo.RunRow };

/** Why a tenant's cashback cannot be computed now, or null (the job skips such tenants; the ops command says it). */
export function notComputable(tenant: Tenant): string | null {
  if (!tenant.active) return `${tenant.primaryHost} is not active`;
  if (!tenant.settings.cashback) return `cashback is off for ${tenant.primaryHost} (site config "cashback")`;
  if (!(tenant.settings.cashback_conversion_percentage > 0))
    return `cashback_conversion_percentage is 0 for ${tenant.primaryHost}`;
  return null;
}

/**
 * Computes one closed week's cashback of a tenant: every player whose cash net loss (stakes - wins - refunds) that
 * week is above zero gets an entry of the tenant's percentage of it, released on the tenant's release day and hour.
 * All in one transaction keyed by (tenant, week): running a week again creates nothing new and answers the first
 * run. `day` picks the week containing it (default: the last week that has ended at `now`).
 */
export async function runCashback(
  db: Db,
  tenant: Tenant,
  o: { now: Date; day?: string; source: 'job' | 'ops' },
): Promise<RunResult> {
  const why = notComputable(tenant);
  if (why) throw new AppError('bad_request', why);
  const s = tenant.settings;
  const tz = s.timezone;
  if (o.day !== undefined && !isDay(o.day)) throw new AppError('bad_request', `--period must be a date (YYYY-MM-DD)`);
  const period = o.day ? weekOf(o.day, tz) : lastClosedWeek(o.now, tz);
  if (period.endsAt.getTime() > o.now.getTime())
    throw new AppError(
      'bad_request',
      `the week ${period.start}..${period.end} is not over until ${period.endsAt.toISOString()} (${tz})`,
    );
  const availableAt = releaseAt(period, s.cashback_release_day, s.cashback_release_hour, tz);
  const percentage = s.cashback_conversion_percentage;
  return db.transaction(async (tx) => {
    const runId = await repo.insertRun(tx, {
      tenantId: tenant.id,
      periodStart: period.start,
      periodEnd: period.end,
      startsAt: period.startsAt,
      endsAt: period.endsAt,
      percentage,
      type: s.cashback_type,
      availableAt,
      source: o.source,
    });
    if (runId === null) {
      const run = await repo.findRun(tx, tenant.id, period.start);
      if (!run) throw new Error('cashback run vanished');
      return { created: false, period, run };
    }
    const losses = await cashLossByPlayer(tx, { tenantId: tenant.id, from: period.startsAt, to: period.endsAt });
    const entries: repo.NewEntry[] = [];
    for (const l of losses) {
      const amount = cashbackAmount(l.netLoss, percentage);
      if (amount < 1) continue;
      entries.push({ ...l, ...entryShape(amount, s.cashback_type), amount });
    }
    const made = await repo.insertEntries(
      tx,
      { id: runId, tenantId: tenant.id, periodStart: period.start, availableAt, percentage },
      entries,
    );
    await repo.finishRun(tx, runId, made.count, made.total);
    const run = await repo.findRun(tx, tenant.id, period.start);
    return { created: true, period, run: run! };
  });
}

/** Runs the last closed week of every tenant that has cashback on and no run of it yet (the periodic job). */
export async function runDueCashback(db: Db, tenants: Tenant[], now: Date): Promise<RunResult[]> {
  const out: RunResult[] = [];
  for (const t of tenants) {
    if (notComputable(t)) continue;
    out.push(await runCashback(db, t, { now, source: 'job' }));
  }
  return out;
}

/** Largest cashback an operator may grant by hand in one entry (R$ 100,000): a typo guard, far above any gesture. */
export const MAX_GRANT = 10_000_000;

/**
 * An entry an operator grants by hand (support's goodwill cashback), released at `now` and claimed like any other:
 * a calendar grant opens its claims at the day's windows still to come (those already past open at once).
 * Refused, writing nothing, for a regulated tenant, a player not of this tenant, or a bad amount or reason.
 */
export async function grantCashback(
  db: Db,
  tenant: Tenant,
  o: { userId: number; amount: number; reason: string; type?: CashbackType; now: Date },
): Promise<repo.EntryRow> {
  const reason = o.reason.trim();
  // A regulated tenant may reward only after play (Lei 14.790 art. 29): its cashback comes from net losses alone.
  if (tenant.settings.is_regulated)
    throw new AppError('bad_request', `${tenant.primaryHost} is regulated: cashback is paid only on net losses`);
  if (!Number.isSafeInteger(o.amount) || o.amount < 1 || o.amount > MAX_GRANT)
    throw new AppError('bad_request', `the amount must be 1 to ${MAX_GRANT} centavos`);
  if (reason.length < 1 || reason.length > 200)
    throw new AppError('bad_request', 'give a reason (1 to 200 characters)');
  if (!(await findUserById(db, tenant.id, o.userId)))
    throw new AppError('bad_request', `no player ${o.userId} on ${tenant.primaryHost}`);
  const shape = entryShape(o.amount, o.type ?? tenant.settings.cashback_type);
  return db.transaction(async (tx) => {
    const id = await repo.insertGrant(tx, {
      tenantId: tenant.id,
      userId: o.userId,
      periodStart: weekOf(localDay(o.now, tenant.settings.timezone), tenant.settings.timezone).start,
      ...shape,
      availableAt: o.now,
      amount: o.amount,
      reason,
    });
    return (await repo.lockEntry(tx, tenant.id, o.userId, id))!;
  });
}

function view(e: repo.EntryRow, now: Date, timeZone: string): CashbackEntry {
  const s = claimState(
    { type: e.type, availableAt: e.available_at, claims: e.claims, claimed: e.claimed },
    now,
    timeZone,
  );
  return {
    id: e.id,
    available_at: e.available_at.toISOString(),
    type: e.type,
    amount: e.amount,
    allowed: s.allowed,
    claimed: e.claimed,
    available: s.available,
    claims: e.claims,
    claimed_amount: e.claimed_amount,
    next_claim_amount: e.claimed < e.claims ? claimPart(e.amount, e.claims, e.claimed + 1) : 0,
    next_unlock_at: s.nextUnlockAt?.toISOString() ?? null,
    period_start: e.period_start,
    period_end: e.period_end,
    net_loss: e.net_loss,
    percentage: e.percentage,
    reason: e.reason,
  };
}

/** How many released entries one pass tells their players about (one transaction; the next pass takes the rest). */
const RELEASE_BATCH = 500;

/**
 * Tells each player whose cashback entry's release time has come (`promotions.cashback_released`, which the
 * notifications consumer turns into a pt/en notification) exactly once: the mark and the event share a transaction.
 * Returns how many entries were released.
 */
export async function announceReleased(db: Db, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await repo.takeReleased(tx, now, RELEASE_BATCH);
    for (const r of rows)
      await publish(tx, {
        name: 'promotions.cashback_released',
        tenantId: r.tenant_id,
        userId: r.user_id,
        payload: { cashback_id: r.id, amount: r.amount, type: r.type },
      });
    return rows.length;
  });
}

/** What the claims open now of an entry pay together. */
function openAmount(v: CashbackEntry): number {
  let sum = 0;
  for (let k = v.claimed + 1; k <= v.claimed + v.available; k++) sum += claimPart(v.amount, v.claims, k);
  return sum;
}

/** GET /bonuses/cashback: the player's entries with what each allows at `now`. */
export async function listCashback(db: Db, tenant: Tenant, userId: number, now: Date): Promise<CashbackListReply> {
  const tz = tenant.settings.timezone;
  const entries = (await repo.listEntries(db, tenant.id, userId, LIST_LIMIT)).map((e) => view(e, now, tz));
  return {
    entries,
    total: entries.reduce((a, v) => a + v.amount - v.claimed_amount, 0),
    available_amount: entries.reduce((a, v) => a + openAmount(v), 0),
    timezone: tz,
    windows: WINDOW_LABELS,
  };
}

const brl = (c: number, locale: Locale) =>
  new Intl.NumberFormat(locale === 'pt' ? 'pt-BR' : 'en-US', { style: 'currency', currency: 'BRL' }).format(c / 100);

function whenLabel(at: Date, timeZone: string, locale: Locale): string {
  const day = new Intl.DateTimeFormat(locale === 'pt' ? 'pt-BR' : 'en-GB', {
    timeZone,
    day: '2-digit',
    month: '2-digit',
  }).format(at);
  const time = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
    .format(at)
    .replace(/^24/, '00');
  return locale === 'pt' ? `${day} às ${time}` : `${day} at ${time}`;
}

const NOT_FOUND = { pt: 'Cashback não encontrado.', en: 'Cashback not found.' };

/**
 * POST /bonuses/cashback/claim: credits the entry's next open claim to the player's cash, once. The entry row is
 * locked for the claim, so concurrent claims of one entry queue and each sees the count the previous one left; the
 * ledger key cashback:<entry>:<claim> and the claims table's key make a second credit of one claim impossible.
 * Cashback is paid as cash (withdrawable, no wagering): it gives back part of what was lost, after the play,
 * which is why a regulated tenant may pay it. A paused or self-excluded player may claim too, as they may
 * withdraw: the money is theirs and staking it stays blocked by the stop.
 */
export async function claimCashback(
  db: Db,
  tenant: Tenant,
  userId: number,
  cashbackId: number,
  now: Date,
  locale: Locale,
): Promise<CashbackClaimReply> {
  const tz = tenant.settings.timezone;
  if (!Number.isSafeInteger(cashbackId) || cashbackId < 1) throw new AppError('not_found', NOT_FOUND);
  return db.transaction(async (tx) => {
    const e = await repo.lockEntry(tx, tenant.id, userId, cashbackId);
    if (!e) throw new AppError('not_found', NOT_FOUND);
    if (e.claimed >= e.claims) throw new AppError('cashback_claimed');
    const state = claimState(
      { type: e.type, availableAt: e.available_at, claims: e.claims, claimed: e.claimed },
      now,
      tz,
    );
    if (state.available === 0) {
      const next = state.nextUnlockAt;
      throw new AppError(
        'cashback_not_available',
        next
          ? {
              pt: `O próximo resgate deste cashback será liberado em ${whenLabel(next, tz, 'pt')}.`,
              en: `The next claim of this cashback opens on ${whenLabel(next, tz, 'en')}.`,
            }
          : undefined,
      );
    }
    const claim = e.claimed + 1;
    const amount = claimPart(e.amount, e.claims, claim);
    const money = await credit(tx, {
      tenantId: tenant.id,
      userId,
      amount,
      type: 'cashback',
      account: 'cash',
      idempotencyKey: `cashback:${e.id}:${claim}`,
      reference: `cashback:${e.id}`,
      metadata: { period_start: e.period_start, claim, claims: e.claims },
    });
    await repo.recordClaim(tx, {
      entryId: e.id,
      claim,
      tenantId: tenant.id,
      userId,
      amount,
      transactionId: money.transaction_id,
    });
    await publish(tx, {
      name: 'promotions.cashback_claimed',
      tenantId: tenant.id,
      userId,
      payload: { cashback_id: e.id, claim, amount, transaction_id: money.transaction_id },
    });
    // The header's balance follows the credit live, as a deposit's does.
    await publish(tx, {
      name: 'wallet.balance_updated',
      tenantId: tenant.id,
      userId,
      payload: { balance: money.balance.cash, bonus: money.balance.bonus },
    });
    const after = { ...e, claimed: claim, claimed_amount: e.claimed_amount + amount };
    return {
      claimed: { cashback_id: e.id, claim, amount, transaction_id: money.transaction_id },
      entry: view(after, now, tz),
      balance: money.balance.cash,
      message:
        locale === 'pt'
          ? `Cashback de ${brl(amount, 'pt')} creditado no seu saldo.`
          : `Cashback of ${brl(amount, 'en')} credited to your balance.`,
    };
  });
}
