-- Sorte Originals (issue 7): per-player provably-fair seed pairs, single-player bets, request idempotency, and the
-- multiplayer rounds of Crash and Double drawn from a pre-committed hash chain.

-- A player's seed pair. Exactly one active pair per player; the server seed stays secret until the pair is rotated
-- (revealed_at set). `nonce` is the NEXT nonce: a bet takes it and increments it under the row lock, in the same
-- SQL transaction as its money, so nonces are 0, 1, 2 ... with no gap and no reuse (a failed bet rolls back).
create table originals_seed_pairs (
  id bigint generated always as identity primary key,
  tenant_id bigint not null,
  user_id bigint not null,
  server_seed text not null check (server_seed ~ '^[0-9a-f]{64}$'),
  server_seed_hash text not null check (server_seed_hash ~ '^[0-9a-f]{64}$'),
  client_seed text not null check (length(client_seed) between 1 and 64),
  nonce bigint not null default 0 check (nonce >= 0),
  active boolean not null default true,
  created_at timestamptz not null default now(),
  revealed_at timestamptz,
  check (active = (revealed_at is null)),
  foreign key (tenant_id, user_id) references users (tenant_id, id) on delete cascade
);
create unique index originals_seed_pairs_active on originals_seed_pairs (tenant_id, user_id) where active;
create index originals_seed_pairs_user on originals_seed_pairs (tenant_id, user_id, id desc);

-- One row per bet (a mines round is one bet with several actions). `outcome` holds the drawn result; for an open
-- mines round it holds the board, which is never sent to the player before the round ends.
create table originals_bets (
  id bigint generated always as identity primary key,
  tenant_id bigint not null,
  user_id bigint not null,
  game text not null check (game in ('dice', 'limbo', 'mines', 'plinko', 'keno', 'slot')),
  seed_pair_id bigint not null references originals_seed_pairs (id),
  nonce bigint not null check (nonce >= 0),
  amount bigint not null check (amount > 0),
  payout bigint not null default 0 check (payout >= 0),
  multiplier_e4 bigint not null default 0 check (multiplier_e4 >= 0),
  params jsonb not null,
  outcome jsonb not null,
  status text not null check (status in ('open', 'settled')),
  created_at timestamptz not null default now(),
  settled_at timestamptz,
  unique (seed_pair_id, nonce),
  foreign key (tenant_id, user_id) references users (tenant_id, id) on delete cascade
);
create index originals_bets_user on originals_bets (tenant_id, user_id, id desc);
create index originals_bets_recent on originals_bets (tenant_id, id desc) where status = 'settled';
-- At most one unfinished mines round per player.
create unique index originals_bets_one_open on originals_bets (tenant_id, user_id, game) where status = 'open';

-- The Idempotency-Key of every money-moving originals call: the first answer is stored and replayed; a concurrent
-- holder of the same key makes the insert wait until it commits (replay) or rolls back (then the key is free).
create table originals_requests (
  tenant_id bigint not null,
  user_id bigint not null,
  idempotency_key text not null check (length(idempotency_key) between 1 and 100),
  request_hash text not null,
  response jsonb,
  created_at timestamptz not null default now(),
  primary key (tenant_id, user_id, idempotency_key),
  foreign key (tenant_id, user_id) references users (tenant_id, id) on delete cascade
);

-- A hash chain per tenant and game (crash, double). The terminating hash h_0 and the salt are published before the
-- first round; round g uses h_g (hashing it g times gives h_0). Only the seed h_N is secret; rounds are derived from
-- it on start-up (chains are a few hundred thousand rounds, recomputed in chunks when needed).
create table originals_chains (
  id bigint generated always as identity primary key,
  tenant_id bigint not null references tenants (id) on delete cascade,
  game text not null check (game in ('crash', 'double')),
  seed text not null check (seed ~ '^[0-9a-f]{64}$'),
  length integer not null check (length between 1 and 10000000),
  terminating_hash text not null check (terminating_hash ~ '^[0-9a-f]{64}$'),
  salt text not null check (length(salt) between 1 and 128),
  active boolean not null default true,
  created_at timestamptz not null default now()
);
create unique index originals_chains_active on originals_chains (tenant_id, game) where active;

-- A multiplayer round. status: betting -> running -> ended (crash) / betting -> ended (double). The round hash and
-- the result are stored on creation but never sent to players before the round ends.
create table originals_rounds (
  id bigint generated always as identity primary key,
  tenant_id bigint not null,
  chain_id bigint not null references originals_chains (id),
  game text not null check (game in ('crash', 'double')),
  round_number integer not null check (round_number >= 1),
  hash text not null check (hash ~ '^[0-9a-f]{64}$'),
  -- Crash: crash point in hundredths (100 = 1.00x) after the max-profit rule; double: the tile 0..14.
  result integer not null,
  -- Crash: the point the chain gave, before a forced earlier end for the max profit (equal when not forced).
  chain_result integer not null,
  status text not null check (status in ('betting', 'running', 'ended', 'refunded')),
  betting_ends_at timestamptz not null,
  started_at timestamptz,
  ended_at timestamptz,
  created_at timestamptz not null default now(),
  unique (chain_id, round_number)
);
create index originals_rounds_recent on originals_rounds (tenant_id, game, id desc);

create table originals_round_bets (
  id bigint generated always as identity primary key,
  tenant_id bigint not null,
  round_id bigint not null references originals_rounds (id),
  user_id bigint not null,
  amount bigint not null check (amount > 0),
  -- Crash: auto cash-out in hundredths (null = manual only); double: the colour.
  auto_cashout integer check (auto_cashout is null or auto_cashout >= 101),
  color text check (color is null or color in ('white', 'red', 'black')),
  -- Crash: the multiplier the player cashed out at (hundredths); set at most once (UPDATE ... WHERE cashout IS NULL).
  cashout integer,
  payout bigint not null default 0 check (payout >= 0),
  status text not null default 'open' check (status in ('open', 'won', 'lost', 'refunded')),
  created_at timestamptz not null default now(),
  settled_at timestamptz,
  foreign key (tenant_id, user_id) references users (tenant_id, id) on delete cascade
);
-- One crash bet per player and round; one bet per colour and round in double.
create unique index originals_round_bets_one on originals_round_bets (round_id, user_id, coalesce(color, ''));
create index originals_round_bets_user on originals_round_bets (tenant_id, user_id, id desc);
