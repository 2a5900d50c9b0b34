import type { DomainEventOf, EventName } from '@sorte/contracts';
import type { Db, Sql } from '../db/index';

/** What a handler gets beside the event. */
export type HandlerContext = {
  /** The delivery's transaction: writes here commit together with the consumer's position, or not at all. */
  tx: Sql;
  consumer: string;
  /** `<consumer>:<event id>`: the same on every delivery of this event to this consumer. */
  idempotencyKey: string;
  /** 1 on the first delivery, then one more on each retry. */
  attempt: number;
  /**
   * Runs `effect` once the delivery's transaction has committed (a realtime push, a web push): it never announces
   * what rolled back, and no transaction stays open across a call to another system. A failing effect is logged.
   */
  afterCommit(effect: () => Promise<void> | void): void;
};

/**
 * A consumer's handler of one event name. Delivery is at least once: an effect outside `ctx.tx` (a realtime push, a
 * message) may run again for the same event, so it must be harmless to repeat or keyed by `ctx.idempotencyKey`.
 * Throwing sets this event aside for this consumer (retried with backoff, then parked); nothing else waits for it.
 */
export type EventHandler<N extends EventName> = (event: DomainEventOf<N>, ctx: HandlerContext) => Promise<void>;

export type ConsumerHandlers = { [N in EventName]?: EventHandler<N> };

/** A consumer: a stable name (its position row) and the events it handles. Renaming it starts a new consumer. */
export type Consumer = { name: string; handlers: ConsumerHandlers };

export type RetryPolicy = {
  /** Deliveries that may fail before the event is parked (the first delivery counts). */
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
};

export const DEFAULT_RETRY: RetryPolicy = { maxAttempts: 6, baseDelayMs: 1_000, maxDelayMs: 5 * 60_000 };

export type EventBusOptions = {
  db: Db;
  consumers: Consumer[];
  retry?: Partial<RetryPolicy>;
  /** Events read per delivery transaction. */
  batchSize?: number;
  onError?: (err: unknown, where: { consumer?: string; eventId?: number }) => void;
};

export type EventBus = {
  /** Creates the position rows of consumers seen for the first time; they start at the events published from now. */
  register(): Promise<void>;
  /** One delivery pass of new events to a consumer; returns how many events it passed (0 when another node holds it). */
  deliver(consumer: string): Promise<number>;
  /** Re-delivers this consumer's set-aside events whose backoff is over; returns how many it tried. */
  retryDue(consumer: string, o?: { limit?: number }): Promise<number>;
  /** Waits for the horizon to pass what committed before the call, then delivers until nothing is due (tests, shutdown). */
  drain(o?: { timeoutMs?: number }): Promise<void>;
  /** Deletes the events every registered consumer has passed; returns how many. */
  prune(o?: { batch?: number }): Promise<number>;
  /** Whether prune() would delete anything (a read). */
  hasPrunable(): Promise<boolean>;
  /** Delivers every `intervalMs` on this node; a tick is skipped while `paused()` says so (tests hold delivery). */
  start(o?: { intervalMs?: number; paused?: () => boolean }): void;
  stop(): Promise<void>;
};

/**
 * Resolves once every transaction that had committed when it was called is below the horizon consumers read to,
 * i.e. once no transaction that started before the call is still running. Fails after `timeoutMs` naming the cause:
 * a transaction left open anywhere on the server holds back every consumer.
 */
