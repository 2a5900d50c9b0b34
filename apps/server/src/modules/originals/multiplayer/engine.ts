import { randomBytes } from 'node:crypto';
import { buildChain, crashPointCents, DOUBLE_PAYS_E4, doubleColor, doubleRoll } from '@sorte/fairness';
import type { Db, Sql } from '../../../platform/db/index';
import { ensureLeaseRow, holdsLease, type JobContext, releaseLease, takeLease } from '../../../platform/jobs/index';
import * as wallet from '../../ledger/index';
import * as rg from '../../responsible-gaming/index';
import { findTenantById } from '../../tenants/index';
import { recordSettledRound } from '../events';
import { LIMITS } from '../games';
import { crashAfterMs, multiplierAt } from './curve';
import type { ChainRow, RoundBetRow, RoundRow } from './repo';
import * as repo from './repo';
import {
  channelOf,
  DEFAULT_CHAIN_LENGTH,
  DEFAULT_TIMING,
  type MultiplayerGame,
  multiplayerSettings,
  type Timing,
} from './settings';

export type Clock = () => number;
export type Publish = (tenantId: number, channel: string, event: string, data: unknown) => Promise<unknown>;
/** Timers the engine runs on; tests drive the engine by hand (tick()) and never start them. */
export type Timers = {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
};

export type EngineOptions = {
  db: Db;
  tenantId: number;
  game: MultiplayerGame;
  clock?: Clock;
  timers?: Timers;
  publish?: Publish;
  timing?: Partial<Timing>;
  chainLength?: number;
  /** Who holds the lease when the engine is stepped by tick() (a test's process); lead() holds the scheduler's. */
  owner?: string;
  leaseTtlMs?: number;
  onError?: (err: unknown) => void;
};

/** How long a leader that stopped renewing keeps the lease: another node takes over once it has run out. */
export const LEASE_TTL_MS = 10_000;
const LEASE_RENEW_MS = 2_000;

class LeaseLost extends Error {}

/** The lease (platform/jobs) of the loop that drives one game's rounds for one tenant. */
export const engineJobName = (tenantId: number, game: MultiplayerGame) => `originals:${game}:${tenantId}`;

/** Money and events of a bet that has just been settled (won, lost or refunded), in the caller's transaction. */
export async function settleBetMoney(tx: Sql, tenantId: number, game: MultiplayerGame, bet: RoundBetRow) {
  const money = { tenantId, userId: bet.user_id, reference: `originals:${game}:round:${bet.round_id}` };
  if (bet.status === 'refunded') {
    await rg.play(tx, { tenantId, userId: bet.user_id, refund: bet.amount });
    await wallet.creditWin(tx, {
      ...money,
      type: 'refund',
      amount: bet.amount,
      idempotencyKey: `originals:refund:${game}:${bet.id}`,
      // Each part back where the stake took it from.
      stake: { key: `originals:bet:${game}:${bet.id}` },
    });
    return;
  }
  if (bet.payout > 0) {
    await rg.play(tx, { tenantId, userId: bet.user_id, win: bet.payout });
    await wallet.creditWin(tx, {
      ...money,
      amount: bet.payout,
      idempotencyKey: `originals:win:${game}:${bet.id}`,
      // Cash and bonus in the proportion the stake took them.
      stake: { key: `originals:bet:${game}:${bet.id}` },
    });
  }
  const multiplierE4 =
    game === 'crash'
      ? bet.status === 'won'
        ? (bet.cashout ?? 0) * 100
        : 0
      : Math.floor((bet.payout * 10_000) / bet.amount);
  await recordSettledRound(tx, {
    tenantId,
    userId: bet.user_id,
    game,
    betId: bet.id,
    amount: bet.amount,
    payout: bet.payout,
    multiplierE4,
  });
}

/** The public view of a finished bet in realtime events. */
const betEvent = (b: RoundBetRow) => ({ id: b.id, cashout: b.cashout, payout: b.payout, status: b.status });

