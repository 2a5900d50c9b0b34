import { randomBytes } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sql } from '../../platform/db/index';
import { testApp } from '../../test/helpers';
import * as repo from '../casino/index';
import { hashSessionToken } from '../casino/index';
import { cashOf, demoTenantId, fundedPlayer, gameByCode } from '../casino/test-support';
import * as wallet from '../ledger/index';
import { runConformanceKit } from './conformance';
import { SIGNATURE_HEADER, sign } from './generic';
import { batchStats, handle } from './seamless';

let app: FastifyInstance;
let port: number;
beforeAll(async () => {
  app = await testApp({ logLevel: 'error' });
  // These tests read the domain events a call wrote: the queue's dispatcher (which takes them off) is held.
  app.realtime.domainEventsHeld = true;
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as { port: number }).port;
});
afterAll(() => app.close());

/** A funded player with a live session of the aurora stand-in's game: the fields a provider's calls carry. */
async function session(cents: number) {
  const p = await fundedPlayer(app, cents);
  const { token, gameId } = await launch(p.id, false);
  return { session_token: token, player_id: String(p.id), game_id: gameId, id: p.id };
}

/** A new session of the aurora stand-in's game for the player (real money or demo): its token and game id. */
async function launch(userId: number, demo: boolean) {
  const tenantId = await demoTenantId(app);
  const provider = (await repo.findProviderByCode(app.db, tenantId, 'aurora'))!;
  const game = await gameByCode(app, 'tigre-da-fortuna');
  const token = randomBytes(32).toString('base64url');
  await repo.insertGameSession(app.db, {
    tenantId,
    userId,
    gameId: game.id,
    providerId: provider.id,
    tokenHash: hashSessionToken(token),
    demo,
    ttlMs: 60_000,
  });
  return { token, gameId: game.game_id };
}

/** A signed call of the aurora stand-in, as its server would make it. */
async function call(op: string, body: Record<string, unknown>) {
  const provider = (await repo.findProviderByCode(app.db, await demoTenantId(app), 'aurora'))!;
  const raw = JSON.stringify(body);
  const res = await fetch(`http://127.0.0.1:${port}/api/providers/aurora/${op}`, {
    method: 'POST',
    headers: { host: 'localhost', 'content-type': 'application/json', [SIGNATURE_HEADER]: sign(raw, provider.secret) },
    body: raw,
  });
  return (await res.json()) as Record<string, unknown>;
}

describe('seamless wallet: conformance kit against the generic adapter', () => {
  it('passes every case', async () => {
    const tenantId = await demoTenantId(app);
    const provider = (await repo.findProviderByCode(app.db, tenantId, 'aurora'))!;
    const results = await runConformanceKit({
      callbackUrl: `http://127.0.0.1:${port}/api/providers/aurora`,
      host: 'localhost',
      secret: provider.secret,
      winCap: provider.max_single_win,
      async newSession(balance) {
        const s = await session(balance);
        return { sessionToken: s.session_token, playerId: s.player_id, gameId: s.game_id };
      },
      ledgerBalance: (playerId) => cashOf(app, Number(playerId)),
      async expireSession(token) {
        await app.db.query("update game_sessions set expires_at = now() - interval '1 second' where token_hash = $1", [
          hashSessionToken(token),
        ]);
      },
    });
    const failed = results.filter((r) => !r.ok);
    expect(failed, JSON.stringify(failed, null, 2)).toEqual([]);
    expect(results.length).toBeGreaterThanOrEqual(16);
    // The bad signature was recorded for the operator.
    const { rows } = await app.db.query<{ reason: string }>(
      "select reason from provider_security_events where provider_code = 'aurora' order by id",
    );
    expect(rows.map((r) => r.reason)).toEqual(expect.arrayContaining(['bad_signature', 'win_over_cap']));
    // Every closed round emitted exactly one settled-round event, every refunded one its rollback event, and no
    // bet or win wrote an event of its own.
    const ev = await app.db.query<{ type: string; n: number }>(
      "select name as type, count(*)::int as n from event_log where name like 'casino.%' group by name",
    );
    const types = Object.fromEntries(ev.rows.map((r) => [r.type, r.n]));
    const closed = await app.db.query<{ n: number }>(
      `select count(*)::int as n from casino_rounds r join game_providers p on p.id = r.provider_id
        where p.code = 'aurora' and r.status = 'closed'`,
    );
    expect(closed.rows[0]!.n).toBeGreaterThan(0);
    expect(types['casino.round_settled']).toBe(closed.rows[0]!.n);
    expect(types['casino.round_rolled_back']).toBeGreaterThan(0);
    expect(Object.keys(types).sort()).toEqual(['casino.round_rolled_back', 'casino.round_settled']);
    expect((await wallet.checkLedger(app.db, tenantId)).ok).toBe(true);
  }, 60_000);
});

describe('seamless wallet: answers of repeats come from the wallet (no copy stored)', () => {
  it('a repeated bet or win answers the first answer after the balance moved on; another player cannot replay it', async () => {
    const a = await session(10_000);
    const { id: _a, ...s } = a;
    const round = `r-${randomBytes(4).toString('hex')}`;
    const bet = { ...s, transaction_id: `b-${round}`, round_id: round, amount: 700 };
    const first = await call('bet', bet);
    expect(first).toMatchObject({ status: 'OK', balance: 9_300 });
    const win = { ...s, transaction_id: `w-${round}`, round_id: round, amount: 250, round_closed: false };
    const firstWin = await call('win', win);
    expect(firstWin).toMatchObject({ status: 'OK', balance: 9_550 });
    // The balance moves on (another round), then both calls are repeated: the first answers come back verbatim.
    expect(await call('bet', { ...bet, transaction_id: `b2-${round}`, round_id: `${round}-2` })).toMatchObject({
      balance: 8_850,
    });
    expect(await call('bet', bet)).toEqual(first);
    expect(await call('win', win)).toEqual(firstWin);
    expect(await cashOf(app, a.id)).toBe(8_850);
    // The same transaction ids from another player's session are conflicts, never the first player's answers.
    const b = await session(5_000);
    const { id: _b, ...t } = b;
    expect(await call('bet', { ...bet, ...t })).toMatchObject({ status: 'ERROR', error_code: 'TRANSACTION_CONFLICT' });
    expect(await call('win', { ...win, ...t })).toMatchObject({ status: 'ERROR', error_code: 'TRANSACTION_CONFLICT' });
    expect(await cashOf(app, b.id)).toBe(5_000);
    // A closing win settles the round; repeated, it settles nothing more: one event, with the round's totals.
    const close = { ...s, transaction_id: `c-${round}`, round_id: round, amount: 0, round_closed: true };
    expect(await call('win', close)).toMatchObject({ status: 'OK', balance: 8_850 });
    expect(await call('win', close)).toMatchObject({ status: 'OK', balance: 8_850 });
    expect(await call('win', win)).toEqual(firstWin);
    const ev = await app.db.query<{ type: string; payload: Record<string, unknown> }>(
      "select name as type, payload from event_log where payload ->> 'round_id' = $1 order by id",
      [round],
    );
    expect(ev.rows).toEqual([
      {
        type: 'casino.round_settled',
        payload: expect.objectContaining({ round_id: round, bet: 700, win: 250, multiplier: 0.36 }),
      },
    ]);
  }, 60_000);
});

