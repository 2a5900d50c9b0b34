-- Ledger throughput (issues 4, 6, 7). Profiling the wallet pair (debit + credit of one round) on PostgreSQL showed
-- four costs that do not buy any safety, and this migration removes them. The rules stay as they were: one
-- conditional UPDATE per player balance change, entries summing to zero, a required idempotency key whose replay
-- answers the first result, append-only entries.
--
-- 1. Foreign keys onto hot rows. A foreign-key check locks the referenced row FOR KEY SHARE. Every ledger
--    transaction, every entry of the house account and every domain event pointed at the same few rows (the
--    tenant, its house account), so concurrent bets kept piling shared locks onto one row, which PostgreSQL tracks
--    as ever-growing multixacts: about a third of the pair's time. Those constraints go; what they guaranteed is
--    kept by other means:
--    - tenants are never deleted (a trigger refuses it: an operator is deactivated, and Brazilian law has its
--      money records kept), so a tenant_id can never dangle;
--    - ledger accounts and transactions are never deleted either (triggers refuse it), and entries are written
--      only by ledger_post below, which takes the account ids from ledger_accounts and the transaction id from
--      its own INSERT in the same statement;
--    - ledger:check (modules/wallet/ledger.ts checkLedger) reports any entry whose transaction or account is
--      missing, beside the sums it already checks.
--    The foreign key of player accounts onto users goes too: a round's debit and credit update the same account
--    row in one transaction, and PostgreSQL re-checks the key of a row version its own transaction wrote, locking
--    the player's users row and writing that lock (about 15% of the pair). Accounts are opened only by the
--    trigger on users INSERT, their user_id never changes, and players are never deleted (a trigger refuses
--    it: an account is closed or anonymised, its money records are kept).
-- 2. Re-planning. PL/pgSQL caches each statement's plan, but a plan with parameters is re-planned for every call
--    while the planner judges a custom plan cheaper; these statements all look rows up by key, so the hot
--    functions force the generic plan.
-- 3. A second write of each transaction row. The idempotency claim used to be inserted first and its answer
--    written by an UPDATE at the end. Now the balance changes come first and the transaction row is inserted
--    once, answer included, ON CONFLICT DO NOTHING. A conflict means a replay: the balance changes just made are
--    undone on the rows this transaction already holds locked, and the first answer is returned. A replay whose
--    balance change does not fit is told apart from a real shortfall by looking the key up before answering
--    'insufficient'. Concurrent duplicates still take turns (on the player's account row instead of the unique
--    index) and the later one replays.

-- 4. Index writes on entries. Each entry updated three indexes: its id, its transaction and (account, id). Entries
--    are read by transaction (a movement's legs, the transactions list, reversals), never by id, and by account
--    only in whole-ledger sums (ledger:check scans anyway; a player's history goes through their transactions).
--    One index remains: the primary key (transaction_id, id), which serves every read by transaction in leg order.

alter table ledger_entries drop constraint ledger_entries_pkey;
alter table ledger_entries add primary key (transaction_id, id);
drop index ledger_entries_tx;
drop index ledger_entries_account;

alter table ledger_transactions drop constraint ledger_transactions_tenant_id_fkey;
alter table ledger_accounts drop constraint ledger_accounts_tenant_id_fkey;
alter table ledger_entries drop constraint ledger_entries_account_id_fkey;
alter table ledger_entries drop constraint ledger_entries_transaction_id_fkey;
alter table ledger_accounts drop constraint ledger_accounts_tenant_id_user_id_fkey;
alter table domain_events drop constraint domain_events_tenant_id_fkey;

create function ledger_never_delete() returns trigger language plpgsql as $$
begin
  raise exception '% rows are kept: they are never deleted', tg_table_name using errcode = 'SR403';
end $$;
create trigger tenants_never_deleted before delete on tenants
  for each row execute function ledger_never_delete();
create trigger users_never_deleted before delete on users
  for each row execute function ledger_never_delete();
create trigger ledger_accounts_never_deleted before delete on ledger_accounts
  for each row execute function ledger_never_delete();
create trigger ledger_transactions_never_deleted before delete on ledger_transactions
  for each row execute function ledger_never_delete();

-- One double-entry movement inside the caller's transaction. Legs are parallel arrays (user id or null for a
-- system account, account kind, amount). p_tx is no longer used (the claim is the last write now; it must be
-- null). status:
--   ok            booked; result is the answer (transaction_id, balance, p_extra's fields)
--   replay        the key exists: result and stored_hash are the earlier movement's (the caller compares hashes)
--   insufficient  the FIRST player balance change did not fit and the key is unknown: nothing was written, the
--                 caller may try other legs or throw
-- A later balance change that does not fit raises SR402 (the whole statement is undone).
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
      -- The most common movement of all (a player and a system account): the transaction row and its two entries
      -- in one statement (no entries when the key exists).
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
            order by x.n)
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
    -- Several player legs: one conditional UPDATE per player account, in a fixed order (user, then bonus, cash,
    -- pending): two movements never wait on each other crosswise.
    for d in
      select a.u, a.k, sum(a.amt)::bigint as delta from unnest(p_users, p_kinds, p_amounts) as a(u, k, amt)
        where a.u is not null group by a.u, a.k
        order by a.u, case a.k when 'bonus' then 0 when 'cash' then 1 else 2 end
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
  status := 'ok';
end $$;

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
  perform 1 from ledger_accounts where tenant_id = p_tenant and user_id = p_user and kind in ('bonus', 'cash')
    order by kind for update;
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

-- The other hot-path functions look rows up by key too: generic plans for them as well (point 2 above).
alter function originals_place_bet(bigint, bigint, text, text, text, bigint, bigint, bigint, bigint, bigint, jsonb,
  jsonb, jsonb, jsonb, jsonb) set plan_cache_mode = force_generic_plan;
alter function casino_bet_open(bigint, bigint, text, text, text, text, text, bigint)
  set plan_cache_mode = force_generic_plan;
alter function casino_win_open(bigint, bigint, text, text, text, text, text, bigint, boolean)
  set plan_cache_mode = force_generic_plan;

-- ledger_request_hash was declared immutable, but convert_to is only stable, so PostgreSQL never inlined it: every
-- call ran as its own SQL-function execution (about 5% of an Originals bet). Stable is what it is, and it inlines.
alter function ledger_request_hash(bigint, text, text, bigint, text) stable;
