import { randomUUID } from 'node:crypto';
import { SIGNATURE_HEADER, sign } from './generic';

/**
 * Conformance kit: a scripted game-provider client that runs the edge cases real aggregators produce against a
 * seamless-wallet endpoint speaking the generic protocol, over real HTTP, and reports each case. Point it at any
 * deployment (the target says how to open a session and read a balance independently of the API under test).
 */
export type ConformanceTarget = {
  /** e.g. http://127.0.0.1:3000/api/providers/aurora */
  callbackUrl: string;
  /** Host header naming the tenant. */
  host: string;
  secret: string;
  /** A fresh real-money session for a new player holding `balance` centavos. */
  newSession(balance: number): Promise<{ sessionToken: string; playerId: string; gameId: string }>;
  /** The player's balance read from the books, not through the API under test. */
  ledgerBalance(playerId: string): Promise<number>;
  /** Makes the session expire now. */
  expireSession(sessionToken: string): Promise<void>;
  /** The provider's cap on what one round pays in wins, centavos. */
  winCap: number;
};

export type CaseResult = { name: string; ok: boolean; detail: string };

type Wire = { status: 'OK' | 'ERROR'; balance?: number; error_code?: string; transaction_id?: string };

export async function runConformanceKit(t: ConformanceTarget): Promise<CaseResult[]> {
  const results: CaseResult[] = [];
  const call = async (op: string, body: Record<string, unknown>, secret = t.secret) => {
    const raw = JSON.stringify(body);
    const res = await fetch(`${t.callbackUrl}/${op}`, {
      method: 'POST',
      headers: { host: t.host, 'content-type': 'application/json', [SIGNATURE_HEADER]: sign(raw, secret) },
      body: raw,
    });
    return { http: res.status, body: (await res.json()) as Wire };
  };
  const id = (p: string) => `${p}-${randomUUID()}`;
  const check = async (name: string, fn: () => Promise<string | null>) => {
    try {
      const failure = await fn();
      results.push({ name, ok: failure === null, detail: failure ?? 'ok' });
    } catch (e) {
      results.push({ name, ok: false, detail: e instanceof Error ? e.message : String(e) });
    }
  };
  const session = async (balance: number) => {
    const s = await t.newSession(balance);
    const base = { session_token: s.sessionToken, player_id: s.playerId, game_id: s.gameId };
    return { ...s, base };
  };
  const expect = (cond: boolean, what: string) => (cond ? null : what);
  const all = (...xs: (string | null)[]) => xs.find((x) => x !== null) ?? null;

  await check('authenticate answers the player and balance', async () => {
    const s = await session(1234);
    const r = await call('authenticate', { session_token: s.sessionToken });
    return all(
      expect(r.body.status === 'OK', `status ${JSON.stringify(r.body)}`),
      expect(r.body.balance === 1234, `balance ${r.body.balance}`),
    );
  });

  await check('bad signature is refused and moves nothing', async () => {
    const s = await session(1000);
    const r = await call(
      'bet',
      { ...s.base, transaction_id: id('t'), round_id: id('r'), amount: 100 },
      'wrong-secret-wrong-secret',
    );
    return all(
      expect(r.http === 401 && r.body.error_code === 'INVALID_SIGNATURE', `got ${r.http} ${JSON.stringify(r.body)}`),
      expect((await t.ledgerBalance(s.playerId)) === 1000, 'balance changed'),
    );
  });

  await check('duplicate bet is charged once and answers the first answer', async () => {
    const s = await session(1000);
    const body = { ...s.base, transaction_id: id('t'), round_id: id('r'), amount: 300 };
    const a = await call('bet', body);
    const b = await call('bet', body);
    return all(
      expect(a.body.status === 'OK' && a.body.balance === 700, `first ${JSON.stringify(a.body)}`),
      expect(JSON.stringify(a.body) === JSON.stringify(b.body), `repeat differs ${JSON.stringify(b.body)}`),
      expect((await t.ledgerBalance(s.playerId)) === 700, 'charged twice'),
    );
  });

  await check('duplicate win is credited once', async () => {
    const s = await session(1000);
    const round = id('r');
    await call('bet', { ...s.base, transaction_id: id('t'), round_id: round, amount: 100 });
    const win = { ...s.base, transaction_id: id('w'), round_id: round, amount: 500, round_closed: true };
    const a = await call('win', win);
    const b = await call('win', win);
    return all(
      expect(a.body.status === 'OK' && a.body.balance === 1400, `first ${JSON.stringify(a.body)}`),
      expect(JSON.stringify(a.body) === JSON.stringify(b.body), 'repeat differs'),
      expect((await t.ledgerBalance(s.playerId)) === 1400, 'credited twice'),
    );
  });

  await check('bet larger than balance: insufficient funds is an answer, and a repeat gets it again', async () => {
    const s = await session(500);
    const body = { ...s.base, transaction_id: id('t'), round_id: id('r'), amount: 501 };
    const a = await call('bet', body);
    const b = await call('bet', body);
    return all(
      expect(a.http === 200 && a.body.error_code === 'INSUFFICIENT_FUNDS', `got ${a.http} ${JSON.stringify(a.body)}`),
      expect(a.body.balance === 500, 'balance in answer'),
      expect(JSON.stringify(a.body) === JSON.stringify(b.body), 'repeat differs'),
      expect((await t.ledgerBalance(s.playerId)) === 500, 'balance changed'),
    );
  });

  await check('rollback restores the stake; a repeated rollback succeeds without paying twice', async () => {
    const s = await session(1000);
    const round = id('r');
    const bet = id('t');
    await call('bet', { ...s.base, transaction_id: bet, round_id: round, amount: 400 });
    const rb = { ...s.base, transaction_id: id('rb'), rollback_transaction_id: bet, round_id: round };
    const a = await call('rollback', rb);
    const b = await call('rollback', rb);
    const c = await call('rollback', { ...rb, transaction_id: id('rb') });
    return all(
      expect(a.body.status === 'OK' && a.body.balance === 1000, `first ${JSON.stringify(a.body)}`),
      expect(b.body.status === 'OK' && c.body.status === 'OK', 'repeat refused'),
      expect((await t.ledgerBalance(s.playerId)) === 1000, 'refunded twice or not at all'),
    );
  });

  await check('rollback before bet is recorded; the late bet is refused', async () => {
    const s = await session(1000);
    const round = id('r');
    const bet = id('t');
    const rb = await call('rollback', {
      ...s.base,
      transaction_id: id('rb'),
      rollback_transaction_id: bet,
      round_id: round,
    });
    const late = await call('bet', { ...s.base, transaction_id: bet, round_id: round, amount: 300 });
    return all(
      expect(rb.body.status === 'OK', `rollback ${JSON.stringify(rb.body)}`),
      expect(
        late.body.status === 'ERROR' && late.body.error_code === 'BET_ROLLED_BACK',
        `late ${JSON.stringify(late.body)}`,
      ),
      expect((await t.ledgerBalance(s.playerId)) === 1000, 'late bet charged'),
    );
  });

  await check('win after rollback of the round is refused', async () => {
    const s = await session(1000);
    const round = id('r');
    const bet = id('t');
    await call('bet', { ...s.base, transaction_id: bet, round_id: round, amount: 200 });
    await call('rollback', { ...s.base, transaction_id: id('rb'), rollback_transaction_id: bet, round_id: round });
    const w = await call('win', {
      ...s.base,
      transaction_id: id('w'),
      round_id: round,
      amount: 900,
      round_closed: true,
    });
    return all(
      expect(w.body.status === 'ERROR' && w.body.error_code === 'ROUND_ROLLED_BACK', `win ${JSON.stringify(w.body)}`),
      expect((await t.ledgerBalance(s.playerId)) === 1000, 'win paid'),
    );
  });

  await check('50 concurrent bets on one wallet never overdraw it', async () => {
    const s = await session(3000);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        call('bet', { ...s.base, transaction_id: id('t'), round_id: id('r'), amount: 100 }),
      ),
    );
    const ok = answers.filter((a) => a.body.status === 'OK').length;
    const poor = answers.filter((a) => a.body.error_code === 'INSUFFICIENT_FUNDS').length;
    return all(
      expect(ok === 30 && poor === 20, `ok ${ok}, insufficient ${poor}, others ${50 - ok - poor}`),
      expect((await t.ledgerBalance(s.playerId)) === 0, 'balance not 0'),
    );
  });

  await check('10 concurrent copies of one bet charge once', async () => {
    const s = await session(1000);
    const body = { ...s.base, transaction_id: id('t'), round_id: id('r'), amount: 250 };
    const answers = await Promise.all(Array.from({ length: 10 }, () => call('bet', body)));
    const distinct = new Set(answers.map((a) => JSON.stringify(a.body)));
    return all(
      expect(distinct.size === 1 && answers[0]!.body.status === 'OK', `answers ${[...distinct].join(' | ')}`),
      expect((await t.ledgerBalance(s.playerId)) === 750, 'charged more than once'),
    );
  });

  await check('after the session expired: a bet is refused, a win and a rollback are accepted', async () => {
    const s = await session(1000);
    const r1 = id('r');
    const r2 = id('r');
    const b2 = id('t');
    await call('bet', { ...s.base, transaction_id: id('t'), round_id: r1, amount: 100 });
    await call('bet', { ...s.base, transaction_id: b2, round_id: r2, amount: 100 });
    await t.expireSession(s.sessionToken);
    const bet = await call('bet', { ...s.base, transaction_id: id('t'), round_id: id('r'), amount: 100 });
    const win = await call('win', {
      ...s.base,
      transaction_id: id('w'),
      round_id: r1,
      amount: 300,
      round_closed: true,
    });
    const rb = await call('rollback', {
      ...s.base,
      transaction_id: id('rb'),
      rollback_transaction_id: b2,
      round_id: r2,
    });
    return all(
      expect(bet.body.error_code === 'SESSION_EXPIRED', `bet ${JSON.stringify(bet.body)}`),
      expect(win.body.status === 'OK', `win ${JSON.stringify(win.body)}`),
      expect(rb.body.status === 'OK', `rollback ${JSON.stringify(rb.body)}`),
      expect((await t.ledgerBalance(s.playerId)) === 1200, `balance ${await t.ledgerBalance(s.playerId)}`),
    );
  });

  await check('a single win above the cap is refused', async () => {
    const s = await session(1000);
    const round = id('r');
    await call('bet', { ...s.base, transaction_id: id('t'), round_id: round, amount: 100 });
    const w = await call('win', {
      ...s.base,
      transaction_id: id('w'),
      round_id: round,
      amount: t.winCap + 1,
      round_closed: true,
    });
    return all(
      expect(w.body.error_code === 'WIN_LIMIT_EXCEEDED', `win ${JSON.stringify(w.body)}`),
      expect((await t.ledgerBalance(s.playerId)) === 900, 'win paid'),
    );
  });

  await check(
    'a win on a closed round is refused and credits nothing; the closing win repeated answers its first answer',
    async () => {
      const s = await session(1000);
      const round = id('r');
      await call('bet', { ...s.base, transaction_id: id('t'), round_id: round, amount: 100 });
      const close = { ...s.base, transaction_id: id('w'), round_id: round, amount: 200, round_closed: true };
      const first = await call('win', close);
      const late = { ...s.base, transaction_id: id('w'), round_id: round, amount: 300, round_closed: false };
      const a = await call('win', late);
      const b = await call('win', late);
      const again = await call('win', close);
      return all(
        expect(first.body.status === 'OK' && first.body.balance === 1100, `close ${JSON.stringify(first.body)}`),
        expect(a.body.status === 'ERROR' && a.body.error_code === 'ROUND_CLOSED', `late win ${JSON.stringify(a.body)}`),
        expect(b.body.error_code === 'ROUND_CLOSED', `late win repeated ${JSON.stringify(b.body)}`),
        expect(
          JSON.stringify(again.body) === JSON.stringify(first.body),
          `closing win repeated ${JSON.stringify(again.body)}`,
        ),
        expect((await t.ledgerBalance(s.playerId)) === 1100, `balance ${await t.ledgerBalance(s.playerId)}`),
      );
    },
  );

  await check('a rollback of a bet whose round paid a win, or is closed, is refused and refunds nothing', async () => {
    const s = await session(1000);
    const paid = id('r');
    const paidBet = id('t');
    await call('bet', { ...s.base, transaction_id: paidBet, round_id: paid, amount: 300 });
    await call('win', { ...s.base, transaction_id: id('w'), round_id: paid, amount: 500, round_closed: false });
    const lost = id('r');
    const lostBet = id('t');
    await call('bet', { ...s.base, transaction_id: lostBet, round_id: lost, amount: 200 });
    await call('win', { ...s.base, transaction_id: id('w'), round_id: lost, amount: 0, round_closed: true });
    const a = await call('rollback', {
      ...s.base,
      transaction_id: id('rb'),
      rollback_transaction_id: paidBet,
      round_id: paid,
    });
    const b = await call('rollback', {
      ...s.base,
      transaction_id: id('rb'),
      rollback_transaction_id: lostBet,
      round_id: lost,
    });
    return all(
      expect(a.body.status === 'ERROR' && a.body.error_code === 'ROUND_CLOSED', `paid round ${JSON.stringify(a.body)}`),
      expect(
        b.body.status === 'ERROR' && b.body.error_code === 'ROUND_CLOSED',
        `closed round ${JSON.stringify(b.body)}`,
      ),
      expect((await t.ledgerBalance(s.playerId)) === 1000, `balance ${await t.ledgerBalance(s.playerId)}`),
    );
  });

  await check("the win cap bounds a round's total wins, not each win", async () => {
    const s = await session(1000);
    const round = id('r');
    const half = Math.ceil(t.winCap / 2);
    await call('bet', { ...s.base, transaction_id: id('t'), round_id: round, amount: 100 });
    const open = { ...s.base, round_id: round, round_closed: false };
    const w1 = await call('win', { ...open, transaction_id: id('w'), amount: half });
    const w2 = await call('win', { ...open, transaction_id: id('w'), amount: half + 1 });
    // What is left under the cap is still paid, and the round can close.
    const rest = t.winCap - half;
    const w3 = await call('win', {
      ...s.base,
      transaction_id: id('w'),
      round_id: round,
      amount: rest,
      round_closed: true,
    });
    return all(
      expect(w1.body.status === 'OK', `first win ${JSON.stringify(w1.body)}`),
      expect(w2.body.error_code === 'WIN_LIMIT_EXCEEDED', `second win ${JSON.stringify(w2.body)}`),
      expect(w3.body.status === 'OK', `win up to the cap ${JSON.stringify(w3.body)}`),
      expect(
        (await t.ledgerBalance(s.playerId)) === 900 + t.winCap,
        `balance ${await t.ledgerBalance(s.playerId)}, expected ${900 + t.winCap}`,
      ),
    );
  });

  await check('a transaction id reused for a different amount is a conflict', async () => {
    const s = await session(1000);
    const tx = id('t');
    const round = id('r');
    await call('bet', { ...s.base, transaction_id: tx, round_id: round, amount: 100 });
    const again = await call('bet', { ...s.base, transaction_id: tx, round_id: round, amount: 200 });
    return all(
      expect(again.body.error_code === 'TRANSACTION_CONFLICT', `got ${JSON.stringify(again.body)}`),
      expect((await t.ledgerBalance(s.playerId)) === 900, 'charged again'),
    );
  });

  return results;
}
