-- Casino (issue 6): game providers per tenant, categories, games, favourites, likes, recents, launch sessions,
-- the seamless-wallet transaction log and rounds. Casino domain events go to the shared domain_events outbox.

-- One row per provider integration a tenant has (each operator has its own account and secret with a provider).
create table game_providers (
  id bigint generated always as identity primary key,
  tenant_id bigint not null references tenants (id) on delete cascade,
  code text not null check (code ~ '^[a-z0-9][a-z0-9_-]{0,39}$'),
  name text not null check (length(name) between 1 and 100),
  -- Which adapter of the provider registry speaks to it ('generic' = our generic seamless-wallet protocol).
  protocol text not null default 'generic',
  -- The provider's API base (game launch); 'sandbox:' means the built-in stand-in of this same process.
  api_url text not null,
  -- Our operator id at the provider and the shared HMAC secret of both directions. Never sent to a player.
  operator_id text not null,
  secret text not null check (length(secret) >= 16),
  enabled boolean not null default true,
  -- Guard against a compromised provider: a single win above this is refused (centavos).
  max_single_win bigint not null default 50000000 check (max_single_win > 0),
  sort integer not null default 0,
  logo text,
  created_at timestamptz not null default now(),
  unique (tenant_id, code),
  unique (tenant_id, id)
);

create table game_categories (
  tenant_id bigint not null references tenants (id) on delete cascade,
  slug text not null check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length(slug) <= 60),
  name_pt text not null,
  name_en text not null,
  icon text,
  sort integer not null default 0,
  enabled boolean not null default true,
  primary key (tenant_id, slug)
);

create table games (
  id bigint generated always as identity primary key,
  tenant_id bigint not null references tenants (id) on delete cascade,
  provider_id bigint not null,
  -- The provider's own id of the game (sent back to it at launch) and the code used in our URLs.
  provider_game_id text not null check (length(provider_game_id) between 1 and 100),
  game_code text not null check (game_code ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length(game_code) <= 100),
  title text not null check (length(title) between 1 and 120),
  category_slug text not null,
  -- slots, roulette, table, instant, crash, live ...: the "type" filter.
  type text not null check (type ~ '^[a-z0-9_-]{1,30}$'),
  has_tables boolean not null default false,
  -- only_demo: no real-money mode. demo_allowed: a free-play mode exists.
  only_demo boolean not null default false,
  demo_allowed boolean not null default true,
  bonus_allowed boolean not null default true,
  -- Theoretical RTP in basis points (9650 = 96.50 %). Regulated tenants must show it; Portaria 1.207: >= 85 %.
  rtp_bp integer not null check (rtp_bp between 5000 and 9999),
  volatility text not null check (volatility in ('low', 'medium', 'high', 'very_high')),
  image text not null,
  image_mobile text,
  enabled boolean not null default true,
  featured boolean not null default false,
  featured_home boolean not null default false,
  sort integer not null default 0,
  views bigint not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (tenant_id, provider_id, provider_game_id),
  unique (tenant_id, provider_id, game_code),
  unique (tenant_id, id),
  foreign key (tenant_id, provider_id) references game_providers (tenant_id, id) on delete cascade
);
create index games_tenant_idx on games (tenant_id, enabled);

-- Bumped on every catalog write; each node reloads its in-memory catalog when it sees a new value.
create table casino_catalog_revisions (
  tenant_id bigint primary key references tenants (id) on delete cascade,
  revision bigint not null default 1
);

create table game_favorites (
  tenant_id bigint not null,
  user_id bigint not null,
  game_id bigint not null,
  created_at timestamptz not null default now(),
  primary key (tenant_id, user_id, game_id),
  foreign key (tenant_id, user_id) references users (tenant_id, id) on delete cascade,
  foreign key (tenant_id, game_id) references games (tenant_id, id) on delete cascade
);

-- Latest like state per player and game; op_id orders the sends of one client so a stale one never wins.
create table game_likes (
  tenant_id bigint not null,
  user_id bigint not null,
  game_id bigint not null,
  liked boolean not null,
  op_id bigint not null,
  updated_at timestamptz not null default now(),
  primary key (tenant_id, user_id, game_id),
  foreign key (tenant_id, user_id) references users (tenant_id, id) on delete cascade,
  foreign key (tenant_id, game_id) references games (tenant_id, id) on delete cascade
);

create table game_recents (
  tenant_id bigint not null,
  user_id bigint not null,
  game_id bigint not null,
  played_at timestamptz not null default now(),
  primary key (tenant_id, user_id, game_id),
  foreign key (tenant_id, user_id) references users (tenant_id, id) on delete cascade,
  foreign key (tenant_id, game_id) references games (tenant_id, id) on delete cascade
);
create index game_recents_user_idx on game_recents (tenant_id, user_id, played_at desc);

-- A launch: the token the provider presents in every wallet call. Only its hash is stored.
create table game_sessions (
  id bigint generated always as identity primary key,
  tenant_id bigint not null,
  user_id bigint,
  game_id bigint not null,
  provider_id bigint not null,
  token_hash text not null unique,
  demo boolean not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  foreign key (tenant_id, user_id) references users (tenant_id, id) on delete cascade,
  foreign key (tenant_id, game_id) references games (tenant_id, id) on delete cascade
);

-- A provider's round: the bet history line. Amounts in centavos.
create table casino_rounds (
  id bigint generated always as identity primary key,
  tenant_id bigint not null,
  provider_id bigint not null,
  round_id text not null,
  user_id bigint not null,
  game_id bigint not null,
  bet_total bigint not null default 0,
  win_total bigint not null default 0,
  status text not null default 'open' check (status in ('open', 'closed', 'rolled_back')),
  started_at timestamptz not null default now(),
  closed_at timestamptz,
  unique (tenant_id, provider_id, round_id),
  foreign key (tenant_id, user_id) references users (tenant_id, id) on delete cascade
);
create index casino_rounds_user_idx on casino_rounds (tenant_id, user_id, id desc);

-- Every wallet call of a provider, keyed on its transaction id: a repeat returns the stored first answer. A
-- rollback of a bet we never saw leaves a 'tombstone' bet row so that bet is refused if it arrives late.
create table provider_transactions (
  id bigint generated always as identity primary key,
  tenant_id bigint not null,
  provider_id bigint not null,
  tx_id text not null check (length(tx_id) between 1 and 100),
  kind text not null check (kind in ('bet', 'win', 'rollback')),
  round_id text,
  user_id bigint,
  amount bigint not null default 0 check (amount >= 0),
  status text not null check (status in ('ok', 'refused', 'rolled_back', 'tombstone')),
  -- The answer given the first time, replayed verbatim on a repeat.
  response jsonb not null,
  created_at timestamptz not null default now(),
  unique (tenant_id, provider_id, tx_id)
);

-- Rejected provider calls (bad signature, win over the cap ...): what an operator reviews after an incident.
create table provider_security_events (
  id bigint generated always as identity primary key,
  tenant_id bigint,
  provider_code text not null,
  reason text not null,
  detail jsonb not null default '{}'::jsonb,
  ip text,
  created_at timestamptz not null default now()
);

-- The built-in provider stand-in's own records: the operators registered with it (as in a provider's back office).
create table provider_sandbox_operators (
  operator_id text primary key,
  secret text not null,
  created_at timestamptz not null default now()
);
