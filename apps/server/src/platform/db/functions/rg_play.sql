-- Responsible gaming (modules/responsible-gaming): a player's stake and/or win, checked against their rules and
-- counted in the same statement as the money, so that concurrent bets take turns on the player's row and a limit is
-- never passed. Returns null when the play may go ahead (and was counted), else the refusal code. A player without
-- rules has no row: one index lookup, nothing written.
--   p_stake > 0  a stake (checked: the stop on the account, the time limit, the wager and loss limits)
--   p_stake < 0  a stake given back (a cancelled or rolled-back bet): counted off, never refused
--   p_win >= 0   what the play paid
-- Windows are rolling and counted in whole hours: a use counts until the hour after the window has passed it.

create or replace function rg_play(p_tenant bigint, p_user bigint, p_stake bigint, p_win bigint)
  returns text
  language plpgsql
  set plan_cache_mode = force_generic_plan
  as $$
declare
  c rg_players%rowtype;
  v_hour timestamptz := date_trunc('hour', now());
begin
  -- One index lookup without a lock: a player without rules has no row.
  perform 1 from rg_players where tenant_id = p_tenant and user_id = p_user;
  if not found then
    return null;
  end if;
  -- The common case in one conditional UPDATE: windows of this hour, no stop, and the stake within every limit. Its
  -- WHERE is evaluated again on the latest row once a concurrent stake's lock is released, so stakes take turns here
  -- and none passes a limit.
  update rg_players set cur_wagered = cur_wagered + p_stake, cur_won = cur_won + p_win,
      wagered_day = wagered_day + p_stake, won_day = won_day + p_win,
      wagered_week = wagered_week + p_stake, won_week = won_week + p_win,
      wagered_month = wagered_month + p_stake, won_month = won_month + p_win,
      last_activity_at = case when p_stake > 0 then now() else last_activity_at end
    where tenant_id = p_tenant and user_id = p_user and hour = v_hour
      and (p_stake <= 0 or (
        (block_reason is null or block_until <= now())
        and (time_ends_at is null or now() < time_ends_at)
        and (wager_day is null or wagered_day + p_stake <= wager_day)
        and (wager_week is null or wagered_week + p_stake <= wager_week)
        and (wager_month is null or wagered_month + p_stake <= wager_month)
        and (loss_day is null or wagered_day - won_day + p_stake <= loss_day)
        and (loss_week is null or wagered_week - won_week + p_stake <= loss_week)
        and (loss_month is null or wagered_month - won_month + p_stake <= loss_month)));
  if found then
    return null;
  end if;
  -- Otherwise (a new hour, or a refusal to name) the row is taken for this statement and decided on below.
  select * into c from rg_players where tenant_id = p_tenant and user_id = p_user for update;
  if p_stake > 0 then
    if c.block_reason is not null and (c.block_until is null or c.block_until > now()) then
      return case c.block_reason when 'pause' then 'rg_paused' when 'self_exclusion' then 'rg_self_excluded'
        when 'national_list' then 'rg_national_list' else 'rg_closed' end;
    end if;
    if c.time_ends_at is not null and now() >= c.time_ends_at then
      return 'limit_time';
    end if;
  end if;
  if c.hour <> v_hour then
    -- A new hour: the last one's activity becomes a bucket, and the windows are summed again from the buckets.
    if c.cur_wagered <> 0 or c.cur_won <> 0 then
      insert into rg_usage (tenant_id, user_id, hour, wagered, won)
        values (p_tenant, p_user, c.hour, c.cur_wagered, c.cur_won)
        on conflict (tenant_id, user_id, hour) do update
          set wagered = rg_usage.wagered + excluded.wagered, won = rg_usage.won + excluded.won;
    end if;
    select coalesce(sum(u.wagered) filter (where u.hour >= v_hour - interval '24 hours'), 0),
        coalesce(sum(u.won) filter (where u.hour >= v_hour - interval '24 hours'), 0),
        coalesce(sum(u.wagered) filter (where u.hour >= v_hour - interval '7 days'), 0),
        coalesce(sum(u.won) filter (where u.hour >= v_hour - interval '7 days'), 0),
        coalesce(sum(u.wagered), 0), coalesce(sum(u.won), 0)
      into c.wagered_day, c.won_day, c.wagered_week, c.won_week, c.wagered_month, c.won_month
      from rg_usage u
      where u.tenant_id = p_tenant and u.user_id = p_user and u.hour >= v_hour - interval '30 days';
    c.hour := v_hour;
    c.cur_wagered := 0;
    c.cur_won := 0;
  end if;
  if p_stake > 0 then
    if (c.wager_day is not null and c.wagered_day + p_stake > c.wager_day)
        or (c.wager_week is not null and c.wagered_week + p_stake > c.wager_week)
        or (c.wager_month is not null and c.wagered_month + p_stake > c.wager_month) then
      return 'limit_wager';
    end if;
    -- The stake could be lost whole: net loss (stakes minus wins) plus the stake must stay within the limit.
    if (c.loss_day is not null and c.wagered_day - c.won_day + p_stake > c.loss_day)
        or (c.loss_week is not null and c.wagered_week - c.won_week + p_stake > c.loss_week)
        or (c.loss_month is not null and c.wagered_month - c.won_month + p_stake > c.loss_month) then
      return 'limit_loss';
    end if;
  end if;
  update rg_players set hour = c.hour,
      cur_wagered = c.cur_wagered + p_stake, cur_won = c.cur_won + p_win,
      wagered_day = c.wagered_day + p_stake, won_day = c.won_day + p_win,
      wagered_week = c.wagered_week + p_stake, won_week = c.won_week + p_win,
      wagered_month = c.wagered_month + p_stake, won_month = c.won_month + p_win,
      last_activity_at = case when p_stake > 0 then now() else c.last_activity_at end
    where tenant_id = p_tenant and user_id = p_user;
  return null;
end $$;
