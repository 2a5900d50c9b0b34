import { type Command, tenantOfHost } from '../../platform/ops';
import { findTenantByHost } from '../tenants/index';
import { connectSandbox } from './sandbox/connect';

/** Game-provider operator commands; merged into the ops COMMANDS table. */
export const PROVIDER_COMMANDS: Record<string, Command> = {
  'providers:connect-sandbox': {
    usage: 'providers:connect-sandbox --host H',
    summary: 'connect a tenant to the built-in provider stand-in and import its playable games',
    async run({ db }, args) {
      const tenantId = await tenantOfHost(db, args, this.usage, findTenantByHost);
      const n = await db.transaction((tx) => connectSandbox(tx, tenantId));
      return `${n} stand-in games available to tenant ${tenantId}`;
    },
  },
};
