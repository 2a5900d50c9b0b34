import type { Db } from '../../platform/db/index';

/**
 * Provider bets and wins that arrive together share one statement (platform/db/functions/providers_calls.sql): an
 * application-level group commit. On an idle server (no statement of this kind running) a call goes out at once,
 * alone and through its own statement: no wait and no batching. While one is running, a call waits for the end of
 * the event loop's current turn (setImmediate), and the calls that arrived in that turn go out together in one
 * statement if fewer than `inFlight` are running, or else when one of them finishes (up to MAX_BATCH a statement).
 * A busy server pays one round trip, one executor start and one commit for several calls (the gain is in
 * bench/README.md, provider calls in batches).
 *
 * Why the end of the turn: the answers of one statement reach their providers together, and their next calls come
 * back together, read by the server in one turn of its loop. Sent as they were read while a slot was free, the
 * first of them would take the slot alone and the rest would queue behind a whole statement (bench/README.md).
 *
 * What a call sees does not change:
 * - the statement does the plain successes of a batch (checks passed, money fits) set by set, each writing what
 *   its own statement would, and answers the calls that write nothing (functions/providers_calls.sql); it gives no row
 *   for any other call (a repeat, a refusal to record, a stake that cash does not cover, a second call of one
 *   player), which is then run alone and decided as it always was;
 * - no call is answered before its batch has committed;
 * - a call whose error is not one its caller handles (`handled`) is run again alone, as is every call of a batch
 *   whose statement failed (nothing of it committed; the calls are idempotent on their transaction ids, so even a
 *   commit whose answer was lost replays the first answer);
 * - a batch is ordered by tenant and player, so two batches in flight take players' rows in the same order. Only
 *   a call that reaches into another player's round (refused as a mismatch once it holds the round's lock) could
 *   still close a cycle; PostgreSQL breaks it by failing one call, which is then run again alone.
 */

/**
 * Statements of these calls running at once, unless configured (PROVIDER_CALLS_IN_FLIGHT). Few: more statements
 * in flight make smaller batches, and each is one more backend competing for the same cores (bench/README.md).
 */
export const IN_FLIGHT = 2;
/** Calls in one statement, at most: a batch holds its players' rows until it commits. */
export const MAX_BATCH = 32;

/** A handled error: the call was undone (nothing of it was written) and its caller takes it from there. */
export type Handled = { err: string };

/**
 * One call: its JSON for providers_calls, the key it is ordered by, and how to run it alone (its own statement,
 * answering a handled error as { err } as a batch does).
 */
export type BatchedCall<R> = {
  call: Record<string, unknown> & { tenant: number; player: string };
  alone: () => Promise<R | Handled>;
};

/** What providers_calls answers for one call: the row its own statement would give, or the SQLSTATE it raised. */
export type BatchRow<R> = R & { n: number; err: string | null };

type Pending<R> = BatchedCall<R> & { resolve: (r: R | Handled) => void; reject: (e: unknown) => void };

export class CallBatcher<R> {
  private queue: Pending<R>[] = [];
  private running = 0;
  /** A pump is due at the end of the loop's current turn. */
  private turnEnd = false;
  /**
   * Statements sent and calls in them, and the calls of batches that were then run alone (no row for them, an
   * error not handled, or a failed statement). Tests read them.
   */
  readonly stats = { statements: 0, calls: 0, largest: 0, rerun: 0 };

  constructor(
    private readonly db: Db,
    private readonly sql: string,
    private readonly name: string,
    /** The SQLSTATEs the caller handles itself (answered as { err }); any other is run alone. */
    private readonly handled: ReadonlySet<string>,
    private readonly inFlight = IN_FLIGHT,
  ) {}

  /** The call's row, or { err } with a handled SQLSTATE. */
  run(c: BatchedCall<R>): Promise<R | Handled> {
    if (this.running === 0 && this.queue.length === 0) return this.alone(c);
    return new Promise((resolve, reject) => {
      this.queue.push({ ...c, resolve, reject });
      if (this.turnEnd) return;
      this.turnEnd = true;
      setImmediate(this.endOfTurn);
    });
  }

  /** The calls read in this turn of the event loop go out together (if a slot is free; else as one finishes). */
  private readonly endOfTurn = () => {
    this.turnEnd = false;
    this.pump();
  };

  private async alone(c: BatchedCall<R>): Promise<R | Handled> {
    this.running++;
    this.stats.statements++;
    this.stats.calls++;
    this.stats.largest = Math.max(this.stats.largest, 1);
    try {
      return await c.alone();
    } finally {
      this.running--;
      this.pump();
    }
  }

  private pump() {
    while (this.running < this.inFlight && this.queue.length > 0) {
      const batch = this.queue.splice(0, MAX_BATCH);
      if (batch.length === 1) {
        const [c] = batch as [Pending<R>];
        this.alone(c).then(c.resolve, c.reject);
        continue;
      }
      this.running++;
      this.send(batch).finally(() => {
        this.running--;
        this.pump();
      });
    }
  }

  private async send(batch: Pending<R>[]) {
    // Tenant, then player (numeric ids compare as numbers), then arrival: one order for every batch.
    const ordered = batch
      .map((c, i) => ({ c, i }))
      .sort(
        (a, b) => a.c.call.tenant - b.c.call.tenant || comparePlayers(a.c.call.player, b.c.call.player) || a.i - b.i,
      )
      .map((x) => x.c);
    this.stats.statements++;
    this.stats.calls += ordered.length;
    this.stats.largest = Math.max(this.stats.largest, ordered.length);
    let rows: BatchRow<R>[];
    try {
      rows = (await this.db.query<BatchRow<R>>(this.sql, [JSON.stringify(ordered.map((c) => c.call))], this.name)).rows;
    } catch {
      // Nothing of the batch committed: each call on its own, as if it had never been batched.
      for (const c of ordered) this.settleAlone(c);
      return;
    }
    for (const [i, c] of ordered.entries()) {
      const row = rows.find((r) => Number(r.n) === i + 1);
      if (!row) this.settleAlone(c);
      else if (row.err === null) c.resolve(row);
      else if (this.handled.has(row.err)) c.resolve({ err: row.err });
      else this.settleAlone(c);
    }
  }

  private settleAlone(c: Pending<R>) {
    this.stats.rerun++;
    c.alone().then(c.resolve, c.reject);
  }
}

function comparePlayers(a: string, b: string): number {
  const x = Number(a);
  const y = Number(b);
  if (Number.isSafeInteger(x) && Number.isSafeInteger(y)) return x - y;
  return a < b ? -1 : a > b ? 1 : 0;
}
