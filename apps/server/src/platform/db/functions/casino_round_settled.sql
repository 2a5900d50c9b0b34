-- The casino's rounds: a round that was played and settled in one go (an Originals bet), recorded closed for the
-- bet history, with the game moved to the front of the player's recent games. Answers the catalog's id of the
-- game (null, and nothing written, for a game missing from the catalog).

create or replace function casino_round_settled(p_tenant bigint, p_user bigint, p_provider_code text,
    p_game_code text, p_round text, p_bet bigint, p_win bigint) returns bigint
  language plpgsql
  set plan_cache_mode = force_generic_plan
  as $$
declare
  v_game bigint;
begin
  with g as (
    select x.id, x.provider_id from games x
      join game_providers p on p.tenant_id = x.tenant_id and p.id = x.provider_id
      where x.tenant_id = p_tenant and p.code = p_provider_code and x.provider_game_id = p_game_code
  ), rnd as (
    insert into casino_rounds (tenant_id, provider_id, round_id, user_id, game_id, bet_total, win_total, status,
        closed_at)
      select p_tenant, g.provider_id, p_round, p_user, g.id, p_bet, p_win, 'closed', now() from g
  ), moved as (
    update game_recents gr set played_at = now() from g
      where gr.tenant_id = p_tenant and gr.user_id = p_user and gr.game_id = g.id
      returning 1
  ), rec as (
    -- A first play of the game (a concurrent first play of the same game is the same row: nothing to do).
    insert into game_recents (tenant_id, user_id, game_id) select p_tenant, p_user, g.id from g
      where not exists (select 1 from moved)
      on conflict (tenant_id, user_id, game_id) do nothing
  )
  select g.id into v_game from g;
  return v_game;
end $$;
