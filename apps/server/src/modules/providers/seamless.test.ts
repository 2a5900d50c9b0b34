import { randomBytes } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../test/helpers';
import * as repo from '../casino/repo';
import { cashOf, demoTenantId, fundedPlayer, gameByCode } from '../casino/test-support';
import * as wallet from '../wallet/index';
import { runConformanceKit } from './conformance';
import { SIGNATURE_HEADER, sign } from './generic';
import { batchStats, handle, hashSessionToken } from './seamless';

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
    expect(results.length).toBeGreaterThanOrEqual(12);
    // The bad signature was recorded for the operator.
    const { rows } = await app.db.query<{ reason: string }>(
      "select reason from provider_security_events where provider_code = 'aurora' order by id",
    );
    expect(rows.map((r) => r.reason)).toEqual(expect.arrayContaining(['bad_signature', 'win_over_cap']));
    // Every closed round emitted exactly one settled-round event, every refunded one its rollback event, and no
    // bet or win wrote an event of its own.
    const ev = await app.db.query<{ type: string; n: number }>(
      "select type, count(*)::int as n from domain_events where type like 'casino.%' group by type",
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
      "select type, payload from domain_events where payload ->> 'round_id' = $1 order by id",
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
    (await app.db.query<{ t: number }>('select total_bet::int as t from users where id = $1', [id])).rows[0]!.t;

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
      "select payload from domain_events where type = 'casino.round_settled' and payload->>'round_id' = $1",
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
      "select count(*)::int as n from domain_events where type = 'casino.round_settled' and payload ->> 'round_id' like $1",
      [`r-${tag}-%`],
    );
    expect(settled.rows[0]!.n).toBe(12);
    expect((await wallet.checkLedger(app.db, tenantId)).ok).toBe(true);
  }, 60_000);
});

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
          (select count(*)::int from domain_events where type = 'casino.round_settled'
            and payload ->> 'round_id' like $1) as events`,
      [`m-${tag}-%`],
    );
    expect(rounds.rows[0]!.events).toBe(rounds.rows[0]!.closed);
    expect(rounds.rows[0]!.closed).toBeGreaterThan(60);
    expect((await wallet.checkLedger(app.db, tenantId)).ok).toBe(true);
  }, 120_000);
});
