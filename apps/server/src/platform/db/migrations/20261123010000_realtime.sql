-- Realtime (issue 5): platform keys, the realtime outbox, chat, notifications and web push subscriptions.

-- Keys the platform generates on first start and keeps (realtime master secret, VAPID key pair). Every node of a
-- deployment reads the same row, so signatures made on one node verify on another.
create table platform_keys (
  name text primary key check (name ~ '^[a-z0-9_]{1,40}$'),
  value jsonb not null,
  created_at timestamptz not null default now()
);

-- Broadcasts recorded in the same transaction as the change that causes them (a chat message, a notification,
-- an operator command run outside the server process). The dispatcher of a running node claims and publishes them.
create table realtime_outbox (
  id bigint generated always as identity primary key,
  tenant_id bigint not null references tenants (id) on delete cascade,
  channel text not null check (length(channel) between 1 and 164),
  event text not null check (length(event) between 1 and 200),
  data jsonb not null,
  created_at timestamptz not null default now()
);

create table chat_messages (
  id bigint generated always as identity primary key,
  tenant_id bigint not null references tenants (id) on delete cascade,
  room text not null check (room ~ '^[a-z0-9_-]{1,40}$'),
  -- Null for system messages (missions, operator posts).
  user_id bigint,
  kind text not null default 'global' check (kind in ('global', 'mission', 'system')),
  text text not null check (length(text) <= 1000),
  emoji boolean not null default false,
  mission jsonb,
  attachments jsonb not null default '[]'::jsonb,
  pinned_until timestamptz,
  deleted_at timestamptz,
  created_at timestamptz not null default now(),
  foreign key (tenant_id, user_id) references users (tenant_id, id) on delete cascade
);
create index chat_messages_room_idx on chat_messages (tenant_id, room, id desc) where deleted_at is null;

create table chat_mutes (
  tenant_id bigint not null,
  user_id bigint not null,
  until timestamptz not null,
  reason text,
  created_at timestamptz not null default now(),
  primary key (tenant_id, user_id),
  foreign key (tenant_id, user_id) references users (tenant_id, id) on delete cascade
);

-- A platform notification (user_id null) goes to every player of the tenant; a personal one to one player.
create table notifications (
  id bigint generated always as identity primary key,
  tenant_id bigint not null references tenants (id) on delete cascade,
  user_id bigint,
  title text not null check (length(title) between 1 and 200),
  description text not null default '' check (length(description) <= 4000),
  img text check (img is null or length(img) <= 2048),
  url text check (url is null or length(url) <= 2048),
  pinned_until timestamptz,
  created_at timestamptz not null default now(),
  foreign key (tenant_id, user_id) references users (tenant_id, id) on delete cascade
);
create index notifications_personal_idx on notifications (tenant_id, user_id, id desc) where user_id is not null;
create index notifications_platform_idx on notifications (tenant_id, id desc) where user_id is null;

-- Per-player state of a notification: read (list) and viewed (the one-at-a-time modal).
create table notification_states (
  tenant_id bigint not null,
  notification_id bigint not null references notifications (id) on delete cascade,
  user_id bigint not null,
  read_at timestamptz,
  viewed_at timestamptz,
  primary key (notification_id, user_id),
  foreign key (tenant_id, user_id) references users (tenant_id, id) on delete cascade
);
create index notification_states_user_idx on notification_states (tenant_id, user_id);

create table push_subscriptions (
  id bigint generated always as identity primary key,
  tenant_id bigint not null,
  user_id bigint not null,
  endpoint text not null check (endpoint ~ '^https?://' and length(endpoint) <= 2048),
  p256dh text not null check (p256dh ~ '^[A-Za-z0-9_=-]{40,200}$'),
  auth text not null check (auth ~ '^[A-Za-z0-9_=-]{8,64}$'),
  user_agent text,
  created_at timestamptz not null default now(),
  last_sent_at timestamptz,
  unique (tenant_id, endpoint),
  foreign key (tenant_id, user_id) references users (tenant_id, id) on delete cascade
);
create index push_subscriptions_user_idx on push_subscriptions (tenant_id, user_id);