/**
 * Drives the rounds of one game for one tenant: opens a round on the pre-committed chain, closes its betting
 * window, runs the Crash curve with its ticks and automatic cash-outs, settles, and starts over. Its leadership is a
 * lease of the platform's scheduler (a leader job, engineJobName): lead() is the job's run, on the one node that
 * holds the lease, and every transition is one SQL transaction that checks the lease is still this node's, so only
 * one server drives a tenant's rounds. Tests step it by hand with tick() and an injected clock, which takes the
 * same lease, judged by that clock.
 *
 * Recovery (on start and on taking over a lease): a round still in its betting window is REFUNDED (every bet's
 * stake credited back); a running Crash round is SETTLED at its committed crash point, keeping the cash-outs
 * already recorded, paying the automatic targets at or below the crash point and losing the rest.
 */
export class RoundEngine {
  readonly tenantId: number;
  readonly game: MultiplayerGame;
  readonly timing: Timing;
  private readonly db: Db;
  private readonly clock: Clock;
  private readonly timers: Timers;
  private readonly publish: Publish;
  private readonly chainLength: number;
  private readonly jobName: string;
  private readonly leaseTtlMs: number;
  /** The lease's holder; in lead() the scheduler's node, whose lease is judged by the database's clock. */
  private holder: string;
  private leading = false;
  private readonly onError: (err: unknown) => void;
  private chain: { row: ChainRow; rounds: string[] } | null = null;
  private round: RoundRow | null = null;
  private nextRoundAt = 0;
  private leaseUntil = 0;
  private leaseRenewedAt = -Infinity;
  private leader = false;
  private minAuto = Number.POSITIVE_INFINITY;
  private leaseRow = false;
  private busy: Promise<void> = Promise.resolve();

