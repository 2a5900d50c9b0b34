import { bannerIssues, TenantSettings } from '@sorte/contracts';
import type { Db } from '../../platform/db/index';
import { AppError } from '../../platform/errors';
import { normalizeHost, type Tenant } from '../../platform/tenancy';
import { defaultTenantSettings } from './defaults';
import * as repo from './repo';

function settingsIssues(error: { issues: { path: PropertyKey[]; message: string }[] }) {
  const fields: Record<string, string[]> = {};
  for (const i of error.issues) {
    const key = i.path.map(String).join('.') || '(settings)';
    const list = fields[key] ?? [];
    list.push(i.message);
    fields[key] = list;
  }
  return fields;
}

/**
 * A banner may only point at a page of the site (or an outside address), and an English version needs its title.
 * Checked when settings are written, not when they are read, so a tenant stored earlier keeps loading.
 */
function refuseBadBanners(s: TenantSettings): void {
  const issues = bannerIssues(s.banners);
  if (Object.keys(issues).length > 0) throw new AppError('validation', 'invalid tenant settings', issues);
}

function hostOrThrow(raw: string): string {
  const host = normalizeHost(raw);
  if (!host) throw new AppError('validation', `"${raw}" is not a valid host name`, { host: ['invalid host name'] });
  return host;
}

export async function createTenant(db: Db, o: { name: string; host: string; settings?: unknown }): Promise<Tenant> {
  const name = o.name.trim();
  if (!name || name.length > 100) throw new AppError('validation', 'name must have 1 to 100 characters');
  const host = hostOrThrow(o.host);
  const parsed = TenantSettings.safeParse(o.settings ?? defaultTenantSettings({ name, host }));
  if (!parsed.success) throw new AppError('validation', 'invalid tenant settings', settingsIssues(parsed.error));
  refuseBadBanners(parsed.data);
  const id = await db.transaction(async (tx) => {
    if ((await repo.hostOwner(tx, host)) !== null)
      throw new AppError('conflict', `host ${host} already belongs to a tenant`);
    const id = await repo.insertTenant(tx, { name, settings: parsed.data });
    await repo.insertHost(tx, id, host, true);
    return id;
  });
  return (await repo.findTenantById(db, id))!;
}

export async function addTenantHost(db: Db, o: { tenantHost: string; newHost: string; primary?: boolean }) {
  const current = hostOrThrow(o.tenantHost);
  const host = hostOrThrow(o.newHost);
  return db.transaction(async (tx) => {
    const tenant = await repo.findTenantByHost(tx, current);
    if (!tenant) throw new AppError('not_found', `no tenant is served from ${current}`);
    const owner = await repo.hostOwner(tx, host);
    if (owner !== null && owner !== tenant.id) throw new AppError('conflict', `host ${host} belongs to another tenant`);
    if (owner === null) {
      if (o.primary) await tx.query('update tenant_hosts set is_primary = false where tenant_id = $1', [tenant.id]);
      await repo.insertHost(tx, tenant.id, host, Boolean(o.primary));
    }
    await repo.bumpRevision(tx, tenant.id);
    return (await repo.findTenantById(tx, tenant.id))!;
  });
}

/** Parses "key=value" where value is JSON. Keys are dot paths into the settings, or "name" / "active". */
export function parseAssignments(pairs: string[]): { path: string[]; value: unknown }[] {
  return pairs.map((pair) => {
    const eq = pair.indexOf('=');
    if (eq <= 0) throw new AppError('validation', `"${pair}" is not key=value`);
    const key = pair.slice(0, eq).trim();
    if (!/^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z0-9_]+)*$/.test(key))
      throw new AppError('validation', `"${key}" is not a valid key`);
    const raw = pair.slice(eq + 1);
    try {
      return { path: key.split('.'), value: JSON.parse(raw) };
    } catch {
      throw new AppError(
        'validation',
        `value of ${key} is not valid JSON: ${raw} (text needs quotes, e.g. ${key}='"text"')`,
      );
    }
  });
}

function setPath(target: Record<string, unknown>, path: string[], value: unknown) {
  let node: Record<string, unknown> = target;
  for (const [i, seg] of path.entries()) {
    if (seg === '__proto__' || seg === 'constructor' || seg === 'prototype')
      throw new AppError('validation', `"${path.join('.')}" is not a valid key`);
    if (i === path.length - 1) {
      node[seg] = value;
      return;
    }
    const next = node[seg];
    if (next === null || typeof next !== 'object' || Array.isArray(next)) {
      if (Array.isArray(next) && /^\d+$/.test(path[i + 1]!)) {
        node = next as unknown as Record<string, unknown>;
        continue;
      }
      throw new AppError('validation', `"${path.slice(0, i + 1).join('.')}" is not an object`);
    }
    node = next as Record<string, unknown>;
  }
}

/**
 * Applies every assignment to a copy of the tenant, validates the whole result, and writes it in one statement
 * guarded by the revision that was read. Any bad value: nothing is written.
 */
export async function setTenantSettings(db: Db, o: { host: string; assignments: string[] }): Promise<Tenant> {
  const host = hostOrThrow(o.host);
  const changes = parseAssignments(o.assignments);
  if (changes.length === 0) throw new AppError('validation', 'nothing to set: give one or more key=value');
  const tenant = await repo.findTenantByHost(db, host);
  if (!tenant) throw new AppError('not_found', `no tenant is served from ${host}`);
  let name = tenant.name;
  let active = tenant.active;
  const draft = structuredClone(tenant.settings) as unknown as Record<string, unknown>;
  for (const c of changes) {
    const key = c.path.join('.');
    if (key === 'name') {
      if (typeof c.value !== 'string' || !c.value.trim() || c.value.length > 100)
        throw new AppError('validation', 'name must be text of 1 to 100 characters');
      name = c.value.trim();
    } else if (key === 'active') {
      if (typeof c.value !== 'boolean') throw new AppError('validation', 'active must be true or false');
      active = c.value;
    } else {
      if (!(c.path[0]! in TenantSettings.shape)) throw new AppError('validation', `unknown setting "${c.path[0]}"`);
      setPath(draft, c.path, c.value);
    }
  }
  const parsed = TenantSettings.safeParse(draft);
  if (!parsed.success) throw new AppError('validation', 'invalid tenant settings', settingsIssues(parsed.error));
  refuseBadBanners(parsed.data);
  const ok = await repo.updateTenant(db, {
    id: tenant.id,
    expectedRevision: tenant.revision,
    name,
    active,
    settings: parsed.data,
  });
  if (!ok) throw new AppError('conflict', 'the tenant changed while this was being applied; try again');
  return (await repo.findTenantById(db, tenant.id))!;
}

export const listTenants = (db: Db) => repo.listTenants(db);
