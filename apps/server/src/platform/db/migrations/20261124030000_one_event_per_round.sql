-- One domain event per settled round (issues 6 and 7). A provider's bet and win and an Originals bet wrote three
-- outbox rows per round: casino.bet at the stake, casino.win at the payout, casino.round_settled at the close. No
-- consumer reads the first two (the dispatcher has a handler for casino.round_settled alone), and the issue asks
-- for "a domain event per settled round (bet, win, amounts, game, player)": casino.round_settled carries all of
-- it (bet and win totals of the round, multiplier, game, player, provider, round and transaction ids). Each row
-- cost an insert with two index entries and, at dispatch, a non-HOT update: about a quarter of the rows a round
-- wrote. casino.round_rolled_back (a stake refunded) is unchanged.
--
-- The three functions are restated whole (an applied migration never changes); only their event writes differ:
-- casino_bet_open writes no event, casino_win_open writes casino.round_settled when it closes the round, and
-- originals_place_bet writes casino.round_settled alone.

create or replace function casino_bet_open(p_tenant bigint, p_provider bigint, p_provider_code text, p_token_hash text,
    p_player text, p_tx text, p_round text, p_amount bigint,
    out status text, out user_id bigint, out game_id bigint, out game_title text, out bonus_allowed boolean,
    out prior jsonb)
  language plpgsql
  set plan_cache_mode = force_generic_plan
  as $$
declare
  s record;
  r record;
  v_claim bigint;
begin
  select gs.user_id, gs.game_id, gs.demo, gs.expires_at <= now() as expired, g.title, g.bonus_allowed,
      p.enabled as provider_enabled
    into s
    from game_sessions gs
      join games g on g.tenant_id = gs.tenant_id and g.id = gs.game_id
      join game_providers p on p.tenant_id = gs.tenant_id and p.id = gs.provider_id
    where gs.token_hash = p_token_hash and gs.tenant_id = p_tenant and gs.provider_id = p_provider;
  if not found or s.demo or s.user_id is null then
    status := 'no_session';
    return;
  end if;
  user_id := s.user_id; game_id := s.game_id; game_title := s.title; bonus_allowed := s.bonus_allowed;
  if p_player <> s.user_id::text then
    status := 'player_mismatch';
    return;
  end if;
  if not s.provider_enabled then
    status := 'provider_off';
    return;
  end if;

  insert into provider_transactions (tenant_id, provider_id, tx_id, kind, round_id, user_id, amount, status, response,
      bonus_allowed)
    values (p_tenant, p_provider, p_tx, 'bet', p_round, s.user_id, p_amount, 'ok', '{}'::jsonb, s.bonus_allowed)
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

  if s.expired then
    status := 'expired';
    return;
  end if;
  -- Self-excluded (or no such player): no stakes.
  if coalesce((select coalesce(u.self_exclusion_end > now(), false) from users u
      where u.tenant_id = p_tenant and u.id = s.user_id), true) then
    status := 'blocked';
    return;
  end if;

  select c.id, c.user_id, c.status into r from casino_rounds c
    where c.tenant_id = p_tenant and c.provider_id = p_provider and c.round_id = p_round for update;
  if not found then
    insert into casino_rounds (tenant_id, provider_id, round_id, user_id, game_id, bet_total)
      values (p_tenant, p_provider, p_round, s.user_id, s.game_id, p_amount)
      on conflict (tenant_id, provider_id, round_id) do nothing;
    if not found then
      -- Another call opened the round at the same moment and has committed: take its row in turn.
      select c.id, c.user_id, c.status into r from casino_rounds c
        where c.tenant_id = p_tenant and c.provider_id = p_provider and c.round_id = p_round for update;
    end if;
  end if;
  if r.id is not null then
    if r.user_id <> s.user_id then
      status := 'round_mismatch';
      return;
    end if;
    if r.status <> 'open' then
      status := 'round_closed';
      return;
    end if;
    update casino_rounds set bet_total = bet_total + p_amount where id = r.id;
  end if;

  -- The player's row before the ledger (same order as a rollback): total_bet grows with each stake.
  update users set total_bet = total_bet + p_amount where tenant_id = p_tenant and id = s.user_id;
  status := 'ok';
end $$;

