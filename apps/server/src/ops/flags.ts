import { findTenantByHost } from '../modules/tenants/repo';
import type { Db } from '../platform/db/index';
import { type Parsed, UsageError } from './commands';

/** Flag readers shared by the modules' operator commands: each fails with the command's usage line. */
export function flag(args: Parsed, name: string, usage: string): string {
  const v = args.flags[name];
  if (typeof v !== 'string' || !v) throw new UsageError(`missing --${name}\nusage: ${usage}`);
  return v;
}

export function int(args: Parsed, name: string, usage: string, min = 0): number {
  const v = flag(args, name, usage);
  if (!/^\d{1,9}$/.test(v) || Number(v) < min)
    throw new UsageError(`--${name} must be a whole number >= ${min}\nusage: ${usage}`);
  return Number(v);
}

export async function tenantId(db: Db, args: Parsed, usage: string): Promise<number> {
  const host = flag(args, 'host', usage);
  const t = await findTenantByHost(db, host.toLowerCase());
  if (!t) throw new UsageError(`no tenant is served from ${host}`);
  return t.id;
}
