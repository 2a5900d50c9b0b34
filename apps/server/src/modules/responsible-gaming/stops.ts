import type { Locale, RgPause, RgSelfExclusion, RgStatusReply } from '@sorte/contracts';
import { startOfLocalDay } from '@sorte/contracts/zoned-time';
import type { Db, Sql } from '../../platform/db/index';
import { AppError } from '../../platform/errors';
import { publish } from '../../platform/events/index';
import type { Tenant } from '../../platform/tenancy';
import { findUserById, mergeSettings, revokeUserSessions, selfExclusionOf, setSelfExclusion } from '../auth/index';
import { endPlayerGameSessions } from '../casino/index';
import { readWallet } from '../ledger/index';
import { ensurePlayer, missingRequired } from './limits';
import { MSG } from './messages';
import { cpfDigits, maskCpf, nationalList } from './national';
import { play } from './play';
import { PAUSE_MS, policiesFor, SELF_EXCLUSION_MS } from './policies';
import * as repo from './repo';
import { startSession } from './sessions';

export type Who = repo.Who;
type Ctx = { now: Date; ip: string | null; actor?: string };
type Settlement = { refunded_bets: number; refunded: number; balance: number };

/**
 * Cancels a player's open bets of one product and gives their stakes back through the ledger, in the caller's
 * transaction, with the product's own idempotency keys; answers how many and how much.
 */
export type OpenBetCanceller = (tx: Sql, w: Who) => Promise<{ count: number; refunded: number }>;

let cancellers: OpenBetCanceller[] = [];

/** The products whose open bets a stop cancels (app.ts hands them in: those modules depend on this one). */
export function settleOpenBetsWith(list: OpenBetCanceller[]): void {
  cancellers = list;
}

/** Far enough to be "for good" in the accounts' own self-exclusion columns, which hold an end date. */
const INDEFINITE_MS = 100 * 365 * 86_400_000;

const active = (p: repo.PlayerRow | null, now: Date) =>
  p?.block_reason && (p.block_until === null || p.block_until > now) ? p : null;

/**
 * Stops play for a player, in the caller's transaction: the stop on their row (every stake and deposit checks it),
 * the record of it, marketing off, the game launches ended and, unless it is a pause, open bets refunded and every
 * login ended. The balance stays withdrawable.
 */
async function stopPlay(
  tx: Sql,
  w: Who,
  o: Ctx & {
    reason: repo.BlockReason;
    period: string | null;
    until: Date | null;
    settle: boolean;
    logout: boolean;
    before: unknown;
  },
): Promise<Settlement> {
  await ensurePlayer(tx, w, o.now);
  await repo.findPlayer(tx, w, true);
  await repo.setBlock(tx, w, { reason: o.reason, since: o.now, until: o.until });
  const id = await repo.insertRestriction(tx, w, {
    reason: o.reason,
    period: o.period,
    startAt: o.now,
    endAt: o.until,
  });
  let refundedBets = 0;
  let refunded = 0;
  if (o.settle) {
    for (const cancel of cancellers) {
      const c = await cancel(tx, w);
      refundedBets += c.count;
      refunded += c.refunded;
    }
    if (refunded > 0) await play(tx, { ...w, refund: refunded });
  }
  const balance = (await readWallet(tx, w)).balance;
  const settlement = { refunded_bets: refundedBets, refunded, balance };
  await repo.setSettlement(tx, id, settlement);
  await mergeSettings(tx, w.tenantId, w.userId, { marketing_email: false, marketing_sms: false });
  await endPlayerGameSessions(tx, w.tenantId, w.userId);
  if (o.logout) {
    await repo.endSessions(tx, w, { reason: o.reason, now: o.now });
    await revokeUserSessions(tx, w.tenantId, w.userId, null);
  }
  await repo.insertAudit(tx, {
    tenantId: w.tenantId,
    userId: w.userId,
    actor: o.actor ?? 'player',
    action: `${o.reason}.started`,
    before: o.before,
    after: { reason: o.reason, period: o.period, until: o.until?.toISOString() ?? null, settlement },
    ip: o.ip,
  });
  await publish(tx, {
    name: 'responsible_gaming.restricted',
    tenantId: w.tenantId,
    userId: w.userId,
    payload: { reason: o.reason, since: o.now.toISOString(), until: o.until?.toISOString() ?? null },
  });
  return settlement;
}

const blockView = (p: repo.PlayerRow | null) =>
  p?.block_reason
    ? {
        reason: p.block_reason,
        since: p.block_since?.toISOString() ?? null,
        until: p.block_until?.toISOString() ?? null,
      }
    : null;

