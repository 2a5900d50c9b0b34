import { TenantSettings } from '@sorte/contracts';
import type { Sql } from '../../platform/db/index';
import type { Tenant } from '../../platform/tenancy';

type TenantRow = {
  id: number;
  name: string;
  active: boolean;
  settings: unknown;
  revision: number;
  hosts: string[] | null;
  primary_host: string | null;
};

const SELECT = `select t.id, t.name, t.active, t.settings, t.revision,
    coalesce(array_agg(h.host order by h.is_primary desc, h.host) filter (where h.host is not null), '{}') as hosts,
    max(h.host) filter (where h.is_primary) as primary_host
  from tenants t left join tenant_hosts h on h.tenant_id = t.id`;

function toTenant(r: TenantRow): Tenant {
  const hosts = r.hosts ?? [];
  return {
    id: r.id,
    name: r.name,
    active: r.active,
    // Stored settings were validated on write; parsing again fills defaults added by later versions.
    settings: TenantSettings.parse(r.settings),
    revision: r.revision,
    hosts,
    primaryHost: r.primary_host ?? hosts[0] ?? '',
  };
}

export async function findTenantByHost(sql: Sql, host: string): Promise<Tenant | null> {
  const { rows } = await sql.query<TenantRow>(
    `${SELECT} where t.id = (select tenant_id from tenant_hosts where host = $1) group by t.id`,
    [host],
  );
  return rows[0] ? toTenant(rows[0]) : null;
}

export async function findTenantById(sql: Sql, id: number): Promise<Tenant | null> {
  const { rows } = await sql.query<TenantRow>(`${SELECT} where t.id = $1 group by t.id`, [id]);
  return rows[0] ? toTenant(rows[0]) : null;
}

export async function listTenants(sql: Sql): Promise<Tenant[]> {
  const { rows } = await sql.query<TenantRow>(`${SELECT} group by t.id order by t.id`);
  return rows.map(toTenant);
}

export async function countTenants(sql: Sql): Promise<number> {
  const { rows } = await sql.query<{ n: number }>('select count(*)::int as n from tenants');
  return rows[0]?.n ?? 0;
}

export async function insertTenant(
  sql: Sql,
  t: { name: string; settings: TenantSettings; active?: boolean },
): Promise<number> {
  const { rows } = await sql.query<{ id: number }>(
    'insert into tenants (name, settings, active) values ($1, $2, $3) returning id',
    [t.name, JSON.stringify(t.settings), t.active ?? true],
  );
  return rows[0]!.id;
}

export async function insertHost(sql: Sql, tenantId: number, host: string, isPrimary: boolean): Promise<void> {
  await sql.query('insert into tenant_hosts (host, tenant_id, is_primary) values ($1, $2, $3)', [
    host,
    tenantId,
    isPrimary,
  ]);
}

export async function hostOwner(sql: Sql, host: string): Promise<number | null> {
  const { rows } = await sql.query<{ tenant_id: number }>('select tenant_id from tenant_hosts where host = $1', [host]);
  return rows[0]?.tenant_id ?? null;
}

/** Writes new settings only if nobody changed the tenant since it was read (optimistic concurrency). */
export async function updateTenant(
  sql: Sql,
  t: { id: number; expectedRevision: number; name: string; active: boolean; settings: TenantSettings },
): Promise<boolean> {
  const r = await sql.query(
    `update tenants set name = $3, active = $4, settings = $5, revision = revision + 1, updated_at = now()
      where id = $1 and revision = $2`,
    [t.id, t.expectedRevision, t.name, t.active, JSON.stringify(t.settings)],
  );
  return r.rowCount === 1;
}

export async function bumpRevision(sql: Sql, tenantId: number): Promise<void> {
  await sql.query('update tenants set revision = revision + 1, updated_at = now() where id = $1', [tenantId]);
}

export type PageRow = { slug: string; locale: 'pt' | 'en'; title: string; body: string; updated_at: Date };

export async function upsertPage(
  sql: Sql,
  p: { tenantId: number; slug: string; locale: 'pt' | 'en'; title: string; body: string },
): Promise<void> {
  await sql.query(
    `insert into tenant_pages (tenant_id, slug, locale, title, body) values ($1, $2, $3, $4, $5)
     on conflict (tenant_id, slug, locale) do update set title = excluded.title, body = excluded.body,
       updated_at = now()`,
    [p.tenantId, p.slug, p.locale, p.title, p.body],
  );
}

/** The page in the wanted language, else in the other one. */
export async function findPage(sql: Sql, tenantId: number, slug: string, locale: 'pt' | 'en'): Promise<PageRow | null> {
  const { rows } = await sql.query<PageRow>(
    `select slug, locale, title, body, updated_at from tenant_pages where tenant_id = $1 and slug = $2
      order by (locale = $3) desc limit 1`,
    [tenantId, slug, locale],
  );
  return rows[0] ?? null;
}

export async function listPages(sql: Sql, tenantId: number): Promise<Omit<PageRow, 'body'>[]> {
  const { rows } = await sql.query<Omit<PageRow, 'body'>>(
    'select slug, locale, title, updated_at from tenant_pages where tenant_id = $1 order by slug, locale',
    [tenantId],
  );
  return rows;
}

/** The pages named, in both languages, exactly as stored (no fallback to the other language). */
export async function pagesOf(sql: Sql, tenantId: number, slugs: readonly string[]): Promise<PageRow[]> {
  const { rows } = await sql.query<PageRow>(
    `select slug, locale, title, body, updated_at from tenant_pages
      where tenant_id = $1 and slug = any($2::text[]) order by slug, locale`,
    [tenantId, slugs],
  );
  return rows;
}

export async function lockTenant(sql: Sql, id: number): Promise<void> {
  await sql.query('select 1 from tenants where id = $1 for update', [id]);
}

export async function deleteHost(sql: Sql, tenantId: number, host: string): Promise<boolean> {
  const r = await sql.query('delete from tenant_hosts where tenant_id = $1 and host = $2 and not is_primary', [
    tenantId,
    host,
  ]);
  return r.rowCount === 1;
}
