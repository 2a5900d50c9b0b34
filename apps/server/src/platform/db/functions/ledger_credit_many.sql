-- Money: this function belongs to the ledger module (modules/ledger); other modules reach it through its API.
-- Many credits into players' cash from a system account in one statement (a sports event's settlement pays
-- thousands of bets at once), each booked exactly as ledger.creditWin books it alone: the same transaction row,
-- answer, request hash (p_moves carries it, computed by the TypeScript API) and two entries. Unlike
-- ledger_post_batch a player may have many moves: their cash row is updated once by the sum, and each entry's
-- balance_after and each answer's balance is the running balance in the moves' order. p_moves is a JSON array of
-- {n, tenant, user_id, type, ref, key, hash, metadata, amount, counter, stake_key}; stake_key (optional) names the
-- stake the credit pays for: when that stake took bonus money, the credit follows it through ledger_credit_win as
-- creditWin with `stake` does (and that player's other credits of the batch go the same way, in order). A key that exists is a replay: nothing is booked for it
-- and its stored answer and hash come back (status 'replay'); the caller compares hashes. A refund from the house
-- (a stake given back) takes its amount off the player's total_bet, as ledger_post does.
-- Every player's cash row is locked first, in id order, so the running balances cannot race another movement.

create or replace function ledger_credit_many(p_moves jsonb)
  returns table (n bigint, status text, tx_id bigint, result jsonb, stored_hash text)
  language plpgsql
  as $$
declare
  r record;
  w record;
  v_fresh bigint;
  v_booked bigint;
begin
  perform 1 from ledger_accounts a
    where a.kind = 'cash' and (a.tenant_id, a.user_id) in (
      select x.tenant, x.user_id from jsonb_to_recordset(p_moves) as x(tenant bigint, user_id bigint))
    order by a.id
    for update;

  -- Replays first: a key booked before (by an earlier batch or a single credit) books nothing again.
  return query
    select x.n, 'replay'::text, t.id, t.result || jsonb_build_object('transaction_id', t.id), t.request_hash
      from jsonb_to_recordset(p_moves) as x(n bigint, tenant bigint, key text)
        join ledger_transactions t on t.tenant_id = x.tenant and t.idempotency_key = x.key
      order by x.n;

  -- A player with a credit that follows a stake which took bonus money: all their credits one at a time, in order,
  -- exactly as creditWin books them (each answer's balances are then what the single calls would answer).
  for w in
    with x as (
      select x.* from jsonb_to_recordset(p_moves) as x(n bigint, tenant bigint, user_id bigint, type text, ref text,
          key text, hash text, metadata jsonb, amount bigint, counter text, stake_key text)
        where not exists (select 1 from ledger_transactions t
          where t.tenant_id = x.tenant and t.idempotency_key = x.key)
    )
    select x.* from x
      where (x.tenant, x.user_id) in (select y.tenant, y.user_id from x y
          join ledger_transactions s on s.tenant_id = y.tenant and s.idempotency_key = y.stake_key
          where coalesce((s.result -> 'debited' ->> 'bonus')::bigint, 0) > 0)
      order by x.n
  loop
    r := ledger_credit_win(w.tenant, w.user_id, w.type, w.ref, w.key, w.hash, w.metadata, w.counter, w.amount,
      null, null, null, w.stake_key);
    n := w.n; status := r.status; tx_id := r.tx_id; result := r.result; stored_hash := r.stored_hash;
    return next;
  end loop;

  -- Everyone else's in one statement.
  select count(*) into v_fresh
    from jsonb_to_recordset(p_moves) as x(tenant bigint, key text, stake_key text)
    where not exists (select 1 from ledger_transactions t where t.tenant_id = x.tenant and t.idempotency_key = x.key);
  if v_fresh = 0 then
    return;
  end if;
  return query
  with x as (
    select x.*, acc.id as acc, acc.balance as cash0, sys.id as sys, coalesce(bonus.balance, 0) as bonus,
        coalesce(pending.balance, 0) as pending
      from jsonb_to_recordset(p_moves) as x(n bigint, tenant bigint, user_id bigint, type text, ref text, key text,
          hash text, metadata jsonb, amount bigint, counter text, stake_key text)
        left join ledger_accounts acc on acc.tenant_id = x.tenant and acc.user_id = x.user_id and acc.kind = 'cash'
        left join ledger_accounts sys on sys.tenant_id = x.tenant and sys.user_id is null and sys.kind = x.counter
        left join ledger_accounts bonus
          on bonus.tenant_id = x.tenant and bonus.user_id = x.user_id and bonus.kind = 'bonus'
        left join ledger_accounts pending
          on pending.tenant_id = x.tenant and pending.user_id = x.user_id and pending.kind = 'pending'
      where not exists (select 1 from ledger_transactions t where t.tenant_id = x.tenant and t.idempotency_key = x.key)
  ),
  run as (
    select x.*, x.cash0 + sum(x.amount) over (partition by x.acc order by x.n) as cash_after,
        sum(x.amount) over (partition by x.acc) as total
      from x
  ),
  moved as (
    update ledger_accounts a set balance = a.balance + t.total, updated_at = now()
      from (select distinct run.acc, run.total from run) t
      where a.id = t.acc
      returning a.id
  ),
  booked as (
    insert into ledger_transactions (tenant_id, user_id, type, reference, idempotency_key, request_hash, result,
        metadata, reverses_id)
      select run.tenant, run.user_id, run.type, run.ref, run.key, run.hash,
          jsonb_build_object('balance', jsonb_build_object('cash', run.cash_after, 'bonus', run.bonus,
            'pending', run.pending)),
          coalesce(run.metadata, '{}'::jsonb), null
        from run order by run.n
      on conflict (tenant_id, idempotency_key) do nothing
      returning ledger_transactions.id, ledger_transactions.tenant_id, ledger_transactions.idempotency_key,
        ledger_transactions.result
  ),
  entries as (
    insert into ledger_entries (transaction_id, account_id, amount, balance_after)
      select b.id, leg.acc, leg.amount, leg.bal
        from run
          join booked b on b.tenant_id = run.tenant and b.idempotency_key = run.key
          cross join lateral (values (1, run.sys, -run.amount, null::bigint),
            (2, run.acc, run.amount, run.cash_after)) as leg(k, acc, amount, bal)
        order by run.n, leg.k
      returning ledger_entries.transaction_id
  ),
  wagered as (
    update player_wagers pw set total_bet = greatest(0, pw.total_bet - g.amount)
      from (select run.tenant, run.user_id, sum(run.amount) as amount from run
          join booked b on b.tenant_id = run.tenant and b.idempotency_key = run.key
          where run.type = 'refund' and run.counter = 'house' group by run.tenant, run.user_id) g
      where pw.tenant_id = g.tenant and pw.user_id = g.user_id
      returning pw.user_id
  ),
  checked as (
    select (select count(*) from run where run.acc is null or run.sys is null) as missing,
        (select count(*) from booked) as booked, (select count(*) from entries) as entries,
        (select count(*) from moved) as moved, (select count(*) from wagered) as wagered
  )
  select run.n, 'ok'::text, b.id, b.result || jsonb_build_object('transaction_id', b.id), null::text
    from run join booked b on b.tenant_id = run.tenant and b.idempotency_key = run.key
    where (select c.missing = 0 and c.entries = 2 * c.booked from checked c)
    order by run.n;
  get diagnostics v_booked = row_count;
  if v_booked <> v_fresh then
    if exists (select 1 from jsonb_to_recordset(p_moves) as x(tenant bigint, user_id bigint)
        where not exists (select 1 from ledger_accounts a
          where a.tenant_id = x.tenant and a.user_id = x.user_id and a.kind = 'cash')) then
      raise exception 'no such player account' using errcode = 'SR404';
    end if;
    raise exception 'ledger_credit_many: a key was booked twice or an account is missing' using errcode = 'SR412';
  end if;
end $$;
