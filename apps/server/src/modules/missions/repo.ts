import type { MissionAudience, MissionGoal, MissionWindow } from '@sorte/contracts';
import type { Sql } from '../../platform/db/index';

/** SQL of the missions (missions_* tables); every query filters on the tenant. */

export type DefinitionRow = {
  id: number;
  tenant_id: number;
  name_pt: string;
  name_en: string;
  goal: MissionGoal;
  target: number;
  category: string | null;
  game_code: string | null;
  time_window: MissionWindow;
  starts_at: Date | null;
  ends_at: Date | null;
  audience: MissionAudience;
  vip_min: number | null;
  vip_max: number | null;
  opt_in: boolean;
  reward_cash: number | null;
  reward_offer_id: number | null;
  /** A mystery box given (one unopened box of its live version at the claim). */
  reward_box_id: number | null;
  active: boolean;
  created_at: Date;
};
export type DefinitionInsert = Omit<DefinitionRow, 'id' | 'active' | 'created_at'>;

export type PlayerRow = {
  id: number;
  tenant_id: number;
  mission_id: number;
  user_id: number;
  period: string;
  goal: MissionGoal;
  target: number;
  state: 'active' | 'completed' | 'claimed';
  progress: number;
  days: string[];
  ends_at: Date | null;
  accepted_at: Date | null;
  completed_at: Date | null;
  claimed_at: Date | null;
  claim_transaction_id: number | null;
};

const DEF_COLS = `id, tenant_id, name_pt, name_en, goal, target, category, game_code, time_window, starts_at, ends_at,
  audience, vip_min, vip_max, opt_in, reward_cash, reward_offer_id, reward_box_id, active, created_at`;
const PLAYER_COLS = `id, tenant_id, mission_id, user_id, period, goal, target, state, progress, days::text[] as days,
  ends_at, accepted_at, completed_at, claimed_at, claim_transaction_id`;

const defOf = (r: DefinitionRow): DefinitionRow => ({
  ...r,
  id: Number(r.id),
  tenant_id: Number(r.tenant_id),
  target: Number(r.target),
  reward_cash: r.reward_cash === null ? null : Number(r.reward_cash),
  reward_offer_id: r.reward_offer_id === null ? null : Number(r.reward_offer_id),
  reward_box_id: r.reward_box_id === null ? null : Number(r.reward_box_id),
});
const playerOf = (r: PlayerRow): PlayerRow => ({
  ...r,
  id: Number(r.id),
  tenant_id: Number(r.tenant_id),
  mission_id: Number(r.mission_id),
  user_id: Number(r.user_id),
  target: Number(r.target),
  progress: Number(r.progress),
  claim_transaction_id: r.claim_transaction_id === null ? null : Number(r.claim_transaction_id),
});

export async function insertDefinition(sql: Sql, d: DefinitionInsert): Promise<DefinitionRow> {
  const { rows } = await sql.query<DefinitionRow>(
    `insert into missions_definitions (tenant_id, name_pt, name_en, goal, target, category, game_code, time_window,
        starts_at, ends_at, audience, vip_min, vip_max, opt_in, reward_cash, reward_offer_id, reward_box_id)
      values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)
      returning ${DEF_COLS}`,
    [
      d.tenant_id,
      d.name_pt,
      d.name_en,
      d.goal,
      d.target,
      d.category,
      d.game_code,
      d.time_window,
      d.starts_at,
      d.ends_at,
      d.audience,
      d.vip_min,
      d.vip_max,
      d.opt_in,
      d.reward_cash,
      d.reward_offer_id,
      d.reward_box_id,
    ],
  );
  return defOf(rows[0]!);
}

export async function listDefinitions(
  sql: Sql,
  tenantId: number,
  o: { activeOnly: boolean },
): Promise<DefinitionRow[]> {
  const { rows } = await sql.query<DefinitionRow>(
    `select ${DEF_COLS} from missions_definitions where tenant_id = $1 ${o.activeOnly ? 'and active' : ''} order by id`,
    [tenantId],
  );
  return rows.map(defOf);
}

/** The live definitions of the goals an event can move (the consumer's first read; the partial index serves it). */
export async function liveDefinitions(sql: Sql, tenantId: number, goals: readonly MissionGoal[]) {
  const { rows } = await sql.query<DefinitionRow>(
    `select ${DEF_COLS} from missions_definitions where tenant_id = $1 and active and goal = any($2::text[])`,
    [tenantId, goals],
    'missions_live_definitions',
  );
  return rows.map(defOf);
}

export async function findDefinition(sql: Sql, tenantId: number, id: number): Promise<DefinitionRow | null> {
  const { rows } = await sql.query<DefinitionRow>(
    `select ${DEF_COLS} from missions_definitions where tenant_id = $1 and id = $2`,
    [tenantId, id],
  );
  return rows[0] ? defOf(rows[0]) : null;
}

