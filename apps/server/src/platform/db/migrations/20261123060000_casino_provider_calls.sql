-- Casino (issue 6): the seamless-wallet hot path in fewer round trips. A provider's bet or win used to take about
-- fourteen statements; the checks and locks that come before the money now run as ONE function call, so a call is
-- BEGIN, this function, the wallet service's movement (modules/wallet), one statement that records the answer (and,
-- for a win, the round and its events), COMMIT. The rules are unchanged (modules/providers/seamless.ts):
-- - the session is looked up first; an unknown session or another player's id is answered without a record;
-- - the provider's transaction id is claimed next (a concurrent duplicate waits on the unique index, then replays);
-- - lock order everywhere: transaction id -> round -> player row -> ledger accounts (the wallet), so no cycles;
-- - a stake needs a live session, an enabled provider and a player who may play; a win does not (rounds settle),
--   but a win above the provider's cap (read here, never from a cache) is refused.
-- Each statement of a PL/pgSQL function takes a fresh snapshot under READ COMMITTED, exactly as the separate
-- statements did. Refusals are recorded by the caller (rare paths, extra round trips are fine there).

-- The bonus flag of the game at the first call (it decides the playable balance of the answer). A successful bet or
-- win with money moved stores no answer of its own (response '{}'): the answer of a repeat is the wallet's stored
-- answer for the same movement (the wallet replays it under the same idempotency key), shown with this flag. That
-- saves the statement that would copy it here, on every call.
alter table provider_transactions add column bonus_allowed boolean;

-- status:
--   no_session       no real-money session with this token for this provider (nothing recorded)
--   player_mismatch  the player id is not the session's player (nothing recorded)
--   provider_off     the provider is disabled: no new stakes (nothing recorded)
--   replay           the transaction id was seen before: prior = {kind, status, amount, round_id, user_id,
--                    response, bonus_allowed}
--   expired | blocked | round_mismatch | round_closed   claimed; the caller records the refusal
--   ok               claimed; round locked (created if new) with bet_total grown, the player's total_bet grown and
--                    the casino.bet event written; the caller moves the money and records the answer
create function casino_bet_open(p_tenant bigint, p_provider bigint, p_provider_code text, p_token_hash text,
    p_player text, p_tx text, p_round text, p_amount bigint,
    out status text, out user_id bigint, out game_id bigint, out game_title text, out bonus_allowed boolean,
    out prior jsonb)
  language plpgsql as $$
declare
  s record;
  r record;
  v_claim bigint;
begin
  select gs.user_id, gs.game_id, gs.demo, gs.expires_at <= now() as expired, g.title, g.bonus_allowed,
      p.enabled as provider_enabled
    into s
    from game_sessions gs
      join games g on g.tenant_id = gs.tenant_id and g.id = gs.game_id
      join game_providers p on p.tenant_id = gs.tenant_id and p.id = gs.provider_id
    where gs.token_hash = p_token_hash and gs.tenant_id = p_tenant and gs.provider_id = p_provider;
  if not found or s.demo or s.user_id is null then
    status := 'no_session';
    return;
  end if;
  user_id := s.user_id; game_id := s.game_id; game_title := s.title; bonus_allowed := s.bonus_allowed;
  if p_player <> s.user_id::text then
    status := 'player_mismatch';
    return;
  end if;
  if not s.provider_enabled then
    status := 'provider_off';
    return;
  end if;

  insert into provider_transactions (tenant_id, provider_id, tx_id, kind, round_id, user_id, amount, status, response,
      bonus_allowed)
    values (p_tenant, p_provider, p_tx, 'bet', p_round, s.user_id, p_amount, 'ok', '{}'::jsonb, s.bonus_allowed)
    on conflict (tenant_id, provider_id, tx_id) do nothing
    returning id into v_claim;
  if v_claim is null then
    select jsonb_build_object('kind', t.kind, 'status', t.status, 'amount', t.amount, 'round_id', t.round_id,
        'user_id', t.user_id, 'response', t.response, 'bonus_allowed', t.bonus_allowed)
      into prior
      from provider_transactions t where t.tenant_id = p_tenant and t.provider_id = p_provider and t.tx_id = p_tx;
    status := 'replay';
    return;
  end if;

  if s.expired then
    status := 'expired';
    return;
  end if;
  -- Self-excluded (or no such player): no stakes.
  if coalesce((select coalesce(u.self_exclusion_end > now(), false) from users u
      where u.tenant_id = p_tenant and u.id = s.user_id), true) then
    status := 'blocked';
    return;
  end if;

  select c.id, c.user_id, c.status into r from casino_rounds c
    where c.tenant_id = p_tenant and c.provider_id = p_provider and c.round_id = p_round for update;
  if not found then
    insert into casino_rounds (tenant_id, provider_id, round_id, user_id, game_id, bet_total)
      values (p_tenant, p_provider, p_round, s.user_id, s.game_id, p_amount)
      on conflict (tenant_id, provider_id, round_id) do nothing;
    if not found then
      -- Another call opened the round at the same moment and has committed: take its row in turn.
      select c.id, c.user_id, c.status into r from casino_rounds c
        where c.tenant_id = p_tenant and c.provider_id = p_provider and c.round_id = p_round for update;
    end if;
  end if;
  if r.id is not null then
    if r.user_id <> s.user_id then
      status := 'round_mismatch';
      return;
    end if;
    if r.status <> 'open' then
      status := 'round_closed';
      return;
    end if;
    update casino_rounds set bet_total = bet_total + p_amount where id = r.id;
  end if;

  -- The player's row before the ledger (same order as a rollback): total_bet grows with each stake.
  update users set total_bet = total_bet + p_amount where tenant_id = p_tenant and id = s.user_id;
  insert into domain_events (tenant_id, user_id, type, payload)
    values (p_tenant, s.user_id, 'casino.bet', jsonb_build_object('provider', p_provider_code, 'round_id', p_round,
      'transaction', p_tx, 'game_id', s.game_id, 'game', s.title, 'user_id', s.user_id, 'amount', p_amount));
  status := 'ok';
