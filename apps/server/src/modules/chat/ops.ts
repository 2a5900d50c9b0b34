import { type Command, int, tenantOfHost } from '../../platform/ops';
import { findTenantByHost } from '../tenants/index';
import { deleteMessage, mutePlayer, pinMessage } from './service';

/** Chat moderation; merged into the ops COMMANDS table. */
export const CHAT_COMMANDS: Record<string, Command> = {
  'chat:delete': {
    usage: 'chat:delete --host H --id MESSAGE_ID',
    summary: 'remove a chat message for everyone',
    async run({ db }, args) {
      const id = int(args, 'id', this.usage, 1);
      await deleteMessage(db, { tenantId: await tenantOfHost(db, args, this.usage, findTenantByHost), id });
      return `message ${id} deleted`;
    },
  },
  'chat:mute': {
    usage: 'chat:mute --host H --user USER_ID --minutes N [--reason TEXT]   (N = 0 lifts the mute)',
    summary: 'stop a player from posting in the chat for N minutes',
    async run({ db }, args) {
      const userId = int(args, 'user', this.usage, 1);
      const minutes = int(args, 'minutes', this.usage);
      const reason = typeof args.flags.reason === 'string' ? args.flags.reason.slice(0, 300) : null;
      const until = await mutePlayer(db, {
        tenantId: await tenantOfHost(db, args, this.usage, findTenantByHost),
        userId,
        minutes,
        reason,
      });
      return until ? `player ${userId} muted until ${until.toISOString()}` : `player ${userId} unmuted`;
    },
  },
  'chat:pin': {
    usage: 'chat:pin --host H --id MESSAGE_ID --minutes N   (N = 0 unpins)',
    summary: 'pin a chat message on top of the chat for N minutes',
    async run({ db }, args) {
      const id = int(args, 'id', this.usage, 1);
      const minutes = int(args, 'minutes', this.usage);
      const m = await pinMessage(db, {
        tenantId: await tenantOfHost(db, args, this.usage, findTenantByHost),
        id,
        minutes,
      });
      return m.pinned_until ? `message ${id} pinned until ${m.pinned_until}` : `message ${id} unpinned`;
    },
  },
};