export async function disableDefinition(sql: Sql, id: number): Promise<DefinitionRow | null> {
  const { rows } = await sql.query<DefinitionRow>(
    `update missions_definitions set active = false where id = $1 returning ${DEF_COLS}`,
    [id],
  );
  return rows[0] ? defOf(rows[0]) : null;
}

/** The player's missions of the given (mission, window) pairs. */
export async function playerMissions(
  sql: Sql,
  o: { tenantId: number; userId: number; keys: { missionId: number; period: string }[] },
): Promise<PlayerRow[]> {
  if (o.keys.length === 0) return [];
  const { rows } = await sql.query<PlayerRow>(
    `select ${PLAYER_COLS} from missions_players
      where tenant_id = $1 and user_id = $2
        and (mission_id, period) in (select * from unnest($3::bigint[], $4::text[]))`,
    [o.tenantId, o.userId, o.keys.map((k) => k.missionId), o.keys.map((k) => k.period)],
  );
  return rows.map(playerOf);
}

export async function lockPlayerMission(
  sql: Sql,
  o: { tenantId: number; userId: number; missionId: number; period: string },
): Promise<PlayerRow | null> {
  const { rows } = await sql.query<PlayerRow>(
    `select ${PLAYER_COLS} from missions_players
      where tenant_id = $1 and user_id = $2 and mission_id = $3 and period = $4 for update`,
    [o.tenantId, o.userId, o.missionId, o.period],
  );
  return rows[0] ? playerOf(rows[0]) : null;
}

/** An opt-in mission accepted: its row begins (a second accept finds the first and changes nothing). */
export async function insertAccepted(
  sql: Sql,
  o: {
    tenantId: number;
    userId: number;
    missionId: number;
    period: string;
    goal: MissionGoal;
    target: number;
    endsAt: Date | null;
    now: Date;
  },
): Promise<boolean> {
  const { rowCount } = await sql.query(
    `insert into missions_players (tenant_id, mission_id, user_id, period, goal, target, state, ends_at, accepted_at)
      values ($1, $2, $3, $4, $5, $6, 'active', $7, $8)
      on conflict (tenant_id, user_id, mission_id, period) do nothing`,
    [o.tenantId, o.missionId, o.userId, o.period, o.goal, o.target, o.endsAt, o.now],
  );
  return (rowCount ?? 0) > 0;
}

/** The event counted for missions, once: false when it was counted before (a replay). */
export async function markCounted(sql: Sql, tenantId: number, eventId: number): Promise<boolean> {
  const { rowCount } = await sql.query(
    'insert into missions_counted_events (event_id, tenant_id) values ($1, $2) on conflict do nothing',
    [eventId, tenantId],
    'missions_mark_counted',
  );
  return (rowCount ?? 0) > 0;
}

export type Step = {
  missionId: number;
  period: string;
  goal: MissionGoal;
  target: number;
  /** What this event adds (wager, rounds, deposit), or the multiplier it reached (hundredths). */
  amount: number;
  endsAt: Date | null;
  optIn: boolean;
};
export type Moved = {
  id: number;
  mission_id: number;
  state: PlayerRow['state'];
  progress: number;
  target: number;
  inserted: boolean;
};

/**
 * Counts one event towards several missions in one statement: the event is marked counted first (a repeat finds the
 * mark and moves nothing); an automatic mission's row begins with it; an opt-in mission counts only once accepted;
 * a row that is completed or claimed is left alone; a multiplier keeps the best. Returns the rows that moved.
 */
