-- The providers' seamless wallet: a batch of provider calls as ONE statement. The checks of every call are read
-- together, then the batch is written in its order (tenant, then player): the claims of the transaction ids here,
-- the rounds through the casino (casino_rounds_batch), the money through the ledger (ledger_post_batch), the
-- settled-round events. Only plain successes are done here, each writing exactly what its own providers_bet_call /
-- providers_win_call would; every other call gets no row and the server runs it alone. If a concurrent call changed
-- what the checks read, the casino's or the ledger's part raises SR412 and nothing of the batch is written.

create or replace function providers_calls(p_calls jsonb)
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
  -- What each call's checks read, as providers_bet_open / providers_win_open read it: the session by its token, its game
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
  -- The rest of what a plain success needs: the player (self-exclusion; responsible-gaming rules, whose stakes and
  -- wins each go through their own statement and rg_play), the cash balance, the round.
  r as (
    select a.*, coalesce(u.blocked, true) as blocked, rg.ruled, cash.balance as cash, rd.id as rpk,
        rd.user_id as ruser, rd.status as rstatus, rd.game_id as rgame, rd.win_total as rwin, rd.bonus as rbonus
      from a
        left join lateral (select coalesce(x.self_exclusion_end > now(), false) as blocked from users x
            where x.tenant_id = a.tenant and x.id = a.uid offset 0) u on true
        left join lateral (select true as ruled from rg_players x
            where x.tenant_id = a.tenant and x.user_id = a.uid offset 0) rg on true
        left join lateral (select x.balance from ledger_accounts x
            where x.tenant_id = a.tenant and x.user_id = a.uid and x.kind = 'cash' offset 0) cash on true
        left join lateral (select x.id, x.user_id, x.status, x.game_id, x.win_total, x.bonus_staked as bonus
            from casino_rounds x
            where x.tenant_id = a.tenant and x.provider_id = a.provider and x.round_id = a.round offset 0) rd on true
      where a.early is null
  ),
  -- The calls done here: a plain success by what the checks read. A stake here opens its round and is all from
-- cash; a win on a round whose stakes took bonus money is left to its own statement (it follows the stakes).
  f0 as (
    select r.* from r
      where r.nth_player = 1 and r.nth_tx = 1 and r.nth_round = 1 and r.amount > 0 and r.cash is not null
        and r.ruled is null
        and case r.op
          when 'bet' then not r.expired and not r.blocked and r.rpk is null and r.cash >= r.amount
          when 'win' then r.rpk is not null and r.ruser = r.uid and r.rstatus = 'open'
            and r.rwin + r.amount <= r.cap and r.rbonus is null
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
    select f0.*, 'casino:' || f0.provider || ':' || f0.tx as wkey, 'round:' || f0.code || ':' || f0.round as ref
      from f0 join claim k on k.tenant_id = f0.tenant and k.provider_id = f0.provider and k.tx_id = f0.tx
      order by f0.ord
  ),
  -- A stake opens its round; a win adds to its round, and closes it when the provider says so (the casino's).
  rounds as (
    select x.n, x.round_pk, x.bet_total, x.win_total
      from casino_rounds_batch(coalesce((select jsonb_agg(jsonb_build_object('n', f.ord, 'op', f.op,
          'tenant', f.tenant, 'provider', f.provider, 'round', f.round, 'user_id', f.uid, 'game', f.sgame,
          'amount', f.amount, 'closed', f.closed, 'round_pk', f.rpk, 'round_status', f.rstatus, 'cap', f.cap)
          order by f.ord) from f), '[]'::jsonb)) x
  ),
  -- The money, once the rounds are written (the order every provider call takes its locks in): a stake from the
  -- player's cash to the house (as ledger.debitBet where the game takes bonus money, else ledger.debit), a win the
  -- other way (ledger.creditWin), under the keys and references of the single calls.
  money as (
    select x.n, x.result
      from ledger_post_batch(coalesce((select jsonb_agg(jsonb_build_object('n', f.ord, 'tenant', f.tenant,
          'user_id', f.uid, 'type', f.op,
          'op', case when f.op = 'win' then 'credit' when f.bonus then 'debit_bet' else 'debit' end,
          'ref', f.ref, 'key', f.wkey, 'amount', f.amount, 'counter', 'house',
          'metadata', jsonb_strip_nulls(jsonb_build_object('provider', f.code,
            'game_id', case when f.op = 'bet' then f.sgame else f.rgame end, 'round_id', f.round)))
          order by f.ord) from f join rounds w on w.n = f.ord), '[]'::jsonb)) x
  ),
  -- A round closed by its win is one settled-round event, as providers_win_open writes it.
  events as (
    insert into event_log (tenant_id, user_id, name, payload)
      select f.tenant, f.uid, 'casino.round_settled', jsonb_build_object('provider', f.code, 'round_id', f.round,
          'transaction', f.tx, 'game_id', f.rgame, 'game', f.title, 'user_id', f.uid, 'bet', x.bet_total,
          'win', x.win_total,
          'multiplier', case when x.bet_total > 0 then round(x.win_total::numeric / x.bet_total, 2) else 0 end)
        from f join rounds x on x.n = f.ord
        where f.op = 'win' and f.closed and f.rstatus = 'open'
        order by f.ord
  )
  select a.ord, a.early, case when a.early <> 'no_session' then a.uid end,
      case when a.early <> 'no_session' then a.bonus end, null::jsonb, null::jsonb, null::text
    from a where a.early is not null
  union all
  select f.ord, 'ok', f.uid, f.bonus, null::jsonb, m.result, null::text
    from f join money m on m.n = f.ord;
end $$;