create or replace function casino_win_open(p_tenant bigint, p_provider bigint, p_provider_code text, p_token_hash text,
    p_player text, p_tx text, p_round text, p_amount bigint, p_round_closed boolean,
    out status text, out user_id bigint, out game_title text, out bonus_allowed boolean, out prior jsonb,
    out round_pk bigint, out round_game_id bigint, out round_status text, out bet_total bigint,
    out win_total bigint, out cap bigint)
  language plpgsql
  set plan_cache_mode = force_generic_plan
  as $$
declare
  s record;
  v_claim bigint;
begin
  select gs.user_id, gs.demo, g.title, g.bonus_allowed into s
    from game_sessions gs join games g on g.tenant_id = gs.tenant_id and g.id = gs.game_id
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

  select c.id, c.game_id, c.status, c.bet_total, c.win_total, c.user_id
    into round_pk, round_game_id, round_status, bet_total, win_total, v_claim
    from casino_rounds c
    where c.tenant_id = p_tenant and c.provider_id = p_provider and c.round_id = p_round for update;
  if round_pk is null then
    status := 'round_not_found';
    return;
  end if;
  if v_claim <> s.user_id then
    status := 'round_mismatch';
    return;
  end if;
  if round_status = 'rolled_back' then
    status := 'round_rolled_back';
    return;
  end if;
  select p.max_single_win into cap from game_providers p where p.tenant_id = p_tenant and p.id = p_provider;
  if p_amount > cap then
    status := 'over_cap';
    return;
  end if;

  update casino_rounds c set win_total = c.win_total + p_amount,
      status = case when p_round_closed then 'closed' else c.status end,
      closed_at = case when p_round_closed and c.status = 'open' then now() else c.closed_at end
    where c.id = round_pk;
  if p_round_closed and round_status = 'open' then
    insert into domain_events (tenant_id, user_id, type, payload)
      values (p_tenant, s.user_id, 'casino.round_settled', jsonb_build_object('provider', p_provider_code,
        'round_id', p_round, 'transaction', p_tx, 'game_id', round_game_id, 'game', s.title, 'user_id', s.user_id,
        'bet', bet_total, 'win', win_total + p_amount,
        'multiplier', case when bet_total > 0 then round((win_total + p_amount)::numeric / bet_total, 2) else 0 end));
  end if;
  status := 'ok';
end $$;

create or replace function originals_place_bet(p_tenant bigint, p_user bigint, p_key text, p_request_hash text, p_game text,
    p_pair bigint, p_nonce bigint, p_amount bigint, p_payout bigint, p_multiplier_e4 bigint, p_params jsonb,
    p_outcome jsonb, p_body jsonb, p_event jsonb, p_multiplier jsonb,
    out status text, out bet_id bigint, out balance bigint, out response jsonb, out stored_hash text,
    out pair_id bigint, out pair_server_seed text, out pair_server_seed_hash text, out pair_client_seed text,
    out pair_nonce bigint)
  language plpgsql
  set plan_cache_mode = force_generic_plan
  as $$
declare
  r record;
  v_ref text;
  v_base jsonb;
  v_hash text;
  v_recorded int;
