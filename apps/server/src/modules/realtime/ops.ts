import type { Command } from '../../ops/commands';
import { tenantId } from '../../ops/flags';
import { RealtimeKeys } from '../../platform/realtime/index';

/** The realtime server's credentials; merged into the ops COMMANDS table. */
export const REALTIME_COMMANDS: Record<string, Command> = {
  'realtime:credentials': {
    usage: 'realtime:credentials --host H',
    summary: "print the tenant's Pusher app id, key and secret (for the `pusher` SDK or another publisher)",
    async run({ db }, args) {
      const id = await tenantId(db, args, this.usage);
      const c = (await RealtimeKeys.load(db)).forTenant(id);
      return JSON.stringify({ appId: c.appId, key: c.key, secret: c.secret, path: `/apps/${c.appId}/events` });
    },
  },
};
