-- The providers' seamless wallet: a provider's bet up to, not including, the money: the session (its game and
-- provider read by key whatever the catalog size), the claim of the provider's transaction id, the player's
-- checks, and the stake on its round (casino_round_stake: opened, or added to under its lock).

create or replace function providers_bet_open(p_tenant bigint, p_provider bigint, p_provider_code text, p_token_hash text,
    p_player text, p_tx text, p_round text, p_amount bigint,
    out status text, out user_id bigint, out game_id bigint, out game_title text, out bonus_allowed boolean,
    out prior jsonb)
  language plpgsql
  set plan_cache_mode = force_generic_plan
  as $$
declare
  s record;
  v_claim bigint;
  v_rg text;
begin
  select gs.user_id, gs.game_id, gs.demo, gs.expires_at <= now() as expired, g.title, g.bonus_allowed,
      p.enabled as provider_enabled,
      -- Self-excluded (or no such player): no stakes. A subquery on the player's key, not a join: as a join the
      -- generic plan can be a bitmap scan of every player of the tenant, filtered afterwards.
      coalesce((select coalesce(u.self_exclusion_end > now(), false) from users u
        where u.tenant_id = p_tenant and u.id = gs.user_id), true) as blocked
    into s
    from game_sessions gs
      cross join lateral (select g.title, g.bonus_allowed from games g
        where g.tenant_id = p_tenant and g.id = gs.game_id offset 0) g
      cross join lateral (select p.enabled from game_providers p
        where p.tenant_id = p_tenant and p.id = p_provider offset 0) p
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
  if s.blocked then
    status := 'blocked';
    return;
  end if;

  -- Responsible gaming (rg_play): a stake the player's limits or a stop on the account refuse is answered with its
  -- code (limit_wager, rg_paused ...), which the claim records like any refusal.
  v_rg := rg_play(p_tenant, s.user_id, p_amount, 0);
  if v_rg is not null then
    status := v_rg;
    return;
  end if;

  -- ok, round_mismatch (another player's round) or round_closed.
  status := casino_round_stake(p_tenant, p_provider, p_round, s.user_id, s.game_id, p_amount);
  if status <> 'ok' then
    -- Not taken, so not counted either.
    perform rg_play(p_tenant, s.user_id, -p_amount, 0);
  end if;
end $$;
