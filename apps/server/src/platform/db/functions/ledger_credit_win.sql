-- Money: this function belongs to the ledger module (modules/ledger); other modules reach it through its API.
-- A win (or a stake given back) that follows the money staked: the bonus part is floor(amount x bonus staked /
-- total staked), the rest (the odd centavo included) goes to cash. The stake is named by its idempotency key
-- (p_stake_key: its answer's `debited` tells the split) or by the caller's figures (p_bonus_staked of
-- p_total_staked, a provider's round, since ledger transaction p_since). A bonus removed after the stake (any
-- movement out of the bonus account that is not a stake or a reversal: forfeit, expiry, conversion) no longer
-- takes the bonus part: it goes back to the promotions account. p_since null means the stake is in this very
-- statement (nothing can have removed the bonus). With no bonus part it is exactly ledger.creditWin (one
-- ledger_post); p_hash is that request's hash either way, so a repeat matches whatever the split was.
-- status, tx_id, result, stored_hash as ledger_post; a split answer carries `credited` {cash, bonus, promotions}.

create or replace function ledger_credit_win(p_tenant bigint, p_user bigint, p_type text, p_reference text,
    p_key text, p_hash text, p_metadata jsonb, p_counter text, p_amount bigint, p_bonus_staked bigint,
    p_total_staked bigint, p_since bigint, p_stake_key text,
    out status text, out tx_id bigint, out result jsonb, out stored_hash text)
  language plpgsql
  set plan_cache_mode = force_generic_plan
  as $$
declare
  r record;
  v_bonus bigint := coalesce(p_bonus_staked, 0);
  v_total bigint := coalesce(p_total_staked, 0);
  v_since bigint := p_since;
  v_part bigint := 0;
  v_gone boolean := false;
  v_users bigint[];
  v_kinds text[];
  v_amounts bigint[];
begin
  if p_stake_key is not null then
    select t.id, coalesce((t.result -> 'debited' ->> 'bonus')::bigint, 0),
        coalesce((t.result -> 'debited' ->> 'cash')::bigint, 0) + coalesce((t.result -> 'debited' ->> 'bonus')::bigint, 0)
      into v_since, v_bonus, v_total
      from ledger_transactions t where t.tenant_id = p_tenant and t.idempotency_key = p_stake_key;
  end if;
  if v_bonus > 0 and v_total > 0 then
    v_part := least(p_amount, floor(p_amount::numeric * least(v_bonus, v_total) / v_total)::bigint);
  end if;
  if v_part = 0 then
    r := ledger_post(p_tenant, p_user, p_type, p_reference, p_key, p_hash, p_metadata, null, null,
      array[null, p_user]::bigint[], array[p_counter, 'cash'], array[-p_amount, p_amount], null);
    status := r.status; tx_id := r.tx_id; result := r.result; stored_hash := r.stored_hash;
    return;
  end if;
  if v_since is not null then
    -- Cash, then bonus, as ledger_post orders legs; held, a forfeit that empties the bonus now either committed
    -- before (and is seen below) or waits for this win.
    perform 1 from ledger_accounts where tenant_id = p_tenant and user_id = p_user and kind in ('bonus', 'cash')
      order by kind desc for update;
    v_gone := exists (select 1 from ledger_transactions t
        join ledger_entries e on e.transaction_id = t.id
        join ledger_accounts a on a.id = e.account_id
      where t.tenant_id = p_tenant and t.user_id = p_user and t.id > v_since
        and t.type not in ('bet', 'box', 'reversal')
        and a.tenant_id = p_tenant and a.user_id = p_user and a.kind = 'bonus' and e.amount < 0);
  end if;
  v_users := array[null::bigint];
  v_kinds := array[p_counter];
  v_amounts := array[-p_amount];
  if p_amount - v_part > 0 then
    v_users := v_users || p_user; v_kinds := v_kinds || 'cash'::text; v_amounts := v_amounts || (p_amount - v_part);
  end if;
  v_users := v_users || case when v_gone then null else p_user end;
  v_kinds := v_kinds || case when v_gone then 'promotions' else 'bonus' end;
  v_amounts := v_amounts || v_part;
  r := ledger_post(p_tenant, p_user, p_type, p_reference, p_key, p_hash, p_metadata, null,
    jsonb_build_object('credited', jsonb_build_object('cash', p_amount - v_part,
      'bonus', case when v_gone then 0 else v_part end, 'promotions', case when v_gone then v_part else 0 end)),
    v_users, v_kinds, v_amounts, null);
  status := r.status; tx_id := r.tx_id; result := r.result; stored_hash := r.stored_hash;
end $$;
