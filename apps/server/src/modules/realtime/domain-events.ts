import type { BetFeedEvent } from '@sorte/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db, Sql } from '../../platform/db/index';
import type { Realtime } from '../../platform/realtime/index';
import { maskName } from '../feed/index';
import { channels, DEFAULT_ROOM } from './index';

/** A row of the shared domain_events outbox (modules/wallet, modules/providers, modules/originals write them). */
export type DomainEvent = {
  id: number;
  tenant_id: number;
  user_id: number | null;
  type: string;
  payload: Record<string, unknown>;
  created_at: Date | string;
};

/** What a handler may do with a batch: publish through this node's realtime server, read in the claiming transaction. */
export type DispatchContext = { sql: Sql; realtime: Realtime };
export type DomainEventHandler = (ctx: DispatchContext, events: DomainEvent[]) => Promise<void>;

/**
 * The dispatcher of domain_events, a queue: a dispatch takes the oldest rows (DELETE ... RETURNING), runs the
 * handlers of their types and commits, so the rows are gone exactly when their handlers have run; a handler that
 * fails rolls the transaction back and the rows stay for the next attempt. Delivery is at least once (a node that
 * dies after publishing but before its commit leaves the rows to be taken again); the bet feed carries the
 * transaction key, and the web drops a repeated (type, transaction). A row written by a transaction that has not
 * committed yet is simply not visible, and is taken once it commits: no cursor, so no gap can be skipped.
 * On PostgreSQL one dispatch runs at a time across all nodes (a transaction-scoped advisory lock; a node that
 * finds it taken dispatches nothing this time), so the rows need no row locks: an event costs its insert and its
 * delete (migration 20261124050000_domain_events_queue.sql). PGlite is one process with one connection.
 */
export const DOMAIN_EVENT_HANDLERS: Record<string, DomainEventHandler> = {
  'casino.round_settled': publishSettledRounds,
};

/**
 * The dispatcher's advisory lock: ('SORT', the schema). Advisory locks are per database, and one database may hold
 * several deployments in their own schemas (the test suites run in parallel that way): each schema's queue has
 * its own dispatcher.
 */
const DISPATCH_LOCK_SQL = 'select pg_try_advisory_xact_lock(1397707348, hashtext(current_schema())) as ok';

export async function dispatchDomainEvents(
  db: Db,
  realtime: Realtime,
  o: { limit?: number; handlers?: Record<string, DomainEventHandler> } = {},
): Promise<number> {
  const handlers = o.handlers ?? DOMAIN_EVENT_HANDLERS;
  return db.transaction(async (tx) => {
    if (db.kind === 'postgres') {
      const lock = await tx.query<{ ok: boolean }>(DISPATCH_LOCK_SQL);
      if (!lock.rows[0]!.ok) return 0;
    }
    // The oldest rows by the primary key, deleted by their row addresses (a TID scan): `id in (subquery)` was
    // planned as a sequential scan of the whole heap, dead rows of earlier batches included, on every tick.
    const { rows } = await tx.query<DomainEvent>(
      `delete from domain_events where ctid = any(array(select ctid from domain_events order by id limit $1))
        returning id, tenant_id, user_id, type, payload, created_at`,
      [o.limit ?? 500],
    );
    if (rows.length === 0) return 0;
    rows.sort((a, b) => Number(a.id) - Number(b.id));
    const byType = new Map<string, DomainEvent[]>();
    for (const r of rows) {
      if (!handlers[r.type]) continue;
      const list = byType.get(r.type) ?? [];
      list.push(r);
      byType.set(r.type, list);
    }
    for (const [type, list] of byType) await handlers[type]!({ sql: tx, realtime }, list);
    return rows.length;
  });
}

const POLL_MS = 250;
const DISPATCH_BATCH = 500;

/** Runs this node's dispatch loop until the app closes. */
export function startDomainEventDispatch(app: FastifyInstance) {
  let busy = false;
  const timer = setInterval(() => {
    if (busy || app.realtime.dispatchPaused || app.realtime.domainEventsHeld) return;
    busy = true;
    (async () => {
      // A backlog (a busy node, a restart) is worked off in full batches before the next tick.
      for (let i = 0; i < 20 && (await dispatchDomainEvents(app.db, app.realtime)) === DISPATCH_BATCH; i++);
    })()
      .catch((err) => app.log.warn({ err }, 'domain events'))
      .finally(() => {
        busy = false;
      });
  }, POLL_MS);
  timer.unref();
  app.addHook('preClose', async () => clearInterval(timer));
}

/** The feed is live: a round settled longer ago than this (a backlog after downtime) is not shown as news. */
export const FEED_MAX_AGE_MS = 60_000;

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();
const int = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? Math.max(0, Math.trunc(v)) : 0);

/**
 * The live bet feed from settled rounds (casino providers and Originals alike): BetPlaced `bet` with the round's
 * stake and, when it paid, BetPlaced `win` with the payout, both under one transaction key
 * (provider:round) so the web merges them and shows multiplier = win / bet. Names are masked here; the raw name
 * never leaves the server. Only settled rounds appear: a rolled-back or still-open round is never shown.
 */
export async function publishSettledRounds(ctx: DispatchContext, events: DomainEvent[]): Promise<void> {
  const ids = [...new Set(events.map((e) => e.user_id).filter((u): u is number => u !== null))];
  const names = new Map<string, string>();
  if (ids.length > 0) {
    const { rows } = await ctx.sql.query<{ tenant_id: number; id: number; first_name: string }>(
      'select tenant_id, id, first_name from users where id = any($1::bigint[])',
      [ids],
    );
    for (const r of rows) names.set(`${r.tenant_id}:${r.id}`, r.first_name);
  }
  for (const e of events) {
    const p = e.payload;
    const name = e.user_id === null ? undefined : names.get(`${e.tenant_id}:${e.user_id}`);
    const bet = int(p.bet);
    if (!name || bet <= 0 || Date.now() - new Date(e.created_at).getTime() > FEED_MAX_AGE_MS) continue;
    const win = int(p.win);
    const base = {
      transaction: `${String(p.provider ?? 'casino')}:${String(p.round_id ?? e.id)}`.slice(0, 200),
      game: String(p.game ?? p.game_code ?? '').slice(0, 120),
      user: maskName(name),
      date: iso(e.created_at),
    };
    const channel = channels.chat(DEFAULT_ROOM);
    const out: BetFeedEvent[] = [{ type: 'bet', ...base, amount: bet }];
    if (win > 0) out.push({ type: 'win', ...base, amount: win });
    for (const data of out) await ctx.realtime.publish({ tenantId: e.tenant_id, channel, event: 'BetPlaced', data });
  }
}
