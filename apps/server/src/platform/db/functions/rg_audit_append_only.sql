-- Responsible gaming (modules/responsible-gaming): the audit log is append-only. What was recorded about a limit,
-- an exclusion or an operator's action is evidence for the regulator, so no statement may change or remove it.

create or replace function rg_audit_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'rg_audit is append-only: % is refused', tg_op using errcode = 'RG403';
end $$;

create or replace trigger rg_audit_no_update before update or delete on rg_audit
  for each row execute function rg_audit_append_only();

create or replace trigger rg_audit_no_truncate before truncate on rg_audit
  for each statement execute function rg_audit_append_only();
