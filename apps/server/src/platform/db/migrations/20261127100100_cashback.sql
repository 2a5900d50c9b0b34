-- Cashback (modules/promotions/cashback owns these tables): one run per tenant and week, one entry per player of a
-- run, one row per credited claim. The unique keys make a second run of a week create nothing and a claim credit
-- once, whatever races the job, the operator command and the player's clicks.

-- A computed week: what was applied (percentage, type, release) so an entry can always be explained later.
create table cashback_runs (
  id bigint generated always as identity primary key,
  tenant_id bigint not null,
  -- The Monday and Sunday of the week, in the tenant's time zone; starts_at / ends_at are its instants.
  period_start date not null,
  period_end date not null,
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  percentage numeric(5, 2) not null check (percentage > 0 and percentage <= 100),
  type text not null check (type in ('calendar', 'immediate')),
  available_at timestamptz not null,
  entries integer not null default 0,
  total bigint not null default 0,
  source text not null check (source in ('job', 'ops')),
  created_at timestamptz not null default now(),
  unique (tenant_id, period_start),
  check (ends_at > starts_at and period_end > period_start)
);

-- A player's cashback of one week. `claims` is how many parts it is paid in (3 for calendar, 1 for immediate);
-- `claimed` / `claimed_amount` move together under the row lock of a claim.
create table cashback_entries (
  id bigint generated always as identity primary key,
  tenant_id bigint not null,
  user_id bigint not null,
  run_id bigint not null references cashback_runs (id),
  period_start date not null,
  type text not null check (type in ('calendar', 'immediate')),
  available_at timestamptz not null,
  claims smallint not null check (claims between 1 and 3),
  staked bigint not null check (staked >= 0),
  won bigint not null,
  refunded bigint not null,
  net_loss bigint not null check (net_loss > 0),
  percentage numeric(5, 2) not null,
  amount bigint not null,
  claimed smallint not null default 0,
  claimed_amount bigint not null default 0,
  created_at timestamptz not null default now(),
  unique (tenant_id, user_id, period_start),
  check (amount >= claims),
  check (claimed between 0 and claims),
  check (claimed_amount between 0 and amount)
);
create index cashback_entries_player on cashback_entries (tenant_id, user_id, available_at desc);

-- Each credited claim and its ledger transaction (idempotency key cashback:<entry>:<claim>).
create table cashback_claims (
  entry_id bigint not null references cashback_entries (id),
  claim smallint not null check (claim between 1 and 3),
  tenant_id bigint not null,
  user_id bigint not null,
  amount bigint not null check (amount > 0),
  transaction_id bigint not null,
  claimed_at timestamptz not null default now(),
  primary key (entry_id, claim)
);
