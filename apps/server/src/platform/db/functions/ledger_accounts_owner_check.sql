-- Money: this function belongs to the ledger module (modules/ledger); other modules reach it through its API.
-- A player account has a player and a system account none. A trigger that fires only when the owner or the kind is
-- written, so a balance change never pays for it, refusing with check_violation as a CHECK would.

create or replace function ledger_accounts_owner_check() returns trigger language plpgsql as $$
begin
  -- A player's account has a player; a system account (the house, PSP clearing, promotions, payouts) has none.
  if (new.user_id is null) <> (new.kind in ('house', 'psp_clearing', 'promotions', 'payouts')) then
    raise exception 'ledger account % of user % has the wrong owner for its kind', new.kind, new.user_id
      using errcode = '23514';
  end if;
  return new;
end $$;

create or replace trigger ledger_accounts_owner before insert or update of user_id, kind on ledger_accounts
  for each row execute function ledger_accounts_owner_check();
