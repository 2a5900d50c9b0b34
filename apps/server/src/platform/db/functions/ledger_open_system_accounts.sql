-- Money: this function belongs to the ledger module (modules/ledger); other modules reach it through its API.
-- Every tenant gets its system accounts the moment it exists.

create or replace function ledger_open_system_accounts() returns trigger language plpgsql as $$
begin
  insert into ledger_accounts (tenant_id, kind)
    select new.id, k from unnest(array['house', 'psp_clearing', 'promotions', 'payouts']) k
    on conflict do nothing;
  return new;
end $$;

create or replace trigger tenants_open_accounts after insert on tenants
  for each row execute function ledger_open_system_accounts();
