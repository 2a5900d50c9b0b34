-- Sportsbook (modules/sports/betting/place.ts): a whole bet placement in one statement. The Idempotency-Key looked
-- up; the slip's outcomes checked against the player's odds setting (at this statement's snapshot: a price change
-- committed meanwhile comes after the bet, which never reads it again); the tenant's stake and payout limits; the bet row (claiming the key); the stake through
-- responsible gaming (rg_play) and the ledger's function, with the key, reference and request hash ledger.debitBet
-- would use; the legs; the book's exposure per outcome in id order, refused past the market limit; and the
-- sports.bet_placed event of a bet open at once. A refusal before any write answers status 'refused' with the reason
-- and the slip position; one after (responsible gaming RG422, the balance SR402, the limit SL422, the key taken by a
-- concurrent request SR200) undoes the statement.

create or replace function sports_place_bet(p_tenant bigint, p_user bigint, p_key text, p_hash text,
    p_outcomes bigint[], p_seen integer[], p_stake bigint, p_accept text, p_stale_secs double precision,
    out status text, out reason text, out idx integer, out current_odds integer, out max_stake bigint,
    out bet_id bigint, out bet_status text, out total_odds bigint, out potential bigint, out placed_at timestamptz,
    out cash bigint, out bonus bigint, out legs jsonb, out stored_hash text, out response jsonb)
  language plpgsql
  set plan_cache_mode = force_generic_plan
  as $$
#variable_conflict use_variable
declare
  s record;
  r record;
  v_n integer := array_length(p_outcomes, 1);
  v_events bigint[] := '{}';
  v_markets bigint[] := '{}';
  v_taken integer[] := '{}';
  v_live boolean[] := '{}';
  v_any_live boolean := false;
  v_prod numeric := 1;
  v_win numeric;
  v_odds integer;
  v_rg text;
  v_ref text;
  v_over boolean;
  v_found bigint;
