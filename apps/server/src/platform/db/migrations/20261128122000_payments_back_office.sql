-- The back office's payments screens: two-person approval of large withdrawals, operator refunds of PIX deposits,
-- deposit search and the KYC review queue (payments and kyc own these tables and columns).

-- Per tenant: above this amount (centavos) a withdrawal needs the approvals of two different people. No row: the
-- default the payments module states.
create table payment_settings (
  tenant_id bigint primary key references tenants (id),
  two_person_above bigint not null check (two_person_above >= 0),
  updated_at timestamptz not null default now()
);

-- The first approval of a withdrawal that needs two; the second approver releases it and is its reviewed_by. One
-- row per withdrawal: the withdrawal's row lock orders the approvals, and the key refuses a second first.
create table withdrawal_approvals (
  withdrawal_id bigint primary key references withdrawals (id),
  tenant_id bigint not null,
  approved_by text not null,
  approved_at timestamptz not null default now()
);

-- An operator's refund (PIX devolução) of a paid deposit: who asked, why, and when the PSP confirmed it.
alter table pix_charges
  add column refund_id text,
  add column refunded_by text,
  add column refund_requested_at timestamptz,
  add column refunded_at timestamptz,
  add column refund_error text;

-- Deposit search: a tenant's (or every tenant's) deposits newest first, by status, by player, by PSP ids.
create index pix_charges_admin_recent on pix_charges (tenant_id, created_at desc, id desc);
create index pix_charges_admin_status on pix_charges (tenant_id, status, created_at desc, id desc);
create index pix_charges_admin_all on pix_charges (created_at desc, id desc);
create index pix_charges_e2e on pix_charges (end_to_end_id) where end_to_end_id is not null;
create index pix_charges_admin_amount on pix_charges (tenant_id, amount, created_at desc, id desc);

-- KYC queue: one status of a tenant, oldest first.
create index kyc_documents_queue on kyc_documents (tenant_id, status, id);
create index kyc_documents_queue_all on kyc_documents (status, id);
