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

/** A sports bet is news when it paid at least this many times its stake: the feed shows big wins, not every bet. */
export const SPORTS_FEED_MIN_MULTIPLIER = 2;

/**
 * A big sports win on the live bet feed, as a round's pair: BetPlaced `bet` with the stake and `win` with the
 * payout, under the transaction key sports:<bet id>, or betby:<bet id> for a Betby bet, whose ids are its own (the
 * web merges the pair and shows the multiplier). Only a bet's first settlement is news: a rollback and the
 * settlement after it are not shown again.
 */
export async function feedSettledSportsBet(
  e: DomainEventOf<'sports.bet_settled'>,
  o: { sql: Sql; publish: FeedPublish },
): Promise<void> {
  const p = e.payload;
  if (e.userId === null || p.rollback || p.settlement_version !== 0 || p.status !== 'won') return;
  if (p.stake <= 0 || p.payout < p.stake * SPORTS_FEED_MIN_MULTIPLIER) return;
  if (Date.now() - e.createdAt.getTime() > FEED_MAX_AGE_MS) return;
  const { rows } = await o.sql.query<{ first_name: string }>(
    'select first_name from users where tenant_id = $1 and id = $2',
    [e.tenantId, e.userId],
  );
  const name = rows[0]?.first_name;
  if (!name) return;
  const base = {
    transaction: `${p.source === 'betby' ? 'betby' : 'sports'}:${p.bet_id}`,
    game: 'Esportes',
    user: maskName(name),
    date: e.createdAt.toISOString(),
  };
  const channel = channels.chat(DEFAULT_ROOM);
  for (const data of [
    { type: 'bet' as const, ...base, amount: p.stake },
    { type: 'win' as const, ...base, amount: p.payout },
  ])
    await o.publish({ tenantId: e.tenantId, channel, event: 'BetPlaced', data });
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
    'sports.bet_settled': async (e, ctx) => {
      const held: Parameters<FeedPublish>[0][] = [];
      await feedSettledSportsBet(e, { sql: ctx.tx, publish: (m) => held.push(m) });
      if (held.length === 0) return;
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
