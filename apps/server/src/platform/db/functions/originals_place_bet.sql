-- Money: this function belongs to the ledger module (modules/ledger); other modules reach it through its API.
-- A whole Originals instant bet in one statement: idempotency claim, the seed pair's nonce, the stake and the
-- payout through the ledger, the bet row, the round and its event, and the stored answer.

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
  ), moved as (
    update game_recents gr set played_at = now() from g
      where gr.tenant_id = p_tenant and gr.user_id = p_user and gr.game_id = g.id
      returning 1
  ), rec as (
    -- A first play of the game (a concurrent first play of the same game is the same row: nothing to do).
    insert into game_recents (tenant_id, user_id, game_id) select p_tenant, p_user, g.id from g
      where not exists (select 1 from moved)
      on conflict (tenant_id, user_id, game_id) do nothing
  ), ev as (
    insert into event_log (tenant_id, user_id, name, payload)
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
