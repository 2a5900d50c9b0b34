-- Money: this function belongs to the ledger module (modules/ledger); other modules reach it through its API.
-- A batch of provider calls as ONE statement: the checks of every call are read together, then each table is
-- written once for the whole batch, in the batch's order (tenant, then player). Only plain successes are done here,
-- each writing exactly what its own casino_bet_call / casino_win_call would; every other call gets no row and the
-- server runs it alone. If a concurrent call changed what the checks read, casino_calls_changed raises SR412 and
-- nothing of the batch is written.

create or replace function casino_calls(p_calls jsonb)
  returns table (n bigint, status text, user_id bigint, bonus_allowed boolean, prior jsonb, result jsonb, err text)
  language plpgsql
  set plan_cache_mode = force_generic_plan
  -- Every read below is by key, one call at a time: nested loops over index lookups, whatever the estimates of a
  -- batch's size (a generic plan does not know it).
  set enable_hashjoin = off
  set enable_mergejoin = off
  as $$
begin
  return query
  with c as (
    select k.n as ord, x.op, x.tenant, x.provider, x.code, x.token_hash, x.player, x.tx, x.round, x.amount,
        coalesce(x.closed, false) as closed
      from jsonb_array_elements(p_calls) with ordinality as k(v, n),
        jsonb_to_record(k.v) as x(op text, tenant bigint, provider bigint, code text, token_hash text, player text,
          tx text, round text, amount bigint, closed boolean)
  ),
  -- What each call's checks read, as casino_bet_open / casino_win_open read it: the session by its token, its game
  -- and the provider by their keys (lateral, OFFSET 0: one index lookup each, never a join over the catalog).
  s as (
    select c.*, gs.user_id as uid, gs.game_id as sgame, gs.demo, gs.expired, g.found as game_found, g.title,
        g.bonus_allowed as bonus, p.found as provider_found, p.enabled, p.max_single_win as cap,
        row_number() over (partition by c.tenant, gs.user_id order by c.ord) as nth_player,
        row_number() over (partition by c.tenant, c.provider, c.tx order by c.ord) as nth_tx,
        row_number() over (partition by c.tenant, c.provider, c.round order by c.ord) as nth_round
      from c
        left join lateral (select x.user_id, x.game_id, x.demo, x.expires_at <= now() as expired
            from game_sessions x
            where x.token_hash = c.token_hash and x.tenant_id = c.tenant and x.provider_id = c.provider
            offset 0) gs on true
        left join lateral (select true as found, x.title, x.bonus_allowed from games x
            where x.tenant_id = c.tenant and x.id = gs.game_id offset 0) g on true
        left join lateral (select true as found, x.enabled, x.max_single_win from game_providers x
            where x.tenant_id = c.tenant and x.id = c.provider offset 0) p on true
  ),
  -- The answer of a call that writes nothing, or null: no session (or its game or provider gone, a demo session),
  -- another player's session, the provider switched off (stakes only).
  a as (
    select s.*,
        case
          when s.uid is null or s.game_found is null or s.provider_found is null or s.demo then 'no_session'
          when s.player <> s.uid::text then 'player_mismatch'
          when s.op = 'bet' and not s.enabled then 'provider_off'
        end as early
      from s
  ),
  -- The rest of what a plain success needs: the player (self-exclusion), the balances, the round, the house.
  r as (
    select a.*, coalesce(u.blocked, true) as blocked, cash.id as acc, cash.balance as cash,
        coalesce(bonus.balance, 0) as bonus_balance, coalesce(pending.balance, 0) as pending_balance,
        house.id as house, rd.id as rpk, rd.user_id as ruser, rd.status as rstatus, rd.game_id as rgame,
        rd.win_total as rwin
      from a
        left join lateral (select coalesce(x.self_exclusion_end > now(), false) as blocked from users x
            where x.tenant_id = a.tenant and x.id = a.uid offset 0) u on true
        left join lateral (select x.id, x.balance from ledger_accounts x
            where x.tenant_id = a.tenant and x.user_id = a.uid and x.kind = 'cash' offset 0) cash on true
        left join lateral (select x.balance from ledger_accounts x
            where x.tenant_id = a.tenant and x.user_id = a.uid and x.kind = 'bonus' offset 0) bonus on true
        left join lateral (select x.balance from ledger_accounts x
            where x.tenant_id = a.tenant and x.user_id = a.uid and x.kind = 'pending' offset 0) pending on true
        left join lateral (select x.id from ledger_accounts x
            where x.tenant_id = a.tenant and x.user_id is null and x.kind = 'house' offset 0) house on true
        left join lateral (select x.id, x.user_id, x.status, x.game_id, x.win_total from casino_rounds x
            where x.tenant_id = a.tenant and x.provider_id = a.provider and x.round_id = a.round offset 0) rd on true
      where a.early is null
  ),
  -- The calls done here: a plain success by what the checks read.
  f0 as (
    select r.* from r
      where r.nth_player = 1 and r.nth_tx = 1 and r.nth_round = 1 and r.amount > 0 and r.acc is not null
        and r.house is not null
        and case r.op
          when 'bet' then not r.expired and not r.blocked and r.rpk is null and r.cash >= r.amount
          when 'win' then r.rpk is not null and r.ruser = r.uid and r.rstatus = 'open'
            and r.rwin + r.amount <= r.cap
          else false
        end
  ),
  -- The claims of their transaction ids, in the batch's order. A call whose id is already claimed is a repeat: it
  -- is skipped here, writes nothing, and is answered by its own statement.
  claim as (
    insert into provider_transactions (tenant_id, provider_id, tx_id, kind, round_id, user_id, amount, status,
        response, bonus_allowed)
      select f0.tenant, f0.provider, f0.tx, f0.op, f0.round, f0.uid, f0.amount, 'ok', '{}'::jsonb, f0.bonus
        from f0 order by f0.ord
      on conflict (tenant_id, provider_id, tx_id) do nothing
      returning provider_transactions.tenant_id, provider_transactions.provider_id, provider_transactions.tx_id
  ),
  f as (
    select f0.*, case when f0.op = 'bet' then -f0.amount else f0.amount end as delta,
        'casino:' || f0.provider || ':' || f0.tx as wkey, 'round:' || f0.code || ':' || f0.round as ref
      from f0 join claim k on k.tenant_id = f0.tenant and k.provider_id = f0.provider and k.tx_id = f0.tx
      order by f0.ord
  ),
  -- A stake opens its round.
  opened as (
    insert into casino_rounds (tenant_id, provider_id, round_id, user_id, game_id, bet_total)
      select f.tenant, f.provider, f.round, f.uid, f.sgame, f.amount from f where f.op = 'bet' order by f.ord
      on conflict (tenant_id, provider_id, round_id) do nothing
      returning casino_rounds.id
  ),
  -- A win adds to its round, and closes it when the provider says so. The round must still be open and its wins
  -- still under the cap with this one when the update gets the row (a concurrent win or close may have committed
  -- since the checks read it): else the row is skipped and the batch is undone below.
  settled as (
    update casino_rounds x set win_total = x.win_total + f.amount,
        status = case when f.closed then 'closed' else x.status end,
        closed_at = case when f.closed and x.status = 'open' then now() else x.closed_at end
      from f
      where f.op = 'win' and x.id = f.rpk and x.status = f.rstatus and x.user_id = f.uid
        and x.win_total + f.amount <= f.cap
      returning x.id, x.bet_total, x.win_total
  ),
  -- The player's total_bet grows with each stake.
  staked as (
    update users x set total_bet = x.total_bet + f.amount
      from f where f.op = 'bet' and x.tenant_id = f.tenant and x.id = f.uid
      returning x.id
  ),
  -- One conditional update of each player's cash (the wallet's rule: it never goes below zero).
  moved as (
    update ledger_accounts x set balance = x.balance + f.delta, updated_at = now()
      from f where x.id = f.acc and x.balance + f.delta >= 0
      returning x.id, x.balance
  ),
  -- The ledger's transaction of each movement, its answer stored for replays, exactly as ledger_post writes it
  -- (ledger_debit_bet's answer says what was debited when the game takes bonus money; see casino_bet_call).
  booked as (
    insert into ledger_transactions (tenant_id, user_id, type, reference, idempotency_key, request_hash, result,
        metadata, reverses_id)
      select f.tenant, f.uid, f.op, f.ref, f.wkey,
          -- The wallet's fingerprint of the movement: its legs, or debitBet's stake when bonus money may pay.
          ledger_request_hash(f.uid, f.op, f.ref, null, case
            when f.op = 'win'
              then '[["system","house",' || -f.amount || '],[' || f.uid || ',"cash",' || f.amount || ']]'
            when f.bonus then '["debitBet",' || f.amount || ']'
            else '[[' || f.uid || ',"cash",' || -f.amount || '],["system","house",' || f.amount || ']]'
          end),
          case when f.op = 'bet' and f.bonus
            then jsonb_build_object('debited', jsonb_build_object('cash', f.amount, 'bonus', 0))
            else '{}'::jsonb
          end || jsonb_build_object('balance', jsonb_build_object('cash', m.balance, 'bonus', f.bonus_balance,
            'pending', f.pending_balance)),
          jsonb_strip_nulls(jsonb_build_object('provider', f.code,
            'game_id', case when f.op = 'bet' then f.sgame else f.rgame end, 'round_id', f.round)),
          null
        from f join moved m on m.id = f.acc
        order by f.ord
      on conflict (tenant_id, idempotency_key) do nothing
      returning ledger_transactions.id, ledger_transactions.tenant_id, ledger_transactions.idempotency_key,
        ledger_transactions.result
  ),
  -- Its two entries, in the legs' order: a stake from the player's cash to the house, a win the other way.
  entries as (
    insert into ledger_entries (transaction_id, account_id, amount, balance_after)
      select b.id, leg.acc, leg.amount, leg.bal
        from f
          join moved m on m.id = f.acc
          join booked b on b.tenant_id = f.tenant and b.idempotency_key = f.wkey
          cross join lateral (values
            (1, case when f.op = 'bet' then f.acc else f.house end, -f.amount,
              case when f.op = 'bet' then m.balance end),
            (2, case when f.op = 'bet' then f.house else f.acc end, f.amount,
              case when f.op = 'win' then m.balance end)) as leg(n, acc, amount, bal)
        order by f.ord, leg.n
      returning ledger_entries.id
  ),
  -- A round closed by its win is one settled-round event, as casino_win_open writes it.
  events as (
    insert into event_log (tenant_id, user_id, name, payload)
      select f.tenant, f.uid, 'casino.round_settled', jsonb_build_object('provider', f.code, 'round_id', f.round,
          'transaction', f.tx, 'game_id', f.rgame, 'game', f.title, 'user_id', f.uid, 'bet', x.bet_total,
          'win', x.win_total,
          'multiplier', case when x.bet_total > 0 then round(x.win_total::numeric / x.bet_total, 2) else 0 end)
        from f join settled x on x.id = f.rpk
        where f.closed and f.rstatus = 'open'
        order by f.ord
      returning event_log.id
  ),
  -- Every claimed call wrote all its rows, or a concurrent call got in between the checks and the writes: then
  -- nothing of this statement stands (SR412). The writes run in the order they are counted here (the final
  -- query reads this first): claims, rounds, players, balances, as every provider call and the wallet take them.
  written as (
    select (select count(*) from f where f.op = 'bet') = (select count(*) from opened)
        and (select count(*) from f where f.op = 'win') = (select count(*) from settled)
        and (select count(*) from f where f.op = 'bet') = (select count(*) from staked)
        and (select count(*) from f) = (select count(*) from moved)
        and (select count(*) from f) = (select count(*) from booked)
        and (select count(*) from entries) = 2 * (select count(*) from f)
        and (select count(*) from events) = (select count(*) from f where f.op = 'win' and f.closed
          and f.rstatus = 'open') as ok
  )
  select a.ord, a.early, case when a.early <> 'no_session' then a.uid end,
      case when a.early <> 'no_session' then a.bonus end, null::jsonb, null::jsonb, null::text
    from a where a.early is not null
  union all
  select f.ord, 'ok', f.uid, f.bonus, null::jsonb, b.result || jsonb_build_object('transaction_id', b.id),
      null::text
    from f join booked b on b.tenant_id = f.tenant and b.idempotency_key = f.wkey
    where (select w.ok or casino_calls_changed() from written w);
end $$;
