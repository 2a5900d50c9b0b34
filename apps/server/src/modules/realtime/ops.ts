import type { Command, Parsed } from '../../ops/commands';
import { UsageError } from '../../ops/commands';
import { deleteMessage, mutePlayer, pinMessage } from '../chat/service';
import { sendNotification } from '../notifications/service';
import { findTenantByHost } from '../tenants/repo';
import { RealtimeKeys } from './keys';

function flag(args: Parsed, name: string, usage: string): string {
  const v = args.flags[name];
  if (typeof v !== 'string' || !v) throw new UsageError(`missing --${name}\nusage: ${usage}`);
  return v;
}

function int(args: Parsed, name: string, usage: string, min = 0): number {
  const v = flag(args, name, usage);
  if (!/^\d{1,9}$/.test(v) || Number(v) < min)
    throw new UsageError(`--${name} must be a whole number >= ${min}\nusage: ${usage}`);
  return Number(v);
}

async function tenantId(db: Parameters<Command['run']>[0]['db'], args: Parsed, usage: string): Promise<number> {
  const host = flag(args, 'host', usage);
  const t = await findTenantByHost(db, host.toLowerCase());
  if (!t) throw new UsageError(`no tenant is served from ${host}`);
  return t.id;
}

/** Chat moderation and notifications (issue 5); merged into the ops COMMANDS table. */
export const REALTIME_COMMANDS: Record<string, Command> = {
  'chat:delete': {
    usage: 'chat:delete --host H --id MESSAGE_ID',
    summary: 'remove a chat message for everyone',
    async run({ db }, args) {
      const id = int(args, 'id', this.usage, 1);
      await deleteMessage(db, { tenantId: await tenantId(db, args, this.usage), id });
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
      const until = await mutePlayer(db, { tenantId: await tenantId(db, args, this.usage), userId, minutes, reason });
      return until ? `player ${userId} muted until ${until.toISOString()}` : `player ${userId} unmuted`;
    },
  },
  'chat:pin': {
    usage: 'chat:pin --host H --id MESSAGE_ID --minutes N   (N = 0 unpins)',
    summary: 'pin a chat message on top of the chat for N minutes',
    async run({ db }, args) {
      const id = int(args, 'id', this.usage, 1);
      const minutes = int(args, 'minutes', this.usage);
      const m = await pinMessage(db, { tenantId: await tenantId(db, args, this.usage), id, minutes });
      return m.pinned_until ? `message ${id} pinned until ${m.pinned_until}` : `message ${id} unpinned`;
    },
  },
  'realtime:credentials': {
    usage: 'realtime:credentials --host H',
    summary: "print the tenant's Pusher app id, key and secret (for the `pusher` SDK or another publisher)",
    async run({ db }, args) {
      const id = await tenantId(db, args, this.usage);
      const c = (await RealtimeKeys.load(db)).forTenant(id);
      return JSON.stringify({ appId: c.appId, key: c.key, secret: c.secret, path: `/apps/${c.appId}/events` });
    },
  },
  notify: {
    usage:
      'notify --host H (--user USER_ID | --all) --title TEXT [--body TEXT] [--url /path|https://...] [--img URL] [--pin MINUTES]',
    summary: 'send a personal (--user) or platform (--all) notification: live, in the list and as web push',
    async run({ db }, args) {
      const all = args.flags.all === true;
      const user = args.flags.user;
      if (all === (user !== undefined))
        throw new UsageError(`give exactly one of --user or --all\nusage: ${this.usage}`);
      const userId = all ? null : int(args, 'user', this.usage, 1);
      const str = (n: string) => (typeof args.flags[n] === 'string' ? (args.flags[n] as string) : null);
      const r = await sendNotification(db, {
        tenantId: await tenantId(db, args, this.usage),
        userId,
        title: flag(args, 'title', this.usage),
        description: str('body') ?? '',
        url: str('url'),
        img: str('img'),
        pinnedMinutes: typeof args.flags.pin === 'string' ? int(args, 'pin', this.usage) : 0,
      });
      return `notification ${r.notification.id} sent (${r.notification.type}); web push: ${r.pushed.sent} sent, ${r.pushed.removed} removed, ${r.pushed.failed} failed`;
    },
  },
};
