-- Responsible gaming (modules/responsible-gaming owns these tables). A player has a row in rg_players only once a
-- rule applies to them (a limit, a reality check, a pause or exclusion, or a regulated tenant's session): a bet of
-- any other player costs one index lookup that finds nothing.

-- The row every stake of a player with rules locks: the limits in force, what the rolling windows have used (hourly
-- buckets up to the current hour, plus the current hour's own activity), the stop on the account, and when the
-- binding time limit runs out.
create table rg_players (
  tenant_id bigint not null,
  user_id bigint not null,
  block_reason text check (block_reason in ('pause', 'self_exclusion', 'national_list', 'closed')),
  block_since timestamptz,
  block_until timestamptz,
  wager_day bigint,
  wager_week bigint,
  wager_month bigint,
  loss_day bigint,
  loss_week bigint,
  loss_month bigint,
  time_ends_at timestamptz,
  -- The hour the window sums below were computed for; the current hour's activity is in cur_* (and in the sums).
  hour timestamptz not null default date_trunc('hour', now()),
  cur_wagered bigint not null default 0,
  cur_won bigint not null default 0,
  wagered_day bigint not null default 0,
  won_day bigint not null default 0,
  wagered_week bigint not null default 0,
  won_week bigint not null default 0,
  wagered_month bigint not null default 0,
  won_month bigint not null default 0,
  last_activity_at timestamptz,
  reality_check_interval integer check (reality_check_interval in (15, 30, 60)),
  created_at timestamptz not null default now(),
  primary key (tenant_id, user_id)
);

-- Past hours of stakes and wins of players with rules (the rolling windows are sums of these).
create table rg_usage (
  tenant_id bigint not null,
  user_id bigint not null,
  hour timestamptz not null,
  wagered bigint not null default 0,
  won bigint not null default 0,
  primary key (tenant_id, user_id, hour)
);

-- Each limit a player set: the amount in force and a pending increase or removal (the old amount stays until the
-- player confirms it after effective_at).
create table rg_limits (
  tenant_id bigint not null,
  user_id bigint not null,
  kind text not null check (kind in ('deposit', 'loss', 'wager', 'time')),
  period text not null check (period in ('day', 'week', 'month')),
  amount bigint check (amount > 0),
  pending boolean not null default false,
  pending_amount bigint check (pending_amount > 0),
  pending_requested_at timestamptz,
  pending_effective_at timestamptz,
  updated_at timestamptz not null default now(),
  primary key (tenant_id, user_id, kind, period),
  check (amount is not null or pending)
);

-- Every PIX charge a player asked for, reserved against their deposit limits until it expires unpaid or counted
-- from when it was paid.
create table rg_deposits (
  tenant_id bigint not null,
  txid text not null,
  user_id bigint not null,
  amount bigint not null check (amount > 0),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  paid_at timestamptz,
  primary key (tenant_id, txid)
);
create index rg_deposits_user on rg_deposits (tenant_id, user_id, created_at desc);

-- Play sessions: from a login to a logout, the idle close, the time limit or a stop on the account. Time played in
-- a window is the union of these intervals.
create table rg_sessions (
  id bigint generated always as identity primary key,
  tenant_id bigint not null,
  user_id bigint not null,
  started_at timestamptz not null default now(),
  last_activity_at timestamptz not null default now(),
  ended_at timestamptz,
  end_reason text check (end_reason in ('logout', 'idle', 'limit_time', 'pause', 'self_exclusion', 'national_list',
    'closed', 'replaced')),
  reality_check_at timestamptz
);
create index rg_sessions_user on rg_sessions (tenant_id, user_id, started_at desc);
create index rg_sessions_open on rg_sessions (tenant_id, user_id) where ended_at is null;

-- Every stop on an account: pauses, self-exclusions (this operator), national-list hits and closures, with what the
-- money rules did.
create table rg_restrictions (
  id bigint generated always as identity primary key,
  tenant_id bigint not null,
  user_id bigint not null,
  reason text not null check (reason in ('pause', 'self_exclusion', 'national_list', 'closed')),
  period text,
  start_at timestamptz not null default now(),
  end_at timestamptz,
  settlement jsonb not null default '{}',
  created_at timestamptz not null default now()
);
create index rg_restrictions_user on rg_restrictions (tenant_id, user_id, id desc);

-- The sandbox national self-exclusion list (the stand-in of the national platform): CPFs, 11 digits.
create table rg_national_list (
  cpf text primary key check (cpf ~ '^[0-9]{11}$'),
  added_at timestamptz not null default now()
);

-- When each player was last checked against the national list, and the course of a hit.
create table rg_national_status (
  tenant_id bigint not null,
  user_id bigint not null,
  checked_at timestamptz not null,
  listed_at timestamptz,
  notified_at timestamptz,
  withdraw_until timestamptz,
  close_at timestamptz,
  closed_at timestamptz,
  returned_at timestamptz,
  primary key (tenant_id, user_id)
);
create index rg_national_status_due on rg_national_status (checked_at);

-- Every notice given to a player (national-list hits, limit and session notices), kept for the regulator.
create table rg_notices (
  id bigint generated always as identity primary key,
  tenant_id bigint not null,
  user_id bigint,
  kind text not null,
  channel text not null,
  message text not null,
  created_at timestamptz not null default now()
);
create index rg_notices_user on rg_notices (tenant_id, user_id, id desc);

-- The audit log: append-only (a trigger refuses UPDATE, DELETE and TRUNCATE; functions/rg_audit_append_only.sql).
create table rg_audit (
  id bigint generated always as identity primary key,
  tenant_id bigint,
  user_id bigint,
  actor text not null,
  action text not null,
  before jsonb,
  after jsonb,
  ip text,
  created_at timestamptz not null default now()
);
create index rg_audit_user on rg_audit (user_id, id desc);
