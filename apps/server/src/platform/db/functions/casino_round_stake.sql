-- The casino's rounds: a stake opens its round, or is added to the open round it belongs to (taken FOR UPDATE, so
-- the stakes and wins of one round take turns). Answers ok, round_mismatch (another player's round) or
-- round_closed; on a refusal nothing is written.

create or replace function casino_round_stake(p_tenant bigint, p_provider bigint, p_round text, p_user bigint,
    p_game bigint, p_amount bigint) returns text
  language plpgsql
  set plan_cache_mode = force_generic_plan
  as $$
declare
  r record;
begin
  -- A new round is opened with this stake. A round that exists (a further stake of it, or another call that
  -- opened it at the same moment and has committed) is taken in turn, checked and added to.
  insert into casino_rounds (tenant_id, provider_id, round_id, user_id, game_id, bet_total)
    values (p_tenant, p_provider, p_round, p_user, p_game, p_amount)
    on conflict (tenant_id, provider_id, round_id) do nothing;
  if found then
    return 'ok';
  end if;
  select c.id, c.user_id, c.status into r from casino_rounds c
    where c.tenant_id = p_tenant and c.provider_id = p_provider and c.round_id = p_round for update;
  if r.id is null then
    return 'ok';
  end if;
  if r.user_id <> p_user then
    return 'round_mismatch';
  end if;
  if r.status <> 'open' then
    return 'round_closed';
  end if;
  update casino_rounds set bet_total = bet_total + p_amount where id = r.id;
  return 'ok';
end $$;
