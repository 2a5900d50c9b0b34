import type { Sql } from '../../platform/db/index';

/** SQL of the VIP module: the only code that touches vip_settings, vip_levels, player_vip, vip_* tables. */

export const DEFAULT_TZ = 'America/Sao_Paulo';

export type LevelRow = {
  level: number;
  threshold: number;
  name_pt: string;
  name_en: string;
  color: string;
  reward_cash: number;
  /** A promotions offer granted too when the level is reached (null: cash only). */
  reward_offer_id: number | null;
  /** A mystery box given too, in the level-up's transaction (null: none). */
  reward_box_id: number | null;
};

export type Settings = { season: number; points_per_real: number };

export type PlayerVipRow = {
  season: number;
  level: number;
  season_bet: number;
  total_bet: number;
  points: number;
};

export async function readSettings(sql: Sql, tenantId: number): Promise<Settings> {
  const { rows } = await sql.query<Settings>(
    'select season, points_per_real from vip_settings where tenant_id = $1',
    [tenantId],
    'vip_settings',
  );
  return rows[0] ?? { season: 1, points_per_real: 1 };
}

export async function listLevels(sql: Sql, tenantId: number): Promise<LevelRow[]> {
  const { rows } = await sql.query<LevelRow>(
    `select level, threshold, name_pt, name_en, color, reward_cash, reward_offer_id::int as reward_offer_id,
        reward_box_id::int as reward_box_id
      from vip_levels where tenant_id = $1 order by level`,
    [tenantId],
    'vip_levels',
  );
  return rows;
}

