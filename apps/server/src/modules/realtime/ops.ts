import { type Command, tenantOfHost } from '../../platform/ops';
import { RealtimeKeys } from '../../platform/realtime/index';
import { findTenantByHost } from '../tenants/index';

/** The realtime server's credentials; merged into the ops COMMANDS table. */
export const REALTIME_COMMANDS: Record<string, Command> = {
  'realtime:credentials': {
    usage: 'realtime:credentials --host H',
    summary: "print the tenant's Pusher app id, key and secret (for the `pusher` SDK or another publisher)",
    async run({ db }, args) {
      const id = await tenantOfHost(db, args, this.usage, findTenantByHost);
      const c = (await RealtimeKeys.load(db)).forTenant(id);
      return JSON.stringify({ appId: c.appId, key: c.key, secret: c.secret, path: `/apps/${c.appId}/events` });
    },
  },
};
