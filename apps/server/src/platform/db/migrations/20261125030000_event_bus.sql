-- The event bus (platform/events, docs/events.md) and the job scheduler's leases (platform/jobs).

-- The log of published events. A publish is this one insert: the row and its primary key, nothing else (no foreign
-- key either: checking one would lock the tenant's row on every bet). xid is the publishing transaction's id; the
-- primary key orders the log by it, so a consumer reads, in index order, only rows below the oldest transaction
-- still running, where no transaction can still commit a row behind its position.
create table event_log (
  id bigint generated always as identity,
  xid xid8 not null default pg_current_xact_id(),
  tenant_id bigint not null,
  user_id bigint,
  name text not null,
  payload jsonb not null,
  created_at timestamptz not null default now(),
  primary key (xid, id)
);

-- One row per consumer: its position in the log (the last event it has passed, handled or set aside). The row is
-- also the consumer's lock: the node that holds it (FOR UPDATE SKIP LOCKED) is the one delivering to it.
create table event_consumers (
  name text primary key,
  pos_xid xid8 not null,
  pos_id bigint not null,
  registered_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- An event a consumer's handler failed on, copied out of the log so the consumer moves on and the log can be pruned:
-- retried with backoff (next_attempt_at), then parked (parked_at) until an operator retries it.
create table event_retries (
  consumer text not null references event_consumers (name) on delete cascade,
  event_id bigint not null,
  tenant_id bigint not null,
  user_id bigint,
  name text not null,
  payload jsonb not null,
  created_at timestamptz not null,
  attempts integer not null,
  next_attempt_at timestamptz,
  parked_at timestamptz,
  last_error text not null,
  primary key (consumer, event_id)
);
create index event_retries_due on event_retries (consumer, next_attempt_at) where parked_at is null;

-- Periodic jobs: whoever holds an unexpired lease runs the job; a node that dies lets its lease run out.
create table scheduled_jobs (
  name text primary key,
  next_run_at timestamptz not null,
  leased_by text,
  lease_until timestamptz,
  last_started_at timestamptz,
  last_finished_at timestamptz,
  last_error text,
  runs bigint not null default 0
);