end $$;

-- status: no_session | player_mismatch | replay (prior as above) | round_not_found | round_mismatch |
--   round_rolled_back | over_cap (cap = the provider's max_single_win) | ok: the round is updated (win_total, closed
--   when p_round_closed and still open) and its events written (casino.win when money is won, casino.round_settled
--   when it closes); round_game_id is the round's game. The caller credits the money. Everything but the first two
--   is claimed.
create function casino_win_open(p_tenant bigint, p_provider bigint, p_provider_code text, p_token_hash text,
    p_player text, p_tx text, p_round text, p_amount bigint, p_round_closed boolean,
    out status text, out user_id bigint, out game_title text, out bonus_allowed boolean, out prior jsonb,
    out round_pk bigint, out round_game_id bigint, out round_status text, out bet_total bigint,
    out win_total bigint, out cap bigint)
  language plpgsql as $$
declare
  s record;
  v_claim bigint;
begin
  select gs.user_id, gs.demo, g.title, g.bonus_allowed into s
    from game_sessions gs join games g on g.tenant_id = gs.tenant_id and g.id = gs.game_id
    where gs.token_hash = p_token_hash and gs.tenant_id = p_tenant and gs.provider_id = p_provider;
  if not found or s.demo or s.user_id is null then
    status := 'no_session';
    return;
  end if;
  user_id := s.user_id; game_title := s.title; bonus_allowed := s.bonus_allowed;
  if p_player <> s.user_id::text then
    status := 'player_mismatch';
    return;
  end if;

  insert into provider_transactions (tenant_id, provider_id, tx_id, kind, round_id, user_id, amount, status, response,
      bonus_allowed)
    values (p_tenant, p_provider, p_tx, 'win', p_round, s.user_id, p_amount, 'ok', '{}'::jsonb, s.bonus_allowed)
    on conflict (tenant_id, provider_id, tx_id) do nothing
    returning id into v_claim;
  if v_claim is null then
    select jsonb_build_object('kind', t.kind, 'status', t.status, 'amount', t.amount, 'round_id', t.round_id,
        'user_id', t.user_id, 'response', t.response, 'bonus_allowed', t.bonus_allowed)
      into prior
      from provider_transactions t where t.tenant_id = p_tenant and t.provider_id = p_provider and t.tx_id = p_tx;
    status := 'replay';
    return;
  end if;

  select c.id, c.game_id, c.status, c.bet_total, c.win_total, c.user_id
    into round_pk, round_game_id, round_status, bet_total, win_total, v_claim
    from casino_rounds c
    where c.tenant_id = p_tenant and c.provider_id = p_provider and c.round_id = p_round for update;
  if round_pk is null then
    status := 'round_not_found';
    return;
  end if;
  if v_claim <> s.user_id then
    status := 'round_mismatch';
    return;
  end if;
  if round_status = 'rolled_back' then
    status := 'round_rolled_back';
    return;
  end if;
  select p.max_single_win into cap from game_providers p where p.tenant_id = p_tenant and p.id = p_provider;
  if p_amount > cap then
    status := 'over_cap';
    return;
  end if;

  update casino_rounds c set win_total = c.win_total + p_amount,
      status = case when p_round_closed then 'closed' else c.status end,
      closed_at = case when p_round_closed and c.status = 'open' then now() else c.closed_at end
    where c.id = round_pk;
  insert into domain_events (tenant_id, user_id, type, payload)
    select p_tenant, s.user_id, e.t, e.p || jsonb_build_object('provider', p_provider_code, 'round_id', p_round,
        'transaction', p_tx, 'game_id', round_game_id, 'game', s.title, 'user_id', s.user_id)
      from (values
          (1, 'casino.win', case when p_amount > 0 then jsonb_build_object('amount', p_amount) end),
          (2, 'casino.round_settled', case when p_round_closed and round_status = 'open' then jsonb_build_object(
            'bet', bet_total, 'win', win_total + p_amount,
            'multiplier', case when bet_total > 0 then round((win_total + p_amount)::numeric / bet_total, 2) else 0 end)
          end)) as e(n, t, p)
      where e.p is not null order by e.n;
  status := 'ok';
end $$;
