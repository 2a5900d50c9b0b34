-- The back office's figures (dashboard and reports) come from these rollups, kept by the admin-stats job from the
-- ledger and the box openings past a watermark, so a page on a tenant of millions of rounds reads a few hundred
-- rows instead of summing the ledger. Days are calendar days in America/Sao_Paulo.

-- How far each source has been counted: the highest id folded in (rows up to it are counted exactly once).
create table admin_stats_positions (
  source text primary key,
  last_id bigint not null default 0,
  updated_at timestamptz not null default now()
);
insert into admin_stats_positions (source) values ('ledger'), ('box_openings');

-- Play per tenant, day, product (casino, originals, sports, boxes) and game (casino: games.id; originals: the game's
-- code; sports and boxes: ''). stakes/wins count cash and bonus money (what the game paid back: RTP); cash_stakes/
-- cash_wins count cash only (real money: GGR). Stakes given back (refunds, reversed stakes) are off the stakes.
create table admin_daily_play (
  tenant_id bigint not null,
  day date not null,
  product text not null,
  game text not null,
  stakes bigint not null default 0,
  wins bigint not null default 0,
  cash_stakes bigint not null default 0,
  cash_wins bigint not null default 0,
  rounds bigint not null default 0,
  primary key (tenant_id, day, product, game)
);
create index admin_daily_play_day on admin_daily_play (day, tenant_id);

-- Money per tenant and day: deposits and paid withdrawals (amount and number), bonus cost (promotional money that
-- became the player's cash), first deposits and active players (distinct, counted through the two tables below).
create table admin_daily_money (
  tenant_id bigint not null,
  day date not null,
  deposits bigint not null default 0,
  deposit_count bigint not null default 0,
  withdrawals bigint not null default 0,
  withdrawal_count bigint not null default 0,
  bonus_cost bigint not null default 0,
  first_deposits bigint not null default 0,
  active_players bigint not null default 0,
  primary key (tenant_id, day)
);
create index admin_daily_money_day on admin_daily_money (day, tenant_id);

-- A player who staked on a day (one row per tenant, day and player): active players are counted on first insert.
create table admin_daily_players (
  tenant_id bigint not null,
  day date not null,
  user_id bigint not null,
  primary key (tenant_id, day, user_id)
);

-- A player's first deposit day: first deposits are counted on first insert.
create table admin_first_deposits (
  tenant_id bigint not null,
  user_id bigint not null,
  day date not null,
  primary key (tenant_id, user_id)
);

-- Mystery box openings per tenant, day and box: what was paid for the opened boxes and the value of the prizes drawn
-- (every kind at its table value, as the computed RTP counts them).
create table admin_daily_boxes (
  tenant_id bigint not null,
  day date not null,
  box_id bigint not null,
  bets bigint not null default 0,
  prize_value bigint not null default 0,
  openings bigint not null default 0,
  primary key (tenant_id, day, box_id)
);