  constructor(o: EngineOptions) {
    this.db = o.db;
    this.tenantId = o.tenantId;
    this.game = o.game;
    this.clock = o.clock ?? Date.now;
    this.timers = o.timers ?? {
      setTimeout: (fn, ms) => setTimeout(fn, ms).unref(),
      clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout),
    };
    this.publish = o.publish ?? (async () => {});
    this.timing = { ...DEFAULT_TIMING[o.game], ...o.timing };
    this.chainLength = o.chainLength ?? DEFAULT_CHAIN_LENGTH;
    this.jobName = engineJobName(o.tenantId, o.game);
    this.holder = o.owner ?? `${process.pid}:${randomBytes(6).toString('hex')}`;
    this.leaseTtlMs = o.leaseTtlMs ?? LEASE_TTL_MS;
    this.onError = o.onError ?? (() => {});
  }

  /** The instant a lease is judged at: the database's clock in lead(), the engine's (a test's) under tick(). */
  private leaseAt(): Date | null {
    return this.leading ? null : this.now();
  }

  get isLeader(): boolean {
    return this.leader;
  }

  get currentRound(): RoundRow | null {
    return this.round;
  }

  /**
   * The leader job's run (platform/jobs): this node holds the lease, which the scheduler renews while the run lasts.
   * Recovers what a previous leader left, then drives the rounds until the lease is lost or the scheduler stops.
   */
  async lead(ctx: JobContext): Promise<void> {
    this.holder = ctx.node;
    this.leading = true;
    this.leader = true;
    this.round = null;
    try {
      await this.run(() => this.recover());
      while (!ctx.signal.aborted && this.leader) {
        const ms = await this.run(() => this.tick());
        if (!ctx.signal.aborted && this.leader) await this.sleep(ms ?? 1_000, ctx.signal);
      }
      await this.busy;
    } finally {
      this.leader = false;
      this.leading = false;
      this.round = null;
    }
  }

  /** Runs a step; an error is reported and the loop carries on after a pause (null). */
  private async run<T>(fn: () => Promise<T>): Promise<T | null> {
    try {
      return await fn();
    } catch (err) {
      if (err instanceof LeaseLost) {
        this.leader = false;
        return null;
      }
      this.onError(err);
      return null;
    }
  }

  private sleep(ms: number, signal: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        signal.removeEventListener('abort', abort);
        resolve();
      };
      const handle = this.timers.setTimeout(done, Math.max(0, ms));
      const abort = () => {
        this.timers.clearTimeout(handle);
        done();
      };
      signal.addEventListener('abort', abort, { once: true });
    });
  }

  /** Under tick(): ends this engine's leadership and hands the lease back so another can take over at once. */
  async stop(): Promise<void> {
    await this.busy;
    if (this.leader && !this.leading)
      await releaseLease(this.db, { name: this.jobName, holder: this.holder, counted: false }).catch(() => {});
    this.leader = false;
  }

  /** Does whatever is due at the clock's time; resolves with how long to wait before the next tick. */
  tick(): Promise<number> {
    const run = this.busy.then(() => this.step());
    this.busy = run.then(
      () => {},
      () => {},
    );
    return run;
  }

  private now(): Date {
    return new Date(this.clock());
  }

  private async step(): Promise<number> {
    const now = this.clock();
    if (!(await this.ensureLease(now))) return this.timing.tickMs * 10;
    try {
      if (!this.round) {
        if (now < this.nextRoundAt) return this.nextRoundAt - now;
        return await this.openNextRound();
      }
      if (this.round.status === 'betting') {
        if (now < this.round.betting_ends_at.getTime()) return this.round.betting_ends_at.getTime() - now;
        return this.game === 'crash' ? await this.startCrash() : await this.rollDouble();
      }
      return await this.runCrash();
    } catch (err) {
      if (err instanceof LeaseLost) {
        this.leader = false;
        this.round = null;
        return this.timing.tickMs * 10;
      }
      throw err;
    }
  }

  private async ensureLease(now: number): Promise<boolean> {
    // Under lead() the scheduler holds and renews the lease; a lost one ends the run (LeaseLost, or its signal).
    if (this.leading) return this.leader;
    if (this.leader && now - this.leaseRenewedAt < LEASE_RENEW_MS && now < this.leaseUntil) return true;
    if (!this.leaseRow) {
      await ensureLeaseRow(this.db, this.jobName);
      this.leaseRow = true;
    }
    const got = await takeLease(this.db, {
      name: this.jobName,
      holder: this.holder,
      ttlMs: this.leaseTtlMs,
      at: new Date(now),
    });
    if (!got) {
      this.leader = false;
      this.round = null;
      return false;
    }
    this.leaseRenewedAt = now;
    this.leaseUntil = now + this.leaseTtlMs;
    if (!this.leader) {
      this.leader = true;
      await this.recover();
    }
    return true;
  }

  private async guard(tx: Sql) {
    if (!(await holdsLease(tx, { name: this.jobName, holder: this.holder, at: this.leaseAt() }))) throw new LeaseLost();
  }

  /** See the class comment: betting rounds are refunded, running rounds settled at their crash point. */
  async recover(): Promise<void> {
    const open = await repo.openRound(this.db, this.tenantId, this.game);
    this.round = null;
    if (!open) return;
    if (open.status === 'betting') {
      const bets = await this.db.transaction(async (tx) => {
        await this.guard(tx);
        const r = await repo.transition(tx, open.id, 'betting', 'refunded', { endedAt: this.now() });
        if (!r) return [];
        const refunded = await repo.closeOpenBets(tx, { roundId: open.id, status: 'refunded', now: this.now() });
        for (const b of refunded) await settleBetMoney(tx, this.tenantId, this.game, b);
        return refunded;
      });
      await this.emit('refunded', { id: open.id, number: open.round_number, hash: open.hash, bets: bets.length });
      return;
    }
    await this.endCrash(open);
  }

  private async loadChain(): Promise<{ row: ChainRow; rounds: string[] }> {
    let row = await repo.activeChain(this.db, this.tenantId, this.game);
    if (!row) {
      row = await this.db.transaction(async (tx) => {
        await this.guard(tx);
        return repo.createChain(tx, { tenantId: this.tenantId, game: this.game, length: this.chainLength });
      });
      await this.emit('chain', {
        id: row.id,
        terminating_hash: row.terminating_hash,
        salt: row.salt,
        length: row.length,
      });
    }
    if (this.chain?.row.id !== row.id) this.chain = { row, rounds: buildChain(row.seed, row.length).rounds };
    return this.chain;
  }

  private async openNextRound(): Promise<number> {
    const tenant = await findTenantById(this.db, this.tenantId);
    if (!tenant?.active || !multiplayerSettings(tenant.settings).enabled) {
      this.nextRoundAt = this.clock() + 5_000;
      return 5_000;
    }
    let chain = await this.loadChain();
    let number = await repo.nextRoundNumber(this.db, chain.row.id);
    if (number > chain.row.length) {
      // The chain is used up: commit a new one (published now, before its first round).
      this.chain = null;
      await this.db.transaction(async (tx) => {
        await this.guard(tx);
        await repo.createChain(tx, { tenantId: this.tenantId, game: this.game, length: this.chainLength });
      });
      chain = await this.loadChain();
      number = 1;
    }
    const hash = chain.rounds[number - 1]!;
    const result =
      this.game === 'crash' ? crashPointCents(hash, chain.row.salt) : doubleRoll(hash, chain.row.salt).roll;
    const now = this.now();
    const round = await this.db.transaction(async (tx) => {
      await this.guard(tx);
      const existing = await repo.openRound(tx, this.tenantId, this.game);
      if (existing) return existing;
      return repo.insertRound(tx, {
        tenantId: this.tenantId,
        chainId: chain.row.id,
        game: this.game,
        number,
        hash,
        result,
        bettingEndsAt: new Date(now.getTime() + this.timing.bettingMs),
        now,
      });
    });
    this.round = round;
    await this.emit('round', {
      id: round.id,
      number: round.round_number,
      chain_id: round.chain_id,
      status: 'betting',
      betting_ends_at: round.betting_ends_at.toISOString(),
      server_time: now.toISOString(),
    });
    return Math.max(0, round.betting_ends_at.getTime() - this.clock());
  }

  private async startCrash(): Promise<number> {
    const open = this.round!;
    const now = this.now();
    const started = await this.db.transaction(async (tx) => {
      await this.guard(tx);
      const r = await repo.transition(tx, open.id, 'betting', 'running', { startedAt: now });
      if (!r) return null;
      const stake = await repo.roundStake(tx, r.id);
      const tenant = await findTenantById(tx, this.tenantId);
      const maxProfit = tenant ? multiplayerSettings(tenant.settings).maxProfit : 0;
      // Every player cashing out at the force point F wins stake x (F - 1) in total: F is the largest multiplier
      // that keeps the round's profit within maxProfit, whatever mix of manual and automatic cash-outs happens.
      const forcePoint = stake > 0 ? 100 + Math.floor((maxProfit * 100) / stake) : null;
      const limits = { maxProfit, forcePoint, crashAfterMs: crashAfterMs(r.result) };
      await repo.setCrashLimits(tx, r.id, limits);
      const { rows } = await tx.query<{ m: number | null }>(
        `select min(least(auto_cashout, $2::integer)) as m from originals_round_bets
          where round_id = $1 and status = 'open'`,
        [r.id, forcePoint],
      );
      this.minAuto = rows[0]?.m ?? Number.POSITIVE_INFINITY;
      return { ...r, max_profit: maxProfit, force_point: forcePoint, crash_after_ms: limits.crashAfterMs };
    });
    if (!started) {
      this.round = await repo.openRound(this.db, this.tenantId, this.game);
      return 0;
    }
    this.round = started;
    await this.emit('start', {
      id: started.id,
      number: started.round_number,
      started_at: now.toISOString(),
      server_time: now.toISOString(),
      force_point: started.force_point,
    });
    return 0;
  }

  private async runCrash(): Promise<number> {
    const r = this.round!;
    const elapsed = this.clock() - r.started_at!.getTime();
    const crashAt = r.crash_after_ms ?? crashAfterMs(r.result);
    if (elapsed >= crashAt) {
      await this.endCrash(r);
      return this.nextRoundAt - this.clock();
    }
    const m = multiplierAt(elapsed);
    // The tick goes out first; the automatic cash-outs it reaches follow (they pay at their own target anyway).
    await this.emit('tick', {
      id: r.id,
      elapsed_ms: elapsed,
      multiplier: m / 100,
      server_time: this.now().toISOString(),
    });
    const upTo = r.force_point === null ? m : Math.min(m, r.force_point);
    if (upTo >= this.minAuto) {
      const won = await this.db.transaction(async (tx) => {
        await this.guard(tx);
        const bets = await repo.autoCashOut(tx, {
          roundId: r.id,
          upTo,
          forcePoint: r.force_point,
          maxWin: LIMITS.maxWin,
          now: this.now(),
        });
        for (const b of bets) await settleBetMoney(tx, this.tenantId, this.game, b);
        const { rows } = await tx.query<{ m: number | null }>(
          `select min(least(auto_cashout, $2::integer)) as m from originals_round_bets
            where round_id = $1 and status = 'open'`,
          [r.id, r.force_point],
        );
        this.minAuto = rows[0]?.m ?? Number.POSITIVE_INFINITY;
        return bets;
      });
      if (won.length) await this.emit('cashouts', { id: r.id, bets: won.map(betEvent) });
    }
    // Ticks on the multiples of tickMs of the round's clock, whatever this tick cost (no drift).
    const after = this.clock() - r.started_at!.getTime();
    const next = (Math.floor(after / this.timing.tickMs) + 1) * this.timing.tickMs;
    return Math.max(1, Math.min(next, crashAt) - after);
  }

  /** Ends a running Crash round at its committed crash point (also the recovery of a round cut by a restart). */
  private async endCrash(r: RoundRow): Promise<void> {
    const now = this.now();
    const done = await this.db.transaction(async (tx) => {
      await this.guard(tx);
      const ended = await repo.transition(tx, r.id, 'running', 'ended', { endedAt: now });
      if (!ended) return null;
      // Automatic targets up to the crash point win at their target (capped at the force point); the rest lose.
      const won = await repo.autoCashOut(tx, {
        roundId: r.id,
        upTo: ended.result,
        forcePoint: ended.force_point,
        maxWin: LIMITS.maxWin,
        now,
      });
      const lost = await repo.closeOpenBets(tx, { roundId: r.id, status: 'lost', now });
      for (const b of [...won, ...lost]) await settleBetMoney(tx, this.tenantId, this.game, b);
      return { ended, won };
    });
    this.round = null;
    this.nextRoundAt = now.getTime() + this.timing.pauseMs;
    if (!done) return;
    await this.emit('crash', {
      id: r.id,
      number: r.round_number,
      chain_id: r.chain_id,
      crash_point: done.ended.result / 100,
      hash: done.ended.hash,
      elapsed_ms: r.started_at ? now.getTime() - r.started_at.getTime() : 0,
      bets: done.won.map(betEvent),
    });
  }

  private async rollDouble(): Promise<number> {
    const open = this.round!;
    const now = this.now();
    const roll = open.result;
    const color = doubleColor(roll);
    const done = await this.db.transaction(async (tx) => {
      await this.guard(tx);
      const ended = await repo.transition(tx, open.id, 'betting', 'ended', { startedAt: now, endedAt: now });
      if (!ended) return null;
      const bets = await repo.settleDoubleBets(tx, {
        roundId: open.id,
        color,
        multiplier: DOUBLE_PAYS_E4[color] / 10_000,
        now,
      });
      for (const b of bets) await settleBetMoney(tx, this.tenantId, this.game, b);
      return { ended, bets };
    });
    this.round = null;
    this.nextRoundAt = now.getTime() + this.timing.pauseMs;
    if (done)
      await this.emit('roll', {
        id: open.id,
        number: open.round_number,
        chain_id: open.chain_id,
        roll,
        color,
        hash: open.hash,
        bets: done.bets.filter((b) => b.status === 'won').map(betEvent),
        server_time: now.toISOString(),
      });
    return this.timing.pauseMs;
  }

  private async emit(event: string, data: unknown) {
    await this.publish(this.tenantId, channelOf(this.game), `${this.game}.${event}`, data).catch(this.onError);
  }
}
