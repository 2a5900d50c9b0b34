-- The providers' seamless wallet: a provider's win that moves money, as ONE statement: providers_win_open, then the
-- ledger's credit (ledger_post; ledger_credit_win when the round's stakes took bonus money, so the win follows
-- them); the same statuses and SQLSTATEs as providers_bet_call.

create or replace function providers_win_call(p_tenant bigint, p_provider bigint, p_provider_code text, p_token_hash text,
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
  o := providers_win_open(p_tenant, p_provider, p_provider_code, p_token_hash, p_player, p_tx, p_round, p_amount,
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
  -- ledger.creditWin: from the house into the player's cash (with the round's share when it took bonus money).
  v_ref := 'round:' || p_provider_code || ':' || p_round;
  v_key := 'casino:' || p_provider || ':' || p_tx;
  v_hash := ledger_request_hash(o.user_id, 'win', v_ref, null,
    '[["system","house",' || -p_amount || '],[' || o.user_id || ',"cash",' || p_amount || ']]');
  if o.round_bonus > 0 then
    r := ledger_credit_win(p_tenant, o.user_id, 'win', v_ref, v_key, v_hash,
      jsonb_strip_nulls(jsonb_build_object('provider', p_provider_code, 'game_id', o.round_game_id,
        'round_id', p_round)),
      'house', p_amount, o.round_bonus, o.bet_total, o.round_bonus_since, null);
  else
    r := ledger_post(p_tenant, o.user_id, 'win', v_ref, v_key, v_hash,
      jsonb_strip_nulls(jsonb_build_object('provider', p_provider_code, 'game_id', o.round_game_id,
        'round_id', p_round)),
      null, '{}', array[null, o.user_id]::bigint[], array['house', 'cash'], array[-p_amount, p_amount], null);
  end if;
  if r.status = 'replay' and r.stored_hash is distinct from v_hash then
    raise exception 'idempotency key % already used', v_key using errcode = 'SR409';
  end if;
  result := r.result;
end $$;
