-- Casino (issue 6): a provider's bet or win that moves money is ONE statement, without BEGIN and COMMIT. Under
-- load a call's time went mostly to waiting for its turn on the CPU between round trips (BEGIN, the checks, the
-- wallet's movement, COMMIT: four per call, each a wake-up of the server and of a backend); a statement is atomic
-- on its own, so one round trip does the same work with the same guarantees.
--
-- casino_bet_call / casino_win_call run casino_bet_open / casino_win_open (unchanged: session, claim of the
-- provider's transaction id, player checks, round lock, events) and then the wallet's movement through the ledger
-- functions, with the idempotency key, reference, metadata and request hash the wallet's JS API uses
-- (modules/providers/seamless.ts moveBet / moveWin; ledger.test.ts proves the SQL hash is the JS one). Anything
-- that is not a plain success leaves the database as it was:
--   no_session | player_mismatch | provider_off | replay   nothing was written; answered as before
--   SR410  a refusal that must be recorded with its claim (expired session, blocked player, closed or foreign
--          round, rolled-back round, a win over the cap, a zero win): the statement is undone and the caller takes
--          the transactional path, which records it
--   SR402  not enough money: the statement is undone and the caller takes the transactional path, which records
--          the refusal
--   SR409  the wallet's idempotency key was used for another movement (never expected: the key is derived from the
--          claimed transaction id)
-- status 'ok' comes with result: the wallet's answer (transaction_id, balance; debited for a stake with bonus).

create function casino_bet_call(p_tenant bigint, p_provider bigint, p_provider_code text, p_token_hash text,
    p_player text, p_tx text, p_round text, p_amount bigint,
    out status text, out user_id bigint, out bonus_allowed boolean, out prior jsonb, out result jsonb)
  language plpgsql
  set plan_cache_mode = force_generic_plan
  as $$
declare
  o record;
  r record;
  v_ref text;
  v_key text;
  v_hash text;
  v_meta jsonb;
begin
  o := casino_bet_open(p_tenant, p_provider, p_provider_code, p_token_hash, p_player, p_tx, p_round, p_amount);
  status := o.status;
  user_id := o.user_id;
  bonus_allowed := o.bonus_allowed;
  prior := o.prior;
  if o.status in ('no_session', 'player_mismatch', 'provider_off', 'replay') then
    return;
  end if;
  if o.status <> 'ok' then
    raise exception 'casino bet refused (%): recorded by the transactional path', o.status using errcode = 'SR410';
  end if;
  v_ref := 'round:' || p_provider_code || ':' || p_round;
  v_key := 'casino:' || p_provider || ':' || p_tx;
  v_meta := jsonb_strip_nulls(jsonb_build_object('provider', p_provider_code, 'game_id', o.game_id,
    'round_id', p_round));
  if o.bonus_allowed then
    -- wallet.debitBet: cash first, then bonus.
    v_hash := ledger_request_hash(o.user_id, 'bet', v_ref, null, '["debitBet",' || p_amount || ']');
    r := ledger_debit_bet(p_tenant, o.user_id, 'bet', v_ref, v_key, v_hash, v_meta, 'house', p_amount);
  else
    -- wallet.debit from cash to the house.
    v_hash := ledger_request_hash(o.user_id, 'bet', v_ref, null,
      '[[' || o.user_id || ',"cash",' || -p_amount || '],["system","house",' || p_amount || ']]');
    r := ledger_post(p_tenant, o.user_id, 'bet', v_ref, v_key, v_hash, v_meta, null, '{}',
      array[o.user_id, null]::bigint[], array['cash', 'house'], array[-p_amount, p_amount], null);
  end if;
  if r.status = 'insufficient' then
    raise exception 'insufficient funds' using errcode = 'SR402';
  end if;
  if r.status = 'replay' and r.stored_hash is distinct from v_hash then
    raise exception 'idempotency key % already used', v_key using errcode = 'SR409';
  end if;
  result := r.result;
end $$;

create function casino_win_call(p_tenant bigint, p_provider bigint, p_provider_code text, p_token_hash text,
    p_player text, p_tx text, p_round text, p_amount bigint, p_round_closed boolean,
    out status text, out user_id bigint, out bonus_allowed boolean, out prior jsonb, out result jsonb)
  language plpgsql
  set plan_cache_mode = force_generic_plan
  as $$
declare
  o record;
  r record;
  v_ref text;
  v_key text;
  v_hash text;
begin
  o := casino_win_open(p_tenant, p_provider, p_provider_code, p_token_hash, p_player, p_tx, p_round, p_amount,
    p_round_closed);
  status := o.status;
  user_id := o.user_id;
  bonus_allowed := o.bonus_allowed;
  prior := o.prior;
  if o.status in ('no_session', 'player_mismatch', 'replay') then
    return;
  end if;
  if o.status <> 'ok' or p_amount <= 0 then
    raise exception 'casino win refused or empty (%): recorded by the transactional path', o.status
      using errcode = 'SR410';
  end if;
  -- wallet.creditWin: from the house into the player's cash.
  v_ref := 'round:' || p_provider_code || ':' || p_round;
  v_key := 'casino:' || p_provider || ':' || p_tx;
  v_hash := ledger_request_hash(o.user_id, 'win', v_ref, null,
    '[["system","house",' || -p_amount || '],[' || o.user_id || ',"cash",' || p_amount || ']]');
  r := ledger_post(p_tenant, o.user_id, 'win', v_ref, v_key, v_hash,
    jsonb_strip_nulls(jsonb_build_object('provider', p_provider_code, 'game_id', o.round_game_id,
      'round_id', p_round)),
    null, '{}', array[null, o.user_id]::bigint[], array['house', 'cash'], array[-p_amount, p_amount], null);
  if r.status = 'replay' and r.stored_hash is distinct from v_hash then
    raise exception 'idempotency key % already used', v_key using errcode = 'SR409';
  end if;
  result := r.result;
end $$;
