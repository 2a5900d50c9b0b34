-- The back office reads the audit log and the withdrawals queue with server-side filters and keyset pages: these
-- indexes let a page be an index range scan on a tenant of millions of rows, for the filters the console offers.

-- Audit log: a tenant's newest rows, one staff member's (or actor's) rows, one action's rows.
create index rg_audit_tenant on rg_audit (tenant_id, id desc);
create index rg_audit_actor on rg_audit (actor text_pattern_ops, id desc);
create index rg_audit_tenant_action on rg_audit (tenant_id, action, id desc);

-- Withdrawals queue: one status of a tenant by payout deadline (the default), request time or amount.
create index withdrawals_queue_due on withdrawals (tenant_id, status, due_at, id);
create index withdrawals_queue_requested on withdrawals (tenant_id, status, created_at, id);
create index withdrawals_queue_amount on withdrawals (tenant_id, status, amount, id);