export async function waitForHorizon(sql: Sql, o: { timeoutMs?: number } = {}): Promise<void> {
  const read = async (fn: 'xmin' | 'xmax') =>
    BigInt((await sql.query<{ x: string }>(`select pg_snapshot_${fn}(pg_current_snapshot())::text as x`)).rows[0]!.x);
  const target = await read('xmax');
  const deadline = Date.now() + (o.timeoutMs ?? 10_000);
  while ((await read('xmin')) < target) {
    if (Date.now() > deadline)
      throw new Error('events: a transaction that has been running since before this wait holds back delivery');
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Identity, for typing: each handler gets the payload type of its event name. */
export function defineConsumer(c: Consumer): Consumer {
  return c;
}

type Position = { xid: string; id: number };
type LogRow = {
  id: number;
  xid: string;
  tenant_id: number;
  user_id: number | null;
  name: string;
  payload: unknown;
  created_at: Date | string;
};

class HandlerFailed extends Error {
  constructor(
    readonly index: number,
    override readonly cause: unknown,
  ) {
    super('event handler failed');
  }
}

const LOCK_CONSUMER =
  'select pos_xid::text as xid, pos_id as id from event_consumers where name = $1 for update skip locked';
// drain waits its turn instead: a delivery running elsewhere (this node's ticker) must not read as "nothing left".
const LOCK_CONSUMER_WAIT = 'select pos_xid::text as xid, pos_id as id from event_consumers where name = $1 for update';

// Only rows of transactions older than every transaction still running: none of those can still commit a row
// behind the position. The payload is read only for the names this consumer handles; the rest it just passes.
const READ_EVENTS = `select id, xid::text as xid, tenant_id, user_id, name,
    case when name = any($3::text[]) then payload end as payload, created_at
  from event_log
  where (xid, id) > ($1::xid8, $2::bigint) and xid < pg_snapshot_xmin(pg_current_snapshot())
  order by xid, id limit $4`;

const HAS_WORK = `select
    exists (select 1 from event_consumers c join event_log l on (l.xid, l.id) > (c.pos_xid, c.pos_id)
      where c.name = $1 and l.xid < pg_snapshot_xmin(pg_current_snapshot())) as events,
    exists (select 1 from event_retries where consumer = $1 and parked_at is null and next_attempt_at <= now())
      as retries`;

const SET_POSITION = 'update event_consumers set pos_xid = $2::xid8, pos_id = $3, updated_at = now() where name = $1';

const SET_ASIDE = `insert into event_retries (consumer, event_id, tenant_id, user_id, name, payload, created_at, attempts,
    next_attempt_at, parked_at, last_error)
  values ($1, $2, $3, $4, $5, $6, $7, 1,
    case when $8::boolean then null else now() + $9::double precision * interval '1 millisecond' end,
    case when $8::boolean then now() end, $10)
  on conflict (consumer, event_id) do nothing`;

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 2000) || 'error';
const toDate = (d: Date | string) => (d instanceof Date ? d : new Date(d));

export function createEventBus(o: EventBusOptions): EventBus {
  const { db } = o;
  const retry: RetryPolicy = { ...DEFAULT_RETRY, ...o.retry };
  const batchSize = o.batchSize ?? 500;
  const consumers = new Map(o.consumers.map((c) => [c.name, c]));
  if (consumers.size !== o.consumers.length) throw new Error('two event consumers share a name');
  let registered: Promise<void> | null = null;

  const consumerOf = (name: string) => {
    const c = consumers.get(name);
    if (!c) throw new Error(`unknown event consumer "${name}"`);
    return c;
  };
  const namesOf = (c: Consumer) => Object.keys(c.handlers);
  const delayAfter = (attempts: number) =>
    Math.min(retry.maxDelayMs, retry.baseDelayMs * 2 ** Math.max(0, attempts - 1));

  async function register() {
    registered ??= (async () => {
      for (const name of consumers.keys())
        await db.query(
          `insert into event_consumers (name, pos_xid, pos_id)
            values ($1, pg_snapshot_xmin(pg_current_snapshot()), 0) on conflict (name) do nothing`,
          [name],
        );
    })().catch((err) => {
      registered = null;
      throw err;
    });
    return registered;
  }

  type Effects = (() => Promise<void> | void)[];
  async function runEffects(effects: Effects, consumer: string) {
    for (const effect of effects) {
      try {
        await effect();
      } catch (err) {
        o.onError?.(err, { consumer });
      }
    }
  }
  async function handleOne(c: Consumer, row: LogRow, tx: Sql, attempt: number, effects: Effects) {
    const handler = c.handlers[row.name as EventName] as EventHandler<EventName> | undefined;
    if (!handler) return;
    const event = {
      id: Number(row.id),
      name: row.name,
      tenantId: Number(row.tenant_id),
      userId: row.user_id === null ? null : Number(row.user_id),
      payload: typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload,
      createdAt: toDate(row.created_at),
    } as DomainEventOf;
    await handler(event, {
      tx,
      consumer: c.name,
      idempotencyKey: `${c.name}:${event.id}`,
      attempt,
      afterCommit: (effect) => void effects.push(effect),
    });
  }

  async function handleAll(c: Consumer, rows: LogRow[], tx: Sql, effects: Effects) {
    for (let i = 0; i < rows.length; i++) {
      try {
        await handleOne(c, rows[i]!, tx, 1, effects);
      } catch (err) {
        throw new HandlerFailed(i, err);
      }
    }
  }

  async function lock(tx: Sql, name: string, wait = false): Promise<Position | null> {
    const { rows } = wait
      ? await tx.query<Position>(LOCK_CONSUMER_WAIT, [name])
      : await tx.query<Position>(LOCK_CONSUMER, [name], 'events_lock_consumer');
    return rows[0] ? { xid: rows[0].xid, id: Number(rows[0].id) } : null;
  }

  const setPosition = (tx: Sql, name: string, row: LogRow) =>
    tx.query(SET_POSITION, [name, row.xid, row.id], 'events_set_position');

  async function setAside(tx: Sql, c: Consumer, row: LogRow, err: unknown) {
    const parked = retry.maxAttempts <= 1;
    o.onError?.(err, { consumer: c.name, eventId: Number(row.id) });
    await tx.query(SET_ASIDE, [
      c.name,
      row.id,
      row.tenant_id,
      row.user_id,
      row.name,
      JSON.stringify(row.payload),
      toDate(row.created_at),
      parked,
      delayAfter(1),
      errorText(err),
    ]);
  }

  /**
   * After a handler failed, the batch's transaction was rolled back. Each step now runs, in a new transaction, the
   * events before the failing one and sets that one aside; no savepoints, so a batch never piles up
   * subtransactions. The handlers before it run again: at least once. A step that finds the position moved
   * (another node took over) stops.
   */
  async function recover(c: Consumer, from: Position, rows: LogRow[], first: HandlerFailed): Promise<number> {
    let pos = from;
    let rest = rows;
    let failure: HandlerFailed | null = first;
    let passed = 0;
    while (rest.length > 0) {
      const k = failure ? failure.index : rest.length;
      const good = rest.slice(0, k);
      const bad = failure ? rest[k] : undefined;
      const cause = failure?.cause;
      const last = bad ?? good[good.length - 1]!;
      const effects: Effects = [];
      try {
        const ok = await db.transaction(async (tx) => {
          const now = await lock(tx, c.name);
          if (!now || now.xid !== pos.xid || now.id !== pos.id) return false;
          await handleAll(c, good, tx, effects);
          if (bad) await setAside(tx, c, bad, cause);
          await setPosition(tx, c.name, last);
          return true;
        });
        if (!ok) return passed;
        await runEffects(effects, c.name);
        passed += good.length + (bad ? 1 : 0);
        pos = { xid: last.xid, id: Number(last.id) };
        rest = rest.slice(good.length + (bad ? 1 : 0));
        failure = null;
      } catch (err) {
        if (!(err instanceof HandlerFailed)) throw err;
        failure = err;
      }
    }
    return passed;
  }

  async function deliver(name: string, wait = false): Promise<number> {
    const c = consumerOf(name);
    await register();
    let from: Position | null = null;
    let read: LogRow[] = [];
    const effects: Effects = [];
    try {
      const passed = await db.transaction(async (tx) => {
        from = await lock(tx, name, wait);
        if (!from) return 0;
        read = (await tx.query<LogRow>(READ_EVENTS, [from.xid, from.id, namesOf(c), batchSize], 'events_read')).rows;
        if (read.length === 0) return 0;
        await handleAll(c, read, tx, effects);
        await setPosition(tx, name, read[read.length - 1]!);
        return read.length;
      });
      await runEffects(effects, name);
      return passed;
    } catch (err) {
      const start = from as Position | null;
      if (!(err instanceof HandlerFailed) || !start) throw err;
      return recover(c, start, read, err);
    }
  }

  type RetryRow = LogRow & { attempts: number };

  async function retryDue(name: string, opts: { limit?: number } = {}): Promise<number> {
    const c = consumerOf(name);
    await register();
    const limit = opts.limit ?? 50;
    let tried = 0;
    while (tried < limit) {
      let taken: RetryRow | null = null;
      const effects: Effects = [];
      try {
        const done = await db.transaction(async (tx) => {
          if (!(await lock(tx, name))) return false;
          const { rows } = await tx.query<RetryRow>(
            `select event_id as id, '0' as xid, tenant_id, user_id, name, payload, created_at, attempts
              from event_retries
              where consumer = $1 and parked_at is null and next_attempt_at <= now()
              order by next_attempt_at limit 1`,
            [name],
          );
          taken = rows[0] ?? null;
          if (!taken) return false;
          try {
            await handleOne(c, taken, tx, Number(taken.attempts) + 1, effects);
          } catch (err) {
            throw new HandlerFailed(0, err);
          }
          await tx.query('delete from event_retries where consumer = $1 and event_id = $2', [name, taken.id]);
          return true;
        });
        if (!done) return tried;
        await runEffects(effects, name);
        tried++;
      } catch (failed) {
        const row = taken as RetryRow | null;
        if (!(failed instanceof HandlerFailed) || !row) throw failed;
        const err = failed.cause;
        tried++;
        o.onError?.(err, { consumer: name, eventId: Number(row.id) });
        const attempts = Number(row.attempts) + 1;
        const parked = attempts >= retry.maxAttempts;
        await db.query(
          `update event_retries set attempts = $3, last_error = $4,
              next_attempt_at = case when $5::boolean then null
                else now() + $6::double precision * interval '1 millisecond' end,
              parked_at = case when $5::boolean then now() end
            where consumer = $1 and event_id = $2 and attempts = $7`,
          [name, row.id, attempts, errorText(err), parked, delayAfter(attempts), row.attempts],
        );
      }
    }
    return tried;
  }

  async function drain(opts: { timeoutMs?: number } = {}) {
    await waitForHorizon(db, opts);
    for (;;) {
      let moved = 0;
      for (const name of consumers.keys()) {
        moved += await deliver(name, true);
        moved += await retryDue(name);
      }
      if (moved === 0) return;
    }
  }

  async function hasPrunable(): Promise<boolean> {
    const { rows } = await db.query<{ any: boolean }>(
      `select exists (select 1 from event_log where (xid, id) <= (
          select pos_xid, pos_id from event_consumers order by pos_xid, pos_id limit 1)) as any`,
    );
    return rows[0]?.any === true;
  }
  async function prune(opts: { batch?: number } = {}): Promise<number> {
    const { rows } = await db.query<Position>(
      'select pos_xid::text as xid, pos_id as id from event_consumers order by pos_xid, pos_id limit 1',
    );
    // No consumer at all: nothing has read the log yet, so nothing may be dropped.
    const min = rows[0];
    if (!min) return 0;
    const batch = opts.batch ?? 10_000;
    let total = 0;
    for (;;) {
      const r = await db.query(
        `delete from event_log where ctid = any(array(
            select ctid from event_log where (xid, id) <= ($1::xid8, $2::bigint) order by xid, id limit $3))`,
        [min.xid, min.id, batch],
      );
      total += r.rowCount;
      if (r.rowCount < batch) return total;
    }
  }

  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopped = true;

  // Reads only: an idle node takes no row lock, so it writes nothing (a lock is a write on PostgreSQL and PGlite).
  async function hasWork(name: string): Promise<{ events: boolean; retries: boolean }> {
    const { rows } = await db.query<{ events: boolean; retries: boolean }>(HAS_WORK, [name], 'events_has_work');
    return rows[0] ?? { events: false, retries: false };
  }
  async function tick() {
    await Promise.all(
      [...consumers.keys()].map(async (name) => {
        try {
          const due = await hasWork(name);
          // A full batch means more may be waiting: keep going, a bounded number of times per tick.
          if (due.events) for (let i = 0; i < 20 && (await deliver(name)) === batchSize; i++);
          if (due.retries) await retryDue(name);
        } catch (err) {
          o.onError?.(err, { consumer: name });
        }
      }),
    );
  }

  return {
    register,
    deliver,
    retryDue,
    drain,
    prune,
    hasPrunable,
    start({ intervalMs = 250, paused = () => false } = {}) {
      if (!stopped) return;
      stopped = false;
      const loop = () => {
        running = (paused() ? Promise.resolve() : tick()).finally(() => {
          running = null;
          if (!stopped) timer = setTimeout(loop, intervalMs);
        });
      };
      timer = setTimeout(loop, 0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
  };
}
