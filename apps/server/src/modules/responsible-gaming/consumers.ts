import type { Db } from '../../platform/db/index';
import { type Consumer, defineConsumer } from '../../platform/events/index';
import * as repo from './repo';

/**
 * Responsible gaming's reactions: a paid PIX charge counts against deposit limits from the moment it was paid, and
 * every notice given to a player the national list names is kept (the notifications module delivers it).
 */
export function responsibleGamingConsumer(_db: Db): Consumer {
  return defineConsumer({
    name: 'responsible-gaming',
    handlers: {
      'payments.deposit_approved': async (e, ctx) => {
        if (e.userId === null) return;
        await repo.markDepositPaid(ctx.tx, { tenantId: e.tenantId, userId: e.userId }, e.payload);
      },
      'responsible_gaming.national_list_hit': async (e, ctx) => {
        if (e.userId === null || !e.payload.notice) return;
        await repo.insertNotice(ctx.tx, {
          tenantId: e.tenantId,
          userId: e.userId,
          kind: `national_list:${e.payload.moment}`,
          channel: 'notification',
          message: e.payload.notice.pt,
        });
      },
    },
  });
}