/** POST /responsible-gaming/pause: a cool-off that cannot be undone or shortened. Login and withdrawals go on. */
export async function pause(db: Db, tenant: Tenant, w: Who, period: keyof typeof PAUSE_MS, o: Ctx) {
  const until = new Date(o.now.getTime() + PAUSE_MS[period]);
  return db.transaction(async (tx) => {
    await ensurePlayer(tx, w, o.now);
    const current = active(await repo.findPlayer(tx, w, true), o.now);
    if (current && current.block_reason !== 'pause') throw new AppError('conflict', MSG.alreadyExcluded);
    if (current?.block_until && current.block_until >= until)
      throw new AppError('conflict', MSG.pauseShorter(current.block_until, tenant.settings.timezone));
    await stopPlay(tx, w, {
      ...o,
      reason: 'pause',
      period,
      until,
      settle: false,
      logout: false,
      before: blockView(current),
    });
    const pauseView: RgPause = { period, start_at: o.now.toISOString(), end_at: until.toISOString() };
    return { pause: pauseView };
  });
}

/**
 * This operator's self-exclusion (POST /responsible-gaming/self-exclusion, and the older /profile/self-exclusion
 * with days or a date): until its end, or for good. An exclusion in force is only ever extended.
 */
export async function selfExclude(
  db: Db,
  w: Who,
  o: Ctx & { period: string; until: Date | null },
): Promise<{ selfExclusion: RgSelfExclusion; settlement: Settlement }> {
  return db.transaction(async (tx) => {
    const user = await findUserById(tx, w.tenantId, w.userId);
    if (!user) throw new AppError('unauthorized');
    const p = active(await repo.findPlayer(tx, w, true), o.now);
    if (p && p.block_reason !== 'pause' && p.block_reason !== 'self_exclusion')
      throw new AppError('conflict', MSG.alreadyClosed);
    const current = selfExclusionOf(user);
    const currentEnd =
      p?.block_reason === 'self_exclusion' ? p.block_until : current ? new Date(current.end_at) : undefined;
    // Never shortened: an indefinite exclusion stays indefinite, a dated one only moves later.
    const keep = currentEnd !== undefined && (currentEnd === null || (o.until !== null && currentEnd > o.until));
    const until = keep ? currentEnd! : o.until;
    const period = keep ? (p?.block_reason === 'self_exclusion' ? null : (current?.value ?? null)) : o.period;
    await setSelfExclusion(tx, w.tenantId, w.userId, {
      value: period ?? o.period,
      endAt: until ?? new Date(o.now.getTime() + INDEFINITE_MS),
    });
    const settlement = await stopPlay(tx, w, {
      ...o,
      reason: 'self_exclusion',
      period: period ?? o.period,
      until,
      settle: true,
      logout: true,
      before: blockView(p) ?? (current ? { reason: 'self_exclusion', until: current.end_at } : null),
    });
    return {
      selfExclusion: {
        kind: 'operator',
        period: period ?? o.period,
        start_at: o.now.toISOString(),
        end_at: until?.toISOString() ?? null,
      },
      settlement,
    };
  });
}

export const selfExclusionUntil = (period: keyof typeof SELF_EXCLUSION_MS, now: Date) => {
  const ms = SELF_EXCLUSION_MS[period];
  return ms === null ? null : new Date(now.getTime() + ms);
};

/** POST /responsible-gaming/close-account: the player closes the account; the balance stays withdrawable. */
export async function closeAccount(db: Db, w: Who, o: Ctx & { reason?: string }) {
  return db.transaction(async (tx) => {
    await ensurePlayer(tx, w, o.now);
    const p = active(await repo.findPlayer(tx, w, true), o.now);
    if (p?.block_reason === 'closed') throw new AppError('conflict', MSG.alreadyClosed);
    const settlement = await stopPlay(tx, w, {
      ...o,
      reason: 'closed',
      period: o.reason ? o.reason.slice(0, 500) : null,
      until: null,
      settle: true,
      logout: true,
      before: blockView(p),
    });
    return { closed_at: o.now.toISOString(), logged_out: true as const, settlement };
  });
}

// ---- the national list ----

/**
 * A player the national list names: notified at once (the event's consumer), bets and deposits stopped, open bets
 * refunded, the balance withdrawable for the policy's time, the account closed after the regulator's delay.
 */
export async function nationalHit(
  tx: Sql,
  tenant: Tenant,
  w: Who,
  o: Ctx & { cpf: string; moment: 'login' | 'scheduled'; logout: boolean },
): Promise<void> {
  const pol = policiesFor(tenant.settings);
  const withdrawUntil = new Date(o.now.getTime() + pol.nationalWithdrawMs);
  const closeAt = new Date(o.now.getTime() + pol.nationalCloseMs);
  await repo.markNationalListed(tx, w, { now: o.now, withdrawUntil, closeAt });
  const p = await repo.findPlayer(tx, w);
  await stopPlay(tx, w, {
    ...o,
    actor: 'system:national_list',
    reason: 'national_list',
    period: null,
    until: null,
    settle: true,
    logout: o.logout,
    before: blockView(active(p, o.now)),
  });
  await publish(tx, {
    name: 'responsible_gaming.national_list_hit',
    tenantId: w.tenantId,
    userId: w.userId,
    payload: {
      moment: o.moment,
      cpf_masked: maskCpf(o.cpf),
      notice: MSG.nationalNotice(withdrawUntil, closeAt, tenant.settings.timezone),
    },
  });
}