describe('seamless wallet: a stake is checked against its round and its player', () => {
  const totalBetOf = async (id: number) =>
    (await app.db.query<{ t: number }>('select total_bet::int as t from player_wagers where user_id = $1', [id]))
      .rows[0]!.t;

  it("a further stake adds to its open round; a stake on another player's round or a closed round is refused and moves nothing", async () => {
    const { id, ...s } = await session(10_000);
    const round = `r-${randomBytes(4).toString('hex')}`;
    expect(await call('bet', { ...s, transaction_id: `b1-${round}`, round_id: round, amount: 500 })).toMatchObject({
      status: 'OK',
      balance: 9_500,
    });
    expect(await call('bet', { ...s, transaction_id: `b2-${round}`, round_id: round, amount: 700 })).toMatchObject({
      status: 'OK',
      balance: 8_800,
    });
    const r = await app.db.query<{ bet_total: number; status: string }>(
      'select bet_total::int, status from casino_rounds where round_id = $1',
      [round],
    );
    expect(r.rows).toEqual([{ bet_total: 1_200, status: 'open' }]);
    expect(await totalBetOf(id)).toBe(1_200);

    // Another player's stake on this round: refused, their money untouched.
    const { id: otherId, ...o } = await session(5_000);
    expect(await call('bet', { ...o, transaction_id: `x-${round}`, round_id: round, amount: 100 })).toMatchObject({
      status: 'ERROR',
      error_code: 'PLAYER_MISMATCH',
    });
    expect(await cashOf(app, otherId)).toBe(5_000);
    expect(await totalBetOf(otherId)).toBe(0);

    // Closed by a win: a late stake is refused with the balance, and its repeat answers the same.
    expect(
      await call('win', { ...s, transaction_id: `w-${round}`, round_id: round, amount: 300, round_closed: true }),
    ).toMatchObject({ status: 'OK', balance: 9_100 });
    const late = { ...s, transaction_id: `b3-${round}`, round_id: round, amount: 200 };
    const refused = await call('bet', late);
    expect(refused).toMatchObject({ status: 'ERROR', error_code: 'ROUND_CLOSED', balance: 9_100 });
    expect(await call('bet', late)).toEqual(refused);
    expect(await cashOf(app, id)).toBe(9_100);
    expect(await totalBetOf(id)).toBe(1_200);
    const after = await app.db.query<{ bet_total: number; win_total: number; status: string }>(
      'select bet_total::int, win_total::int, status from casino_rounds where round_id = $1',
      [round],
    );
    expect(after.rows).toEqual([{ bet_total: 1_200, win_total: 300, status: 'closed' }]);
  }, 60_000);

  it('a call refused before its transaction id is claimed writes nothing: the same id goes through once the cause is gone', async () => {
    const { id, ...s } = await session(10_000);
    const round = `r-${randomBytes(4).toString('hex')}`;
    const bet = { ...s, transaction_id: `b-${round}`, round_id: round, amount: 500 };
    const nothingWritten = async () => {
      expect(await cashOf(app, id)).toBe(10_000);
      expect(await totalBetOf(id)).toBe(0);
      const rows = await app.db.query(
        'select 1 from provider_transactions where tx_id = $1 union all select 1 from casino_rounds where round_id = $2',
        [bet.transaction_id, round],
      );
      expect(rows.rows).toEqual([]);
    };
    // No such session; a session of another player's id; a demo session of this player.
    expect(await call('bet', { ...bet, session_token: randomBytes(32).toString('base64url') })).toMatchObject({
      status: 'ERROR',
      error_code: 'SESSION_NOT_FOUND',
    });
    expect(await call('bet', { ...bet, player_id: String(id + 100_000) })).toMatchObject({
      status: 'ERROR',
      error_code: 'PLAYER_MISMATCH',
    });
    const demo = await launch(id, true);
    expect(await call('bet', { ...bet, session_token: demo.token })).toMatchObject({
      status: 'ERROR',
      error_code: 'SESSION_NOT_FOUND',
    });
    // A win of a round that was never opened: refused, and no money moves.
    const win = { ...s, transaction_id: `w-${round}`, round_id: round, amount: 300, round_closed: true };
    expect(await call('win', win)).toMatchObject({ status: 'ERROR', error_code: 'ROUND_NOT_FOUND' });
    expect(await cashOf(app, id)).toBe(10_000);
    const none = await app.db.query('select 1 from casino_rounds where round_id = $1', [round]);
    expect(none.rows).toEqual([]);
    await app.db.query('delete from provider_transactions where tx_id = $1', [win.transaction_id]);
    await nothingWritten();
    // The stake itself, then the win with a fresh id: one round, opened and closed, its total_bet counted once.
    expect(await call('bet', bet)).toMatchObject({ status: 'OK', balance: 9_500 });
    expect(await call('win', { ...win, transaction_id: `w2-${round}` })).toMatchObject({
      status: 'OK',
      balance: 9_800,
    });
    expect(await totalBetOf(id)).toBe(500);
    const r = await app.db.query<{ bet_total: number; win_total: number; status: string }>(
      'select bet_total::int, win_total::int, status from casino_rounds where round_id = $1',
      [round],
    );
    expect(r.rows).toEqual([{ bet_total: 500, win_total: 300, status: 'closed' }]);
    const settled = await app.db.query<{ payload: { bet: number; win: number } }>(
      "select payload from event_log where name = 'casino.round_settled' and payload->>'round_id' = $1",
      [round],
    );
    expect(settled.rows.map((e) => [e.payload.bet, e.payload.win])).toEqual([[500, 300]]);
  }, 60_000);

  it('a self-excluded player cannot stake; the refusal stands for its transaction id after the exclusion ends', async () => {
    const { id, ...s } = await session(10_000);
    await app.db.query("update users set self_exclusion_end = now() + interval '30 days' where id = $1", [id]);
    const round = `r-${randomBytes(4).toString('hex')}`;
    const bet = { ...s, transaction_id: `b-${round}`, round_id: round, amount: 500 };
    const refused = await call('bet', bet);
    expect(refused).toMatchObject({ status: 'ERROR', error_code: 'PLAYER_BLOCKED' });
    expect(await cashOf(app, id)).toBe(10_000);
    expect(await totalBetOf(id)).toBe(0);
    const rounds = await app.db.query('select 1 from casino_rounds where round_id = $1', [round]);
    expect(rounds.rows).toEqual([]);
    await app.db.query('update users set self_exclusion_end = null where id = $1', [id]);
    expect(await call('bet', bet)).toEqual(refused);
    expect(await call('bet', { ...bet, transaction_id: `b2-${round}` })).toMatchObject({
      status: 'OK',
      balance: 9_500,
    });
  }, 60_000);
});

