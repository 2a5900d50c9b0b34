-- The built-in stand-ins (the sandbox PSP and the sandbox game provider) keep their state here instead of in one
-- process's memory, so any server node can answer them: a charge created through one node can be paid through
-- another, and a game session opened on one node can be played on the next. They are test doubles of outside
-- systems, so these rows carry no tenant and nothing of the platform reads them.

create table sandbox_psp_charges (
  txid text primary key,
  status text not null,
  -- The charge's creation time exactly as the PSP wrote it (ISO 8601), and its lifetime in seconds.
  criacao text not null,
  expiracao integer not null,
  valor text not null,
  chave text not null,
  devedor jsonb,
  location text not null unique,
  pix_copia_e_cola text not null
);

create table sandbox_psp_pix (
  end_to_end_id text primary key,
  seq bigint generated always as identity,
  txid text not null references sandbox_psp_charges (txid),
  valor text not null,
  horario text not null,
  pagador_cpf text not null,
  pagador_nome text not null
);
create index sandbox_psp_pix_txid on sandbox_psp_pix (txid, seq);

create table sandbox_psp_refunds (
  end_to_end_id text not null references sandbox_psp_pix (end_to_end_id),
  id text not null,
  seq bigint generated always as identity,
  rtr_id text not null,
  valor text not null,
  status text not null,
  primary key (end_to_end_id, id)
);

-- How many times a charge was read: what a real PSP bills and rate-limits (unknown txids count too).
create table sandbox_psp_lookups (
  txid text primary key,
  n integer not null
);

create table sandbox_psp_webhooks (
  chave text primary key,
  url text not null
);

create table sandbox_psp_payouts (
  id_envio text primary key,
  e2e_id text not null,
  valor text not null,
  chave text not null,
  status text not null,
  motivo text
);

-- Explicit DICT entries; a row without an owner is a key removed from the DICT (unknown even to the resolver).
create table sandbox_psp_dict (
  key text primary key,
  cpf text,
  nome text
);

-- How the next payout ends, when a test said so; no row means it succeeds. Taking it deletes it.
create table sandbox_psp_next_payout (
  one boolean primary key default true check (one),
  outcome text not null
);

create table provider_sandbox_sessions (
  token text primary key,
  operator_id text not null references provider_sandbox_operators (operator_id) on delete cascade,
  game_id text not null,
  demo boolean not null,
  session_token text,
  player_id text,
  language text not null,
  callback_url text not null,
  callback_host text not null,
  lobby_url text not null,
  demo_balance bigint not null,
  expires_at timestamptz not null,
  -- A play in progress holds the session until then: one play at a time, across nodes, and a node that dies
  -- mid-play does not hold it for ever.
  busy_until timestamptz
);
create index provider_sandbox_sessions_expires on provider_sandbox_sessions (expires_at);
