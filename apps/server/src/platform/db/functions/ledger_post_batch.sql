-- Money: this function belongs to the ledger module (modules/ledger); other modules reach it through its API.
-- Many movements between a player's cash and a system account in one statement (providers_calls books a batch of
-- provider calls with it), each written exactly as ledger_post would write it, under its own idempotency key and
-- request hash as the TypeScript API computes them. p_moves is a JSON array of
-- {n, tenant, user_id, type, op, ref, key, metadata, amount, counter}, at most one move per player, where op is
--   debit_bet  ledger.debitBet paid all from cash (its answer says so in `debited`)
--   debit      ledger.debit from cash to the counter account
--   credit     ledger.credit (creditWin) from the counter account into cash
-- Every move is booked or none is: one that cash does not cover, or whose key exists, raises SR412 and the caller's
-- statement is undone (the caller read the balances before, so that means a concurrent movement got in between).
-- A booked stake (type bet) adds to the player's total_bet, as ledger_post does. Answers each move's transaction id
-- and stored answer.

create or replace function ledger_post_batch(p_moves jsonb)
  returns table (n bigint, tx_id bigint, result jsonb)
  language plpgsql
  set plan_cache_mode = force_generic_plan
  -- Every read and write below is by key, one move at a time, in the batch's order: nested loops over index
  -- lookups, whatever the estimates of a batch's size (a generic plan does not know it).
  set enable_hashjoin = off
  set enable_mergejoin = off
  as $$
declare
  v_done bigint;
begin
  return query
  with c as (
    select x.*, case when x.op = 'credit' then x.amount else -x.amount end as delta, acc.id as acc, sys.id as sys,
        coalesce(bonus.balance, 0) as bonus, coalesce(pending.balance, 0) as pending
      from jsonb_to_recordset(p_moves) as x(n bigint, tenant bigint, user_id bigint, type text, op text, ref text,
          key text, metadata jsonb, amount bigint, counter text)
        left join lateral (select a.id from ledger_accounts a
            where a.tenant_id = x.tenant and a.user_id = x.user_id and a.kind = 'cash' offset 0) acc on true
        left join lateral (select a.id from ledger_accounts a
            where a.tenant_id = x.tenant and a.user_id is null and a.kind = x.counter offset 0) sys on true
        left join lateral (select a.balance from ledger_accounts a
            where a.tenant_id = x.tenant and a.user_id = x.user_id and a.kind = 'bonus' offset 0) bonus on true
        left join lateral (select a.balance from ledger_accounts a
            where a.tenant_id = x.tenant and a.user_id = x.user_id and a.kind = 'pending' offset 0) pending on true
      where x.amount > 0 and x.op in ('debit_bet', 'debit', 'credit')
      order by x.n
  ),
  -- One conditional update of each player's cash (it never goes below zero).
  moved as (
    update ledger_accounts a set balance = a.balance + c.delta, updated_at = now()
      from c where a.id = c.acc and a.balance + c.delta >= 0
      returning a.id, a.balance
  ),
  -- The transaction of each movement, its answer stored for replays.
  booked as (
    insert into ledger_transactions (tenant_id, user_id, type, reference, idempotency_key, request_hash, result,
        metadata, reverses_id)
      select c.tenant, c.user_id, c.type, c.ref, c.key,
          ledger_request_hash(c.user_id, c.type, c.ref, null, case c.op
            when 'credit' then '[["system",' || to_json(c.counter)::text || ',' || -c.amount || '],['
              || c.user_id || ',"cash",' || c.amount || ']]'
            when 'debit_bet' then '["debitBet",' || c.amount || ']'
            else '[[' || c.user_id || ',"cash",' || -c.amount || '],["system",' || to_json(c.counter)::text || ','
              || c.amount || ']]'
          end),
          case when c.op = 'debit_bet'
            then jsonb_build_object('debited', jsonb_build_object('cash', c.amount, 'bonus', 0))
            else '{}'::jsonb
          end || jsonb_build_object('balance', jsonb_build_object('cash', m.balance, 'bonus', c.bonus,
            'pending', c.pending)),
          coalesce(c.metadata, '{}'::jsonb), null
        from c join moved m on m.id = c.acc
        order by c.n
      on conflict (tenant_id, idempotency_key) do nothing
      returning ledger_transactions.id, ledger_transactions.tenant_id, ledger_transactions.idempotency_key,
        ledger_transactions.result
  ),
  -- Its two entries, in the legs' order: a debit from the player's cash to the counter account, a credit back.
  entries as (
    insert into ledger_entries (transaction_id, account_id, amount, balance_after)
      select b.id, leg.acc, leg.amount, leg.bal
        from c
          join moved m on m.id = c.acc
          join booked b on b.tenant_id = c.tenant and b.idempotency_key = c.key
          cross join lateral (values
            (1, case when c.op = 'credit' then c.sys else c.acc end, -c.amount,
              case when c.op = 'credit' then null else m.balance end),
            (2, case when c.op = 'credit' then c.acc else c.sys end, c.amount,
              case when c.op = 'credit' then m.balance end)) as leg(k, acc, amount, bal)
        order by c.n, leg.k
      returning ledger_entries.transaction_id
  ),
  wagered as (
    update player_wagers w set total_bet = w.total_bet + c.amount
      from c join booked b on b.tenant_id = c.tenant and b.idempotency_key = c.key
      where c.type = 'bet' and c.op <> 'credit' and w.tenant_id = c.tenant and w.user_id = c.user_id
      returning w.user_id
  ),
  -- Counted in the order the writes must run (the balances, then what hangs on them), and read first below.
  counted as (
    select (select count(*) from c) = jsonb_array_length(p_moves)
        and (select count(*) from moved) = (select count(*) from c)
        and (select count(*) from booked) = (select count(*) from c)
        and (select count(*) from entries) = 2 * (select count(*) from c)
        and (select count(*) from wagered) = (select count(*) from c where c.type = 'bet' and c.op <> 'credit')
        and (select count(*) from c where c.sys is null) = 0 as ok
  )
  select c.n, b.id, b.result || jsonb_build_object('transaction_id', b.id)
    from c join booked b on b.tenant_id = c.tenant and b.idempotency_key = c.key
    where (select k.ok from counted k)
    order by c.n;
  get diagnostics v_done = row_count;
  if v_done <> jsonb_array_length(p_moves) then
    raise exception 'ledger_post_batch: a balance or key changed after the caller''s checks read it'
      using errcode = 'SR412';
  end if;
end $$;