export async function applySteps(
  sql: Sql,
  o: { tenantId: number; userId: number; steps: Step[]; now: Date; eventId: number },
): Promise<Moved[]> {
  if (o.steps.length === 0) return [];
  const s = o.steps;
  const { rows } = await sql.query<Moved>(
    `with counted as (
        insert into missions_counted_events (event_id, tenant_id) values ($11, $1) on conflict do nothing returning 1)
      insert into missions_players as p (tenant_id, mission_id, user_id, period, goal, target, state, progress, ends_at,
        completed_at)
      select $1, m.id, $2, m.period, m.goal, m.target,
          case when m.amount >= m.target then 'completed' else 'active' end, m.amount, m.ends_at,
          case when m.amount >= m.target then $3::timestamptz end
        from unnest($4::bigint[], $5::text[], $6::text[], $7::bigint[], $8::bigint[], $9::timestamptz[], $10::boolean[])
          as m(id, period, goal, target, amount, ends_at, opt_in)
        where exists (select 1 from counted) and (not m.opt_in or exists (select 1 from missions_players x
          where x.tenant_id = $1 and x.user_id = $2 and x.mission_id = m.id and x.period = m.period))
      on conflict (tenant_id, user_id, mission_id, period) do update set
        progress = case when p.goal = 'multiplier' then greatest(p.progress, excluded.progress)
          else p.progress + excluded.progress end,
        state = case when (case when p.goal = 'multiplier' then greatest(p.progress, excluded.progress)
          else p.progress + excluded.progress end) >= p.target then 'completed' else 'active' end,
        completed_at = case when (case when p.goal = 'multiplier' then greatest(p.progress, excluded.progress)
          else p.progress + excluded.progress end) >= p.target then $3::timestamptz end,
        updated_at = $3::timestamptz
        where p.state = 'active' and (p.goal <> 'multiplier' or excluded.progress > p.progress)
      returning p.id, p.mission_id, p.state, p.progress, p.target, (p.xmax = 0) as inserted`,
    [
      o.tenantId,
      o.userId,
      o.now,
      s.map((x) => x.missionId),
      s.map((x) => x.period),
      s.map((x) => x.goal),
      s.map((x) => x.target),
      s.map((x) => x.amount),
      s.map((x) => x.endsAt),
      s.map((x) => x.optIn),
      o.eventId,
    ],
    'missions_apply_steps',
  );
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    mission_id: Number(r.mission_id),
    progress: Number(r.progress),
    target: Number(r.target),
  }));
}

/** A login on a local day counts once per day towards a login_days mission. */
export async function addLoginDay(
  sql: Sql,
  o: { tenantId: number; userId: number; step: Step; day: string; now: Date },
): Promise<Moved | null> {
  const { rows } = await sql.query<Moved>(
    `insert into missions_players as p (tenant_id, mission_id, user_id, period, goal, target, state, progress, days,
        ends_at, completed_at)
      select $1, $3, $2, $4, 'login_days', $5::bigint, case when 1 >= $5::bigint then 'completed' else 'active' end, 1,
          array[$6::date], $7::timestamptz, case when 1 >= $5::bigint then $8::timestamptz end
        where not $9::boolean or exists (select 1 from missions_players x
          where x.tenant_id = $1 and x.user_id = $2 and x.mission_id = $3 and x.period = $4)
      on conflict (tenant_id, user_id, mission_id, period) do update set
        days = p.days || excluded.days,
        progress = cardinality(p.days) + 1,
        state = case when cardinality(p.days) + 1 >= p.target then 'completed' else 'active' end,
        completed_at = case when cardinality(p.days) + 1 >= p.target then $8::timestamptz end,
        updated_at = $8::timestamptz
        where p.state = 'active' and not ($6::date = any(p.days))
      returning p.id, p.mission_id, p.state, p.progress, p.target, (p.xmax = 0) as inserted`,
    [o.tenantId, o.userId, o.step.missionId, o.step.period, o.step.target, o.day, o.step.endsAt, o.now, o.step.optIn],
  );
  const r = rows[0];
  return r
    ? {
        ...r,
        id: Number(r.id),
        mission_id: Number(r.mission_id),
        progress: Number(r.progress),
        target: Number(r.target),
      }
    : null;
}

/** The claim's conditional step: completed -> claimed, once; null when it was not completed (or already claimed). */
export async function markClaimed(sql: Sql, o: { tenantId: number; userId: number; id: number; now: Date }) {
  const { rows } = await sql.query<PlayerRow>(
    `update missions_players set state = 'claimed', claimed_at = $4, updated_at = $4
      where tenant_id = $1 and user_id = $2 and id = $3 and state = 'completed'
      returning ${PLAYER_COLS}`,
    [o.tenantId, o.userId, o.id, o.now],
  );
  return rows[0] ? playerOf(rows[0]) : null;
}

export async function setClaimTransaction(sql: Sql, id: number, transactionId: number | null) {
  await sql.query('update missions_players set claim_transaction_id = $2 where id = $1', [id, transactionId]);
}

/** When the player registered (the "new players" audience), or null for a player not of this tenant. */
export async function registeredAt(sql: Sql, tenantId: number, userId: number): Promise<Date | null> {
  const { rows } = await sql.query<{ created_at: Date }>(
    'select created_at from users where tenant_id = $1 and id = $2',
    [tenantId, userId],
  );
  return rows[0]?.created_at ?? null;
}

export type GameFacts = { category: string; code: string; title: string };

export async function gameFacts(sql: Sql, tenantId: number, gameId: number): Promise<GameFacts | null> {
  const { rows } = await sql.query<GameFacts>(
    'select category_slug as category, game_code as code, title from games where tenant_id = $1 and id = $2',
    [tenantId, gameId],
  );
  return rows[0] ?? null;
}

