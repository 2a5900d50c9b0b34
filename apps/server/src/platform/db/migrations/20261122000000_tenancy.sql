-- Tenants (operators), the hosts they are served from, and their content pages.
create table tenants (
  id bigint generated always as identity primary key,
  name text not null check (length(name) between 1 and 100),
  active boolean not null default true,
  -- Public settings, validated by TenantSettings (packages/contracts) before every write.
  settings jsonb not null,
  -- Credentials and other secrets: never serialised into the site config.
  secrets jsonb not null default '{}'::jsonb,
  -- Bumped on every change; the site config's "version" and every cache key derive from it.
  revision integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table tenant_hosts (
  host text primary key check (host = lower(host) and host ~ '^[a-z0-9.-]{1,253}$|^\[[0-9a-f:.]{2,45}\]$'),
  tenant_id bigint not null references tenants (id) on delete cascade,
  is_primary boolean not null default false,
  created_at timestamptz not null default now()
);
create index tenant_hosts_tenant_idx on tenant_hosts (tenant_id);
create unique index tenant_hosts_one_primary on tenant_hosts (tenant_id) where is_primary;

create table tenant_pages (
  tenant_id bigint not null references tenants (id) on delete cascade,
  slug text not null check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length(slug) <= 80),
  locale text not null check (locale in ('pt', 'en')),
  title text not null check (length(title) between 1 and 200),
  -- A small, safe Markdown subset rendered by the web app into elements (never as raw HTML).
  body text not null,
  updated_at timestamptz not null default now(),
  primary key (tenant_id, slug, locale)
);
