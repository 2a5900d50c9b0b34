import { type DomainEventOf, type MissionGoal, sportsWagered } from '@sorte/contracts';
import type { Sql } from '../../platform/db/index';
import type { HandlerContext } from '../../platform/events/index';
import type { Tenant } from '../../platform/tenancy';
import { broadcast, channels } from '../realtime/index';
import { findTenantById } from '../tenants/index';
import { audienceAdmits, playerFacts } from './audience';
import { goalAllowed } from './policies';
import * as repo from './repo';
import { localDay, periodOf } from './windows';

/**
 * How events move players' missions: a settled round (wager, rounds, multiplier), an approved deposit and a login
 * (distinct days). Each event is marked counted in the delivery's transaction before it counts, so a replayed event
 * (a retry after a crash, an operator's re-delivery) counts nothing twice.
 */

const ROUND_GOALS: readonly MissionGoal[] = ['wager', 'rounds', 'multiplier'];

// Tenants and games change rarely; each is read at most once a minute per node on the consumer's path (a time-zone
// or category change reaches missions within that minute).
const TTL_MS = 60_000;
const tenants = new Map<number, { at: number; t: Tenant | null }>();
const games = new Map<string, { at: number; g: repo.GameFacts | null }>();

async function tenantOf(sql: Sql, id: number): Promise<Tenant | null> {
  const hit = tenants.get(id);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.t;
  const t = await findTenantById(sql, id);
  tenants.set(id, { at: Date.now(), t });
  return t;
}

async function gameOf(sql: Sql, tenantId: number, gameId: number): Promise<repo.GameFacts | null> {
  const key = `${tenantId}:${gameId}`;
  const hit = games.get(key);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.g;
  const g = await repo.gameFacts(sql, tenantId, gameId);
  if (games.size > 10_000) games.clear();
  games.set(key, { at: Date.now(), g });
  return g;
}

type Who = { tenantId: number; userId: number };

/** The live definitions of these goals that hold this player now, with their windows. */
async function candidates(sql: Sql, who: Who, goals: readonly MissionGoal[], now: Date) {
  const defs = await repo.liveDefinitions(sql, who.tenantId, goals);
  if (defs.length === 0) return null;
  const tenant = await tenantOf(sql, who.tenantId);
  if (!tenant) return null;
  const tz = tenant.settings.timezone;
  const open = defs.flatMap((d) => {
    const period = periodOf(d, now, tz);
    return period && goalAllowed(tenant.settings, d.goal) ? [{ d, period }] : [];
  });
  if (open.length === 0) return null;
  const facts = await playerFacts(sql, { ...who, defs: open.map((x) => x.d) });
  return { tenant, open: open.filter((x) => audienceAdmits(x.d, facts, now)) };
}

/**
 * Tells the player's browser once the delivery commits: MissionAssigned when the mission began, MissionUpdated when
 * it completed or its bar moved by a whole percent (what the widget shows), not on every centavo. Pushed straight
 * from here rather than as another event: a bet's progress adds no row to the event log.
 */
function announce(ctx: Ctx, who: Who, moved: repo.Moved[], before: Map<number, number>) {
  for (const m of moved) {
    const was = before.get(m.mission_id);
    const pct = (p: number) => Math.floor((Math.min(p, m.target) * 100) / m.target);
    if (!m.inserted && m.state === 'active' && was !== undefined && pct(was) === pct(m.progress)) continue;
    const data = { id: m.mission_id, state: m.state, progress: m.progress, target: m.target };
    const name = m.inserted ? 'MissionAssigned' : 'MissionUpdated';
    ctx.afterCommit(() => void broadcast(who.tenantId, channels.user(who.userId), name, data));
  }
}

type Ctx = Pick<HandlerContext, 'tx' | 'afterCommit'>;

const toStep = (
  x: { d: repo.DefinitionRow; period: { key: string; endsAt: Date | null } },
  amount: number,
): repo.Step => ({
  missionId: x.d.id,
  period: x.period.key,
  goal: x.d.goal,
  target: x.d.target,
  amount,
  endsAt: x.period.endsAt,
  optIn: x.d.opt_in,
});