describe('seamless wallet: calls that arrive together share statements', () => {
  it('each call of a batch gets its own answer; a refused call is recorded alone and the others stand', async () => {
    const tenantId = await demoTenantId(app);
    const ctx = { db: app.db, tenantId, provider: (await repo.findProviderByCode(app.db, tenantId, 'aurora'))! };
    const players = await Promise.all(Array.from({ length: 12 }, () => session(1_000)));
    const short = await session(50);
    const expired = await session(1_000);
    await app.db.query("update game_sessions set expires_at = now() - interval '1 second' where token_hash = $1", [
      hashSessionToken(expired.session_token),
    ]);
    const tag = randomBytes(4).toString('hex');
    const all = [...players, short, expired];
    const bets = all.map((p, i) => ({
      op: 'bet' as const,
      sessionToken: p.session_token,
      playerId: p.player_id,
      gameId: p.game_id,
      txId: `b-${tag}-${i}`,
      roundId: `r-${tag}-${i}`,
      amount: 100,
    }));
    const before = { ...batchStats(app.db) };
    // Fourteen calls at once, as the provider's servers send them: the first go alone while the statements in
    // flight fill up, the rest together.
    const answers = await Promise.all(bets.map((b) => handle(ctx, b)));
    const after = batchStats(app.db);
    expect(after.calls - before.calls).toBe(14);
    expect(after.statements - before.statements).toBeLessThan(14);
    expect(after.largest).toBeGreaterThan(1);
    // The batches did the twelve plain stakes themselves: at most the two refusals were left to their own statements.
    expect(after.rerun - before.rerun).toBeLessThanOrEqual(2);
    for (const a of answers.slice(0, 12)) expect(a).toMatchObject({ status: 'ok', balance: 900 });
    expect(answers[12]).toMatchObject({ status: 'error', code: 'INSUFFICIENT_FUNDS', balance: 50 });
    expect(answers[13]).toMatchObject({ status: 'error', code: 'SESSION_EXPIRED' });
    for (const p of players) expect(await cashOf(app, p.id)).toBe(900);
    expect(await cashOf(app, short.id)).toBe(50);
    expect(await cashOf(app, expired.id)).toBe(1_000);
    // The refusals were recorded: their repeats answer the same, through the HTTP API too.
    const { id: _s, ...s } = short;
    expect(
      await call('bet', { ...s, transaction_id: bets[12]!.txId, round_id: bets[12]!.roundId, amount: 100 }),
    ).toEqual({ status: 'ERROR', error_code: 'INSUFFICIENT_FUNDS', balance: 50, currency: 'BRL' });
    expect(await handle(ctx, bets[13]!)).toEqual(answers[13]);
    // Every round settles together: one closing win each, one event each, the ledger balanced.
    const wins = await Promise.all(
      bets
        .slice(0, 12)
        .map((b, i) => handle(ctx, { ...b, op: 'win', txId: `w-${tag}-${i}`, amount: 250, roundClosed: true })),
    );
    for (const w of wins) expect(w).toMatchObject({ status: 'ok', balance: 1_150 });
    for (const p of players) expect(await cashOf(app, p.id)).toBe(1_150);
    const settled = await app.db.query<{ n: number }>(
      "select count(*)::int as n from event_log where name = 'casino.round_settled' and payload ->> 'round_id' like $1",
      [`r-${tag}-%`],
    );
    expect(settled.rows[0]!.n).toBe(12);
    expect((await wallet.checkLedger(app.db, tenantId)).ok).toBe(true);
  }, 60_000);
});

