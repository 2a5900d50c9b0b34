-- The providers' seamless wallet: a provider's bet that moves money, as ONE statement without BEGIN and COMMIT:
-- providers_bet_open, then the ledger's movement (ledger_debit_bet or ledger_post) with the key, reference,
-- metadata and request hash the TypeScript API uses. Anything but a plain success leaves the database as it was:
--   no_session | player_mismatch | provider_off | replay   nothing was written; answered as before
--   SR410  a refusal that must be recorded with its claim: the caller takes the transactional path, which records it
--   SR402  not enough money: the caller takes the transactional path, which records the refusal
--   SR409  the ledger key was used for another movement (never expected: it is derived from the claimed id)
-- status 'ok' comes with result: the ledger's answer (transaction_id, balance; debited for a stake with bonus). A
-- stake that took bonus money adds it to its round's bonus share (casino_round_bonus).

create or replace function providers_bet_call(p_tenant bigint, p_provider bigint, p_provider_code text, p_token_hash text,
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
  o := providers_bet_open(p_tenant, p_provider, p_provider_code, p_token_hash, p_player, p_tx, p_round, p_amount);
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
    -- ledger.debitBet: cash first, then bonus.
    v_hash := ledger_request_hash(o.user_id, 'bet', v_ref, null, '["debitBet",' || p_amount || ']');
    r := ledger_debit_bet(p_tenant, o.user_id, 'bet', v_ref, v_key, v_hash, v_meta, 'house', p_amount);
  else
    -- ledger.debit from cash to the house.
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
  if r.status = 'ok' and (r.result -> 'debited' ->> 'bonus')::bigint > 0 then
    -- The round keeps what its stakes took from bonus, for its wins to follow (only such a stake pays this).
    perform casino_round_bonus(p_tenant, p_provider, p_round, (r.result -> 'debited' ->> 'bonus')::bigint, r.tx_id);
  end if;
  result := r.result;
end $$;
