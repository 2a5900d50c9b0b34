-- Free rounds at game providers (modules/providers). A campaign is created at the provider with a player, a game,
-- a number of rounds and a stake per round; the provider plays them at no cost to the player and reports each
-- round's win through the wallet's win call marked with the campaign id. `rounds_used` never passes `rounds`
-- (counted by the conditional update of each round's win, once per provider transaction id).
create table provider_free_rounds (
  id bigint generated always as identity primary key,
  tenant_id bigint not null,
  provider_id bigint not null,
  campaign_id text not null check (length(campaign_id) between 1 and 100),
  user_id bigint not null,
  game_id bigint not null,
  provider_game_id text not null,
  rounds integer not null check (rounds between 1 and 1000),
  rounds_used integer not null default 0,
  bet bigint not null check (bet > 0),
  win_total bigint not null default 0 check (win_total >= 0),
  expires_at timestamptz not null,
  -- pending: not yet accepted by the provider; live; cancelled (by us, at expiry or when the bonus ended).
  status text not null default 'pending' check (status in ('pending', 'live', 'cancelled')),
  created_at timestamptz not null default now(),
  unique (tenant_id, provider_id, campaign_id),
  check (rounds_used between 0 and rounds)
);
create index provider_free_rounds_player on provider_free_rounds (tenant_id, user_id);

-- The sandbox provider's own record of the campaigns operators created with it (it is another system).
create table provider_sandbox_free_rounds (
  operator_id text not null references provider_sandbox_operators (operator_id) on delete cascade,
  campaign_id text not null,
  player_id text not null,
  game_id text not null,
  rounds integer not null check (rounds between 1 and 1000),
  played integer not null default 0,
  bet bigint not null check (bet > 0),
  expires_at timestamptz not null,
  cancelled boolean not null default false,
  created_at timestamptz not null default now(),
  primary key (operator_id, campaign_id),
  check (played between 0 and rounds)
);
create index provider_sandbox_free_rounds_player on provider_sandbox_free_rounds (operator_id, player_id, game_id);
