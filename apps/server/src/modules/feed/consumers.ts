import { type BetFeedEvent, type DomainEventOf, maskName } from '@sorte/contracts';
import type { Sql } from '../../platform/db/index';
import { type Consumer, defineConsumer } from '../../platform/events/index';
import { broadcast } from '../../platform/realtime/index';
import { channels, DEFAULT_ROOM } from '../realtime/index';
import { recordRecent } from './repo';

/** The feed is live: a round settled longer ago than this (a backlog after downtime) is not shown as news. */
export const FEED_MAX_AGE_MS = 60_000;

export type FeedPublish = (o: { tenantId: number; channel: string; event: string; data: BetFeedEvent }) => unknown;

/**
 * The live bet feed from settled rounds (casino providers and Originals alike): BetPlaced `bet` with the round's
 * stake and, when it paid, BetPlaced `win` with the payout, both under one transaction key (provider:round) so the
 * web merges them and shows multiplier = win / bet; the web also drops a repeated (type, transaction), which makes
 * a repeated delivery harmless. Names are masked here; the raw name never leaves the server.
 */
export async function feedSettledRound(
  e: DomainEventOf<'casino.round_settled'>,
  o: { sql: Sql; publish: FeedPublish },
): Promise<void> {
  const p = e.payload;
  if (e.userId === null || p.bet <= 0 || Date.now() - e.createdAt.getTime() > FEED_MAX_AGE_MS) return;
  const { rows } = await o.sql.query<{ first_name: string }>(
    'select first_name from users where tenant_id = $1 and id = $2',
    [e.tenantId, e.userId],
  );
  const name = rows[0]?.first_name;
  if (!name) return;
  const base = {
    transaction: `${p.provider}:${p.round_id}`.slice(0, 200),
    game: String(p.game ?? p.game_code ?? '').slice(0, 120),
    user: maskName(name),
    date: e.createdAt.toISOString(),
  };
  const channel = channels.chat(DEFAULT_ROOM);
  const out: BetFeedEvent[] = [{ type: 'bet', ...base, amount: p.bet }];
  if (p.win > 0) out.push({ type: 'win', ...base, amount: p.win });
  for (const data of out) await o.publish({ tenantId: e.tenantId, channel, event: 'BetPlaced', data });
}

export const betFeedConsumer: Consumer = defineConsumer({
  name: 'bet-feed',
  handlers: {
    'casino.round_settled': async (e, ctx) => {
      const held: Parameters<FeedPublish>[0][] = [];
      await feedSettledRound(e, { sql: ctx.tx, publish: (m) => held.push(m) });
      // Kept for the pages that open after this round (GET /api/feed/recent), in the same transaction.
      await recordRecent(
        ctx.tx,
        e.tenantId,
        held.map((m) => m.data),
      );
      ctx.afterCommit(async () => {
        for (const m of held) await broadcast(m.tenantId, m.channel, m.event, m.data);
      });
    },
  },
});