describe('seamless wallet: a batch writes what its calls would write each in its own statement', () => {
  it('the claims, rounds, total_bet, balances, ledger rows, entries, events and answers are the same; a repeat and a stake cash does not cover are left to their own statements', async () => {
    const tenantId = await demoTenantId(app);
    const provider = (await repo.findProviderByCode(app.db, tenantId, 'aurora'))!;
    const ctx = { db: app.db, tenantId, provider };
    const game = await gameByCode(app, 'tigre-da-fortuna');
    const p = await Promise.all(Array.from({ length: 8 }, () => session(10_000)));
    const tag = randomBytes(4).toString('hex');
    const round = (i: number) => `eq-${tag}-${i}`;
    // The rounds that calls 2 and 3 settle, and the rounds 7 and 8 that refuse a further win, opened (and
    // committed) beforehand.
    // Round i is player i's; rounds 7 and 8 are players 6's and 7's.
    const owner = (i: number) => p[i >= 7 ? i - 1 : i]!;
    for (const i of [2, 3, 7, 8]) {
      const opened = await handle(ctx, {
        op: 'bet',
        sessionToken: owner(i).session_token,
        playerId: owner(i).player_id,
        gameId: owner(i).game_id,
        txId: `open-${round(i)}`,
        roundId: round(i),
        amount: 400,
      });
      expect(opened).toMatchObject({ status: 'ok', balance: 9_600 });
    }
    // Round 7 closed by its win; round 8 open, its wins already the cap less 100.
    const earlier = [
      { i: 7, amount: 300, closed: true },
      { i: 8, amount: provider.max_single_win - 100, closed: false },
    ];
    for (const w of earlier) {
      const paid = await handle(ctx, {
        op: 'win',
        sessionToken: owner(w.i).session_token,
        playerId: owner(w.i).player_id,
        gameId: owner(w.i).game_id,
        txId: `paid-${round(w.i)}`,
        roundId: round(w.i),
        amount: w.amount,
        roundClosed: w.closed,
      });
      expect(paid).toMatchObject({ status: 'ok', balance: 9_600 + w.amount });
    }
    /** Call of round i, with player s's session and player id `player` (another's to mismatch). */
    const call = (i: number, op: 'bet' | 'win', s: number, player: number, amount: number, closed = false) => ({
      op,
      tenant: tenantId,
      provider: provider.id,
      code: provider.code,
      token_hash: hashSessionToken(s < 0 ? 'no-such-token' : p[s]!.session_token),
      player: String(p[player]!.id),
      tx: `${op}-${round(i)}`,
      round: round(i),
      amount,
      closed,
    });
    const calls = [
      call(0, 'bet', 0, 0, 500),
      call(1, 'bet', 1, 1, 300),
      call(2, 'win', 2, 2, 700, true),
      call(3, 'win', 3, 3, 200, false),
      call(4, 'bet', 4, 0, 100), // player 4's session, player 0's id
      call(5, 'bet', -1, 1, 100), // no such session
    ];
    // Left to their own statements: a stake that cash does not cover, the repeat of a committed stake, and the wins
    // a call alone refuses: one on a closed round, one that would take its round's wins past the cap.
    const refusedWins = [call(7, 'win', 6, 6, 500, true), call(8, 'win', 7, 7, 200, true)];
    const leftAlone = [
      call(6, 'bet', 5, 5, 20_000),
      { ...call(2, 'bet', 2, 2, 400), tx: `open-${round(2)}` },
      ...refusedWins,
    ];
    const txIds = [...calls, ...leftAlone].map((c) => c.tx);
    const rounds = Array.from({ length: 9 }, (_, i) => round(i));
    const userIds = p.map((x) => x.id);

    /** Everything the calls wrote, without ids and times (read inside the transaction that wrote it). */
    const written = async (tx: Sql) => {
      const q = async (text: string, params: unknown[]) => (await tx.query(text, params)).rows;
      return {
        claims: await q(
          `select tx_id, kind, round_id, user_id, amount, status, response, bonus_allowed from provider_transactions
            where tenant_id = $1 and provider_id = $2 and tx_id = any($3) order by tx_id`,
          [tenantId, provider.id, txIds],
        ),
        rounds: await q(
          `select round_id, user_id, game_id, bet_total, win_total, status, closed_at is not null as closed
            from casino_rounds where tenant_id = $1 and round_id = any($2) order by round_id`,
          [tenantId, rounds],
        ),
        players: await q(
          `select u.user_id as id, u.total_bet, a.kind, a.balance from player_wagers u join ledger_accounts a
              on a.tenant_id = u.tenant_id and a.user_id = u.user_id
            where u.tenant_id = $1 and u.user_id = any($2) order by u.user_id, a.kind`,
          [tenantId, userIds],
        ),
        ledger: await q(
          `select t.user_id, t.type, t.reference, t.idempotency_key, t.request_hash, t.result, t.metadata,
              t.reverses_id,
              (select json_agg(json_build_array(coalesce(a.kind, 'house'), a.user_id, e.amount, e.balance_after)
                  order by e.id)
                from ledger_entries e join ledger_accounts a on a.id = e.account_id
                where e.transaction_id = t.id) as entries
            from ledger_transactions t where t.tenant_id = $1 and t.user_id = any($2) order by t.idempotency_key`,
          [tenantId, userIds],
        ),
        events: await q(
          `select user_id, payload from event_log where tenant_id = $1 and name = 'casino.round_settled'
            and payload ->> 'round_id' = any($2) order by payload ->> 'round_id'`,
          [tenantId, rounds],
        ),
      };
    };
    type Answer = { status: string; user_id: number | null; bonus_allowed: boolean | null; result: unknown };
    const answer = (r: Answer & { prior: unknown }) => {
      const { transaction_id: _t, ...result } = (r.result ?? {}) as Record<string, unknown>;
      return { status: r.status, user_id: r.user_id, bonus_allowed: r.bonus_allowed, prior: r.prior, result };
    };
    /** Runs fn in a transaction that is then rolled back: what fn saw, and nothing left behind. */
    const rolledBack = async <T>(fn: (tx: Sql) => Promise<T>): Promise<T> => {
      let seen: T | undefined;
      await app.db
        .transaction(async (tx) => {
          seen = await fn(tx);
          throw new Error('rollback');
        })
        .catch((e: Error) => {
          if (e.message !== 'rollback') throw e;
        });
      return seen as T;
    };

    // With stakes from cash alone, and with a game that takes bonus money (the wallet's debitBet answer and hash).
    for (const bonus of [false, true]) {
      const setBonus = (tx: Sql) =>
        tx.query('update games set bonus_allowed = $1 where tenant_id = $2 and id = $3', [bonus, tenantId, game.id]);
      const batched = await rolledBack(async (tx) => {
        await setBonus(tx);
        const rows = (
          await tx.query<Answer & { n: string; prior: unknown; err: string | null }>(
            'select n, status, user_id, bonus_allowed, prior, result, err from providers_calls($1::jsonb)',
            [JSON.stringify([...calls, ...leftAlone])],
          )
        ).rows;
        return { rows, written: await written(tx) };
      });
      const alone = await rolledBack(async (tx) => {
        await setBonus(tx);
        const rows = [];
        for (const c of calls) {
          const sql =
            c.op === 'bet'
              ? 'select status, user_id, bonus_allowed, prior, result from providers_bet_call($1, $2, $3, $4, $5, $6, $7, $8)'
              : 'select status, user_id, bonus_allowed, prior, result from providers_win_call($1, $2, $3, $4, $5, $6, $7, $8, $9)';
          const args = [c.tenant, c.provider, c.code, c.token_hash, c.player, c.tx, c.round, c.amount];
          rows.push(
            (await tx.query<Answer & { prior: unknown }>(sql, c.op === 'bet' ? args : [...args, c.closed])).rows[0]!,
          );
        }
        return { rows, written: await written(tx) };
      });
      // The batch answered the six calls itself, and gave no row for the two left to their own statements.
      expect(batched.rows.map((r) => Number(r.n)).sort()).toEqual([1, 2, 3, 4, 5, 6]);
      expect(batched.rows.every((r) => r.err === null)).toBe(true);
      const byN = [...batched.rows].sort((a, b) => Number(a.n) - Number(b.n));
      expect(byN.map((r) => r.status)).toEqual(['ok', 'ok', 'ok', 'ok', 'player_mismatch', 'no_session']);
      expect(byN.map(answer)).toEqual(alone.rows.map(answer));
      expect(batched.written).toEqual(alone.written);
      // What was compared is what a player sees: the stakes and wins moved, the round settled once.
      const cash = (w: typeof alone.written, id: number) =>
        Number(w.players.find((r) => r.id === id && r.kind === 'cash')!.balance);
      expect([0, 1, 2, 3].map((i) => cash(alone.written, p[i]!.id))).toEqual([9_500, 9_700, 10_300, 9_800]);
      // One settled round among the compared calls; round 7's event is its own closing win's, from before.
      const eventRounds = alone.written.events.map((e) => (e.payload as { round_id: string }).round_id);
      expect(eventRounds.filter((r) => r !== round(7))).toHaveLength(1);
      expect(eventRounds.filter((r) => r === round(7))).toHaveLength(1);
    }
    // Nothing of either run stayed.
    expect(await cashOf(app, p[0]!.id)).toBe(10_000);
    // Alone, the two wins the batch left are refused, and write nothing: no claim, no ledger row, no round change.
    const refused = await Promise.all(
      refusedWins.map((c, k) =>
        handle(ctx, {
          op: 'win',
          sessionToken: owner(7 + k).session_token,
          playerId: c.player,
          gameId: owner(7 + k).game_id,
          txId: c.tx,
          roundId: c.round,
          amount: c.amount,
          roundClosed: c.closed,
        }),
      ),
    );
    expect(refused).toEqual([
      { status: 'error', code: 'ROUND_CLOSED', balance: 9_900, currency: 'BRL' },
      { status: 'error', code: 'WIN_LIMIT_EXCEEDED', balance: 9_500 + provider.max_single_win, currency: 'BRL' },
    ]);
    const left = await app.db.query<{ tx_id: string; status: string }>(
      'select tx_id, status from provider_transactions where tx_id = any($1) order by tx_id',
      [refusedWins.map((c) => c.tx)],
    );
    // The refusal over the cap is recorded (its repeat answers it again); the one on a closed round is not.
    expect(left.rows).toEqual([{ tx_id: refusedWins[1]!.tx, status: 'refused' }]);
    const moved = await app.db.query('select 1 from ledger_transactions where idempotency_key = any($1)', [
      refusedWins.map((c) => `casino:${provider.id}:${c.tx}`),
    ]);
    expect(moved.rows).toEqual([]);
    const totals = await app.db.query<{ round_id: string; win_total: number; status: string }>(
      'select round_id, win_total::bigint as win_total, status from casino_rounds where round_id = any($1) order by round_id',
      [[round(7), round(8)]],
    );
    expect(totals.rows).toEqual([
      { round_id: round(7), win_total: 300, status: 'closed' },
      { round_id: round(8), win_total: provider.max_single_win - 100, status: 'open' },
    ]);
  }, 60_000);
});

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'seamless wallet: a batch overtaken by a concurrent movement (PostgreSQL)',
  () => {
    it('writes nothing (SR412), and its calls, each run again alone, are decided on the money as it is now', async () => {
      const tenantId = await demoTenantId(app);
      const provider = (await repo.findProviderByCode(app.db, tenantId, 'aurora'))!;
      const ctx = { db: app.db, tenantId, provider };
      const a = await session(1_000);
      const b = await session(1_000);
      const tag = randomBytes(4).toString('hex');
      const stake = (s: typeof a, amount: number) => ({
        op: 'bet' as const,
        sessionToken: s.session_token,
        playerId: s.player_id,
        gameId: s.game_id,
        txId: `race-${tag}-${s.id}`,
        roundId: `race-${tag}-${s.id}`,
        amount,
      });
      const asCall = (x: ReturnType<typeof stake>) => ({
        op: 'bet',
        tenant: tenantId,
        provider: provider.id,
        code: provider.code,
        token_hash: hashSessionToken(x.sessionToken),
        player: x.playerId,
        tx: x.txId,
        round: x.roundId,
        amount: x.amount,
        closed: false,
      });
      const stakes = [stake(a, 800), stake(b, 300)];
      // A withdrawal of 500 from player a holds a's cash row while the batch reads its checks (a's 1,000 covers
      // 800) and then waits for that row; the withdrawal commits, and a's 800 no longer fits.
      let release!: () => void;
      const released = new Promise<void>((r) => {
        release = r;
      });
      let held!: () => void;
      const holding = new Promise<void>((r) => {
        held = r;
      });
      const withdrawal = app.db.transaction(async (tx) => {
        await wallet.debit(tx, {
          tenantId,
          userId: a.id,
          amount: 500,
          type: 'withdraw',
          idempotencyKey: `race-${tag}`,
          reference: 'test withdrawal',
        });
        held();
        await released;
      });
      await holding;
      const batch = app.db
        .query('select n, status, err from providers_calls($1::jsonb)', [JSON.stringify(stakes.map(asCall))])
        .then(
          () => null,
          (e: { code?: string }) => e,
        );
      let waiting = 0;
      for (let i = 0; i < 500 && waiting === 0; i++) {
        const { rows } = await app.db.query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and query like '%providers_calls(%'
          and pid <> pg_backend_pid()`,
        );
        waiting = rows[0]!.n;
        if (!waiting) await new Promise((r) => setTimeout(r, 10));
      }
      expect(waiting).toBe(1);
      release();
      await withdrawal;
      expect((await batch)?.code).toBe('SR412');
      // Nothing of the batch stayed: no claim, no round, no stake of b either.
      const left = await app.db.query<{ claims: number; rounds: number; total_bet: number }>(
        `select (select count(*)::int from provider_transactions where tx_id like $1) as claims,
          (select count(*)::int from casino_rounds where round_id like $1) as rounds,
          (select total_bet::int from player_wagers where user_id = $2) as total_bet`,
        [`race-${tag}-%`, b.id],
      );
      expect(left.rows[0]).toEqual({ claims: 0, rounds: 0, total_bet: 0 });
      expect(await cashOf(app, a.id)).toBe(500);
      expect(await cashOf(app, b.id)).toBe(1_000);
      // What the server does next: each call alone, on the money as it is now.
      const [ra, rb] = await Promise.all(stakes.map((s) => handle(ctx, s)));
      expect(ra).toMatchObject({ status: 'error', code: 'INSUFFICIENT_FUNDS', balance: 500 });
      expect(rb).toMatchObject({ status: 'ok', balance: 700 });
      expect((await wallet.checkLedger(app.db, tenantId)).ok).toBe(true);
    }, 60_000);
  },
);

describe('seamless wallet: many players at once, through batches', () => {
  it("no money is lost or made: every answer is the player's running balance, repeats sent at the same time answer alike", async () => {
    const tenantId = await demoTenantId(app);
    const ctx = { db: app.db, tenantId, provider: (await repo.findProviderByCode(app.db, tenantId, 'aurora'))! };
    // A fixed pseudo-random sequence (mulberry32): the same stakes and wins on every run.
    let seed = 0x5eed;
    const rand = () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const START = 3_000;
    const players = await Promise.all(Array.from({ length: 20 }, () => session(START)));
    const plans = players.map(() =>
      Array.from({ length: 6 }, () => ({
        stake: 100 + Math.floor(rand() * 9) * 100,
        win: Math.floor(rand() * 4) * 150,
        twice: rand() < 0.3,
      })),
    );
    const before = { ...batchStats(app.db) };
    const tag = randomBytes(4).toString('hex');
    const outcome = await Promise.all(
      players.map(async (p, i) => {
        let expected = START;
        const wrong: string[] = [];
        for (const [k, step] of plans[i]!.entries()) {
          const round = `m-${tag}-${i}-${k}`;
          const base = { sessionToken: p.session_token, playerId: p.player_id, gameId: p.game_id, roundId: round };
          const bet = { ...base, op: 'bet' as const, txId: `b-${round}`, amount: step.stake };
          // A provider that retries before the first answer came back: both copies are in flight together.
          const [b, again] = await Promise.all([handle(ctx, bet), step.twice ? handle(ctx, bet) : null]);
          if (again && !isDeepStrictEqual(again, b))
            wrong.push(`${round}: repeat answered ${JSON.stringify(again)}, first ${JSON.stringify(b)}`);
          if (b.status === 'ok') expected -= step.stake;
          else if (b.code !== 'INSUFFICIENT_FUNDS' || expected >= step.stake) wrong.push(`${round}: bet ${b.code}`);
          if (b.balance !== expected) wrong.push(`${round}: bet balance ${b.balance}, expected ${expected}`);
          if (b.status !== 'ok') continue;
          const w = await handle(ctx, { ...base, op: 'win', txId: `w-${round}`, amount: step.win, roundClosed: true });
          if (w.status !== 'ok') wrong.push(`${round}: win ${w.code}`);
          expected += step.win;
          if (w.balance !== expected) wrong.push(`${round}: win balance ${w.balance}, expected ${expected}`);
        }
        return { id: p.id, expected, wrong };
      }),
    );
    expect(outcome.flatMap((o) => o.wrong)).toEqual([]);
    for (const o of outcome) expect(await cashOf(app, o.id)).toBe(o.expected);
    const after = batchStats(app.db);
    expect(after.statements - before.statements).toBeLessThan(after.calls - before.calls);
    // Every round that took a stake was settled once: one event each.
    const rounds = await app.db.query<{ closed: number; events: number }>(
      `select (select count(*)::int from casino_rounds where round_id like $1 and status = 'closed') as closed,
          (select count(*)::int from event_log where name = 'casino.round_settled'
            and payload ->> 'round_id' like $1) as events`,
      [`m-${tag}-%`],
    );
    expect(rounds.rows[0]!.events).toBe(rounds.rows[0]!.closed);
    expect(rounds.rows[0]!.closed).toBeGreaterThan(60);
    expect((await wallet.checkLedger(app.db, tenantId)).ok).toBe(true);
  }, 120_000);
});

describe('seamless wallet: a closed or paid round takes no more money', () => {
  const ctxOf = async () => {
    const tenantId = await demoTenantId(app);
    return { db: app.db, tenantId, provider: (await repo.findProviderByCode(app.db, tenantId, 'aurora'))! };
  };
  /** The calls of one round of player s: a stake, wins and rollbacks with their own transaction ids. */
  const roundOf = (s: Awaited<ReturnType<typeof session>>) => {
    const roundId = `g-${randomBytes(4).toString('hex')}`;
    const base = { sessionToken: s.session_token, playerId: s.player_id, gameId: s.game_id, roundId };
    return {
      roundId,
      bet: (txId: string, amount: number) => ({ ...base, op: 'bet' as const, txId: `${txId}-${roundId}`, amount }),
      win: (txId: string, amount: number, roundClosed: boolean) => ({
        ...base,
        op: 'win' as const,
        txId: `${txId}-${roundId}`,
        amount,
        roundClosed,
      }),
      rollback: (txId: string, refTxId: string) => ({
        ...base,
        op: 'rollback' as const,
        txId: `${txId}-${roundId}`,
        refTxId: `${refTxId}-${roundId}`,
      }),
    };
  };
  /** What a transaction id of the round left behind: its claim and its ledger movement. */
  const traces = async (ctx: Awaited<ReturnType<typeof ctxOf>>, txId: string) =>
    (
      await app.db.query<{ claims: number; ledger: number }>(
        `select (select count(*)::int from provider_transactions where tx_id = $1) as claims,
          (select count(*)::int from ledger_transactions where idempotency_key = $2) as ledger`,
        [txId, `casino:${ctx.provider.id}:${txId}`],
      )
    ).rows[0];
  const roundRow = async (roundId: string) =>
    (
      await app.db.query<{ bet_total: number; win_total: number; status: string }>(
        'select bet_total, win_total, status from casino_rounds where round_id = $1',
        [roundId],
      )
    ).rows[0];

  it('a win on a closed round is refused and writes nothing; the closing win repeated answers its first answer', async () => {
    const ctx = await ctxOf();
    const s = await session(1_000);
    const r = roundOf(s);
    expect(await handle(ctx, r.bet('b', 100))).toMatchObject({ status: 'ok', balance: 900 });
    const close = r.win('c', 400, true);
    const first = await handle(ctx, close);
    expect(first).toMatchObject({ status: 'ok', balance: 1_300 });
    for (const [tx, closed] of [
      ['late', false],
      ['late-close', true],
    ] as const) {
      const late = r.win(tx, 5_000, closed);
      expect(await handle(ctx, late)).toEqual({
        status: 'error',
        code: 'ROUND_CLOSED',
        balance: 1_300,
        currency: 'BRL',
      });
      // Nothing recorded under its id: a repeat is decided again, and refused again.
      expect(await traces(ctx, late.txId)).toEqual({ claims: 0, ledger: 0 });
      expect(await handle(ctx, late)).toMatchObject({ status: 'error', code: 'ROUND_CLOSED' });
    }
    // A win of 0 is no exception: the round was settled once.
    expect(await handle(ctx, r.win('zero', 0, true))).toMatchObject({ status: 'error', code: 'ROUND_CLOSED' });
    expect(await handle(ctx, close)).toEqual(first);
    expect(await cashOf(app, s.id)).toBe(1_300);
    expect(await roundRow(r.roundId)).toEqual({ bet_total: 100, win_total: 400, status: 'closed' });
    const settled = await app.db.query(
      "select 1 from event_log where name = 'casino.round_settled' and payload ->> 'round_id' = $1",
      [r.roundId],
    );
    expect(settled.rows).toHaveLength(1);
    expect((await wallet.checkLedger(app.db, ctx.tenantId)).ok).toBe(true);
  }, 60_000);

  it('a rollback of a bet whose round paid a win, or was settled, is refused and writes nothing', async () => {
    const ctx = await ctxOf();
    const s = await session(1_000);
    // A win paid on a round still open, then a rollback of its stake: the player would keep both.
    const paid = roundOf(s);
    await handle(ctx, paid.bet('b', 300));
    expect(await handle(ctx, paid.win('w', 500, false))).toMatchObject({ status: 'ok', balance: 1_200 });
    // A round settled as a loss, then a rollback of its stake: the loss would be undone.
    const lost = roundOf(s);
    await handle(ctx, lost.bet('b', 200));
    expect(await handle(ctx, lost.win('w', 0, true))).toMatchObject({ status: 'ok', balance: 1_000 });
    for (const r of [paid, lost]) {
      const rb = r.rollback('rb', 'b');
      expect(await handle(ctx, rb)).toEqual({ status: 'error', code: 'ROUND_CLOSED', balance: 1_000, currency: 'BRL' });
      expect(await traces(ctx, rb.txId)).toEqual({ claims: 0, ledger: 0 });
      expect(await handle(ctx, rb)).toMatchObject({ status: 'error', code: 'ROUND_CLOSED' });
      const bet = await app.db.query<{ status: string }>('select status from provider_transactions where tx_id = $1', [
        rb.refTxId,
      ]);
      expect(bet.rows).toEqual([{ status: 'ok' }]);
    }
    expect(await roundRow(paid.roundId)).toEqual({ bet_total: 300, win_total: 500, status: 'open' });
    expect(await roundRow(lost.roundId)).toEqual({ bet_total: 200, win_total: 0, status: 'closed' });
    // The open round still settles, and a stake of a round without a win is still refunded.
    expect(await handle(ctx, paid.win('close', 0, true))).toMatchObject({ status: 'ok', balance: 1_000 });
    const open = roundOf(s);
    await handle(ctx, open.bet('b', 250));
    expect(await handle(ctx, open.rollback('rb', 'b'))).toMatchObject({ status: 'ok', balance: 1_000 });
    expect(await cashOf(app, s.id)).toBe(1_000);
    const rolledBack = await app.db.query(
      "select 1 from event_log where name = 'casino.round_rolled_back' and payload ->> 'round_id' = any($1)",
      [[paid.roundId, lost.roundId, open.roundId]],
    );
    expect(rolledBack.rows).toHaveLength(1);
    expect((await wallet.checkLedger(app.db, ctx.tenantId)).ok).toBe(true);
  }, 60_000);
});

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'seamless wallet: wins of one round in flight together (PostgreSQL)',
  () => {
    const ctxOf = async () => {
      const tenantId = await demoTenantId(app);
      return { db: app.db, tenantId, provider: (await repo.findProviderByCode(app.db, tenantId, 'aurora'))! };
    };
    /**
     * Holds the round's row in a transaction of its own (after `first`, run in it, e.g. a win not yet committed),
     * starts `calls` and waits until `waiting` of them wait for that transaction; then lets it commit.
     */
    async function whileRoundHeld<T>(o: {
      roundId: string;
      first?: (tx: Sql) => Promise<unknown>;
      calls: () => Promise<T>[];
      waiting: number;
    }): Promise<T[]> {
      let release!: () => void;
      const released = new Promise<void>((r) => {
        release = r;
      });
      let held!: (pid: number) => void;
      const holding = new Promise<number>((r) => {
        held = r;
      });
      const holder = app.db.transaction(async (tx) => {
        await o.first?.(tx);
        await tx.query('select 1 from casino_rounds where round_id = $1 for update', [o.roundId]);
        held((await tx.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid);
        await released;
      });
      const pid = await holding;
      const running = o.calls();
      // A call waits for the holder, or for a call that waits for it (the second in line for a row lock).
      let waiting = 0;
      try {
        for (let i = 0; i < 500 && waiting < o.waiting; i++) {
          const { rows } = await app.db.query<{ n: number }>(
            `select count(*)::int as n from pg_stat_activity a where $1 = any(pg_blocking_pids(a.pid))
              or exists (select 1 from unnest(pg_blocking_pids(a.pid)) b where $1 = any(pg_blocking_pids(b)))`,
            [pid],
          );
          waiting = rows[0]!.n;
          if (waiting < o.waiting) await new Promise((r) => setTimeout(r, 10));
        }
      } finally {
        // Released whatever happens: calls left waiting would hold the provider calls' statement slots.
        release();
        await holder;
      }
      expect(waiting).toBe(o.waiting);
      return Promise.all(running);
    }
    const winCall = (ctx: Awaited<ReturnType<typeof ctxOf>>, s: Awaited<ReturnType<typeof session>>, w: WinArgs) => [
      ctx.tenantId,
      ctx.provider.id,
      ctx.provider.code,
      hashSessionToken(s.session_token),
      s.player_id,
      w.txId,
      w.roundId,
      w.amount,
      w.roundClosed,
    ];
    const WIN_CALL = 'select status from providers_win_call($1, $2, $3, $4, $5, $6, $7, $8, $9)';
    type WinArgs = { txId: string; roundId: string; amount: number; roundClosed: boolean };
    const asWin = (s: Awaited<ReturnType<typeof session>>, w: WinArgs) => ({
      op: 'win' as const,
      sessionToken: s.session_token,
      playerId: s.player_id,
      gameId: s.game_id,
      ...w,
    });
    const opened = async (ctx: Awaited<ReturnType<typeof ctxOf>>, s: Awaited<ReturnType<typeof session>>) => {
      const roundId = `f-${randomBytes(4).toString('hex')}`;
      const bet = await handle(ctx, {
        op: 'bet',
        sessionToken: s.session_token,
        playerId: s.player_id,
        gameId: s.game_id,
        txId: `b-${roundId}`,
        roundId,
        amount: 100,
      });
      expect(bet).toMatchObject({ status: 'ok' });
      return roundId;
    };
    const winsOf = async (roundId: string) =>
      (
        await app.db.query<{ win_total: number; status: string; credited: number }>(
          `select r.win_total, r.status,
            (select coalesce(sum(e.amount), 0)::bigint from ledger_transactions t
              join ledger_entries e on e.transaction_id = t.id
              join ledger_accounts a on a.id = e.account_id and a.kind = 'cash'
              where t.type = 'win' and t.reference like '%:' || r.round_id) as credited
          from casino_rounds r where r.round_id = $1`,
          [roundId],
        )
      ).rows[0]!;

    it('two wins whose sum exceeds the cap: one is paid, the other refused; at most the cap is paid', async () => {
      const ctx = await ctxOf();
      const cap = ctx.provider.max_single_win;
      const s = await session(1_000);
      const roundId = await opened(ctx, s);
      const big = Math.floor(cap * 0.6);
      const answers = await whileRoundHeld({
        roundId,
        calls: () =>
          ['w1', 'w2'].map((t) =>
            handle(ctx, asWin(s, { txId: `${t}-${roundId}`, roundId, amount: big, roundClosed: false })),
          ),
        waiting: 2,
      });
      expect(answers.map((a) => (a.status === 'ok' ? 'ok' : a.code)).sort()).toEqual(['WIN_LIMIT_EXCEEDED', 'ok']);
      expect(await winsOf(roundId)).toEqual({ win_total: big, status: 'open', credited: big });
      expect(await cashOf(app, s.id)).toBe(900 + big);
      expect((await wallet.checkLedger(app.db, ctx.tenantId)).ok).toBe(true);
    }, 60_000);

    it('a batch whose win no longer fits under the cap when it gets the round writes nothing (SR412); alone, the win is refused', async () => {
      const ctx = await ctxOf();
      const cap = ctx.provider.max_single_win;
      const s = await session(1_000);
      const other = await session(1_000);
      const roundId = await opened(ctx, s);
      const big = Math.floor(cap * 0.6);
      const first = { txId: `w1-${roundId}`, roundId, amount: big, roundClosed: false };
      const second = { txId: `w2-${roundId}`, roundId, amount: big, roundClosed: true };
      const stake = { txId: `b-other-${roundId}`, roundId: `other-${roundId}`, amount: 100 };
      const batchCall = (
        x: Awaited<ReturnType<typeof session>>,
        op: 'bet' | 'win',
        c: typeof stake,
        closed = false,
      ) => ({
        op,
        tenant: ctx.tenantId,
        provider: ctx.provider.id,
        code: ctx.provider.code,
        token_hash: hashSessionToken(x.session_token),
        player: x.player_id,
        tx: c.txId,
        round: c.roundId,
        amount: c.amount,
        closed,
      });
      // The first win is written (not yet committed) while the batch reads its checks: 0 paid, the second fits.
      const [batch] = await whileRoundHeld({
        roundId,
        first: (tx) => tx.query(WIN_CALL, winCall(ctx, s, first)),
        calls: () => [
          app.db
            .query('select n, status, err from providers_calls($1::jsonb)', [
              JSON.stringify([batchCall(s, 'win', second, true), batchCall(other, 'bet', stake)]),
            ])
            .then(
              () => null,
              (e: { code?: string }) => e.code ?? String(e),
            ),
        ],
        waiting: 1,
      });
      expect(batch).toBe('SR412');
      expect(await cashOf(app, other.id)).toBe(1_000);
      // Alone: refused over the cap; the first win stands, the round stays open.
      expect(await handle(ctx, asWin(s, second))).toMatchObject({ status: 'error', code: 'WIN_LIMIT_EXCEEDED' });
      expect(await winsOf(roundId)).toEqual({ win_total: big, status: 'open', credited: big });
      expect(await cashOf(app, s.id)).toBe(900 + big);
      expect((await wallet.checkLedger(app.db, ctx.tenantId)).ok).toBe(true);
    }, 60_000);

    it('a win racing the round close: once the close commits, the win is refused and leaves no claim', async () => {
      const ctx = await ctxOf();
      const s = await session(1_000);
      const roundId = await opened(ctx, s);
      const close = { txId: `c-${roundId}`, roundId, amount: 100, roundClosed: true };
      const late = { txId: `w-${roundId}`, roundId, amount: 700, roundClosed: false };
      const [answer] = await whileRoundHeld({
        roundId,
        first: (tx) => tx.query(WIN_CALL, winCall(ctx, s, close)),
        calls: () => [handle(ctx, asWin(s, late))],
        waiting: 1,
      });
      expect(answer).toEqual({ status: 'error', code: 'ROUND_CLOSED', balance: 1_000, currency: 'BRL' });
      const claims = await app.db.query('select 1 from provider_transactions where tx_id = $1', [late.txId]);
      expect(claims.rows).toEqual([]);
      expect(await winsOf(roundId)).toEqual({ win_total: 100, status: 'closed', credited: 100 });
      expect(await cashOf(app, s.id)).toBe(1_000);
      expect((await wallet.checkLedger(app.db, ctx.tenantId)).ok).toBe(true);
    }, 60_000);
  },
);

describe('seamless wallet: wins follow the money staked (cash and bonus)', () => {
  const ctxOf = async () => {
    const tenantId = await demoTenantId(app);
    return { db: app.db, tenantId, provider: (await repo.findProviderByCode(app.db, tenantId, 'aurora'))! };
  };
  /** A player with `cash` and `bonus` (granted from the promotions account) and a live session of a slot. */
  async function bonusSession(cash: number, bonus: number) {
    const s = await session(cash);
    const tenantId = await demoTenantId(app);
    await app.db.transaction((tx) =>
      wallet.credit(tx, {
        tenantId,
        userId: s.id,
        amount: bonus,
        type: 'bonus',
        account: 'bonus',
        idempotencyKey: `test:bonus:${s.id}`,
        reference: 'test bonus',
      }),
    );
    const roundId = `bn-${randomBytes(4).toString('hex')}`;
    const base = { sessionToken: s.session_token, playerId: s.player_id, gameId: s.game_id, roundId };
    return {
      ...s,
      tenantId,
      roundId,
      bet: (txId: string, amount: number) => ({ ...base, op: 'bet' as const, txId: `${txId}-${roundId}`, amount }),
      win: (txId: string, amount: number, roundClosed = false) => ({
        ...base,
        op: 'win' as const,
        txId: `${txId}-${roundId}`,
        amount,
        roundClosed,
      }),
      rollback: (txId: string, refTxId: string) => ({
        ...base,
        op: 'rollback' as const,
        txId: `${txId}-${roundId}`,
        refTxId: `${refTxId}-${roundId}`,
      }),
    };
  }
  const balance = (tenantId: number, userId: number) => wallet.getBalance(app.db, { tenantId, userId });
  const share = async (roundId: string) =>
    (
      await app.db.query<{ bonus_staked: string | null }>(
        'select bonus_staked::text from casino_rounds where round_id = $1',
        [roundId],
      )
    ).rows[0]!.bonus_staked;

  it('a round of two stakes of different splits pays its wins by the round totals; the odd centavo to cash', async () => {
    const ctx = await ctxOf();
    const p = await bonusSession(1_000, 3_000);
    expect(await handle(ctx, p.bet('b1', 800))).toMatchObject({ status: 'ok', balance: 3_200 }); // all cash
    expect(await handle(ctx, p.bet('b2', 1_200))).toMatchObject({ status: 'ok', balance: 2_000 }); // 200 + 1 000
    expect(await share(p.roundId)).toBe('1000');
    // 3 001 x 1 000 / 2 000 = 1 500.5: 1 500 to the bonus, 1 501 to cash.
    expect(await handle(ctx, p.win('w1', 3_001))).toMatchObject({ status: 'ok', balance: 5_001 });
    expect(await balance(p.tenantId, p.id)).toEqual({ cash: 1_501, bonus: 3_500, pending: 0 });
    // A repeat moves nothing; a closing win of 0 is a win of nothing.
    expect(await handle(ctx, p.win('w1', 3_001))).toMatchObject({ status: 'ok', balance: 5_001 });
    expect(await handle(ctx, p.win('c', 0, true))).toMatchObject({ status: 'ok', balance: 5_001 });
    expect((await wallet.checkLedger(app.db, ctx.tenantId)).ok).toBe(true);
  }, 60_000);

  it('a rolled-back bonus stake gives each part back and leaves the round’s share; a later win is all cash', async () => {
    const ctx = await ctxOf();
    const p = await bonusSession(500, 2_000);
    await handle(ctx, p.bet('b1', 500)); // all cash
    await handle(ctx, p.bet('b2', 600)); // all bonus
    expect(await balance(p.tenantId, p.id)).toEqual({ cash: 0, bonus: 1_400, pending: 0 });
    expect(await handle(ctx, p.rollback('rb', 'b2'))).toMatchObject({ status: 'ok', balance: 2_000 });
    expect(await balance(p.tenantId, p.id)).toEqual({ cash: 0, bonus: 2_000, pending: 0 });
    expect(await share(p.roundId)).toBeNull();
    await handle(ctx, p.win('w', 1_000, true));
    expect(await balance(p.tenantId, p.id)).toEqual({ cash: 1_000, bonus: 2_000, pending: 0 });
  }, 60_000);

  it('a win after the bonus was forfeited sends its bonus part back to promotions', async () => {
    const ctx = await ctxOf();
    const p = await bonusSession(0, 1_000);
    await handle(ctx, p.bet('b', 400));
    await app.db.transaction((tx) =>
      wallet.debit(tx, {
        tenantId: p.tenantId,
        userId: p.id,
        amount: 600,
        type: 'bonus',
        account: 'bonus',
        to: 'promotions',
        idempotencyKey: `test:forfeit:${p.id}`,
        reference: 'forfeit',
      }),
    );
    expect(await handle(ctx, p.win('w', 900, true))).toMatchObject({ status: 'ok', balance: 0 });
    const { rows } = await app.db.query<{ kind: string; amount: number }>(
      `select a.kind, e.amount::int from ledger_transactions t join ledger_entries e on e.transaction_id = t.id
        join ledger_accounts a on a.id = e.account_id where t.idempotency_key = $1 order by e.id`,
      [`casino:${ctx.provider.id}:w-${p.roundId}`],
    );
    expect(rows).toEqual([
      { kind: 'house', amount: -900 },
      { kind: 'promotions', amount: 900 },
    ]);
  }, 60_000);

  it('many rounds at once on one wallet with bonus money never overdraw, and the ledger checks clean', async () => {
    const ctx = await ctxOf();
    const p = await bonusSession(2_000, 3_000);
    const n = 24;
    const rounds = await Promise.all(
      Array.from({ length: n }, async (_, i) => {
        const r = { ...p, roundId: `${p.roundId}-${i}` };
        const base = { sessionToken: p.session_token, playerId: p.player_id, gameId: p.game_id, roundId: r.roundId };
        const bet = await handle(ctx, { ...base, op: 'bet', txId: `cb-${r.roundId}`, amount: 300 });
        if (bet.status !== 'ok') return bet;
        return handle(ctx, { ...base, op: 'win', txId: `cw-${r.roundId}`, amount: 150 + i, roundClosed: true });
      }),
    );
    for (const r of rounds)
      if (r.status !== 'ok') expect(r).toMatchObject({ status: 'error', code: 'INSUFFICIENT_FUNDS' });
    const b = await balance(p.tenantId, p.id);
    expect(b.cash).toBeGreaterThanOrEqual(0);
    expect(b.bonus).toBeGreaterThanOrEqual(0);
    // Everything staked was 5 000 at most; what is left plus what the house kept is what the player had.
    const { rows } = await app.db.query<{ staked: string; won: string }>(
      `select coalesce(-sum(e.amount) filter (where t.type = 'bet'), 0)::text as staked,
          coalesce(sum(e.amount) filter (where t.type = 'win'), 0)::text as won
        from ledger_transactions t join ledger_entries e on e.transaction_id = t.id
        join ledger_accounts a on a.id = e.account_id and a.user_id = t.user_id
        where t.tenant_id = $1 and t.user_id = $2`,
      [p.tenantId, p.id],
    );
    expect(b.cash + b.bonus).toBe(5_000 - Number(rows[0]!.staked) + Number(rows[0]!.won));
    expect((await wallet.checkLedger(app.db, ctx.tenantId)).problems).toEqual([]);
  }, 60_000);
});