/** Replaces the tenant's ladder (and optionally starts a new season) in the caller's transaction. */
export async function replaceLevels(
  tx: Sql,
  o: { tenantId: number; levels: LevelRow[]; pointsPerReal: number; newSeason: boolean },
): Promise<Settings> {
  const { rows } = await tx.query<Settings>(
    `insert into vip_settings (tenant_id, points_per_real) values ($1, $2)
      on conflict (tenant_id) do update set points_per_real = excluded.points_per_real,
        season = vip_settings.season + case when $3 then 1 else 0 end, updated_at = now()
      returning season, points_per_real`,
    [o.tenantId, o.pointsPerReal, o.newSeason],
  );
  await tx.query('delete from vip_levels where tenant_id = $1', [o.tenantId]);
  for (const l of o.levels)
    await tx.query(
      `insert into vip_levels (tenant_id, level, threshold, name_pt, name_en, color, reward_cash, reward_offer_id,
          reward_box_id)
        values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        o.tenantId,
        l.level,
        l.threshold,
        l.name_pt,
        l.name_en,
        l.color,
        l.reward_cash,
        l.reward_offer_id,
        l.reward_box_id,
      ],
    );
  return rows[0]!;
}

export async function findPlayer(sql: Sql, tenantId: number, userId: number): Promise<PlayerVipRow | null> {
  const { rows } = await sql.query<PlayerVipRow>(
    'select season, level, season_bet, total_bet, points from player_vip where tenant_id = $1 and user_id = $2',
    [tenantId, userId],
    'vip_player',
  );
  return rows[0] ?? null;
}

/** The current-season levels of several players (absent: level 0). */
export async function levelsOf(sql: Sql, tenantId: number, userIds: number[]): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const { rows } = await sql.query<{ user_id: number; level: number }>(
    `select v.user_id, v.level from player_vip v
      where v.tenant_id = $1 and v.user_id = any($2::bigint[])
        and v.season = coalesce((select season from vip_settings where tenant_id = $1), 1)`,
    [tenantId, userIds],
  );
  return new Map(rows.map((r) => [r.user_id, r.level]));
}

/**
 * Counts one settled stake, once per event, in one statement: the event is marked counted (a second delivery finds
 * it and changes nothing), the player's season and lifetime wagering and points grow (a row of an older season
 * starts again at level 0), the week's ranking row grows, and the answer carries the level the ladder now allows.
 * Null when the event was already counted.
 */
export async function countStake(
  tx: Sql,
  o: { eventId: number; tenantId: number; userId: number; bet: number; at: Date },
): Promise<{ season: number; level: number; season_bet: number; reached: number } | null> {
  const { rows } = await tx.query<{ season: number; level: number; season_bet: number; reached: number }>(
    `with d as (
        insert into vip_counted_events (event_id) values ($1) on conflict do nothing returning event_id
      ), s as (
        select coalesce((select season from vip_settings where tenant_id = $2), 1) as season,
          coalesce((select points_per_real from vip_settings where tenant_id = $2), 1)::bigint as ppr,
          coalesce((select settings->>'timezone' from tenants where id = $2), '${DEFAULT_TZ}') as tz
      ), p as (
        insert into player_vip as v (tenant_id, user_id, season, season_bet, total_bet, points)
        select $2, $3, s.season, $4::bigint, $4::bigint, ($4::bigint / 100) * s.ppr from s where exists (select from d)
        on conflict (tenant_id, user_id) do update set
          season = excluded.season,
          level = case when v.season = excluded.season then v.level else 0 end,
          season_bet = case when v.season = excluded.season then v.season_bet else 0 end + excluded.season_bet,
          total_bet = v.total_bet + excluded.total_bet,
          points = v.points + ((v.total_bet + excluded.total_bet) / 100 - v.total_bet / 100) * (select ppr from s),
          updated_at = now()
        returning v.season, v.level, v.season_bet
      ), r as (
        insert into vip_ranking as k (tenant_id, period_start, user_id, wagered)
        select $2, date_trunc('week', $5::timestamptz at time zone s.tz)::date, $3, $4::bigint
          from s where exists (select from d)
        on conflict (tenant_id, period_start, user_id) do update set wagered = k.wagered + excluded.wagered
      )
      select p.season, p.level, p.season_bet,
        (select coalesce(max(l.level), 0)::int from vip_levels l where l.tenant_id = $2 and l.threshold <= p.season_bet)
          as reached
        from p`,
    [o.eventId, o.tenantId, o.userId, o.bet, o.at],
    'vip_count_stake',
  );
  return rows[0] ?? null;
}

/** Raises the player's level (never lowers it: a lower or equal level changes nothing); true when raised. */
export async function raiseLevel(
  tx: Sql,
  o: { tenantId: number; userId: number; season: number; level: number },
): Promise<boolean> {
  const { rows } = await tx.query(
    `update player_vip set level = $4, updated_at = now()
      where tenant_id = $1 and user_id = $2 and season = $3 and level < $4 returning level`,
    [o.tenantId, o.userId, o.season, o.level],
  );
  return rows.length > 0;
}

/** The week `at` falls in, in time zone `tz`: its Monday, its Sunday and the instant the next one starts. */
export async function periodOf(
  sql: Sql,
  tz: string,
  at: Date,
): Promise<{ start: string; end: string; resets_at: Date }> {
  const { rows } = await sql.query<{ start: string; end: string; resets_at: Date }>(
    `select to_char(w, 'YYYY-MM-DD') as start, to_char(w + interval '6 days', 'YYYY-MM-DD') as "end",
        (w + interval '7 days') at time zone $1 as resets_at
      from (select date_trunc('week', $2::timestamptz at time zone $1) as w) x`,
    [tz, at],
  );
  return rows[0]!;
}

/** Records a level reached; false when it was already recorded (the reward was paid then). */
export async function recordLevelUp(
  tx: Sql,
  o: {
    tenantId: number;
    userId: number;
    season: number;
    level: number;
    rewardCash: number;
    rewardOfferId: number | null;
    rewardBoxId: number | null;
  },
): Promise<boolean> {
  const { rows } = await tx.query(
    `insert into vip_level_ups (tenant_id, user_id, season, level, reward_cash, reward_offer_id, reward_box_id)
      values ($1, $2, $3, $4, $5, $6, $7) on conflict do nothing returning level`,
    [o.tenantId, o.userId, o.season, o.level, o.rewardCash, o.rewardOfferId, o.rewardBoxId],
  );
  return rows.length > 0;
}

/** Records how a level-up's box ended: the player's box the boxes module gave, or why it refused. */
export async function settleBox(
  tx: Sql,
  o: {
    tenantId: number;
    userId: number;
    season: number;
    level: number;
    userBoxId: number | null;
    refused: string | null;
  },
): Promise<void> {
  await tx.query(
    `update vip_level_ups set user_box_id = $5, box_refused = $6
      where tenant_id = $1 and user_id = $2 and season = $3 and level = $4`,
    [o.tenantId, o.userId, o.season, o.level, o.userBoxId, o.refused],
  );
}

/** A level's box reward (null: none); the operator's vip:level-box sets it without touching the rest of the ladder. */
export async function setLevelBox(
  sql: Sql,
  o: { tenantId: number; level: number; boxId: number | null },
): Promise<boolean> {
  const { rowCount } = await sql.query('update vip_levels set reward_box_id = $3 where tenant_id = $1 and level = $2', [
    o.tenantId,
    o.level,
    o.boxId,
  ]);
  return (rowCount ?? 0) > 0;
}

export type DueOffer = { tenant_id: number; user_id: number; season: number; level: number; reward_offer_id: number };

/** Whether a level-up's offer waits to be granted (the job asks before its lease). */
export async function anyOfferDue(sql: Sql): Promise<boolean> {
  const { rows } = await sql.query(
    `select 1 from vip_level_ups
      where reward_offer_id is not null and offer_bonus_id is null and offer_refused is null limit 1`,
  );
  return rows.length > 0;
}

/** Level-ups whose offer waits to be granted, oldest first. */
export async function dueOffers(sql: Sql, limit: number): Promise<DueOffer[]> {
  const { rows } = await sql.query<DueOffer>(
    `select tenant_id::int, user_id::int, season, level, reward_offer_id::int from vip_level_ups
      where reward_offer_id is not null and offer_bonus_id is null and offer_refused is null
      order by reached_at limit $1`,
    [limit],
  );
  return rows;
}

/** Records how a level-up's offer ended: the bonus promotions granted, or the reason it refused. */
export async function settleOffer(
  sql: Sql,
  o: {
    tenantId: number;
    userId: number;
    season: number;
    level: number;
    bonusId: number | null;
    refused: string | null;
  },
): Promise<void> {
  await sql.query(
    `update vip_level_ups set offer_bonus_id = $5, offer_refused = $6
      where tenant_id = $1 and user_id = $2 and season = $3 and level = $4 and offer_bonus_id is null`,
    [o.tenantId, o.userId, o.season, o.level, o.bonusId, o.refused],
  );
}

export type LevelUpRow = {
  level: number;
  reward_cash: number;
  reached_at: Date;
  reward_offer_id: number | null;
  reward_offer_state: 'pending' | 'granted' | 'refused' | null;
  reward_box_id: number | null;
  reward_box_state: 'granted' | 'refused' | null;
};

export async function listLevelUps(
  sql: Sql,
  o: { tenantId: number; userId: number; season: number },
): Promise<LevelUpRow[]> {
  const { rows } = await sql.query<LevelUpRow>(
    `select level, reward_cash, reached_at, reward_offer_id::int as reward_offer_id,
        case when reward_offer_id is null then null when offer_bonus_id is not null then 'granted'
             when offer_refused is not null then 'refused' else 'pending' end as reward_offer_state,
        reward_box_id::int as reward_box_id,
        case when reward_box_id is null then null when user_box_id is not null then 'granted'
             else 'refused' end as reward_box_state
      from vip_level_ups
      where tenant_id = $1 and user_id = $2 and season = $3 order by level desc`,
    [o.tenantId, o.userId, o.season],
  );
  return rows;
}

export type BoardRow = { user_id: number; first_name: string; wagered: number; level: number };

/** The week's top players who do not hide from the ranking (one index range of vip_ranking). */
export async function board(
  sql: Sql,
  o: { tenantId: number; periodStart: string; season: number; limit: number },
): Promise<BoardRow[]> {
  const { rows } = await sql.query<BoardRow>(
    `select k.user_id, u.first_name, k.wagered,
        coalesce(case when v.season = $3 then v.level end, 0)::int as level
      from vip_ranking k
      join users u on u.tenant_id = k.tenant_id and u.id = k.user_id
      left join player_vip v on v.tenant_id = k.tenant_id and v.user_id = k.user_id
      where k.tenant_id = $1 and k.period_start = $2::date
        and coalesce(u.settings->>'hide_from_ranking', 'false') <> 'true'
      order by k.wagered desc, k.user_id
      limit $4`,
    [o.tenantId, o.periodStart, o.season, o.limit],
    'vip_board',
  );
  return rows;
}

/** The player's week: what they wagered, whether they hide, and their position among the visible players. */
export async function ownPosition(
  sql: Sql,
  o: { tenantId: number; userId: number; periodStart: string },
): Promise<{ wagered: number; hidden: boolean; position: number | null }> {
  const { rows } = await sql.query<{ wagered: number | null; hidden: boolean; ahead: number | null }>(
    `select k.wagered, coalesce(u.settings->>'hide_from_ranking', 'false') = 'true' as hidden,
        (select count(*)::int from vip_ranking a
          join users au on au.tenant_id = a.tenant_id and au.id = a.user_id
          where a.tenant_id = $1 and a.period_start = $3::date
            and (a.wagered > k.wagered or (a.wagered = k.wagered and a.user_id < k.user_id))
            and coalesce(au.settings->>'hide_from_ranking', 'false') <> 'true') as ahead
      from users u
      left join vip_ranking k on k.tenant_id = u.tenant_id and k.user_id = u.id and k.period_start = $3::date
      where u.tenant_id = $1 and u.id = $2`,
    [o.tenantId, o.userId, o.periodStart],
  );
  const r = rows[0];
  if (!r) return { wagered: 0, hidden: false, position: null };
  const position = r.wagered === null || r.hidden ? null : (r.ahead ?? 0) + 1;
  return { wagered: r.wagered ?? 0, hidden: r.hidden, position };
}

/** Forgets counted events older than `before` (their deliveries are long done). */
export async function pruneCounted(sql: Sql, before: Date): Promise<number> {
  const { rows } = await sql.query<{ n: number }>(
    `with d as (delete from vip_counted_events where event_id in (
        select event_id from vip_counted_events where counted_at < $1 limit 10000) returning 1)
      select count(*)::int as n from d`,
    [before],
  );
  return rows[0]?.n ?? 0;
}

export async function anyCountedBefore(sql: Sql, before: Date): Promise<boolean> {
  const { rows } = await sql.query('select 1 from vip_counted_events where counted_at < $1 limit 1', [before]);
  return rows.length > 0;
}

/** Players at each level in the season (level 0 included: anyone who wagered in it). */
export async function playersByLevel(sql: Sql, tenantId: number, season: number): Promise<Map<number, number>> {
  const { rows } = await sql.query<{ level: number; n: string }>(
    'select level, count(*) as n from player_vip where tenant_id = $1 and season = $2 group by level',
    [tenantId, season],
  );
  return new Map(rows.map((r) => [Number(r.level), Number(r.n)]));
}