begin
  select b.request_hash, b.response, b.id into stored_hash, response, bet_id
    from sports_bets b where b.tenant_id = p_tenant and b.user_id = p_user and b.idempotency_key = p_key;
  if bet_id is not null then
    status := 'replay';
    return;
  end if;

  select coalesce(t.min_stake, 100) as min_stake, coalesce(t.max_stake, 500000) as max_stake,
      coalesce(t.max_payout, 10000000) as max_payout, coalesce(t.market_liability, 5000000) as market_liability,
      coalesce(t.live_delay_ms, 5000) as live_delay_ms
    into s from (select 1) d left join sports_settings t on t.tenant_id = p_tenant;
  status := 'refused';
  if p_stake < s.min_stake then
    reason := 'min_stake'; max_stake := s.min_stake; return;
  elsif p_stake > s.max_stake then
    reason := 'max_stake'; max_stake := s.max_stake; return;
  end if;

  legs := '[]';
  for r in
    select u.n::integer as n, u.oid, o.id as outcome_id, o.code, o.odds, o.active, m.id as market_id, m.kind,
        m.specifiers, m.status as market_status, e.id as event_id, e.status as event_status, e.starts_at,
        e.starts_at <= now() as started, coalesce(e.bet_stop_until > now(), false) as bet_stop,
        coalesce(e.status = 'live' and e.heartbeat_at < now() - make_interval(secs => p_stale_secs), false) as stale,
        h.name as home, a.name as away, e.score_home, e.score_away, e.result_home, e.result_away
      from unnest(p_outcomes) with ordinality as u(oid, n)
      left join sports_outcomes o on o.id = u.oid and o.tenant_id = p_tenant
      left join sports_markets m on m.id = o.market_id
      left join sports_events e on e.id = m.event_id
      left join sports_competitors h on h.id = e.home_id
      left join sports_competitors a on a.id = e.away_id
      order by u.n
  loop
    idx := r.n - 1;
    if r.outcome_id is null then
      reason := 'not_found'; return;
    elsif r.event_id = any(v_events) then
      reason := 'same_event'; return;
    elsif r.event_status not in ('live', 'not_started') then
      reason := 'closed'; return;
    elsif r.bet_stop then
      reason := 'bet_stop'; return;
    elsif r.stale then
      reason := 'feed_down'; return;
    elsif r.market_status <> 'active' or not r.active or r.odds is null then
      reason := 'suspended'; return;
    elsif r.event_status = 'not_started' and r.started then
      reason := 'started'; return;
    end if;
    v_odds := case
      when p_accept = 'any' then r.odds
      when p_accept = 'higher' and r.odds >= p_seen[r.n] then r.odds
      when p_accept = 'none' and r.odds = p_seen[r.n] then r.odds
    end;
    if v_odds is null then
      reason := 'odds_changed'; current_odds := r.odds; return;
    end if;
    v_events := v_events || r.event_id;
    v_markets := v_markets || r.market_id;
    v_taken := v_taken || v_odds;
    v_live := v_live || (r.event_status = 'live');
    v_any_live := v_any_live or r.event_status = 'live';
    v_prod := v_prod * v_odds;
    legs := legs || jsonb_build_object('outcome_id', r.outcome_id, 'event_id', r.event_id, 'market_id', r.market_id,
      'code', r.code, 'kind', r.kind, 'specifiers', r.specifiers, 'home', r.home, 'away', r.away,
      'starts_at', r.starts_at, 'event_status', r.event_status, 'score_home', r.score_home,
      'score_away', r.score_away, 'result_home', r.result_home, 'result_away', r.result_away, 'taken', v_odds,
      'live', r.event_status = 'live', 'result', null);
  end loop;
  idx := null;

  -- Exact: the product of the legs' odds, rounded down once (as pricing/settle.ts pays it).
  -- The cap first, in numeric: 20 long prices multiply past any bigint.
  v_win := floor(p_stake * v_prod / (10000::numeric ^ v_n));
  if v_win > s.max_payout then
    max_stake := floor(s.max_payout * (10000::numeric ^ v_n) / v_prod);
    -- Not even the minimum stake fits: the slip itself is too long a price.
    reason := case when max_stake < s.min_stake then 'odds_too_long' else 'max_payout' end;
    potential := s.max_payout;
    return;
  end if;
  potential := v_win;
  total_odds := floor(v_prod / (10000::numeric ^ (v_n - 1)));
  bet_status := case when v_any_live and s.live_delay_ms > 0 then 'pending' else 'open' end;

  -- The bet's id first: the stake's ledger keys name it, and the bet row goes in with its whole answer.
  bet_id := nextval('sports_bets_id_seq');
  placed_at := now();
  v_rg := rg_play(p_tenant, p_user, p_stake, 0);
  if v_rg is not null then
    raise exception 'responsible gaming refused the stake: %', v_rg using errcode = 'RG422';
  end if;
  v_ref := 'sports:bet:' || bet_id;
  r := ledger_debit_bet(p_tenant, p_user, 'bet', v_ref, v_ref || ':stake',
    ledger_request_hash(p_user, 'bet', v_ref, null, '["debitBet",' || p_stake || ']'),
    jsonb_build_object('legs', v_n, 'live', v_any_live), 'house', p_stake);
  if r.status = 'insufficient' then
    raise exception 'insufficient funds' using errcode = 'SR402';
  elsif r.status <> 'ok' then
    raise exception 'idempotency key % already used', v_ref || ':stake' using errcode = 'SR409';
  end if;
  cash := (r.result -> 'balance' ->> 'cash')::bigint;
  bonus := (r.result -> 'balance' ->> 'bonus')::bigint;

  -- With the figures of the answer, for a replay of the key (the names are the catalog's). The key taken meanwhile
  -- by another request with it: this whole statement is undone (SR200) and that bet's answer is the answer.
  insert into sports_bets as b (id, tenant_id, user_id, idempotency_key, request_hash, response, kind, stake,
      original_stake, odds, potential_payout, payout_cap, accept_odds, status, live, placed_at, accept_at)
    overriding system value
    values (bet_id, p_tenant, p_user, p_key, p_hash, jsonb_build_object('status', bet_status, 'odds', total_odds,
        'potential', potential, 'placed_at', placed_at, 'balance', cash, 'bonus', bonus,
        'legs', (select jsonb_agg(jsonb_build_object('outcome_id', l -> 'outcome_id', 'taken', l -> 'taken',
          'live', l -> 'live', 'score_home', l -> 'score_home', 'score_away', l -> 'score_away',
          'event_status', l -> 'event_status')) from jsonb_array_elements(legs) as l)),
      case when v_n = 1 then 'single' else 'multiple' end, p_stake, p_stake, total_odds, potential, s.max_payout,
      p_accept, bet_status, v_any_live, placed_at,
      case when bet_status = 'pending' then now() + make_interval(secs => s.live_delay_ms / 1000.0) end)
    on conflict (tenant_id, user_id, idempotency_key) do nothing
    returning b.id into v_found;
  if v_found is null then
    raise exception 'idempotency key % was used before', p_key using errcode = 'SR200';
  end if;

  insert into sports_bet_legs (bet_id, tenant_id, event_id, market_id, outcome_id, odds, live)
    select bet_id, p_tenant, v_events[i], v_markets[i], p_outcomes[i], v_taken[i], v_live[i]
      from generate_subscripts(p_outcomes, 1) as i;

  -- Last, so the exposure rows (where concurrent bets on one market meet) are held for the shortest time.
  with up as (
    insert into sports_exposure as x (outcome_id, tenant_id, market_id, liability, stakes, bets)
      select o, p_tenant, m, greatest(potential - p_stake, 0), p_stake, 1
        from unnest(p_outcomes, v_markets) as u(o, m) order by o
      on conflict (outcome_id) do update set liability = x.liability + excluded.liability,
        stakes = x.stakes + excluded.stakes, bets = x.bets + excluded.bets
      returning x.liability)
  select coalesce(bool_or(up.liability > s.market_liability), false) into v_over from up;
  if v_over and potential > p_stake then
    raise exception 'market liability limit' using errcode = 'SL422';
  end if;

  if bet_status = 'open' then
    insert into event_log (tenant_id, user_id, name, payload)
      values (p_tenant, p_user, 'sports.bet_placed', jsonb_build_object('bet_id', bet_id, 'stake', p_stake,
        'odds', total_odds, 'legs', v_n, 'live', v_any_live));
  end if;
  status := 'ok';
end $$;
