-- Money: this function belongs to the ledger module (modules/ledger); other modules reach it through its API.
-- Rows the ledger points at (tenants, players, accounts, transactions, seed pairs) are never deleted, so
-- the hot tables can do without foreign keys.

create or replace function ledger_never_delete() returns trigger language plpgsql as $$
begin
  raise exception '% rows are kept: they are never deleted', tg_table_name using errcode = 'SR403';
end $$;

create or replace trigger tenants_never_deleted before delete on tenants
  for each row execute function ledger_never_delete();

create or replace trigger users_never_deleted before delete on users
  for each row execute function ledger_never_delete();

create or replace trigger ledger_accounts_never_deleted before delete on ledger_accounts
  for each row execute function ledger_never_delete();

create or replace trigger ledger_transactions_never_deleted before delete on ledger_transactions
  for each row execute function ledger_never_delete();

create or replace trigger originals_seed_pairs_never_deleted before delete on originals_seed_pairs
  for each row execute function ledger_never_delete();
