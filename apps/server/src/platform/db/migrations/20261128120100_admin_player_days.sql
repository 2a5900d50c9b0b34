-- The days each player staked on, one bit per day of the year (bit 0 = 1 January, in America/Sao_Paulo): the
-- distinct players active in any period are the players whose bits meet the period's mask, one row per player and
-- year whatever the period's length (counting admin_daily_players over 30 days of 100,000 players read millions).
create table admin_player_days (
  tenant_id bigint not null,
  year integer not null,
  user_id bigint not null,
  days bit(366) not null,
  primary key (tenant_id, year, user_id)
);
