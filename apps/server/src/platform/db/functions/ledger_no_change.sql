-- Money: this function belongs to the ledger module (modules/ledger); other modules reach it through its API.
-- Ledger entries are append-only: any update or delete of one is refused.

create or replace function ledger_no_change() returns trigger language plpgsql as $$
begin
  raise exception 'ledger entries are append-only';
end $$;

create or replace trigger ledger_entries_append_only before update or delete on ledger_entries
  for each row execute function ledger_no_change();
