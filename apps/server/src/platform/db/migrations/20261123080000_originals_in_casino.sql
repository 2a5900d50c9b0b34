-- Sorte Originals in the casino (issues 6 and 7). The Originals are a provider of the casino catalog ("Sorte
-- Originals", code 'sorte-originals', protocol 'originals'), whose rows modules/casino/originals.ts writes for every
-- tenant (at start, and on a tenant's first catalog load). A settled Originals bet now also writes its casino round
-- (closed at once: stake and win are known), touches the player's recent games, and its settled-round events carry
-- the catalog's game id, as a third-party game's round does. All of it is folded into the statement that already
-- wrote the events (data-modifying CTEs): no extra statement, no extra round trip per bet. A game missing from the
-- catalog leaves game_id null and no round row; the bet itself settles as before.

-- As in 20261123040000_hot_path.sql, but for the events statement ("Casino round" below).
create or replace function originals_place_bet(p_tenant bigint, p_user bigint, p_key text, p_request_hash text, p_game text,
    p_pair bigint, p_nonce bigint, p_amount bigint, p_payout bigint, p_multiplier_e4 bigint, p_params jsonb,
    p_outcome jsonb, p_body jsonb, p_event jsonb, p_multiplier jsonb,
    out status text, out bet_id bigint, out balance bigint, out response jsonb, out stored_hash text,
    out pair_id bigint, out pair_server_seed text, out pair_server_seed_hash text, out pair_client_seed text,
    out pair_nonce bigint)
  language plpgsql as $$
declare
  r record;
  v_ref text;
  v_base jsonb;
  v_hash text;
begin
  insert into originals_requests (tenant_id, user_id, idempotency_key, request_hash)
    values (p_tenant, p_user, p_key, p_request_hash) on conflict do nothing;
  if not found then
    select q.request_hash, q.response into stored_hash, response from originals_requests q
      where q.tenant_id = p_tenant and q.user_id = p_user and q.idempotency_key = p_key;
    status := 'replay';
    return;
  end if;

  -- The seed-pair row lock makes a player's bets take turns; a bet that waited finds the nonce taken. Then (and
  -- for an unknown or rotated pair) nothing is kept: the claim is withdrawn and the current pair answered.
  update originals_seed_pairs set nonce = nonce + 1
    where id = p_pair and tenant_id = p_tenant and user_id = p_user and nonce = p_nonce and active;
  if not found then
    delete from originals_requests where tenant_id = p_tenant and user_id = p_user and idempotency_key = p_key;
    select p.id, p.server_seed, p.server_seed_hash, p.client_seed, p.nonce
      into pair_id, pair_server_seed, pair_server_seed_hash, pair_client_seed, pair_nonce
      from originals_seed_pairs p where p.tenant_id = p_tenant and p.user_id = p_user and p.active;
    status := case when pair_id is null then 'no_pair' else 'stale' end;
    return;
  end if;

  insert into originals_bets (tenant_id, user_id, game, seed_pair_id, nonce, amount, payout, multiplier_e4, params,
      outcome, status, settled_at)
    values (p_tenant, p_user, p_game, p_pair, p_nonce, p_amount, p_payout, p_multiplier_e4, p_params, p_outcome,
      'settled', now())
    returning id into bet_id;

  -- Money through the wallet's functions, with the keys, references and request hashes its JS API would use.
  v_ref := 'originals:' || p_game || ':' || bet_id;
  v_hash := ledger_request_hash(p_user, 'bet', v_ref, null, '["debitBet",' || p_amount || ']');
  select * into r from ledger_debit_bet(p_tenant, p_user, 'bet', v_ref, 'originals:bet:' || bet_id, v_hash, '{}',
    'house', p_amount);
  if r.status = 'insufficient' then
    raise exception 'insufficient funds' using errcode = 'SR402';
  elsif r.status <> 'ok' and not (r.status = 'replay' and r.stored_hash = v_hash) then
    raise exception 'idempotency key % already used', 'originals:bet:' || bet_id using errcode = 'SR409';
  end if;
  if p_payout > 0 then
    v_hash := ledger_request_hash(p_user, 'win', v_ref, null,
      '[["system","house",' || -p_payout || '],[' || p_user || ',"cash",' || p_payout || ']]');
    select * into r from ledger_post(p_tenant, p_user, 'win', v_ref, 'originals:win:' || bet_id, v_hash, '{}', null,
      null, array[null, p_user]::bigint[], array['house', 'cash'], array[-p_payout, p_payout], null);
    if r.status <> 'ok' and not (r.status = 'replay' and r.stored_hash = v_hash) then
      raise exception 'idempotency key % already used', 'originals:win:' || bet_id using errcode = 'SR409';
    end if;
  end if;
  balance := (r.result -> 'balance' ->> 'cash')::bigint + (r.result -> 'balance' ->> 'bonus')::bigint;

  -- The settled-round events and total_bet, exactly as originals/events.ts recordSettledRound writes them. Casino
  -- round: the same statement finds the game in the catalog, records the closed round (the bet history line,
  -- GET wallet/bets) and the player's recent game, and puts the catalog's game id into the events.
  v_base := p_event || jsonb_build_object('round_id', p_game || ':' || bet_id,
    'transaction', 'originals:bet:' || bet_id);
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
  )
  insert into domain_events (tenant_id, user_id, type, payload)
    select p_tenant, p_user, e.t, e.p || jsonb_build_object('game_id', (select g.id from g)) from (values
        (1, 'casino.bet', v_base || jsonb_build_object('amount', p_amount)),
        (2, 'casino.win', case when p_payout > 0 then v_base || jsonb_build_object('amount', p_payout) end),
        (3, 'casino.round_settled', v_base || jsonb_build_object('bet', p_amount, 'win', p_payout,
          'multiplier', p_multiplier))) as e(n, t, p)
      where e.p is not null order by e.n;
  update users set total_bet = total_bet + p_amount where tenant_id = p_tenant and id = p_user;

  response := p_body || jsonb_build_object('id', bet_id, 'balance', balance);
  update originals_requests set response = originals_place_bet.response
    where tenant_id = p_tenant and user_id = p_user and idempotency_key = p_key;
  status := 'ok';
end $$;
