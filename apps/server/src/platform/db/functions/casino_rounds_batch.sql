-- The casino's rounds for a batch of provider calls in one statement (providers_calls): each stake opens its new
-- round, each win is added to its round and closes it when the call says so. p_ops is a JSON array of
-- {n, op: bet|win, tenant, provider, round, user_id, game, amount, closed, round_pk, round_status, cap}, where a
-- win names the round (round_pk) and the state (round_status) the caller's checks read. Every operation is done or
-- none is: a round opened meanwhile, or one whose state or cap no longer admits the win (a concurrent call got in
-- between; or a stake that took bonus money, whose wins follow it alone), raises SR412 and the caller's statement is
-- undone. Answers each operation's round after it.

create or replace function casino_rounds_batch(p_ops jsonb)
  returns table (n bigint, round_pk bigint, bet_total bigint, win_total bigint)
  language plpgsql
  set plan_cache_mode = force_generic_plan
  -- Every write below is by key, one operation at a time, in the batch's order: nested loops over index lookups.
  set enable_hashjoin = off
  set enable_mergejoin = off
  as $$
declare
  v_done bigint;
begin
  return query
  with c as (
    select x.* from jsonb_to_recordset(p_ops) as x(n bigint, op text, tenant bigint, provider bigint, round text,
        user_id bigint, game bigint, amount bigint, closed boolean, round_pk bigint, round_status text, cap bigint)
      order by x.n
  ),
  opened as (
    insert into casino_rounds (tenant_id, provider_id, round_id, user_id, game_id, bet_total)
      select c.tenant, c.provider, c.round, c.user_id, c.game, c.amount from c where c.op = 'bet' order by c.n
      on conflict (tenant_id, provider_id, round_id) do nothing
      returning casino_rounds.id, casino_rounds.tenant_id, casino_rounds.provider_id, casino_rounds.round_id,
        casino_rounds.bet_total, casino_rounds.win_total
  ),
  settled as (
    update casino_rounds x set win_total = x.win_total + c.amount,
        status = case when c.closed then 'closed' else x.status end,
        closed_at = case when c.closed and x.status = 'open' then now() else x.closed_at end
      from c
      where c.op = 'win' and x.id = c.round_pk and x.status = c.round_status and x.user_id = c.user_id
        and x.win_total + c.amount <= c.cap and x.bonus_staked is null
      returning c.n, x.id, x.bet_total, x.win_total
  )
  select c.n, o.id, o.bet_total, o.win_total
    from c join opened o on o.tenant_id = c.tenant and o.provider_id = c.provider and o.round_id = c.round
    where c.op = 'bet'
  union all
  select s.n, s.id, s.bet_total, s.win_total from settled s;
  get diagnostics v_done = row_count;
  if v_done <> jsonb_array_length(p_ops) then
    raise exception 'casino_rounds_batch: a round changed after the caller''s checks read it'
      using errcode = 'SR412';
  end if;
end $$;
