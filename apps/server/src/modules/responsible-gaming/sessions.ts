import {
  RG_SESSION_ENDED_EVENT,
  type RgSessionEndedEvent,
  type RgSessionFigures,
  type RgSessionStatus,
} from '@sorte/contracts';
import type { Db, Sql } from '../../platform/db/index';
import { publish } from '../../platform/events/index';
import type { Tenant } from '../../platform/tenancy';
import { findUserById, revokeUserSessions } from '../auth/index';
import { endPlayerGameSessions } from '../casino/index';
import { playSince } from '../ledger/index';
import { channels, emit } from '../realtime/index';
import { findTenantById } from '../tenants/index';
import { applyLimits, ensurePlayer } from './limits';
import { MSG } from './messages';
import { policiesFor } from './policies';
import * as repo from './repo';

export type Who = repo.Who;

/** A play session starts at a login: its figures and reminders count from here; time limits count its length. */
export async function startSession(tx: Sql, w: Who, now: Date): Promise<void> {
  await repo.openSession(tx, w, now);
  if (await repo.findPlayer(tx, w)) await applyLimits(tx, w, now);
}

/** The player's open session, opened now when there is none (activity after an idle close, or before any login). */
async function sessionOf(sql: Sql, w: Who, now: Date): Promise<repo.SessionRow> {
  const open = await repo.currentSession(sql, w);
  if (open) return open;
  const s = await repo.openSession(sql, w, now);
  if (await repo.findPlayer(sql, w)) await applyLimits(sql, w, now);
  return s;
}

const THROTTLE_MS = 60_000;
const TOUCHED = new Map<string, number>();

/**
 * A request of a logged-in player is activity: it keeps the session from the idle close. Written at most once a
 * minute per player and process (the idle close works in whole minutes).
 */
export async function touch(db: Db, w: Who, now = new Date()): Promise<void> {
  const k = `${w.tenantId}:${w.userId}`;
  const last = TOUCHED.get(k);
  if (last !== undefined && now.getTime() - last < THROTTLE_MS) return;
  if (TOUCHED.size > 100_000) TOUCHED.clear();
  TOUCHED.set(k, now.getTime());
  await db.transaction(async (tx) => {
    const open = await repo.currentSession(tx, w);
    if (open) await repo.touchSession(tx, w, now);
    else await sessionOf(tx, w, now);
  });
}

export async function figuresOf(sql: Sql, w: Who, s: repo.SessionRow, now: Date): Promise<RgSessionFigures> {
  const f = await playSince(sql, { ...w, since: s.started_at });
  const last = await repo.lastActivity(sql, w);
  return {
    started_at: s.started_at.toISOString(),
    last_activity_at: (last && last > s.last_activity_at ? last : s.last_activity_at).toISOString(),
    elapsed_seconds: Math.max(0, Math.floor((now.getTime() - s.started_at.getTime()) / 1000)),
    wagered: f.wagered,
    won: f.won,
    net: f.won - f.wagered,
    bets: f.bets,
  };
}

/** GET /responsible-gaming/session: the session's figures, the next reminder and the binding time limit. */
export async function sessionStatus(db: Db, tenant: Tenant, w: Who, now: Date): Promise<RgSessionStatus> {
  const s = await sessionOf(db, w, now);
  const p = await repo.findPlayer(db, w);
  const interval = p?.reality_check_interval ?? null;
  const next = interval
    ? (s.reality_check_at ?? new Date(s.started_at.getTime() + interval * 60_000)).toISOString()
    : null;
  const time = (await repo.listLimits(db, w)).filter((r) => r.kind === 'time' && r.amount !== null);
  let timeLimit: RgSessionStatus['time_limit'] = null;
  if (time.length) {
    const used = await repo.timeWindows(db, w, now);
    const binding = time
      .map((r) => ({ r, left: r.amount! * 60_000 - used[r.period].wagered }))
      .sort((a, b) => a.left - b.left)[0]!;
    timeLimit = {
      minutes: binding.r.amount!,
      used: Math.floor(used[binding.r.period].wagered / 60_000),
      ends_at: new Date(now.getTime() + Math.max(0, binding.left)).toISOString(),
    };
  }
  const idle = policiesFor(tenant.settings).idleCloseMs;
  return {
    session: await figuresOf(db, w, s, now),
    reality_check: { interval, next_at: next },
    time_limit: timeLimit,
    idle_timeout_minutes: idle === null ? null : idle / 60_000,
  };
}

