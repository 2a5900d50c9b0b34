import { type Command, flag, int, tenantOfHost, UsageError } from '../../platform/ops';
import { findTenantByHost } from '../tenants/index';
import { sendNotification } from './service';

/** Operator notifications; merged into the ops COMMANDS table. */
export const NOTIFICATION_COMMANDS: Record<string, Command> = {
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
        tenantId: await tenantOfHost(db, args, this.usage, findTenantByHost),
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
