-- Money: this function belongs to the ledger module (modules/ledger); other modules reach it through its API.
-- A stake: all from cash when it fits (one conditional UPDATE); otherwise both rows are locked in the ledger's
-- order and the stake is split, cash first, then bonus. status as ledger_post ('insufficient': cash + bonus short,
-- nothing written; the caller throws).

create or replace function ledger_debit_bet(p_tenant bigint, p_user bigint, p_type text, p_reference text,
    p_key text, p_hash text, p_metadata jsonb, p_counter text, p_amount bigint,
    out status text, out tx_id bigint, out result jsonb, out stored_hash text)
  language plpgsql
  set plan_cache_mode = force_generic_plan
  as $$
declare
  r record;
  v_cash bigint;
  v_bonus bigint;
  v_from_cash bigint;
  v_from_bonus bigint;
  v_users bigint[] := '{}';
  v_kinds text[] := '{}';
  v_amounts bigint[] := '{}';
begin
  r := ledger_post(p_tenant, p_user, p_type, p_reference, p_key, p_hash, p_metadata, null,
    jsonb_build_object('debited', jsonb_build_object('cash', p_amount, 'bonus', 0)),
    array[p_user, null], array['cash', p_counter], array[-p_amount, p_amount], null);
  status := r.status; tx_id := r.tx_id; result := r.result; stored_hash := r.stored_hash;
  if r.status <> 'insufficient' then
    return;
  end if;
  -- Cash, then bonus, as ledger_post orders legs: the failed attempt above may already hold the cash row.
  perform 1 from ledger_accounts where tenant_id = p_tenant and user_id = p_user and kind in ('bonus', 'cash')
    order by kind desc for update;
  select coalesce(max(balance) filter (where kind = 'cash'), 0), coalesce(max(balance) filter (where kind = 'bonus'), 0)
    into v_cash, v_bonus
    from ledger_accounts where tenant_id = p_tenant and user_id = p_user and kind in ('bonus', 'cash');
  v_from_cash := least(v_cash, p_amount);
  v_from_bonus := p_amount - v_from_cash;
  if v_bonus < v_from_bonus then
    return; -- still 'insufficient'
  end if;
  if v_from_cash > 0 then
    v_users := v_users || p_user; v_kinds := v_kinds || 'cash'::text; v_amounts := v_amounts || -v_from_cash;
  end if;
  if v_from_bonus > 0 then
    v_users := v_users || p_user; v_kinds := v_kinds || 'bonus'::text; v_amounts := v_amounts || -v_from_bonus;
  end if;
  v_users := v_users || null::bigint; v_kinds := v_kinds || p_counter; v_amounts := v_amounts || p_amount;
  r := ledger_post(p_tenant, p_user, p_type, p_reference, p_key, p_hash, p_metadata, null,
    jsonb_build_object('debited', jsonb_build_object('cash', v_from_cash, 'bonus', v_from_bonus)),
    v_users, v_kinds, v_amounts, null);
  status := r.status; tx_id := r.tx_id; result := r.result; stored_hash := r.stored_hash;
end $$;