begin
  -- The seed-pair row lock makes a player's bets take turns; a bet that waited finds the nonce taken. Then (and
  -- for an unknown or rotated pair) nothing is kept and the current pair is answered. The nonce step and the bet
  -- row are one statement.
  with pair as (
    update originals_seed_pairs set nonce = nonce + 1
      where id = p_pair and tenant_id = p_tenant and user_id = p_user and nonce = p_nonce and active
      returning id)
  insert into originals_bets (tenant_id, user_id, game, seed_pair_id, nonce, amount, payout, multiplier_e4, params,
      outcome, status, settled_at)
    select p_tenant, p_user, p_game, pair.id, p_nonce, p_amount, p_payout, p_multiplier_e4, p_params, p_outcome,
        'settled', now()
      from pair
    returning id into bet_id;
  if bet_id is null then
    select p.id, p.server_seed, p.server_seed_hash, p.client_seed, p.nonce
      into pair_id, pair_server_seed, pair_server_seed_hash, pair_client_seed, pair_nonce
      from originals_seed_pairs p where p.tenant_id = p_tenant and p.user_id = p_user and p.active;
    status := case when pair_id is null then 'no_pair' else 'stale' end;
    return;
  end if;

  -- Money through the wallet's functions, with the keys, references and request hashes its JS API would use.
  v_ref := 'originals:' || p_game || ':' || bet_id;
  v_hash := ledger_request_hash(p_user, 'bet', v_ref, null, '["debitBet",' || p_amount || ']');
  r := ledger_debit_bet(p_tenant, p_user, 'bet', v_ref, 'originals:bet:' || bet_id, v_hash, '{}',
    'house', p_amount);
  if r.status = 'insufficient' then
    -- A repeat of a bet that was paid for answers as a repeat, even when the balance no longer covers it.
    if exists (select 1 from originals_requests q
        where q.tenant_id = p_tenant and q.user_id = p_user and q.idempotency_key = p_key) then
      raise exception 'idempotency key % was used before', p_key using errcode = 'SR200';
    end if;
    raise exception 'insufficient funds' using errcode = 'SR402';
  elsif r.status <> 'ok' and not (r.status = 'replay' and r.stored_hash = v_hash) then
    raise exception 'idempotency key % already used', 'originals:bet:' || bet_id using errcode = 'SR409';
  end if;
  if p_payout > 0 then
    v_hash := ledger_request_hash(p_user, 'win', v_ref, null,
      '[["system","house",' || -p_payout || '],[' || p_user || ',"cash",' || p_payout || ']]');
    r := ledger_post(p_tenant, p_user, 'win', v_ref, 'originals:win:' || bet_id, v_hash, '{}', null,
      null, array[null, p_user]::bigint[], array['house', 'cash'], array[-p_payout, p_payout], null);
    if r.status <> 'ok' and not (r.status = 'replay' and r.stored_hash = v_hash) then
      raise exception 'idempotency key % already used', 'originals:win:' || bet_id using errcode = 'SR409';
    end if;
  end if;
  balance := (r.result -> 'balance' ->> 'cash')::bigint + (r.result -> 'balance' ->> 'bonus')::bigint;

  -- One statement for the rest: the settled-round event and total_bet, exactly as originals/events.ts
  -- recordSettledRound writes them; the casino round (the catalog's game, the closed round of the bet history,
  -- GET wallet/bets, and the player's recent game, the catalog's game id in the events); and last the request
  -- record with its answer. Its key already there means a repeat: the whole statement is undone (nonce, bet,
  -- money, events) and the caller answers the stored response.
  v_base := p_event || jsonb_build_object('round_id', p_game || ':' || bet_id,
    'transaction', 'originals:bet:' || bet_id);
  response := p_body || jsonb_build_object('id', bet_id, 'balance', balance);
  with g as (
    select x.id, x.provider_id from games x
      join game_providers p on p.tenant_id = x.tenant_id and p.id = x.provider_id
      where x.tenant_id = p_tenant and p.code = 'sorte-originals' and x.provider_game_id = p_game
  ), rnd as (
    insert into casino_rounds (tenant_id, provider_id, round_id, user_id, game_id, bet_total, win_total, status,
        closed_at)
      select p_tenant, g.provider_id, p_game || ':' || bet_id, p_user, g.id, p_amount, p_payout, 'closed', now()
        from g
  ), rec as (
    insert into game_recents (tenant_id, user_id, game_id) select p_tenant, p_user, g.id from g
      on conflict (tenant_id, user_id, game_id) do update set played_at = now()
  ), ev as (
    insert into domain_events (tenant_id, user_id, type, payload)
      values (p_tenant, p_user, 'casino.round_settled', v_base || jsonb_build_object('bet', p_amount,
        'win', p_payout, 'multiplier', p_multiplier, 'game_id', (select g.id from g)))
  ), tb as (
    update users set total_bet = total_bet + p_amount where tenant_id = p_tenant and id = p_user
  ), rq as (
    insert into originals_requests (tenant_id, user_id, idempotency_key, request_hash, response)
      values (p_tenant, p_user, p_key, p_request_hash, response)
      on conflict do nothing
      returning 1
  )
  select count(*) into v_recorded from rq;
  if v_recorded = 0 then
    raise exception 'idempotency key % was used before', p_key using errcode = 'SR200';
  end if;
  status := 'ok';
end $$;
