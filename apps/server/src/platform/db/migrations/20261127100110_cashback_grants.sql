-- Cashback an operator grants by hand (a goodwill gesture from support): an entry with a reason and no weekly run.
-- Only computed entries are one per player and week; a grant has no net loss behind it (0).
alter table cashback_entries alter column run_id drop not null;
alter table cashback_entries add column reason text;
alter table cashback_entries drop constraint cashback_entries_net_loss_check;
alter table cashback_entries drop constraint cashback_entries_tenant_id_user_id_period_start_key;
create unique index cashback_entries_week on cashback_entries (tenant_id, user_id, period_start)
  where run_id is not null;
alter table cashback_entries add constraint cashback_entries_origin check (
  (run_id is not null and reason is null and net_loss > 0)
  or (run_id is null and length(reason) between 1 and 200 and net_loss = 0)
);
