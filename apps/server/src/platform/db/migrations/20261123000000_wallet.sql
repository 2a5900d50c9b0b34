-- Wallet (issue 4): double-entry ledger, PIX charges, withdrawals, KYC documents, domain-event outbox.

-- Accounts. A player has cash, bonus and pending (withdrawals in flight); a tenant has system accounts (house,
-- PSP clearing, promotions, payouts). Player balances are stored and guarded by CHECK (balance >= 0); every change
-- is one conditional UPDATE in the same SQL transaction as its entries. System accounts are counterparties that
-- may be negative; their stored balance is not updated per movement (it would be one hot row serialising every bet
-- of a tenant): their balance is the sum of their entries, which ledger:check reports.
create table ledger_accounts (
  id bigint generated always as identity primary key,
  tenant_id bigint not null references tenants (id) on delete cascade,
  user_id bigint,
  kind text not null check (kind in ('cash', 'bonus', 'pending', 'house', 'psp_clearing', 'promotions', 'payouts')),
  balance bigint not null default 0 check (balance >= 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check ((user_id is null) = (kind in ('house', 'psp_clearing', 'promotions', 'payouts'))),
  foreign key (tenant_id, user_id) references users (tenant_id, id) on delete cascade
);
create unique index ledger_accounts_player on ledger_accounts (tenant_id, user_id, kind) where user_id is not null;
create unique index ledger_accounts_system on ledger_accounts (tenant_id, kind) where user_id is null;

-- One row per money movement, and its idempotency record: (tenant_id, idempotency_key) is unique, request_hash
-- tells a replay (same body: same answer, from result) from a conflicting reuse (different body: 409).
create table ledger_transactions (
  id bigint generated always as identity primary key,
  tenant_id bigint not null references tenants (id) on delete cascade,
  user_id bigint,
  type text not null check (type in ('deposit', 'withdraw', 'bonus', 'rollover', 'win', 'bet', 'refund', 'box',
    'prize', 'cashback', 'reversal', 'adjustment')),
  reference text not null check (length(reference) between 1 and 200),
  idempotency_key text not null check (length(idempotency_key) between 1 and 200),
  request_hash text not null,
  reverses_id bigint references ledger_transactions (id),
  result jsonb not null,
  metadata jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now(),
  unique (tenant_id, idempotency_key)
);
create index ledger_transactions_user on ledger_transactions (tenant_id, user_id, id desc);
create unique index ledger_transactions_one_reversal on ledger_transactions (reverses_id) where reverses_id is not null;

-- Append-only: no UPDATE or DELETE is ever issued (a mistake is corrected by a reversing transaction).
create table ledger_entries (
  id bigint generated always as identity primary key,
  transaction_id bigint not null references ledger_transactions (id),
  account_id bigint not null references ledger_accounts (id),
  amount bigint not null check (amount <> 0),
  -- The account's balance right after this entry (player accounts); null for system accounts.
  balance_after bigint
);
create index ledger_entries_tx on ledger_entries (transaction_id);
create index ledger_entries_account on ledger_entries (account_id, id);

create function ledger_no_change() returns trigger language plpgsql as $$
begin
  raise exception 'ledger entries are append-only';
end $$;
create trigger ledger_entries_append_only before update or delete on ledger_entries
  for each row execute function ledger_no_change();

-- Every tenant gets its system accounts and every player their accounts the moment they exist.
create function ledger_open_system_accounts() returns trigger language plpgsql as $$
begin
  insert into ledger_accounts (tenant_id, kind)
    select new.id, k from unnest(array['house', 'psp_clearing', 'promotions', 'payouts']) k
    on conflict do nothing;
  return new;
end $$;
create trigger tenants_open_accounts after insert on tenants
  for each row execute function ledger_open_system_accounts();

create function ledger_open_player_accounts() returns trigger language plpgsql as $$
begin
  insert into ledger_accounts (tenant_id, user_id, kind)
    select new.tenant_id, new.id, k from unnest(array['cash', 'bonus', 'pending']) k
    on conflict do nothing;
  insert into player_wallets (tenant_id, user_id) values (new.tenant_id, new.id) on conflict do nothing;
  return new;
end $$;

-- Counters that are not balances (deposit_count drives the first-deposit event).
create table player_wallets (
  tenant_id bigint not null,
  user_id bigint not null,
  deposit_count integer not null default 0,
  deposit_total bigint not null default 0,
  -- Cash that must still be wagered before it can be withdrawn (bonus rules, anti-laundering rollover).
  locked_cash bigint not null default 0 check (locked_cash >= 0),
  primary key (tenant_id, user_id),
  foreign key (tenant_id, user_id) references users (tenant_id, id) on delete cascade
);

create trigger users_open_accounts after insert on users
  for each row execute function ledger_open_player_accounts();

insert into ledger_accounts (tenant_id, kind)
  select t.id, k from tenants t, unnest(array['house', 'psp_clearing', 'promotions', 'payouts']) k
  on conflict do nothing;
insert into ledger_accounts (tenant_id, user_id, kind)
  select u.tenant_id, u.id, k from users u, unnest(array['cash', 'bonus', 'pending']) k
  on conflict do nothing;
insert into player_wallets (tenant_id, user_id) select tenant_id, id from users on conflict do nothing;

-- Domain events written in the same transaction as the change; a dispatcher (realtime issue) delivers them at
-- least once. Shared by every module that records events.
create table if not exists domain_events (
  id bigint generated always as identity primary key,
  tenant_id bigint not null references tenants (id) on delete cascade,
  user_id bigint,
  type text not null,
  payload jsonb not null,
  created_at timestamptz not null default now(),
  dispatched_at timestamptz
);
create index if not exists domain_events_pending on domain_events (id) where dispatched_at is null;

-- PIX charges (deposits). status follows the spec's payment statuses.
create table pix_charges (
  id bigint generated always as identity primary key,
  tenant_id bigint not null,
  user_id bigint not null,
  txid text not null unique check (txid ~ '^[a-zA-Z0-9]{26,35}$'),
  psp text not null,
  amount bigint not null check (amount > 0),
  status text not null default 'waiting_payment'
    check (status in ('waiting_payment', 'paid', 'pending', 'refused', 'refunded', 'chargebacked', 'expired')),
  br_code text not null,
  location text,
  expires_at timestamptz not null,
  end_to_end_id text,
  payer_document text,
  ledger_transaction_id bigint references ledger_transactions (id),
  refund_reason text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  paid_at timestamptz,
  foreign key (tenant_id, user_id) references users (tenant_id, id) on delete cascade
);
create index pix_charges_user on pix_charges (tenant_id, user_id, id desc);
create index pix_charges_open on pix_charges (tenant_id, status, expires_at) where status = 'waiting_payment';

-- Player's PIX keys for withdrawals.
create table withdraw_methods (
  id bigint generated always as identity primary key,
  tenant_id bigint not null,
  user_id bigint not null,
  type text not null check (type in ('cpf', 'email', 'phone', 'evp')),
  key text not null check (length(key) between 1 and 77),
  holder_name text,
  created_at timestamptz not null default now(),
  deleted_at timestamptz,
  foreign key (tenant_id, user_id) references users (tenant_id, id) on delete cascade
);
create unique index withdraw_methods_unique on withdraw_methods (tenant_id, user_id, type, key) where deleted_at is null;

-- Withdrawals: status codes of the spec (0 pending, 1 approved, 2 cancelled, 3 invalid key, 4 processing,
-- 5 under review). The amount sits in the player's pending account from the request until it is paid or released.
create table withdrawals (
  id bigint generated always as identity primary key,
  tenant_id bigint not null,
  user_id bigint not null,
  method_id bigint not null references withdraw_methods (id),
  amount bigint not null check (amount > 0),
  status smallint not null check (status between 0 and 5),
  idempotency_key text not null,
  request_hash text not null,
  psp text not null,
  payout_id text not null unique check (payout_id ~ '^[a-zA-Z0-9]{1,35}$'),
  end_to_end_id text,
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  -- Regulated mode: prizes are paid within 120 minutes of the request.
  due_at timestamptz not null,
  warned_at timestamptz,
  last_error text,
  review_reason text,
  reviewed_by text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  completed_at timestamptz,
  unique (tenant_id, user_id, idempotency_key),
  foreign key (tenant_id, user_id) references users (tenant_id, id) on delete cascade
);
create index withdrawals_user on withdrawals (tenant_id, user_id, id desc);
create index withdrawals_due on withdrawals (next_attempt_at) where status in (0, 4);

-- KYC documents.
create table kyc_documents (
  id bigint generated always as identity primary key,
  tenant_id bigint not null,
  user_id bigint not null,
  type text not null check (type in ('id_front', 'id_back', 'selfie', 'proof_of_address')),
  status text not null default 'pending' check (status in ('pending', 'approved', 'rejected', 'cancelled')),
  storage_key text not null,
  content_type text not null,
  size integer not null,
  reject_reason text,
  created_at timestamptz not null default now(),
  reviewed_at timestamptz,
  foreign key (tenant_id, user_id) references users (tenant_id, id) on delete cascade
);
create index kyc_documents_user on kyc_documents (tenant_id, user_id, id desc);
