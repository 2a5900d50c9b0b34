-- Money: this function belongs to the ledger module (modules/ledger); other modules reach it through its API.
-- Every player gets their accounts (and their wallet and wager rows) the moment they exist.

create or replace function ledger_open_player_accounts() returns trigger language plpgsql as $$
begin
  insert into ledger_accounts (tenant_id, user_id, kind)
    select new.tenant_id, new.id, k from unnest(array['cash', 'bonus', 'pending']) k
    on conflict do nothing;
  insert into player_wallets (tenant_id, user_id) values (new.tenant_id, new.id) on conflict do nothing;
  insert into player_wagers (tenant_id, user_id) values (new.tenant_id, new.id) on conflict do nothing;
  return new;
end $$;

create or replace trigger users_open_accounts after insert on users
  for each row execute function ledger_open_player_accounts();
