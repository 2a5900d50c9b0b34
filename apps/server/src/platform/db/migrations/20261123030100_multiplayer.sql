-- Sorte Originals multiplayer engine (Crash, Double): leadership and the max-profit rule of a round.

-- The process that drives a tenant's rounds of a game holds this lease and renews it every few seconds; another
-- process takes over only once it has expired, so two servers never run the same rounds. Every round transition
-- checks the lease in its own transaction.
create table originals_engine_leases (
  tenant_id bigint not null references tenants (id) on delete cascade,
  game text not null check (game in ('crash', 'double')),
  owner text not null check (length(owner) between 1 and 100),
  expires_at timestamptz not null,
  primary key (tenant_id, game)
);

-- Crash: the most the players may win in the round (a share of the house bankroll), and the multiplier (hundredths)
-- at which every player still in is cashed out so that it is never exceeded. Null while betting, or no cap.
alter table originals_rounds add column max_profit bigint check (max_profit is null or max_profit >= 0);
alter table originals_rounds add column force_point integer check (force_point is null or force_point >= 100);
-- The milliseconds from start to crash (from the published curve), fixed when the round starts.
alter table originals_rounds add column crash_after_ms integer check (crash_after_ms is null or crash_after_ms >= 0);
create index originals_rounds_open on originals_rounds (tenant_id, game) where status in ('betting', 'running');
create index originals_round_bets_round on originals_round_bets (round_id, status);
