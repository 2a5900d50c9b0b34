import { bannerIssues, TenantSettings } from '@sorte/contracts';
import type { Db, Sql } from '../../platform/db/index';
import { AppError, type Localized } from '../../platform/errors';
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

// ---- Changes from the back office: one transaction each, guarded by the revision the staff member read, with a
// hook the caller uses to write its audit row in the same transaction.

type OnChanged = (tx: Sql, before: Tenant, after: Tenant) => Promise<void>;

const TENANT_NOT_FOUND: Localized = { pt: 'Plataforma não encontrada.', en: 'Platform not found.' };
const STALE: Localized = {
  pt: 'A plataforma foi alterada por outra pessoa desde que você a abriu. Recarregue e tente de novo.',
  en: 'Someone else changed the platform since you opened it. Reload and try again.',
};
const BAD_KEY: Localized = { pt: 'Configuração desconhecida.', en: 'Unknown setting.' };

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** `patch` merged into `base`: objects key by key, arrays and values replaced; prototype keys refused. */
export function mergeSettings(base: Record<string, unknown>, patch: Record<string, unknown>, path = ''): void {
  for (const [k, v] of Object.entries(patch)) {
    if (k === '__proto__' || k === 'constructor' || k === 'prototype')
      throw new AppError('validation', BAD_KEY, { [`${path}${k}`]: [BAD_KEY] });
    if (!path && !(k in TenantSettings.shape)) throw new AppError('validation', BAD_KEY, { [k]: [BAD_KEY] });
    const cur = base[k];
    if (isPlainObject(v) && isPlainObject(cur)) mergeSettings(cur, v, `${path}${k}.`);
    else base[k] = v;
  }
}

async function changeInTx(
  db: Db,
  o: { tenantId: number; revision: number },
  apply: (tx: Sql, t: Tenant) => Promise<void>,
  onChanged?: OnChanged,
): Promise<Tenant> {
  return db.transaction(async (tx) => {
    await repo.lockTenant(tx, o.tenantId);
    const before = await repo.findTenantById(tx, o.tenantId);
    if (!before) throw new AppError('not_found', TENANT_NOT_FOUND);
    if (before.revision !== o.revision) throw new AppError('conflict', STALE);
    await apply(tx, before);
    const after = (await repo.findTenantById(tx, o.tenantId))!;
    if (onChanged) await onChanged(tx, before, after);
    return after;
  });
}

/**
 * Name, active (false: maintenance) and settings merged from `patch`; the whole result validated before anything
 * is written. A bad value answers 400 with the field's path, a stale revision 409.
 */
export async function changeTenant(
  db: Db,
  o: { tenantId: number; revision: number; name?: string; active?: boolean; patch?: Record<string, unknown> },
  onChanged?: OnChanged,
): Promise<Tenant> {
  return changeInTx(
    db,
    o,
    async (tx, t) => {
      const draft = structuredClone(t.settings) as unknown as Record<string, unknown>;
      if (o.patch) mergeSettings(draft, o.patch);
      const parsed = TenantSettings.safeParse(draft);
      if (!parsed.success) {
        const fields = settingsIssues(parsed.error);
        throw new AppError(
          'validation',
          { pt: 'Configuração inválida.', en: 'Invalid settings.' },
          Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v])),
        );
      }
      refuseBadBanners(parsed.data);
      const ok = await repo.updateTenant(tx, {
        id: t.id,
        expectedRevision: t.revision,
        name: o.name ?? t.name,
        active: o.active ?? t.active,
        settings: parsed.data,
      });
      if (!ok) throw new AppError('conflict', STALE);
    },
    onChanged,
  );
}

const HOST_TAKEN: Localized = {
  pt: 'Este host já pertence a outra plataforma.',
  en: 'This host belongs to another platform.',
};
const BAD_HOST: Localized = { pt: 'Nome de host inválido.', en: 'Invalid host name.' };
const HOST_KEPT: Localized = {
  pt: 'O host principal não pode ser removido (nem um host que a plataforma não tem).',
  en: 'The primary host cannot be removed (nor a host the platform does not have).',
};

/** Adds a host no other tenant serves (a host the tenant already has changes nothing). */
export async function addHostTo(
  db: Db,
  o: { tenantId: number; revision: number; host: string },
  onChanged?: OnChanged,
) {
  const host = normalizeHost(o.host);
  if (!host || host.startsWith('[')) throw new AppError('validation', BAD_HOST, { host: [BAD_HOST] });
  return changeInTx(
    db,
    o,
    async (tx, t) => {
      const owner = await repo.hostOwner(tx, host);
      if (owner !== null && owner !== t.id) throw new AppError('conflict', HOST_TAKEN);
      if (owner === null) await repo.insertHost(tx, t.id, host, false);
      await repo.bumpRevision(tx, t.id);
    },
    onChanged,
  );
}

/** Removes a secondary host; the primary one (the site's own address) stays. */
export async function removeHostFrom(
  db: Db,
  o: { tenantId: number; revision: number; host: string },
  onChanged?: OnChanged,
) {
  const host = normalizeHost(o.host) ?? o.host;
  return changeInTx(
    db,
    o,
    async (tx, t) => {
      if (!(await repo.deleteHost(tx, t.id, host))) throw new AppError('validation', HOST_KEPT, { host: [HOST_KEPT] });
      await repo.bumpRevision(tx, t.id);
    },
    onChanged,
  );
}

export const legalPagesOf = (sql: Sql, tenantId: number, slugs: readonly string[]) =>
  repo.pagesOf(sql, tenantId, slugs);
