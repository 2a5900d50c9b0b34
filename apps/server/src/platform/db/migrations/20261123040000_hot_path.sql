-- Hot paths of the wallet and of Originals' instant games as PL/pgSQL functions: each money movement is ONE round
-- trip (claim of the idempotency key, the conditional UPDATE of the player's balance, the entries and the stored
-- answer), and a whole dice bet is one statement. Nothing changes in the rules: the same tables, the same
-- idempotency records, one conditional UPDATE per player balance change, entries summing to zero (callers validate
-- the legs; ledger:check proves it), append-only entries. PL/pgSQL caches the plans of its statements per
-- connection, so the hot statements are not parsed and planned again on every call.
--
-- Errors raised here carry their own SQLSTATE so the server maps them to its AppErrors:
--   SR402 insufficient funds (after a first balance change of the same movement: the statement is undone whole)
--   SR404 no such player account

-- sha256 of the canonical request, byte for byte what modules/wallet/ledger.ts requestHash computes from
-- JSON.stringify([userId, type, reference, reversesId, fingerprint]) (fingerprint: already JSON text).
create function ledger_request_hash(p_user bigint, p_type text, p_reference text, p_reverses bigint,
    p_fingerprint text) returns text language sql immutable as $$
  select encode(sha256(convert_to('[' || coalesce(p_user::text, 'null') || ',' || to_json(p_type)::text || ','
    || to_json(p_reference)::text || ',' || coalesce(p_reverses::text, 'null') || ',' || p_fingerprint || ']',
    'UTF8')), 'hex')
$$;

-- One double-entry movement inside the caller's transaction. Legs are parallel arrays (user id or null for a
-- system account, account kind, amount). status:
--   ok            booked; result is the stored answer
--   replay        the key exists: result and stored_hash are the earlier movement's (the caller compares hashes)
--   conflict      the key exists but its row is not visible (never expected)
--   insufficient  the FIRST player balance change did not fit: nothing was written but the claim (tx_id), so the
--                 caller may book other legs under it (p_tx) or throw (its transaction rolls back)
-- A later balance change that does not fit raises SR402 (the whole statement is undone).
create function ledger_post(p_tenant bigint, p_user bigint, p_type text, p_reference text, p_key text, p_hash text,
    p_metadata jsonb, p_reverses bigint, p_extra jsonb, p_users bigint[], p_kinds text[], p_amounts bigint[],
    p_tx bigint, out status text, out tx_id bigint, out result jsonb, out stored_hash text)
  language plpgsql as $$
declare
  d record;
  v_i int;
  v_id bigint;
  v_balance bigint;
  m_users bigint[] := '{}';
  m_kinds text[] := '{}';
  m_ids bigint[] := '{}';
  m_bals bigint[] := '{}';
  v_bal jsonb := '{"cash": 0, "bonus": 0, "pending": 0}';
