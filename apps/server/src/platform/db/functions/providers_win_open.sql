-- The providers' seamless wallet: a provider's win up to, not including, the money: the session, the claim of the
-- provider's transaction id, and the win on its round (casino_round_win). A win on a closed round is refused
-- (round_closed) and its claim removed again; max_single_win bounds the round's total wins (over_cap); a win of 0
-- always closes the round. The round's bonus share (round_bonus of bet_total, since round_bonus_since) is answered
-- for the win to follow the money staked.

drop function if exists providers_win_open(bigint, bigint, text, text, text, text, text, bigint, boolean);
create or replace function providers_win_open(p_tenant bigint, p_provider bigint, p_provider_code text, p_token_hash text,
    p_player text, p_tx text, p_round text, p_amount bigint, p_round_closed boolean,
    out status text, out user_id bigint, out game_title text, out bonus_allowed boolean, out prior jsonb,
    out round_pk bigint, out round_game_id bigint, out round_status text, out bet_total bigint,
    out win_total bigint, out cap bigint, out round_bonus bigint, out round_bonus_since bigint)
  language plpgsql
  set plan_cache_mode = force_generic_plan
  as $$
declare
  s record;
  w record;
  v_claim bigint;
begin
  select gs.user_id, gs.demo, g.title, g.bonus_allowed, p.max_single_win into s
    from game_sessions gs
      cross join lateral (select g.title, g.bonus_allowed from games g
        where g.tenant_id = p_tenant and g.id = gs.game_id offset 0) g
      cross join lateral (select p.max_single_win from game_providers p
        where p.tenant_id = p_tenant and p.id = p_provider offset 0) p
    where gs.token_hash = p_token_hash and gs.tenant_id = p_tenant and gs.provider_id = p_provider;
  if not found or s.demo or s.user_id is null then
    status := 'no_session';
    return;
  end if;
  user_id := s.user_id; game_title := s.title; bonus_allowed := s.bonus_allowed;
  if p_player <> s.user_id::text then
    status := 'player_mismatch';
    return;
  end if;

  insert into provider_transactions (tenant_id, provider_id, tx_id, kind, round_id, user_id, amount, status, response,
      bonus_allowed)
    values (p_tenant, p_provider, p_tx, 'win', p_round, s.user_id, p_amount, 'ok', '{}'::jsonb, s.bonus_allowed)
    on conflict (tenant_id, provider_id, tx_id) do nothing
    returning id into v_claim;
  if v_claim is null then
    select jsonb_build_object('kind', t.kind, 'status', t.status, 'amount', t.amount, 'round_id', t.round_id,
        'user_id', t.user_id, 'response', t.response, 'bonus_allowed', t.bonus_allowed)
      into prior
      from provider_transactions t where t.tenant_id = p_tenant and t.provider_id = p_provider and t.tx_id = p_tx;
    status := 'replay';
    return;
  end if;

  -- The cap bounds what the round pays in all, read under the round's lock: wins of one round in flight together
  -- take turns there.
  cap := s.max_single_win;
  w := casino_round_win(p_tenant, p_provider, p_round, s.user_id, p_amount, p_round_closed, cap);
  status := w.status; round_pk := w.round_pk; round_game_id := w.game_id; round_status := w.round_status;
  bet_total := w.bet_total; win_total := w.win_total;
  round_bonus := w.bonus_staked; round_bonus_since := w.bonus_since;
  -- A settled round takes no more money. The claim goes too: the refusal leaves nothing under this transaction id
  -- (a repeat is decided again, and a closed round never reopens), while a repeat of the id that was accepted
  -- before the round closed still finds its claim above and gets its first answer.
  if status = 'round_closed' then
    delete from provider_transactions t where t.id = v_claim;
    return;
  end if;
  if status <> 'ok' then
    return;
  end if;
  -- Responsible gaming counts what the round paid against the player's loss limits.
  if p_amount > 0 then
    perform rg_play(p_tenant, s.user_id, 0, p_amount);
  end if;
  if p_round_closed and round_status = 'open' then
    insert into event_log (tenant_id, user_id, name, payload)
      values (p_tenant, s.user_id, 'casino.round_settled', jsonb_build_object('provider', p_provider_code,
        'round_id', p_round, 'transaction', p_tx, 'game_id', round_game_id, 'game', s.title, 'user_id', s.user_id,
        'bet', bet_total, 'win', win_total + p_amount,
        'multiplier', case when bet_total > 0 then round((win_total + p_amount)::numeric / bet_total, 2) else 0 end));
  end if;
end $$;
