-- Player accounts, sessions, verification codes, the message outbox and addresses (issue 3).

-- (tenant_id, id) is unique so tenant-owned child rows can reference it and can never point across tenants.
create table users (
  id bigint generated always as identity primary key,
  tenant_id bigint not null references tenants (id) on delete cascade,
  first_name text not null check (length(first_name) between 1 and 100),
  last_name text not null check (length(last_name) between 1 and 100),
  -- Lower-cased on write; at most 30 characters by the registration rules.
  email text not null check (email = lower(email) and length(email) between 3 and 254),
  -- The username: a Brazilian mobile number in E.164 form (+55 DDD 9 XXXX-XXXX).
  phone text not null check (phone ~ '^\+55[1-9][0-9]9[0-9]{8}$'),
  cpf text check (cpf ~ '^[0-9]{11}$'),
  birth_date date,
  -- argon2id; null for an account that only ever signed in with Google.
  password_hash text,
  google_sub text,
  language text not null default 'pt' check (language in ('pt', 'en')),
  avatar text,
  level integer not null default 0,
  total_bet bigint not null default 0,
  vip_level integer not null default 0,
  vip_points bigint not null default 0,
  hide_metrics boolean not null default false,
  -- Privacy switches (POST /profile/update-settings).
  settings jsonb not null default '{}'::jsonb,
  email_verified_at timestamptz,
  phone_verified_at timestamptz,
  referral_code text not null,
  -- Always a user of the same tenant (the service looks the code up within the tenant).
  referred_by bigint references users (id) on delete set null,
  self_exclusion_value text,
  self_exclusion_start timestamptz,
  self_exclusion_end timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (tenant_id, id),
  unique (tenant_id, email),
  unique (tenant_id, phone),
  unique (tenant_id, referral_code)
);
create unique index users_tenant_cpf on users (tenant_id, cpf) where cpf is not null;
create unique index users_tenant_google on users (tenant_id, google_sub) where google_sub is not null;

-- Bearer sessions: only the SHA-256 of the token is stored, so a database leak yields no usable token.
create table sessions (
  id bigint generated always as identity primary key,
  tenant_id bigint not null,
  user_id bigint not null,
  token_hash text not null unique check (token_hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  last_used_at timestamptz not null default now(),
  revoked_at timestamptz,
  ip text,
  user_agent text,
  foreign key (tenant_id, user_id) references users (tenant_id, id) on delete cascade
);
create index sessions_user_idx on sessions (tenant_id, user_id) where revoked_at is null;

-- One-time codes sent by SMS or e-mail. Hashed; a code is spent on success or after too many attempts.
create table verification_codes (
  id bigint generated always as identity primary key,
  tenant_id bigint not null references tenants (id) on delete cascade,
  purpose text not null check (purpose in ('register', 'recover', 'verify_email', 'verify_phone', 'password_change')),
  channel text not null check (channel in ('sms', 'email')),
  target text not null,
  code_hash text not null,
  attempts integer not null default 0,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  consumed_at timestamptz
);
create index verification_codes_target_idx on verification_codes (tenant_id, purpose, target, created_at desc);

-- What the built-in SMS/e-mail provider "sends": read by a person at /dev/outbox and by tests.
create table message_outbox (
  id bigint generated always as identity primary key,
  tenant_id bigint not null references tenants (id) on delete cascade,
  channel text not null check (channel in ('sms', 'email')),
  recipient text not null,
  subject text,
  body text not null,
  code text,
  created_at timestamptz not null default now()
);
create index message_outbox_recipient_idx on message_outbox (tenant_id, recipient, id desc);

create table user_addresses (
  tenant_id bigint not null,
  user_id bigint not null,
  zip_code text not null,
  street text not null,
  number text not null,
  complement text,
  neighborhood text not null,
  city text not null,
  state text not null,
  country text not null default 'BR',
  updated_at timestamptz not null default now(),
  primary key (tenant_id, user_id),
  foreign key (tenant_id, user_id) references users (tenant_id, id) on delete cascade
);
