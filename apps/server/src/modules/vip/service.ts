import { type Locale, maskName, type RankingReply, type VipLevel, type VipStatusReply } from '@sorte/contracts';
import type { Db, Sql } from '../../platform/db/index';
import { AppError } from '../../platform/errors';
import { publish } from '../../platform/events/index';
import type { Tenant } from '../../platform/tenancy';
import { credit } from '../ledger/index';
import type { Ladder } from './levels';
import { levelUpText, START_LEVEL } from './messages';
import * as repo from './repo';
import { grantLevelBox } from './rewards';

/** How many players the ranking shows. */
export const BOARD_SIZE = 50;

const nameOf = (l: repo.LevelRow, locale: Locale) => (locale === 'en' ? l.name_en : l.name_pt);

/** The ledger key of a level's reward: one per (player, season, level), so it is paid once whatever replays. */
export const rewardKey = (userId: number, season: number, level: number) => `vip:${userId}:${season}:${level}`;

/**
 * Counts one settled stake for the player's VIP state and the week's ranking, and pays every level the stake
 * crossed (each once), in the delivery's transaction. A stake that crosses several levels publishes one
 * `vip.level_up` per level, lowest first.
 */
export async function countSettledStake(
  tx: Sql,
  o: { eventId: number; tenantId: number; userId: number; bet: number; at: Date },
): Promise<{ levelsReached: number[] }> {
  if (o.bet <= 0) return { levelsReached: [] };
  const c = await repo.countStake(tx, o);
  if (!c || c.reached <= c.level) return { levelsReached: [] };
  if (!(await repo.raiseLevel(tx, { tenantId: o.tenantId, userId: o.userId, season: c.season, level: c.reached })))
    return { levelsReached: [] };
  const ladder = await repo.listLevels(tx, o.tenantId);
  const reached: number[] = [];
  let balance: { cash: number; bonus: number } | null = null;
  for (const l of ladder) {
    if (l.level <= c.level || l.level > c.reached) continue;
    const base = { tenantId: o.tenantId, userId: o.userId, season: c.season, level: l.level };
    const recorded = await repo.recordLevelUp(tx, {
      ...base,
      rewardCash: l.reward_cash,
      rewardOfferId: l.reward_offer_id,
      rewardBoxId: l.reward_box_id,
    });
    if (!recorded) continue;
    if (l.reward_cash > 0) {
      const money = await credit(tx, {
        tenantId: o.tenantId,
        userId: o.userId,
        amount: l.reward_cash,
        type: 'prize',
        from: 'promotions',
        idempotencyKey: rewardKey(o.userId, c.season, l.level),
        reference: `vip:season:${c.season}:level:${l.level}`,
        metadata: { vip_level: l.level, season: c.season },
      });
      balance = money.balance;
    }
    if (l.reward_box_id !== null) await grantLevelBox(tx, { ...base, boxId: l.reward_box_id });
    const name = { pt: l.name_pt, en: l.name_en };
    await publish(tx, {
      name: 'vip.level_up',
      tenantId: o.tenantId,
      userId: o.userId,
      payload: {
        season: c.season,
        level: l.level,
        name,
        color: l.color,
        reward_cash: l.reward_cash,
        ...levelUpText(name, l.reward_cash),
      },
    });
    reached.push(l.level);
  }
  // The header's balance follows the rewards live, as a deposit's does.
  if (balance)
    await publish(tx, {
      name: 'wallet.balance_updated',
      tenantId: o.tenantId,
      userId: o.userId,
      payload: { balance: balance.cash, bonus: balance.bonus },
    });
  return { levelsReached: reached };
}

/** The player's level in the tenant's current season (0 before the first level, or for an unknown player). */
export async function vipLevelOf(sql: Sql, tenantId: number, userId: number): Promise<number> {
  return (await vipStateOf(sql, tenantId, userId)).level;
}

/** The current-season levels of several players, e.g. the authors of chat messages (absent: level 0). */
export function vipLevelsOf(sql: Sql, tenantId: number, userIds: number[]): Promise<Map<number, number>> {
  return repo.levelsOf(sql, tenantId, userIds);
}

/** The `vip` of the User DTO: the level in the current season and the points balance. */
export async function vipStateOf(
  sql: Sql,
  tenantId: number,
  userId: number,
): Promise<{ level: number; points: number; season_bet: number; season: number }> {
  const [s, p] = await Promise.all([repo.readSettings(sql, tenantId), repo.findPlayer(sql, tenantId, userId)]);
  // A row of an earlier season is a player who has not wagered since the new season began: level 0 again.
  const current = p !== null && p.season === s.season;
  return {
    level: current ? p.level : 0,
    points: p?.points ?? 0,
    season_bet: current ? p.season_bet : 0,
    season: s.season,
  };
}

function levelOut(l: repo.LevelRow, locale: Locale): VipLevel {
  return {
    level: l.level,
    name: nameOf(l, locale),
    color: l.color,
    threshold: l.threshold,
    reward_cash: l.reward_cash,
    reward_offer_id: l.reward_offer_id,
    reward_box_id: l.reward_box_id,
  };
}

/**
 * GET /profile/vip. progress = (totalBet - threshold of the current level) / (threshold of the next - threshold of
 * the current), clamped to 0..1 (the current level's threshold is 0 at level 0); 1 at the top of the ladder.
 */
