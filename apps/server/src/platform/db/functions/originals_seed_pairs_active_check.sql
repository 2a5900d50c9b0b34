-- A seed pair is active exactly while its server seed is not revealed. A trigger that fires only when those columns
-- are written, so the nonce step of every bet never pays for it, refusing with check_violation as a CHECK would.

create or replace function originals_seed_pairs_active_check() returns trigger language plpgsql as $$
begin
  -- The active pair is the one whose server seed is not revealed yet.
  if new.active is distinct from (new.revealed_at is null) then
    raise exception 'seed pair %: active must be exactly "not revealed"', new.id using errcode = '23514';
  end if;
  return new;
end $$;

create or replace trigger originals_seed_pairs_active before insert or update of active, revealed_at on originals_seed_pairs
  for each row execute function originals_seed_pairs_active_check();
