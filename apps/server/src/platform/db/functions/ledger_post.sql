-- Money: this function belongs to the ledger module (modules/ledger); other modules reach it through its API.
-- One double-entry movement inside the caller's transaction, in one round trip. Legs are parallel arrays (user id or
-- null for a system account, account kind, amount). p_tx is no longer used (it must be null). status:
--   ok            booked; result is the answer (transaction_id, balance, p_extra's fields)
--   replay        the key exists: result and stored_hash are the earlier movement's (the caller compares hashes)
--   insufficient  the FIRST player balance change did not fit and the key is unknown: nothing was written, the
--                 caller may try other legs or throw
-- A later balance change that does not fit raises SR402 (the whole statement is undone); SR404: no such account.
-- A booked stake (type bet, or box: a mystery box bought is staked on its opening) adds what it took from the player
-- to their player_wagers.total_bet; a refund paid by the house (a stake given back) takes it off again, never below
-- zero.

create or replace function ledger_post(p_tenant bigint, p_user bigint, p_type text, p_reference text, p_key text,
    p_hash text, p_metadata jsonb, p_reverses bigint, p_extra jsonb, p_users bigint[], p_kinds text[],
    p_amounts bigint[], p_tx bigint, out status text, out tx_id bigint, out result jsonb, out stored_hash text)
  language plpgsql
  set plan_cache_mode = force_generic_plan
  as $$
declare
  d record;
  v_i int;
  v_id bigint;
  v_balance bigint;
  m_users bigint[] := '{}';
  m_kinds text[] := '{}';
  m_ids bigint[] := '{}';
  m_bals bigint[] := '{}';
  m_deltas bigint[] := '{}';
  v_bal jsonb;
  v_sys bigint;
  v_net bigint;
  v_wager bigint := 0;
begin
  if p_tx is not null then
    raise exception 'ledger_post: p_tx is no longer used';
  end if;
  if cardinality(array_remove(p_users, null)) = 1 then
    -- The common movement (one player leg): the balance change and the player's balances in one statement.
    v_i := array_position(p_users, (array_remove(p_users, null))[1]);
    with u as (
      update ledger_accounts set balance = balance + p_amounts[v_i], updated_at = now()
        where tenant_id = p_tenant and user_id = p_users[v_i] and kind = p_kinds[v_i]
          and balance + p_amounts[v_i] >= 0
        returning id, balance)
    select u.id, u.balance, (
        select jsonb_build_object(
            'cash', coalesce(max(case when x.id = u.id then u.balance else x.balance end)
              filter (where x.kind = 'cash'), 0),
            'bonus', coalesce(max(case when x.id = u.id then u.balance else x.balance end)
              filter (where x.kind = 'bonus'), 0),
            'pending', coalesce(max(case when x.id = u.id then u.balance else x.balance end)
              filter (where x.kind = 'pending'), 0))
          from ledger_accounts x where x.tenant_id = p_tenant and x.user_id = p_user),
        -- With two legs, the other one is a system account: its id, for the entries below.
        case when cardinality(p_users) = 2 then (select s.id from ledger_accounts s
          where s.tenant_id = p_tenant and s.user_id is null and s.kind = p_kinds[3 - v_i]) end
      into v_id, v_balance, v_bal, v_sys
      from u;
    if v_id is null then
      select t.id, t.result || jsonb_build_object('transaction_id', t.id), t.request_hash
        into tx_id, result, stored_hash
        from ledger_transactions t where t.tenant_id = p_tenant and t.idempotency_key = p_key;
      if tx_id is not null then
        status := 'replay';
        return;
      end if;
      if not exists (select 1 from ledger_accounts where tenant_id = p_tenant and user_id = p_users[v_i]) then
        raise exception 'no such player account' using errcode = 'SR404';
      end if;
      status := 'insufficient';
      return;
    end if;
    if v_sys is not null then
      if p_type in ('bet', 'box') then
        v_wager := greatest(0, -p_amounts[v_i]);
      elsif p_type = 'refund' and p_kinds[3 - v_i] = 'house' then
        v_wager := -greatest(0, p_amounts[v_i]);
      end if;
      -- The most common movement of all (a player and a system account): the transaction row, its two entries and
      -- the wager counter in one statement (none of them when the key exists).
      with t as (
        insert into ledger_transactions (tenant_id, user_id, type, reference, idempotency_key, request_hash,
            result, metadata, reverses_id)
          values (p_tenant, p_user, p_type, p_reference, p_key, p_hash,
            coalesce(p_extra, '{}') || jsonb_build_object('balance', v_bal), coalesce(p_metadata, '{}'),
            p_reverses)
          on conflict (tenant_id, idempotency_key) do nothing
          returning ledger_transactions.id, ledger_transactions.result),
      e as (
        insert into ledger_entries (transaction_id, account_id, amount, balance_after)
          select t.id, x.acc, x.amt, x.bal from t, (values
              (1, case when v_i = 1 then v_id else v_sys end, p_amounts[1], case when v_i = 1 then v_balance end),
              (2, case when v_i = 2 then v_id else v_sys end, p_amounts[2], case when v_i = 2 then v_balance end))
              as x(n, acc, amt, bal)
            order by x.n),
      w as (
        update player_wagers x set total_bet = greatest(0, x.total_bet + v_wager) from t
          where v_wager <> 0 and x.tenant_id = p_tenant and x.user_id = p_users[v_i])
      select t.id, t.result || jsonb_build_object('transaction_id', t.id) into tx_id, result from t;
      if tx_id is null then
        -- The key exists (a replay): undo the balance change, on the row this transaction holds locked.
        update ledger_accounts set balance = balance - p_amounts[v_i] where id = v_id;
        select t.id, t.result || jsonb_build_object('transaction_id', t.id), t.request_hash
          into tx_id, result, stored_hash
          from ledger_transactions t where t.tenant_id = p_tenant and t.idempotency_key = p_key;
        status := 'replay';
        return;
      end if;
      status := 'ok';
      return;
    end if;
    m_users := array[p_users[v_i]];
    m_kinds := array[p_kinds[v_i]];
    m_ids := array[v_id];
    m_bals := array[v_balance];
    m_deltas := array[p_amounts[v_i]];
  else
    -- Several player legs: one conditional UPDATE per player account, in a fixed order (user, then cash, bonus,
    -- pending): two movements never wait on each other crosswise. Cash comes first because a single-leg stake that
    -- waited on cash and then did not fit still holds that row (the re-check locks it) when it moves on to bonus.
    for d in
      select a.u, a.k, sum(a.amt)::bigint as delta from unnest(p_users, p_kinds, p_amounts) as a(u, k, amt)
        where a.u is not null group by a.u, a.k
        order by a.u, case a.k when 'cash' then 0 when 'bonus' then 1 else 2 end
    loop
      update ledger_accounts set balance = balance + d.delta, updated_at = now()
        where tenant_id = p_tenant and user_id = d.u and kind = d.k and balance + d.delta >= 0
        returning id, balance into v_id, v_balance;
      if not found then
        select t.id, t.result || jsonb_build_object('transaction_id', t.id), t.request_hash
          into tx_id, result, stored_hash
          from ledger_transactions t where t.tenant_id = p_tenant and t.idempotency_key = p_key;
        if tx_id is not null then
          -- A replay (nothing of it may stay): the statement is undone if it already changed a balance.
          if cardinality(m_ids) = 0 then
            status := 'replay';
            return;
          end if;
          for v_i in 1 .. cardinality(m_ids) loop
            update ledger_accounts set balance = balance - m_deltas[v_i] where id = m_ids[v_i];
          end loop;
          status := 'replay';
          return;
        end if;
        if not exists (select 1 from ledger_accounts where tenant_id = p_tenant and user_id = d.u) then
          raise exception 'no such player account' using errcode = 'SR404';
        end if;
        if cardinality(m_ids) = 0 then
          status := 'insufficient';
          return;
        end if;
        raise exception 'insufficient funds' using errcode = 'SR402';
      end if;
      m_users := m_users || d.u;
      m_kinds := m_kinds || d.k;
      m_ids := m_ids || v_id;
      m_bals := m_bals || v_balance;
      m_deltas := m_deltas || d.delta;
    end loop;
    -- The player's balances right after the movement (own writes are visible; untouched accounts as committed).
    select jsonb_build_object(
        'cash', coalesce(max(x.balance) filter (where x.kind = 'cash'), 0),
        'bonus', coalesce(max(x.balance) filter (where x.kind = 'bonus'), 0),
        'pending', coalesce(max(x.balance) filter (where x.kind = 'pending'), 0))
      into v_bal
      from ledger_accounts x where x.tenant_id = p_tenant and x.user_id = p_user;
  end if;

  -- The transaction row and idempotency record, written once with its answer.
  insert into ledger_transactions (tenant_id, user_id, type, reference, idempotency_key, request_hash, result,
      metadata, reverses_id)
    values (p_tenant, p_user, p_type, p_reference, p_key, p_hash,
      coalesce(p_extra, '{}') || jsonb_build_object('balance', v_bal), coalesce(p_metadata, '{}'), p_reverses)
    on conflict (tenant_id, idempotency_key) do nothing
    returning id, ledger_transactions.result || jsonb_build_object('transaction_id', id) into tx_id, result;
  if tx_id is null then
    -- Replayed (the first movement committed meanwhile, or earlier): undo the balance changes made above, on
    -- rows this transaction holds locked, and answer the first result.
    for v_i in 1 .. cardinality(m_ids) loop
      update ledger_accounts set balance = balance - m_deltas[v_i] where id = m_ids[v_i];
    end loop;
    select t.id, t.result || jsonb_build_object('transaction_id', t.id), t.request_hash
      into tx_id, result, stored_hash
      from ledger_transactions t where t.tenant_id = p_tenant and t.idempotency_key = p_key;
    status := 'replay';
    return;
  end if;

  insert into ledger_entries (transaction_id, account_id, amount, balance_after)
    select tx_id, coalesce(m.id, (select s.id from ledger_accounts s
        where s.tenant_id = p_tenant and s.user_id is null and s.kind = a.k)), a.amt, m.bal
      from unnest(p_users, p_kinds, p_amounts) with ordinality as a(u, k, amt, ord)
        left join unnest(m_users, m_kinds, m_ids, m_bals) as m(u, k, id, bal) on m.u = a.u and m.k = a.k
      order by a.ord;
  if p_type in ('bet', 'box', 'refund') then
    select coalesce(sum(x.d), 0) into v_net from unnest(m_users, m_deltas) as x(u, d) where x.u = p_user;
    v_wager := case when p_type in ('bet', 'box') then greatest(0, -v_net)
      when 'house' = any(p_kinds) then -greatest(0, v_net) else 0 end;
    if v_wager <> 0 then
      update player_wagers set total_bet = greatest(0, total_bet + v_wager)
        where tenant_id = p_tenant and user_id = p_user;
    end if;
  end if;
  status := 'ok';
end $$;
