import { findTenantByHost } from '../modules/tenants/repo';
import type { Db } from '../platform/db/index';
import { type Parsed, tenantOfHost } from '../platform/ops';

export { flag, int } from '../platform/ops';

/** The tenant of the command's --host (the composed CLI's own commands; a module's ops.ts uses tenantOfHost). */
export function tenantId(db: Db, args: Parsed, usage: string): Promise<number> {
  return tenantOfHost(db, args, usage, findTenantByHost);
}
