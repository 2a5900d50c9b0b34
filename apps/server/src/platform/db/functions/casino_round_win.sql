-- The casino's rounds: a win is added to its round, taken FOR UPDATE, and closes it when p_closed. p_cap bounds
-- what the round pays in all (a win of 0 is never over it, so a round can always be closed). status:
--   ok | round_not_found | round_mismatch (another player's) | round_rolled_back | round_closed | over_cap
-- Only ok writes; the round's figures are answered before the win (round_status, bet_total, win_total, and the
-- part of the stakes that came from bonus: bonus_staked, bonus_since; null when none did).

drop function if exists casino_round_win(bigint, bigint, text, bigint, bigint, boolean, bigint);
create or replace function casino_round_win(p_tenant bigint, p_provider bigint, p_round text, p_user bigint,
    p_amount bigint, p_closed boolean, p_cap bigint,
    out status text, out round_pk bigint, out game_id bigint, out round_status text, out bet_total bigint,
    out win_total bigint, out bonus_staked bigint, out bonus_since bigint)
  language plpgsql
  set plan_cache_mode = force_generic_plan
  as $$
declare
  v_user bigint;
begin
  select c.id, c.game_id, c.status, c.bet_total, c.win_total, c.user_id, c.bonus_staked, c.bonus_since
    into round_pk, game_id, round_status, bet_total, win_total, v_user, bonus_staked, bonus_since
    from casino_rounds c
    where c.tenant_id = p_tenant and c.provider_id = p_provider and c.round_id = p_round for update;
  if round_pk is null then
    status := 'round_not_found';
  elsif v_user <> p_user then
    status := 'round_mismatch';
  elsif round_status = 'rolled_back' then
    status := 'round_rolled_back';
  elsif round_status = 'closed' then
    status := 'round_closed';
  elsif p_amount > 0 and win_total + p_amount > p_cap then
    status := 'over_cap';
  else
    update casino_rounds c set win_total = c.win_total + p_amount,
        status = case when p_closed then 'closed' else c.status end,
        closed_at = case when p_closed and c.status = 'open' then now() else c.closed_at end
      where c.id = round_pk;
    status := 'ok';
  end if;
end $$;
