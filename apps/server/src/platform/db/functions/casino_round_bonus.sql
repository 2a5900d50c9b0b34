-- The casino's rounds: the part of a round's stakes that came from the player's bonus (columns bonus_staked and
-- bonus_since), written only for a stake that took bonus money, or taken off again when such a stake is rolled
-- back. The round is already locked by the stake or rollback that calls this (casino_round_stake, lockRound).

create or replace function casino_round_bonus(p_tenant bigint, p_provider bigint, p_round text, p_delta bigint,
    p_since bigint) returns void
  language sql
  as $$
  update casino_rounds set bonus_staked = nullif(greatest(0, coalesce(bonus_staked, 0) + p_delta), 0),
      bonus_since = case when coalesce(bonus_staked, 0) + p_delta > 0 then coalesce(bonus_since, p_since) end
    where tenant_id = p_tenant and provider_id = p_provider and round_id = p_round;
$$;
