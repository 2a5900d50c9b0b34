-- Missions (modules/missions owns these tables): a tenant's mission definitions, each player's mission of a window
-- (one row per mission, player and window, so a daily mission starts afresh each day), and the settled-round,
-- deposit and login events already counted (a replayed event is counted once).

create table missions_definitions (
  id bigint generated always as identity primary key,
  tenant_id bigint not null,
  name_pt text not null check (length(name_pt) between 1 and 80),
  name_en text not null check (length(name_en) between 1 and 80),
  goal text not null check (goal in ('wager', 'rounds', 'multiplier', 'deposit', 'login_days')),
  -- Centavos (wager, deposit), rounds, days, or hundredths of the multiplier (500 = 5x).
  target bigint not null check (target > 0),
  category text check (category ~ '^[a-z0-9_-]{1,40}$'),
  game_code text check (game_code ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length(game_code) <= 100),
  time_window text not null check (time_window in ('daily', 'weekly', 'once', 'range')),
  starts_at timestamptz,
  ends_at timestamptz,
  audience text not null check (audience in ('all', 'new', 'vip')),
  vip_min integer,
  vip_max integer,
  opt_in boolean not null default false,
  reward_cash bigint check (reward_cash > 0),
  reward_offer_id bigint check (reward_offer_id > 0),
  active boolean not null default true,
  created_at timestamptz not null default now(),
  check ((reward_cash is null) <> (reward_offer_id is null)),
  check (time_window <> 'range' or (starts_at is not null and ends_at is not null and ends_at > starts_at)),
  check (audience <> 'vip' or (vip_min is not null and vip_max is not null and vip_max >= vip_min))
);
create index missions_definitions_live on missions_definitions (tenant_id) where active;

-- A player's mission in one window (`period`: the local day, the Monday of the week, 'once' or 'range').
-- goal and target are the definition's when the player's mission began; progress is in its unit (the best
-- multiplier for a multiplier goal); days are the distinct local days of a login_days mission.
create table missions_players (
  id bigint generated always as identity primary key,
  tenant_id bigint not null,
  mission_id bigint not null references missions_definitions (id),
  user_id bigint not null,
  period text not null,
  goal text not null,
  target bigint not null check (target > 0),
  state text not null check (state in ('active', 'completed', 'claimed')),
  progress bigint not null default 0 check (progress >= 0),
  days date[] not null default '{}',
  ends_at timestamptz,
  accepted_at timestamptz,
  completed_at timestamptz,
  claimed_at timestamptz,
  claim_transaction_id bigint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (tenant_id, user_id, mission_id, period)
);

-- Events counted, by event id (unique across the bus); pruned after a week by the missions job.
create table missions_counted_events (
  event_id bigint primary key,
  tenant_id bigint not null,
  counted_at timestamptz not null default now()
);
create index missions_counted_events_age on missions_counted_events (counted_at);
