import { type BetFeedEvent, maskName } from '@sorte/contracts';
import type { Sql } from '../../platform/db/index';
import { channels, DEFAULT_ROOM, emit } from '../realtime/index';

/**
 * The live bet feed: a settled bet (type 'bet') and its win (type 'win', same transaction) as BetPlaced on the public
 * chat channel. Called by the casino's bet-settled handler; the web merges and keeps the latest 5.
 */
export async function publishBetFeed(
  sql: Sql,
  o: {
    tenantId: number;
    type: 'bet' | 'win';
    transaction: string;
    game: string;
    userName: string;
    amount: number;
    date?: Date;
  },
): Promise<BetFeedEvent> {
  const event: BetFeedEvent = {
    type: o.type,
    transaction: o.transaction,
    game: o.game.slice(0, 120),
    user: maskName(o.userName),
    amount: Math.max(0, Math.trunc(o.amount)),
    date: (o.date ?? new Date()).toISOString(),
  };
  await emit(sql, o.tenantId, channels.chat(DEFAULT_ROOM), 'BetPlaced', event);
  return event;
}