export async function countRound(ctx: Ctx, e: DomainEventOf<'casino.round_settled'>): Promise<void> {
  const sql = ctx.tx;
  const p = e.payload;
  if (p.bet <= 0) return;
  const who = { tenantId: e.tenantId, userId: p.user_id };
  const c = await candidates(sql, who, ROUND_GOALS, e.createdAt);
  if (!c || c.open.length === 0) return;
  const needsGame = c.open.some((x) => x.d.category !== null || (x.d.game_code !== null && !p.game_code));
  const game = needsGame && p.game_id !== null ? await gameOf(sql, e.tenantId, p.game_id) : null;
  const code = p.game_code ?? game?.code ?? null;
  const steps: repo.Step[] = [];
  const before = new Map<number, number>();
  for (const x of c.open) {
    if (x.d.game_code !== null && x.d.game_code !== code) continue;
    if (x.d.category !== null && x.d.category !== game?.category) continue;
    const amount =
      x.d.goal === 'wager' ? p.bet : x.d.goal === 'rounds' ? 1 : p.win > 0 ? Math.floor(p.multiplier * 100 + 1e-6) : 0;
    if (amount <= 0) continue;
    steps.push(toStep(x, amount));
    if (x.d.goal !== 'multiplier') before.set(x.d.id, -amount);
  }
  await apply(ctx, who, steps, before, e);
}

/**
 * A settled sports bet moves the wager, rounds and multiplier goals that name no game or category, as a round of
 * its stake and payout would; its stake counts once, when the bet first closes (sportsWagered).
 */
export async function countSportsBet(ctx: Ctx, e: DomainEventOf<'sports.bet_settled'>): Promise<void> {
  const p = e.payload;
  const bet = sportsWagered(p);
  if (e.userId === null || bet <= 0) return;
  const win = p.status === 'won' || p.status === 'cashed_out' ? p.payout : 0;
  await countRound(ctx, {
    ...e,
    name: 'casino.round_settled',
    payload: {
      provider: 'sports',
      round_id: String(p.bet_id),
      game_id: null,
      game: null,
      user_id: e.userId,
      bet,
      win,
      multiplier: win / bet,
    },
  });
}

export async function countDeposit(ctx: Ctx, e: DomainEventOf<'payments.deposit_approved'>): Promise<void> {
  const sql = ctx.tx;
  if (e.userId === null || e.payload.amount <= 0) return;
  const who = { tenantId: e.tenantId, userId: e.userId };
  const c = await candidates(sql, who, ['deposit'], e.createdAt);
  if (!c || c.open.length === 0) return;
  const before = new Map(c.open.map((x) => [x.d.id, -e.payload.amount]));
  await apply(
    ctx,
    who,
    c.open.map((x) => toStep(x, e.payload.amount)),
    before,
    e,
  );
}

async function apply(
  ctx: Ctx,
  who: Who,
  steps: repo.Step[],
  delta: Map<number, number>,
  e: { id: number; createdAt: Date },
) {
  if (steps.length === 0) return;
  const moved = await repo.applySteps(ctx.tx, { ...who, steps, now: e.createdAt, eventId: e.id });
  // What each additive mission held before this event: its progress now less what the event added.
  const before = new Map<number, number>();
  for (const m of moved) {
    const d = delta.get(m.mission_id);
    if (d !== undefined) before.set(m.mission_id, m.progress + d);
  }
  announce(ctx, who, moved, before);
}

export async function countLogin(ctx: Ctx, e: DomainEventOf<'auth.logged_in'>): Promise<void> {
  const sql = ctx.tx;
  if (e.userId === null) return;
  const who = { tenantId: e.tenantId, userId: e.userId };
  const c = await candidates(sql, who, ['login_days'], e.createdAt);
  if (!c || c.open.length === 0) return;
  if (!(await repo.markCounted(sql, who.tenantId, e.id))) return;
  const day = localDay(e.createdAt, c.tenant.settings.timezone);
  const moved: repo.Moved[] = [];
  for (const x of c.open) {
    const m = await repo.addLoginDay(sql, { ...who, step: toStep(x, 1), day, now: e.createdAt });
    if (m) moved.push(m);
  }
  announce(ctx, who, moved, new Map());
}