/** Consults the list for one player now; answers whether it names them (a new hit is handled at once). */
export async function checkNational(
  db: Db,
  tenant: Tenant,
  w: Who & { cpf: string },
  o: Ctx & { moment: 'login' | 'scheduled'; logout: boolean },
): Promise<boolean> {
  const listed = await nationalList().isListed(db, w.cpf);
  await db.transaction(async (tx) => {
    const status = await repo.findNationalStatus(tx, w);
    await repo.markNationalChecked(tx, w, o.now);
    if (!listed) return;
    await repo.insertAudit(tx, {
      tenantId: w.tenantId,
      userId: w.userId,
      actor: 'system:national_list',
      action: `national_list.${o.moment}_check`,
      after: { listed: true, cpf: maskCpf(w.cpf) },
      ip: o.ip,
    });
    if (status?.listed_at) return;
    await nationalHit(tx, tenant, w, { ...o, cpf: w.cpf });
  });
  return listed;
}

/**
 * At registration, in its transaction (after the code, so that only the holder of a fresh code learns it): a CPF
 * the national list names cannot open an account. The attempt is recorded, and the refusal is returned for the
 * caller to throw once its transaction has committed the record.
 */
export async function registrationRefusal(
  tx: Sql,
  o: { tenant: Tenant; cpf: string | null; ip: string | null },
): Promise<AppError | null> {
  const cpf = cpfDigits(o.cpf);
  if (!cpf || !policiesFor(o.tenant.settings).nationalList) return null;
  if (!(await nationalList().isListed(tx, cpf))) return null;
  const message = MSG.registrationListed;
  await repo.insertNotice(tx, {
    tenantId: o.tenant.id,
    userId: null,
    kind: 'national_list:registration',
    channel: 'api',
    message: `${maskCpf(cpf)}: ${message.pt}`,
  });
  await repo.insertAudit(tx, {
    tenantId: o.tenant.id,
    userId: null,
    actor: 'system:national_list',
    action: 'national_list.registration_refused',
    after: { cpf: maskCpf(cpf) },
    ip: o.ip,
  });
  await publish(tx, {
    name: 'responsible_gaming.national_list_hit',
    tenantId: o.tenant.id,
    userId: null,
    payload: { moment: 'registration', cpf_masked: maskCpf(cpf) },
  });
  return new AppError('rg_national_list', message, { cpf: [message] });
}

/** A new account's first session, in its registration transaction: the list was consulted just now. */
export async function playerRegistered(tx: Sql, o: { tenant: Tenant; userId: number; cpf: string | null }) {
  const w = { tenantId: o.tenant.id, userId: o.userId };
  const now = new Date();
  if (cpfDigits(o.cpf) && policiesFor(o.tenant.settings).nationalList) await repo.markNationalChecked(tx, w, now);
  await startSession(tx, w, now);
}

/**
 * Every login asks this before a session starts: the national list at the first login of the day (regulated
 * mode), then whether a stopped account may come in. A stopped account (self-excluded, listed, closed) comes in
 * only to withdraw what it holds; without a balance it is refused (`admitted: false` for a self-exclusion, whose
 * refusal the accounts module words). A pause lets the player in.
 */
export async function admitLogin(
  db: Db,
  o: { tenant: Tenant; userId: number; cpf: string | null; ip: string | null; selfExcluded: boolean; now?: Date },
): Promise<{ admitted: boolean }> {
  const now = o.now ?? new Date();
  const w = { tenantId: o.tenant.id, userId: o.userId };
  const cpf = cpfDigits(o.cpf);
  if (cpf && policiesFor(o.tenant.settings).nationalList) {
    const status = await repo.findNationalStatus(db, w);
    if (!status || status.checked_at < startOfLocalDay(now, o.tenant.settings.timezone))
      await checkNational(db, o.tenant, { ...w, cpf }, { now, ip: o.ip, moment: 'login', logout: false });
  }
  const p = active(await repo.findPlayer(db, w), now);
  const stop = p && p.block_reason !== 'pause' ? p.block_reason : o.selfExcluded ? 'self_exclusion' : null;
  if (stop) {
    const wallet = await readWallet(db, w);
    if (wallet.balance <= 0 && wallet.pending_withdrawal <= 0) {
      if (stop === 'self_exclusion') return { admitted: false };
      throw new AppError(
        stop === 'closed' ? 'rg_closed' : 'rg_national_list',
        stop === 'closed' ? MSG.loginClosed : MSG.loginNational,
      );
    }
  }
  await db.transaction(async (tx) => startSession(tx, w, now));
  return { admitted: true };
}

