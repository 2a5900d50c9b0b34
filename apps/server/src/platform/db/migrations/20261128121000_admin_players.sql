-- The back office's players section: a staff block on the account, staff notes on a player, and the indexes its
-- search uses (exact CPF, phone and id are already unique indexes of users).

-- A blocked player cannot start a session (auth refuses the login) until risk staff unblock them.
alter table users add column blocked_at timestamptz;
alter table users add column blocked_reason text check (length(blocked_reason) <= 500);

-- E-mail prefix search ("joao@", "joao.s") within a tenant: the unique (tenant_id, email) index uses the database's
-- collation, which a LIKE 'x%' cannot range-scan.
create index users_admin_email_prefix on users (tenant_id, email text_pattern_ops);
-- Name prefix search without pg_trgm (first or last name starting with the words typed).
create index users_admin_first_name on users (tenant_id, lower(first_name) text_pattern_ops);
create index users_admin_last_name on users (tenant_id, lower(last_name) text_pattern_ops);

-- Substring search on the full name and e-mail when pg_trgm is available (PostgreSQL with contrib). Where the
-- extension cannot be created (PGlite without it loaded), or lives in a schema off the search path (one database
-- shared by schemas), the search falls back to the prefix indexes above.
do $$
begin
  begin
    create extension if not exists pg_trgm;
  exception when others then
    null;
  end;
  if exists (select 1 from pg_opclass where opcname = 'gin_trgm_ops' and pg_opclass_is_visible(oid)) then
    execute 'create index users_admin_name_trgm on users using gin '
      || '(lower(first_name || '' '' || last_name) gin_trgm_ops)';
    execute 'create index users_admin_email_trgm on users using gin (email gin_trgm_ops)';
  end if;
end
$$;

create table admin_player_notes (
  id bigint generated always as identity primary key,
  tenant_id bigint not null,
  user_id bigint not null,
  staff_id bigint not null,
  author text not null,
  body text not null check (length(body) between 1 and 2000),
  created_at timestamptz not null default now()
);
create index admin_player_notes_player on admin_player_notes (tenant_id, user_id, id desc);

-- Risk flag "shared device": other players of the tenant seen from one of this player's IP addresses.
create index sessions_admin_ip on sessions (tenant_id, ip) where ip is not null;