/** POST /responsible-gaming/reality-check/continue: the reminder was read; the next one is an interval on. */
export async function continueSession(db: Db, tenant: Tenant, w: Who, now: Date): Promise<RgSessionStatus> {
  const s = await sessionOf(db, w, now);
  const p = await repo.findPlayer(db, w);
  if (p?.reality_check_interval)
    await repo.setRealityCheckAt(db, s.id, new Date(now.getTime() + p.reality_check_interval * 60_000));
  await repo.touchSession(db, w, now);
  return sessionStatus(db, tenant, w, now);
}

/** GET/POST /responsible-gaming/reality-check */
export async function getRealityCheck(sql: Sql, w: Who) {
  return { interval: (await repo.findPlayer(sql, w))?.reality_check_interval ?? null };
}

export async function setRealityCheck(
  db: Db,
  w: Who,
  interval: 15 | 30 | 60 | null,
  o: { now: Date; ip: string | null },
) {
  return db.transaction(async (tx) => {
    await ensurePlayer(tx, w, o.now);
    const before = (await repo.findPlayer(tx, w, true))?.reality_check_interval ?? null;
    await repo.setRealityCheck(tx, w, interval);
    const s = await repo.currentSession(tx, w);
    if (s) await repo.setRealityCheckAt(tx, s.id, interval ? new Date(o.now.getTime() + interval * 60_000) : null);
    if (before !== interval)
      await repo.insertAudit(tx, {
        tenantId: w.tenantId,
        userId: w.userId,
        actor: 'player',
        action: 'reality_check.set',
        before: { interval: before },
        after: { interval },
        ip: o.ip,
      });
    return { interval };
  });
}

/** POST /responsible-gaming/session/end ("encerrar sessão"): the session's figures, and the player logged out. */
export async function endSession(db: Db, w: Who, now: Date) {
  const s = await sessionOf(db, w, now);
  const figures = await figuresOf(db, w, s, now);
  await db.transaction(async (tx) => {
    await repo.endSessions(tx, w, { reason: 'logout', now });
    await revokeUserSessions(tx, w.tenantId, w.userId, null);
    await endPlayerGameSessions(tx, w.tenantId, w.userId);
  });
  return { logged_out: true as const, session: figures };
}

/** A logout: the play session ends with it. */
export async function sessionLoggedOut(sql: Sql, w: Who, now = new Date()): Promise<void> {
  await repo.endSessions(sql, w, { reason: 'logout', now });
}

/**
 * Ends play now (a time limit ran out, or the session was idle in regulated mode): the session ends, every login
 * and game launch of the player is revoked, the event is published and the player is told on their channel.
 */
export async function endPlay(db: Db, w: Who, reason: 'limit_time' | 'idle', now: Date): Promise<void> {
  const s = await repo.currentSession(db, w);
  const figures = s ? await figuresOf(db, w, s, now) : null;
  const user = await findUserById(db, w.tenantId, w.userId);
  const locale = user?.language === 'en' ? 'en' : 'pt';
  const message = MSG.sessionEnded[reason][locale];
  const ended = await db.transaction(async (tx) => {
    const ids = await repo.endSessions(tx, w, { reason, now, atLastActivity: reason === 'idle' });
    if (ids.length === 0) return false;
    await revokeUserSessions(tx, w.tenantId, w.userId, null);
    await endPlayerGameSessions(tx, w.tenantId, w.userId);
    await repo.insertNotice(tx, { ...w, kind: `session_ended:${reason}`, channel: 'realtime', message });
    await publish(tx, {
      name: 'responsible_gaming.session_ended',
      tenantId: w.tenantId,
      userId: w.userId,
      payload: { reason, session_id: ids[0]! },
    });
    return true;
  });
  if (!ended) return;
  const data: RgSessionEndedEvent = { reason, message, session: figures };
  await emit(db, w.tenantId, channels.user(w.userId), RG_SESSION_ENDED_EVENT, data).catch(() => {});
}

/**
 * The session job: players whose time limit ran out are logged out; sessions idle for the policy's time are closed
 * (and the player logged out in regulated mode); elsewhere an idle session only stops counting play time.
 */
export async function runSessionJob(db: Db, now = new Date()): Promise<void> {
  for (const w of await repo.timeLimitReached(db, now)) await endPlay(db, w, 'limit_time', now);
  const tenants = new Map<number, Tenant | null>();
  for (const s of await repo.idleSessions(db, new Date(now.getTime() - 30 * 60_000))) {
    if (!tenants.has(s.tenantId)) tenants.set(s.tenantId, await findTenantById(db, s.tenantId));
    const t = tenants.get(s.tenantId);
    const idle = t ? policiesFor(t.settings).idleCloseMs : null;
    await repo.syncSessionActivity(db, s);
    if (idle !== null) await endPlay(db, s, 'idle', now);
    else await repo.endSessions(db, s, { reason: 'idle', now, atLastActivity: true });
  }
}