/** The periodic national work: accounts due a check (every policy period), and listed accounts due to close. */
export async function runNationalJob(
  db: Db,
  deps: {
    tenants: () => Promise<Tenant[]>;
    players: (tenantId: number, afterId: number, limit: number) => Promise<{ id: number; cpf: string | null }[]>;
  },
  now = new Date(),
  all = false,
): Promise<{ checked: number; listed: number; closed: number }> {
  let checked = 0;
  let listed = 0;
  for (const t of await deps.tenants()) {
    const pol = policiesFor(t.settings);
    if (!pol.nationalList) continue;
    const before = all ? new Date(now.getTime() + 1) : new Date(now.getTime() - pol.nationalRecheckMs);
    for (let after = 0; ; ) {
      const page = await deps.players(t.id, after, 500);
      if (page.length === 0) break;
      after = page[page.length - 1]!.id;
      const due = await repo.nationalDue(
        db,
        t.id,
        page.map((u) => u.id),
        before,
      );
      for (const u of page) {
        const cpf = cpfDigits(u.cpf);
        if (!cpf || !due.has(u.id)) continue;
        checked++;
        const hit = await checkNational(
          db,
          t,
          { tenantId: t.id, userId: u.id, cpf },
          { now, ip: null, moment: 'scheduled', logout: true },
        );
        if (hit) listed++;
      }
    }
  }
  let closed = 0;
  for (const w of await repo.nationalClosesDue(db, now)) {
    await db.transaction(async (tx) => {
      await repo.markNationalClosed(tx, w, now);
      await repo.setBlock(tx, w, { reason: 'closed', since: now, until: null });
      await repo.insertRestriction(tx, w, { reason: 'closed', period: 'national_list', startAt: now, endAt: null });
      await repo.endSessions(tx, w, { reason: 'closed', now });
      await revokeUserSessions(tx, w.tenantId, w.userId, null);
      await repo.insertAudit(tx, {
        tenantId: w.tenantId,
        userId: w.userId,
        actor: 'system:national_list',
        action: 'national_list.account_closed',
        after: { reason: 'closed' },
      });
    });
    closed++;
  }
  return { checked, listed, closed };
}

/** GET /responsible-gaming/status */
export async function getStatus(db: Db, tenant: Tenant, w: Who, now: Date, locale: Locale): Promise<RgStatusReply> {
  const p = await repo.findPlayer(db, w);
  const block = active(p, now);
  const restrictions = await repo.activeRestrictions(db, w, now);
  const pauseRow = restrictions.find((r) => r.reason === 'pause');
  const exclusion = restrictions.find((r) => r.reason === 'self_exclusion');
  const user = await findUserById(db, w.tenantId, w.userId);
  const legacy = user ? selfExclusionOf(user, now) : null;
  const national = await repo.findNationalStatus(db, w);
  const limits = await repo.listLimits(db, w);
  const tz = tenant.settings.timezone;
  return {
    regulated: policiesFor(tenant.settings).regulated,
    restriction:
      block?.block_reason && block.block_since
        ? {
            reason: block.block_reason,
            since: block.block_since.toISOString(),
            until: block.block_until?.toISOString() ?? null,
            withdraw_only: true,
          }
        : null,
    pause: pauseRow?.end_at
      ? {
          period: pauseRow.period as RgPause['period'],
          start_at: pauseRow.start_at.toISOString(),
          end_at: pauseRow.end_at.toISOString(),
        }
      : null,
    self_exclusion: exclusion
      ? {
          kind: 'operator',
          period: exclusion.period,
          start_at: exclusion.start_at.toISOString(),
          end_at: exclusion.end_at?.toISOString() ?? null,
        }
      : legacy
        ? { kind: 'operator', period: legacy.value, start_at: legacy.start_at, end_at: legacy.end_at }
        : national?.listed_at
          ? { kind: 'national', period: null, start_at: national.listed_at.toISOString(), end_at: null }
          : null,
    national_notice:
      national?.listed_at && national.notified_at && national.withdraw_until && national.close_at
        ? {
            listed_at: national.listed_at.toISOString(),
            notified_at: national.notified_at.toISOString(),
            withdraw_until: national.withdraw_until.toISOString(),
            close_at: national.close_at.toISOString(),
            message: MSG.nationalNotice(national.withdraw_until, national.close_at, tz)[locale],
          }
        : null,
    limits_required: missingRequired(tenant, limits),
  };
}