begin
  if p_tx is null then
    insert into ledger_transactions (tenant_id, user_id, type, reference, idempotency_key, request_hash, result,
        metadata, reverses_id)
      values (p_tenant, p_user, p_type, p_reference, p_key, p_hash, '{}', coalesce(p_metadata, '{}'), p_reverses)
      on conflict (tenant_id, idempotency_key) do nothing
      returning id into tx_id;
    if tx_id is null then
      select t.id, t.result, t.request_hash into tx_id, result, stored_hash
        from ledger_transactions t where t.tenant_id = p_tenant and t.idempotency_key = p_key;
      status := case when tx_id is null then 'conflict' else 'replay' end;
      return;
    end if;
  else
    tx_id := p_tx;
  end if;

  -- One conditional UPDATE per player account, in a fixed order (user, then bonus, cash, pending): two movements
  -- never wait on each other crosswise. The common movement (one player leg) skips the grouping query.
  if cardinality(array_remove(p_users, null)) = 1 then
    v_i := array_position(p_users, (array_remove(p_users, null))[1]);
    update ledger_accounts set balance = balance + p_amounts[v_i], updated_at = now()
      where tenant_id = p_tenant and user_id = p_users[v_i] and kind = p_kinds[v_i]
        and balance + p_amounts[v_i] >= 0
      returning id, balance into v_id, v_balance;
    if not found then
      if not exists (select 1 from ledger_accounts where tenant_id = p_tenant and user_id = p_users[v_i]) then
        raise exception 'no such player account' using errcode = 'SR404';
      end if;
      status := 'insufficient';
      return;
    end if;
    m_users := array[p_users[v_i]];
    m_kinds := array[p_kinds[v_i]];
    m_ids := array[v_id];
    m_bals := array[v_balance];
  else
    for d in
      select a.u, a.k, sum(a.amt)::bigint as delta from unnest(p_users, p_kinds, p_amounts) as a(u, k, amt)
        where a.u is not null group by a.u, a.k
        order by a.u, case a.k when 'bonus' then 0 when 'cash' then 1 else 2 end
    loop
      update ledger_accounts set balance = balance + d.delta, updated_at = now()
        where tenant_id = p_tenant and user_id = d.u and kind = d.k and balance + d.delta >= 0
        returning id, balance into v_id, v_balance;
      if not found then
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
    end loop;
  end if;

  insert into ledger_entries (transaction_id, account_id, amount, balance_after)
    select tx_id, coalesce(m.id, (select s.id from ledger_accounts s
        where s.tenant_id = p_tenant and s.user_id is null and s.kind = a.k)), a.amt, m.bal
      from unnest(p_users, p_kinds, p_amounts) with ordinality as a(u, k, amt, ord)
        left join unnest(m_users, m_kinds, m_ids, m_bals) as m(u, k, id, bal) on m.u = a.u and m.k = a.k
      order by a.ord;

  -- The player's balances right after the movement (own writes are visible; untouched accounts as committed).
  if p_user is not null then
    select jsonb_build_object(
        'cash', coalesce(max(x.balance) filter (where x.kind = 'cash'), 0),
        'bonus', coalesce(max(x.balance) filter (where x.kind = 'bonus'), 0),
        'pending', coalesce(max(x.balance) filter (where x.kind = 'pending'), 0))
      into v_bal
      from ledger_accounts x where x.tenant_id = p_tenant and x.user_id = p_user;
  end if;
  result := coalesce(p_extra, '{}') || jsonb_build_object('transaction_id', tx_id, 'balance', v_bal);
  update ledger_transactions set result = ledger_post.result where id = tx_id;
  status := 'ok';
end $$;

-- A stake: all from cash when it fits (one conditional UPDATE); otherwise both rows are locked in the ledger's
-- order and the stake is split, cash first, then bonus. status as ledger_post ('insufficient': cash + bonus short,
-- nothing written but the claim; the caller throws and rolls back).
create function ledger_debit_bet(p_tenant bigint, p_user bigint, p_type text, p_reference text, p_key text,
    p_hash text, p_metadata jsonb, p_counter text, p_amount bigint,
    out status text, out tx_id bigint, out result jsonb, out stored_hash text)
  language plpgsql as $$
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
  select * into r from ledger_post(p_tenant, p_user, p_type, p_reference, p_key, p_hash, p_metadata, null,
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
  select * into r from ledger_post(p_tenant, p_user, p_type, p_reference, p_key, p_hash, p_metadata, null,
    jsonb_build_object('debited', jsonb_build_object('cash', v_from_cash, 'bonus', v_from_bonus)),
    v_users, v_kinds, v_amounts, r.tx_id);
  status := r.status; result := r.result;
end $$;

-- One settled bet of an instant Originals game (dice, limbo, plinko, keno, slot) in ONE statement, so it needs no
-- explicit transaction: all of it commits or none does. The outcome was drawn by the server (fairness package) for
-- the pair p_pair at nonce p_nonce; the nonce is taken here only if it is still the pair's next one (a conditional
-- UPDATE: nonces stay 0, 1, 2 ... with no gap and no reuse). status:
--   ok       settled: bet_id, balance (cash + bonus), response (what was stored for replays)
--   replay   the Idempotency-Key was used before: stored_hash and response of that request
--   stale    the pair or nonce moved on (another bet, a rotation) or was not known: nothing was kept; the
--            current pair is returned (pair_*), the caller draws again
--   no_pair  the player has no active pair yet
-- Not enough funds raises SR402: nothing is written, no nonce consumed.
create function originals_place_bet(p_tenant bigint, p_user bigint, p_key text, p_request_hash text, p_game text,
    p_pair bigint, p_nonce bigint, p_amount bigint, p_payout bigint, p_multiplier_e4 bigint, p_params jsonb,
    p_outcome jsonb, p_body jsonb, p_event jsonb, p_multiplier jsonb,
    out status text, out bet_id bigint, out balance bigint, out response jsonb, out stored_hash text,
    out pair_id bigint, out pair_server_seed text, out pair_server_seed_hash text, out pair_client_seed text,
    out pair_nonce bigint)
  language plpgsql as $$
