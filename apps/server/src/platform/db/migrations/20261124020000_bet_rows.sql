-- Per-bet rows (issues 6 and 7): what an Originals bet, and a provider's bet or win, wrote beyond the money, made
-- cheaper without changing what is recorded.
--
-- 1. Checks of values that never change are domains. PostgreSQL evaluates every CHECK constraint of a table on
--    every UPDATE of a row, whatever columns change: each bet's `total_bet` update re-ran the six checks of users
--    (two regular expressions among them) and each nonce step the five of its seed pair (two more). A domain's
--    check runs when a value of it is written, so the same rules now hold at insert and at every change of those
--    columns, and are no longer paid on updates of other columns.
-- 2. The player's foreign keys on rows written per bet (the request record, the bet, the casino round): three
--    checks per bet, each locking the player's row. Players are never deleted (20261124000000: a trigger refuses
--    it), and these rows are written only by functions that found the player first (session, seed pair).
-- 3. originals_place_bet writes its request record once, with the answer, as the last write (it was inserted
--    first and updated at the end): a key already there means a repeat, and the whole statement is undone
--    (SQLSTATE SR200; the caller answers the stored response). A repeat whose stake no longer fits is a repeat
--    too, not a 402.

create domain sorte_name as text check (length(value) between 1 and 100);
create domain sorte_email as text check (value = lower(value) and length(value) between 3 and 254);
create domain sorte_phone as text check (value ~ '^\+55[1-9][0-9]9[0-9]{8}$');
create domain sorte_cpf as text check (value ~ '^[0-9]{11}$');
create domain sorte_language as text check (value in ('pt', 'en'));
create domain sorte_hex64 as text check (value ~ '^[0-9a-f]{64}$');
create domain sorte_client_seed as text check (length(value) between 1 and 64);

alter table users
  drop constraint users_first_name_check,
  drop constraint users_last_name_check,
  drop constraint users_email_check,
  drop constraint users_phone_check,
  drop constraint users_cpf_check,
  drop constraint users_language_check,
  alter column first_name type sorte_name,
  alter column last_name type sorte_name,
  alter column email type sorte_email,
  alter column phone type sorte_phone,
  alter column cpf type sorte_cpf,
  alter column language type sorte_language;

alter table originals_seed_pairs
  drop constraint originals_seed_pairs_server_seed_check,
  drop constraint originals_seed_pairs_server_seed_hash_check,
  drop constraint originals_seed_pairs_client_seed_check,
  alter column server_seed type sorte_hex64,
  alter column server_seed_hash type sorte_hex64,
  alter column client_seed type sorte_client_seed;

-- 4. An index nobody reads: originals_bets_recent (tenant, id) was never used by a query (every read of bets is a
--    player's own), but every bet wrote to it.
drop index originals_bets_recent;

alter table originals_requests drop constraint originals_requests_tenant_id_user_id_fkey;
alter table originals_bets drop constraint originals_bets_tenant_id_user_id_fkey;
alter table casino_rounds drop constraint casino_rounds_tenant_id_user_id_fkey;

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

  -- One statement for the rest: the settled-round events and total_bet, exactly as originals/events.ts
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
      select p_tenant, p_user, e.t, e.p || jsonb_build_object('game_id', (select g.id from g)) from (values
          (1, 'casino.bet', v_base || jsonb_build_object('amount', p_amount)),
          (2, 'casino.win', case when p_payout > 0 then v_base || jsonb_build_object('amount', p_payout) end),
          (3, 'casino.round_settled', v_base || jsonb_build_object('bet', p_amount, 'win', p_payout,
            'multiplier', p_multiplier))) as e(n, t, p)
        where e.p is not null order by e.n
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
