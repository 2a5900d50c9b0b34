-- VIP levels and the wagering ranking (modules/vip owns these tables). The player's VIP state lives here, not in
-- users.vip_level / users.vip_points / users.level, which stay only for old rows and are no longer written or read.

-- A tenant's VIP programme: the season now running (levels only go up within a season; a new season starts
-- everyone again at level 0) and how many points one real wagered earns.
create table vip_settings (
  tenant_id bigint primary key,
  season integer not null default 1 check (season >= 1),
  points_per_real integer not null default 1 check (points_per_real between 0 and 1000),
  updated_at timestamptz not null default now()
);

-- The ladder: level 1..N, each reached at `threshold` centavos wagered in the season, with its names, colour and
-- the cash reward paid once when a player reaches it.
create table vip_levels (
  tenant_id bigint not null,
  level smallint not null check (level between 1 and 50),
  threshold bigint not null check (threshold > 0),
  name_pt text not null check (length(name_pt) between 1 and 40),
  name_en text not null check (length(name_en) between 1 and 40),
  color text not null check (color ~ '^#[0-9a-fA-F]{6}$'),
  reward_cash bigint not null default 0 check (reward_cash >= 0),
  primary key (tenant_id, level)
);

-- One row per player who ever wagered. `season_bet` counts towards the season's level; `total_bet` is everything
-- the VIP consumer counted; `points` is the VIP points balance, apart from money (never converted to cash).
create table player_vip (
  tenant_id bigint not null,
  user_id bigint not null,
  season integer not null,
  level smallint not null default 0 check (level >= 0),
  season_bet bigint not null default 0 check (season_bet >= 0),
  total_bet bigint not null default 0 check (total_bet >= 0),
  points bigint not null default 0 check (points >= 0),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, user_id)
);

-- Each level a player reached in a season: the reward's record (the ledger key is derived from the same triple).
create table vip_level_ups (
  tenant_id bigint not null,
  user_id bigint not null,
  season integer not null,
  level smallint not null,
  reward_cash bigint not null,
  reached_at timestamptz not null default now(),
  primary key (tenant_id, user_id, season, level)
);

-- The ranking: what each player wagered in a period (the week starting on period_start, in the tenant's time zone),
-- rolled up by the consumer so the leaderboard reads one index range instead of the rounds.
create table vip_ranking (
  tenant_id bigint not null,
  period_start date not null,
  user_id bigint not null,
  wagered bigint not null check (wagered >= 0),
  primary key (tenant_id, period_start, user_id)
);
create index vip_ranking_board on vip_ranking (tenant_id, period_start, wagered desc, user_id);

-- Settled rounds the VIP consumer already counted (so a delivery that runs again counts nothing); pruned after a
-- few days by the vip-prune job.
create table vip_counted_events (
  event_id bigint primary key,
  counted_at timestamptz not null default now()
);
create index vip_counted_events_at on vip_counted_events (counted_at);