declare
  r record;
  v_ref text;
  v_base jsonb;
  v_hash text;
begin
  insert into originals_requests (tenant_id, user_id, idempotency_key, request_hash)
    values (p_tenant, p_user, p_key, p_request_hash) on conflict do nothing;
  if not found then
    select q.request_hash, q.response into stored_hash, response from originals_requests q
      where q.tenant_id = p_tenant and q.user_id = p_user and q.idempotency_key = p_key;
    status := 'replay';
    return;
  end if;

  -- The seed-pair row lock makes a player's bets take turns; a bet that waited finds the nonce taken. Then (and
  -- for an unknown or rotated pair) nothing is kept: the claim is withdrawn and the current pair answered.
  update originals_seed_pairs set nonce = nonce + 1
    where id = p_pair and tenant_id = p_tenant and user_id = p_user and nonce = p_nonce and active;
  if not found then
    delete from originals_requests where tenant_id = p_tenant and user_id = p_user and idempotency_key = p_key;
    select p.id, p.server_seed, p.server_seed_hash, p.client_seed, p.nonce
      into pair_id, pair_server_seed, pair_server_seed_hash, pair_client_seed, pair_nonce
      from originals_seed_pairs p where p.tenant_id = p_tenant and p.user_id = p_user and p.active;
    status := case when pair_id is null then 'no_pair' else 'stale' end;
    return;
  end if;

  insert into originals_bets (tenant_id, user_id, game, seed_pair_id, nonce, amount, payout, multiplier_e4, params,
      outcome, status, settled_at)
    values (p_tenant, p_user, p_game, p_pair, p_nonce, p_amount, p_payout, p_multiplier_e4, p_params, p_outcome,
      'settled', now())
    returning id into bet_id;

  -- Money through the wallet's functions, with the keys, references and request hashes its JS API would use.
  v_ref := 'originals:' || p_game || ':' || bet_id;
  v_hash := ledger_request_hash(p_user, 'bet', v_ref, null, '["debitBet",' || p_amount || ']');
  select * into r from ledger_debit_bet(p_tenant, p_user, 'bet', v_ref, 'originals:bet:' || bet_id, v_hash, '{}',
    'house', p_amount);
  if r.status = 'insufficient' then
    raise exception 'insufficient funds' using errcode = 'SR402';
  elsif r.status <> 'ok' and not (r.status = 'replay' and r.stored_hash = v_hash) then
    raise exception 'idempotency key % already used', 'originals:bet:' || bet_id using errcode = 'SR409';
  end if;
  if p_payout > 0 then
    v_hash := ledger_request_hash(p_user, 'win', v_ref, null,
      '[["system","house",' || -p_payout || '],[' || p_user || ',"cash",' || p_payout || ']]');
    select * into r from ledger_post(p_tenant, p_user, 'win', v_ref, 'originals:win:' || bet_id, v_hash, '{}', null,
      null, array[null, p_user]::bigint[], array['house', 'cash'], array[-p_payout, p_payout], null);
    if r.status <> 'ok' and not (r.status = 'replay' and r.stored_hash = v_hash) then
      raise exception 'idempotency key % already used', 'originals:win:' || bet_id using errcode = 'SR409';
    end if;
  end if;
  balance := (r.result -> 'balance' ->> 'cash')::bigint + (r.result -> 'balance' ->> 'bonus')::bigint;

  -- The settled-round events and total_bet, exactly as originals/events.ts recordSettledRound writes them.
  v_base := p_event || jsonb_build_object('round_id', p_game || ':' || bet_id,
    'transaction', 'originals:bet:' || bet_id);
  insert into domain_events (tenant_id, user_id, type, payload)
    select p_tenant, p_user, e.t, e.p from (values
        (1, 'casino.bet', v_base || jsonb_build_object('amount', p_amount)),
        (2, 'casino.win', case when p_payout > 0 then v_base || jsonb_build_object('amount', p_payout) end),
        (3, 'casino.round_settled', v_base || jsonb_build_object('bet', p_amount, 'win', p_payout,
          'multiplier', p_multiplier))) as e(n, t, p)
      where e.p is not null order by e.n;
  update users set total_bet = total_bet + p_amount where tenant_id = p_tenant and id = p_user;

  response := p_body || jsonb_build_object('id', bet_id, 'balance', balance);
  update originals_requests set response = originals_place_bet.response
    where tenant_id = p_tenant and user_id = p_user and idempotency_key = p_key;
  status := 'ok';
end $$;