/** Titles of games and names of categories the missions name (for their descriptions). */
export async function labels(sql: Sql, tenantId: number, o: { games: string[]; categories: string[] }) {
  const games = o.games.length
    ? (
        await sql.query<{ code: string; title: string }>(
          'select game_code as code, title from games where tenant_id = $1 and game_code = any($2::text[])',
          [tenantId, o.games],
        )
      ).rows
    : [];
  const cats = o.categories.length
    ? (
        await sql.query<{ slug: string; name_pt: string; name_en: string }>(
          'select slug, name_pt, name_en from game_categories where tenant_id = $1 and slug = any($2::text[])',
          [tenantId, o.categories],
        )
      ).rows
    : [];
  return {
    games: new Map(games.map((g) => [g.code, g.title])),
    categories: new Map(cats.map((c) => [c.slug, { pt: c.name_pt, en: c.name_en }])),
  };
}

export async function pruneCounted(sql: Sql, before: Date, limit = 5000): Promise<number> {
  const { rowCount } = await sql.query(
    `delete from missions_counted_events where event_id in
      (select event_id from missions_counted_events where counted_at < $1 limit $2)`,
    [before, limit],
  );
  return rowCount ?? 0;
}

export async function anyCountedBefore(sql: Sql, before: Date): Promise<boolean> {
  const { rows } = await sql.query('select 1 from missions_counted_events where counted_at < $1 limit 1', [before]);
  return rows.length > 0;
}

/** The player's completed, unclaimed missions of these definitions (any window), newest first. */
export async function completedRows(
  sql: Sql,
  o: { tenantId: number; userId: number; missionIds: number[] },
): Promise<PlayerRow[]> {
  if (o.missionIds.length === 0) return [];
  const { rows } = await sql.query<PlayerRow>(
    `select ${PLAYER_COLS} from missions_players
      where tenant_id = $1 and user_id = $2 and state = 'completed' and mission_id = any($3::bigint[])
      order by id desc`,
    [o.tenantId, o.userId, o.missionIds],
  );
  return rows.map(playerOf);
}

/**
 * The row a claim of this mission is about, locked: the oldest completed one (unclaimed rewards first), else the
 * newest of any state. Concurrent claims of one player's mission queue here.
 */
export async function lockClaimable(
  sql: Sql,
  o: { tenantId: number; userId: number; missionId: number },
): Promise<PlayerRow | null> {
  const { rows } = await sql.query<PlayerRow>(
    `select ${PLAYER_COLS} from missions_players
      where tenant_id = $1 and user_id = $2 and mission_id = $3
      order by (state = 'completed') desc, case when state = 'completed' then id else -id end
      limit 1 for update`,
    [o.tenantId, o.userId, o.missionId],
  );
  return rows[0] ? playerOf(rows[0]) : null;
}

/** Whether the tenant has this bonus offer, active (a mission's reward; promotions owns the table, read only). */
export async function offerExists(sql: Sql, tenantId: number, id: number): Promise<boolean> {
  const { rows } = await sql.query('select 1 from promo_offers where tenant_id = $1 and id = $2 and active', [
    tenantId,
    id,
  ]);
  return rows.length > 0;
}

/** A claim whose offer grant was refused goes back to completed (only one that paid no cash). */
export async function unclaim(sql: Sql, o: { tenantId: number; userId: number; id: number }) {
  await sql.query(
    `update missions_players set state = 'completed', claimed_at = null, updated_at = now()
      where tenant_id = $1 and user_id = $2 and id = $3 and state = 'claimed' and claim_transaction_id is null`,
    [o.tenantId, o.userId, o.id],
  );
}

export type MissionCounts = { players: number; completed: number; claimed: number };

/** How far players got on each of the tenant's missions, every window together. */
export async function countsByMission(sql: Sql, tenantId: number): Promise<Map<number, MissionCounts>> {
  const { rows } = await sql.query<{ mission_id: string; players: string; completed: string; claimed: string }>(
    `select mission_id, count(distinct user_id) as players,
        count(*) filter (where state in ('completed', 'claimed')) as completed,
        count(*) filter (where state = 'claimed') as claimed
       from missions_players where tenant_id = $1 group by mission_id`,
    [tenantId],
  );
  return new Map(
    rows.map((r) => [
      Number(r.mission_id),
      { players: Number(r.players), completed: Number(r.completed), claimed: Number(r.claimed) },
    ]),
  );
}

/** Stops one of the tenant's missions; null when the tenant has no such mission. */
export async function disableTenantDefinition(sql: Sql, tenantId: number, id: number): Promise<DefinitionRow | null> {
  const { rows } = await sql.query<DefinitionRow>(
    `update missions_definitions set active = false where tenant_id = $1 and id = $2 returning ${DEF_COLS}`,
    [tenantId, id],
  );
  return rows[0] ? defOf(rows[0]) : null;
}