export async function vipStatus(
  sql: Sql,
  o: { tenantId: number; userId: number; locale: Locale },
): Promise<VipStatusReply> {
  const [state, ladder] = await Promise.all([vipStateOf(sql, o.tenantId, o.userId), repo.listLevels(sql, o.tenantId)]);
  const current = ladder.find((l) => l.level === state.level) ?? null;
  const next = ladder.find((l) => l.level > state.level) ?? null;
  const from = current?.threshold ?? 0;
  const progress = next
    ? Math.min(1, Math.max(0, (state.season_bet - from) / Math.max(1, next.threshold - from)))
    : ladder.length
      ? 1
      : 0;
  const ups = await repo.listLevelUps(sql, { tenantId: o.tenantId, userId: o.userId, season: state.season });
  const byLevel = new Map(ladder.map((l) => [l.level, l]));
  return {
    level: state.level,
    name: current ? nameOf(current, o.locale) : START_LEVEL.name[o.locale],
    color: current?.color ?? START_LEVEL.color,
    points: state.points,
    totalBet: state.season_bet,
    season: state.season,
    next_level: next ? levelOut(next, o.locale) : null,
    remaining: next ? Math.max(0, next.threshold - state.season_bet) : 0,
    progress: Math.round(progress * 10_000) / 10_000,
    rewards: ups.map((u) => {
      const l = byLevel.get(u.level);
      return {
        level: u.level,
        name: l ? nameOf(l, o.locale) : String(u.level),
        reward_cash: u.reward_cash,
        reward_offer_id: u.reward_offer_id,
        reward_offer_state: u.reward_offer_state,
        reward_box_id: u.reward_box_id,
        reward_box_state: u.reward_box_state,
        reached_at: u.reached_at.toISOString(),
      };
    }),
    levels: ladder.map((l) => levelOut(l, o.locale)),
  };
}

/** GET /ranking: the week's board (masked names) and, for a logged-in player, their own position. */
export async function ranking(
  sql: Sql,
  o: { tenant: Tenant; userId: number | null; locale: Locale; now: Date },
): Promise<RankingReply> {
  const tz = o.tenant.settings.timezone || repo.DEFAULT_TZ;
  const period = await repo.periodOf(sql, tz, o.now);
  const [settings, ladder] = await Promise.all([
    repo.readSettings(sql, o.tenant.id),
    repo.listLevels(sql, o.tenant.id),
  ]);
  const rows = await repo.board(sql, {
    tenantId: o.tenant.id,
    periodStart: period.start,
    season: settings.season,
    limit: BOARD_SIZE,
  });
  const byLevel = new Map(ladder.map((l) => [l.level, l]));
  const look = (level: number) => {
    const l = byLevel.get(level);
    return l
      ? { level_name: nameOf(l, o.locale), color: l.color }
      : { level_name: START_LEVEL.name[o.locale], color: START_LEVEL.color };
  };
  let me: RankingReply['me'] = null;
  if (o.userId !== null) {
    const own = await repo.ownPosition(sql, { tenantId: o.tenant.id, userId: o.userId, periodStart: period.start });
    const level = await vipLevelOf(sql, o.tenant.id, o.userId);
    me = { position: own.position, totalBet: own.wagered, level, hidden: own.hidden };
  }
  return {
    period: { start: period.start, end: period.end, resets_at: period.resets_at.toISOString(), timezone: tz },
    entries: rows.map((r, i) => ({
      position: i + 1,
      name: maskName(r.first_name),
      level: r.level,
      ...look(r.level),
      totalBet: r.wagered,
      me: r.user_id === o.userId,
    })),
    me,
  };
}

/** Operator: replaces a tenant's ladder in one transaction (optionally starting a new season). */
export async function setLevels(db: Db, o: { tenantId: number; ladder: Ladder; newSeason: boolean }) {
  return db.transaction((tx) =>
    repo.replaceLevels(tx, {
      tenantId: o.tenantId,
      levels: o.ladder.levels,
      pointsPerReal: o.ladder.pointsPerReal,
      newSeason: o.newSeason,
    }),
  );
}

/** Operator: a player's VIP state as vip:show prints it. */
export async function describePlayer(sql: Sql, o: { tenantId: number; userId: number }) {
  const s = await vipStatus(sql, { ...o, locale: 'pt' });
  const p = await repo.findPlayer(sql, o.tenantId, o.userId);
  if (!p && !(await playerExists(sql, o.tenantId, o.userId)))
    throw new AppError('not_found', { pt: 'Jogador não encontrado.', en: 'Player not found.' });
  return { ...s, lifetimeBet: p?.total_bet ?? 0 };
}

async function playerExists(sql: Sql, tenantId: number, userId: number): Promise<boolean> {
  const { rows } = await sql.query('select 1 from users where tenant_id = $1 and id = $2', [tenantId, userId]);
  return rows.length > 0;
}

/** The back office's view of the ladder: the season, each level and how many players stand on it. */
export async function vipLadderForStaff(sql: Sql, tenantId: number) {
  const s = await repo.readSettings(sql, tenantId);
  const [levels, counts] = await Promise.all([
    repo.listLevels(sql, tenantId),
    repo.playersByLevel(sql, tenantId, s.season),
  ]);
  return {
    season: s.season,
    points_per_real: Number(s.points_per_real),
    levels: levels.map((l) => ({ ...l, players: counts.get(l.level) ?? 0 })),
    players: [...counts.values()].reduce((a, b) => a + b, 0),
  };
}
