-- Originals: a whole instant bet in one statement: idempotency claim, the seed pair's nonce, the bet row, the stake
-- and the payout through the ledger's functions, the closed round through the casino's (casino_round_settled), the
-- settled-round event, and the stored answer. A win follows the money staked (cash and bonus in proportion).

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
  v_game bigint;
  v_recorded int;
  v_rg text;
  v_bonus bigint;
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

  -- Responsible gaming (rg_play): the stake checked against the player's limits and counted with its win, in this
  -- statement; a refusal undoes it whole (the nonce included) and the caller reads which limit (RG422).
  v_rg := rg_play(p_tenant, p_user, p_amount, p_payout);
  if v_rg is not null then
    raise exception 'responsible gaming refused the stake: %', v_rg using errcode = 'RG422';
  end if;

  -- Money through the ledger's functions, with the keys, references and request hashes its JS API would use.
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
    v_bonus := (r.result -> 'debited' ->> 'bonus')::bigint;
    if v_bonus > 0 then
      -- The stake took bonus money: the win follows it (ledger.creditWin with the stake's share).
      r := ledger_credit_win(p_tenant, p_user, 'win', v_ref, 'originals:win:' || bet_id, v_hash, '{}', 'house',
        p_payout, v_bonus, p_amount, null, null);
    else
      r := ledger_post(p_tenant, p_user, 'win', v_ref, 'originals:win:' || bet_id, v_hash, '{}', null,
        null, array[null, p_user]::bigint[], array['house', 'cash'], array[-p_payout, p_payout], null);
    end if;
    if r.status <> 'ok' and not (r.status = 'replay' and r.stored_hash = v_hash) then
      raise exception 'idempotency key % already used', 'originals:win:' || bet_id using errcode = 'SR409';
    end if;
  end if;
  balance := (r.result -> 'balance' ->> 'cash')::bigint + (r.result -> 'balance' ->> 'bonus')::bigint;

  -- The closed round of the bet history and the player's recent game (the casino's), with the catalog's id of the
  -- game for the event.
  v_game := casino_round_settled(p_tenant, p_user, 'sorte-originals', p_game, p_game || ':' || bet_id, p_amount,
    p_payout);
  -- One statement for the rest: the settled-round event, exactly as originals/events.ts recordSettledRound
  -- publishes it, and last the request record with its answer. Its key already there means a repeat: the whole
  -- statement is undone (nonce, bet, money, round, event) and the caller answers the stored response.
  v_base := p_event || jsonb_build_object('round_id', p_game || ':' || bet_id,
    'transaction', 'originals:bet:' || bet_id);
  response := p_body || jsonb_build_object('id', bet_id, 'balance', balance);
  with ev as (
    insert into event_log (tenant_id, user_id, name, payload)
      values (p_tenant, p_user, 'casino.round_settled', v_base || jsonb_build_object('bet', p_amount,
        'win', p_payout, 'multiplier', p_multiplier, 'game_id', v_game))
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
