import type { BetFeedEvent } from '@sorte/contracts';
import type { Sql } from '../../platform/db/index';

/** How many raw events a page is given on arrival: the web's feed keeps the latest 5 (spec section 9). */
export const RECENT_FEED_SIZE = 5;
/** Rows kept per tenant: a few rounds more than a page asks for, so trimming never races a reader. */
const KEPT_PER_TENANT = 20;

/** Records the feed events a settled round produced (a repeated delivery is ignored) and trims the tenant's rows. */
export async function recordRecent(sql: Sql, tenantId: number, events: BetFeedEvent[]): Promise<void> {
  if (events.length === 0) return;
  for (const e of events)
    await sql.query(
      `insert into bet_feed_recent (tenant_id, type, transaction, game, user_name, amount, settled_at)
       values ($1, $2, $3, $4, $5, $6, $7) on conflict (tenant_id, type, transaction) do nothing`,
      [tenantId, e.type, e.transaction, e.game, e.user, e.amount, e.date],
    );
  await sql.query(
    `delete from bet_feed_recent where tenant_id = $1 and id <= (
       select id from bet_feed_recent where tenant_id = $1 order by id desc offset $2 limit 1)`,
    [tenantId, KEPT_PER_TENANT],
  );
}

/**
 * The tenant's newest feed events, newest first, as the live channel would have delivered them. A win whose bet
 * falls outside the window is left out: the feed would show it without its stake.
 */
export async function recentBetFeed(sql: Sql, tenantId: number): Promise<BetFeedEvent[]> {
  const { rows } = await sql.query<{
    type: 'bet' | 'win';
    transaction: string;
    game: string;
    user_name: string;
    amount: string | number;
    settled_at: Date | string;
  }>(
    `select type, transaction, game, user_name, amount, settled_at from bet_feed_recent
     where tenant_id = $1 order by id desc limit $2`,
    [tenantId, RECENT_FEED_SIZE],
  );
  const events = rows.map((r) => ({
    type: r.type,
    transaction: r.transaction,
    game: r.game,
    user: r.user_name,
    amount: Number(r.amount),
    date: new Date(r.settled_at).toISOString(),
  }));
  const bets = new Set(events.filter((e) => e.type === 'bet').map((e) => e.transaction));
  return events.filter((e) => e.type === 'bet' || bets.has(e.transaction));
}
