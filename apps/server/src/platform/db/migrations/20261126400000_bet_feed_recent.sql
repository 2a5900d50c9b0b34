-- The live bet feed's newest events of each tenant, written by the bet-feed consumer with the events it publishes,
-- so a page shows the latest real settled rounds on arrival instead of an empty feed. The consumer keeps only the
-- newest few rows per tenant; names are stored masked, as the feed publishes them.
create table bet_feed_recent (
  id bigint generated always as identity primary key,
  tenant_id bigint not null references tenants (id) on delete cascade,
  type text not null check (type in ('bet', 'win')),
  transaction text not null,
  game text not null,
  user_name text not null,
  amount bigint not null check (amount >= 0),
  settled_at timestamptz not null,
  unique (tenant_id, type, transaction)
);
create index bet_feed_recent_tenant on bet_feed_recent (tenant_id, id desc);
