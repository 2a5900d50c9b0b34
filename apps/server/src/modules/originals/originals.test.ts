import { createHash, createHmac } from 'node:crypto';
import {
  diceExactRtp,
  hashServerSeed,
  KENO_RISKS,
  kenoExactRtp,
  minesExactRtp,
  PLINKO_RISKS,
  PLINKO_ROWS,
  playDice,
  playKeno,
  playLimbo,
  playPlinko,
  playSlot,
  plinkoExactRtp,
  slotExactStats,
} from '@sorte/fairness';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, registerPlayer } from '../../test/accounts';
import { testApp } from '../../test/helpers';
import * as wallet from '../ledger/index';

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
  // These tests read the domain events a call wrote: the queue's dispatcher (which takes them off) is held.
  app.realtime.domainEventsHeld = true;
});
afterAll(() => app.close());

type Player = { token: string; id: number; tenantId: number };
let keySeq = 0;
const newKey = () => `k-${Date.now()}-${++keySeq}`;

async function player(deposit = 100_000): Promise<Player> {
  const r = await registerPlayer(app);
  const id = Number(r.user.id);
  const { rows } = await app.db.query<{ tenant_id: number }>('select tenant_id from users where id = $1', [id]);
  const tenantId = rows[0]!.tenant_id;
  if (deposit > 0)
    await app.db.transaction((tx) =>
      wallet.credit(tx, {
        tenantId,
        userId: id,
        amount: deposit,
        type: 'deposit',
        idempotencyKey: `test:deposit:${id}:${newKey()}`,
        reference: 'test deposit',
      }),
    );
  return { token: r.token, id, tenantId };
}

function api(p: Player) {
  const c = client(app, { token: p.token });
  return {
    get: (url: string, h?: Record<string, string>) => c.get(url, h),
    post: (url: string, body: unknown, key: string | null = newKey(), h: Record<string, string> = {}) =>
      c.post(url, body, { ...(key ? { 'idempotency-key': key } : {}), ...h }),
  };
}

async function balanceOf(p: Player) {
  const b = await wallet.getBalance(app.db, { tenantId: p.tenantId, userId: p.id });
  return b.cash + b.bonus;
}

describe('seeds', () => {
  it('shows the hash before any bet, rotates and reveals the seed whose hash was shown', async () => {
    const p = await player(0);
    const a = api(p);
    const s = (await a.get('/api/originals/seeds')).json();
    expect(s.server_seed_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(s.nonce).toBe(0);
    expect(s.client_seed.length).toBeGreaterThan(0);
    // Stable until rotated.
    expect((await a.get('/api/originals/seeds')).json()).toEqual(s);

    const r = await a.post('/api/originals/seeds/rotate', { client_seed: 'minha-semente' }, null);
    expect(r.statusCode, r.body).toBe(200);
    const body = r.json();
    expect(body.previous.server_seed_hash).toBe(s.server_seed_hash);
    expect(createHash('sha256').update(body.previous.server_seed).digest('hex')).toBe(s.server_seed_hash);
    expect(body.current.client_seed).toBe('minha-semente');
    expect(body.current.nonce).toBe(0);
    expect(body.current.server_seed_hash).not.toBe(s.server_seed_hash);

    const bad = await a.post('/api/originals/seeds/rotate', { client_seed: 'com espaço' }, null, {
      'accept-language': 'en',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.client_seed[0]).toMatch(/client seed/);
  });

  it('a rotated pair is kept for ever: deleting a seed pair (the proof of its bets) is refused', async () => {
    const p = await player(0);
    const a = api(p);
    await a.get('/api/originals/seeds');
    expect((await a.post('/api/originals/seeds/rotate', {}, null)).statusCode).toBe(200);
    const pairs = await app.db.query<{ id: number }>(
      'select id from originals_seed_pairs where tenant_id = $1 and user_id = $2',
      [p.tenantId, p.id],
    );
    expect(pairs.rows).toHaveLength(2);
    await expect(app.db.query('delete from originals_seed_pairs where id = $1', [pairs.rows[0]!.id])).rejects.toThrow(
      /never deleted/,
    );
    const after = await app.db.query('select id from originals_seed_pairs where tenant_id = $1 and user_id = $2', [
      p.tenantId,
      p.id,
    ]);
    expect(after.rows).toHaveLength(2);
  });

  it('needs a logged-in player', async () => {
    const res = await client(app).get('/api/originals/seeds');
    expect(res.statusCode).toBe(401);
  });
});

describe('dice', () => {
  it('answers the issue contract and matches the fairness package and Stake formula (golden check)', async () => {
    const p = await player();
    const a = api(p);
    const seeds = (await a.get('/api/originals/seeds')).json();
    const res = await a.post('/api/originals/dice/bet', { amount: 1000, target: 50.5, condition: 'over' });
    expect(res.statusCode, res.body).toBe(200);
    const bet = res.json();
    expect(Object.keys(bet)).toEqual(
      expect.arrayContaining(['roll', 'win', 'payout', 'multiplier', 'balance', 'fairness']),
    );
    expect(bet.fairness).toEqual({
      server_seed_hash: seeds.server_seed_hash,
      client_seed: seeds.client_seed,
      nonce: 0,
    });

    const rotated = (await a.post('/api/originals/seeds/rotate', {}, null)).json();
    const serverSeed: string = rotated.previous.server_seed;
    expect(hashServerSeed(serverSeed)).toBe(seeds.server_seed_hash);
    // Independent: node:crypto and Stake's published formula.
    const bytes = createHmac('sha256', serverSeed).update(`${seeds.client_seed}:0:0`).digest();
    const roll = Math.floor((bytes.readUInt32BE(0) / 2 ** 32) * 10001) / 100;
    expect(bet.roll).toBe(roll);
    const pkg = playDice({ serverSeed, clientSeed: seeds.client_seed, nonce: 0 }, { target: 50.5, condition: 'over' });
    expect(bet.roll).toBe(pkg.roll);
    expect(bet.win).toBe(roll > 50.5);
    expect(bet.multiplier).toBe(bet.win ? 2 : 0);
    expect(bet.payout).toBe(bet.win ? 2000 : 0);
    expect(bet.balance).toBe(100_000 - 1000 + bet.payout);
    expect(await balanceOf(p)).toBe(bet.balance);

    // The history shows the revealed seed now.
    const hist = (await a.get('/api/originals/bets?game=dice')).json().data;
    expect(hist[0].fairness.server_seed).toBe(serverSeed);
    expect(hist[0].result.roll).toBe(roll);
  });

  it('refuses bad input with localized messages and no write', async () => {
    const p = await player();
    const a = api(p);
    const cases: [unknown, string][] = [
      [{ amount: 5, target: 50, condition: 'over' }, 'amount'],
      [{ amount: 100.5, target: 50, condition: 'over' }, 'amount'],
      [{ amount: 1000, target: 1, condition: 'over' }, 'target'],
      [{ amount: 1000, target: 50.123, condition: 'over' }, 'target'],
      [{ amount: 1000, target: 50, condition: 'sideways' }, 'condition'],
    ];
    for (const [b, field] of cases) {
      const r = await a.post('/api/originals/dice/bet', b);
      expect(r.statusCode, JSON.stringify(b)).toBe(422);
      expect(r.json().errors[field], r.body).toBeDefined();
    }
    const en = await a.post('/api/originals/dice/bet', { amount: 1000, target: 1, condition: 'over' }, newKey(), {
      'accept-language': 'en',
    });
    expect(en.json().errors.target[0]).toBe('Pick a target with a win chance between 0.01% and 98%.');
    const noKey = await a.post('/api/originals/dice/bet', { amount: 1000, target: 50, condition: 'over' }, null);
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().message).toMatch(/Idempotency-Key/);
    expect((await a.get('/api/originals/seeds')).json().nonce).toBe(0);
    expect(await balanceOf(p)).toBe(100_000);
  });

  it('a bet over the balance is a 402 and consumes no nonce', async () => {
    const p = await player(500);
    const a = api(p);
    const r = await a.post('/api/originals/dice/bet', { amount: 1000, target: 50, condition: 'over' });
    expect(r.statusCode).toBe(402);
    expect((await a.get('/api/originals/seeds')).json().nonce).toBe(0);
    const ok = await a.post('/api/originals/dice/bet', { amount: 500, target: 50, condition: 'over' });
    expect(ok.json().fairness.nonce).toBe(0);
  });

  it('the same Idempotency-Key settles once, even when sent concurrently; reused with another bet is a 409', async () => {
    const p = await player();
    const a = api(p);
    const key = newKey();
    const body = { amount: 1000, target: 50, condition: 'under' };
    const replies = await Promise.all(Array.from({ length: 5 }, () => a.post('/api/originals/dice/bet', body, key)));
    for (const r of replies) expect(r.statusCode, r.body).toBe(200);
    const ids = new Set(replies.map((r) => r.json().id));
    expect(ids.size).toBe(1);
    expect(replies.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(4);
    const first = replies[0]!.json();
    expect(await balanceOf(p)).toBe(100_000 - 1000 + first.payout);
    const again = await a.post('/api/originals/dice/bet', body, key);
    expect(again.json()).toEqual(first);
    const other = await a.post('/api/originals/dice/bet', { ...body, amount: 2000 }, key);
    expect(other.statusCode).toBe(409);
    expect((await a.get('/api/originals/seeds')).json().nonce).toBe(1);
    const { rows } = await app.db.query('select count(*)::int as n from originals_bets where user_id = $1', [p.id]);
    expect(rows[0]).toEqual({ n: 1 });
  });

  it('nonces strictly increase with no gap or reuse under 100 concurrent bets; balance matches the ledger', async () => {
    const p = await player(1_000_000);
    const a = api(p);
    const replies = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        a.post('/api/originals/dice/bet', { amount: 100 + i, target: 50, condition: i % 2 ? 'over' : 'under' }),
      ),
    );
    for (const r of replies) expect(r.statusCode, r.body).toBe(200);
    const bets = replies.map((r) => r.json());
    const nonces = bets.map((b) => b.fairness.nonce).sort((x, y) => x - y);
    expect(nonces).toEqual(Array.from({ length: 100 }, (_, i) => i));
    // In id order (commit order of the seed-pair lock) the nonces increase strictly.
    const byId = [...bets].sort((x, y) => x.id - y.id).map((b) => b.fairness.nonce);
    expect(byId).toEqual(nonces);
    const expected = 1_000_000 + bets.reduce((s, b) => s - b.amount + b.payout, 0);
    expect(await balanceOf(p)).toBe(expected);
    const check = await wallet.checkLedger(app.db, p.tenantId);
    expect(check.problems).toEqual([]);
    // Every settled outcome recomputes from the revealed seed.
    const seeds = (await a.get('/api/originals/seeds')).json();
    const { previous } = (await a.post('/api/originals/seeds/rotate', {}, null)).json();
    expect(previous.nonce).toBe(100);
    for (const b of bets) {
      const o = playDice(
        { serverSeed: previous.server_seed, clientSeed: seeds.client_seed, nonce: b.fairness.nonce },
        { target: 50, condition: b.condition },
      );
      expect(o.roll).toBe(b.roll);
    }
  });
});

describe('dice hot path (one statement per bet)', () => {
  it('books exactly what the wallet API and recordSettledRound would: replayable keys, same events', async () => {
    const p = await player();
    const a = api(p);
    const { rows: ids } = await app.db.query<{ id: number }>(
      `select g.id from games g join game_providers v on v.id = g.provider_id
        where g.tenant_id = $1 and v.code = 'sorte-originals' and g.provider_game_id = 'dice'`,
      [p.tenantId],
    );
    const diceGameId = Number(ids[0]!.id);
    const bets = [];
    for (const condition of ['over', 'under', 'over', 'under']) {
      const r = await a.post('/api/originals/dice/bet', { amount: 1000, target: 50, condition });
      expect(r.statusCode, r.body).toBe(200);
      bets.push(r.json());
    }
    for (const bet of bets) {
      const money = { tenantId: p.tenantId, userId: p.id, reference: `originals:dice:${bet.id}` };
      // The SQL function stored the request hashes the JS API computes: the same call replays instead of moving money.
      const stake = await app.db.transaction((tx) =>
        wallet.debitBet(tx, { ...money, amount: 1000, idempotencyKey: `originals:bet:${bet.id}` }),
      );
      expect(stake).toMatchObject({ replayed: true, debited: { cash: 1000, bonus: 0 } });
      if (bet.payout > 0) {
        const win = await app.db.transaction((tx) =>
          wallet.creditWin(tx, { ...money, amount: bet.payout, idempotencyKey: `originals:win:${bet.id}` }),
        );
        expect(win.replayed).toBe(true);
      }
      const { rows } = await app.db.query<{ type: string; payload: Record<string, unknown> }>(
        "select name as type, payload from event_log where user_id = $1 and payload->>'round_id' = $2 order by id",
        [p.id, `dice:${bet.id}`],
      );
      const base = {
        provider: 'sorte-originals',
        round_id: `dice:${bet.id}`,
        transaction: `originals:bet:${bet.id}`,
        // The casino catalog's id of Dice (Sorte Originals is a provider of the catalog).
        game_id: diceGameId,
        game: 'Dice',
        game_code: 'dice',
        user_id: p.id,
      };
      // One event per settled round, with its stake and payout.
      expect(rows).toEqual([
        {
          type: 'casino.round_settled',
          payload: { ...base, bet: 1000, win: bet.payout, multiplier: bet.multiplier },
        },
      ]);
    }
    const { rows } = await app.db.query<{ total_bet: number }>(
      'select total_bet from player_wagers where user_id = $1',
      [p.id],
    );
    expect(Number(rows[0]!.total_bet)).toBe(4000);
  });

  it('a nonce taken elsewhere (another server, a Mines round) is never reused: the bet is drawn again', async () => {
    const p = await player();
    const a = api(p);
    expect((await a.post('/api/originals/dice/bet', { amount: 100, target: 50, condition: 'over' })).statusCode).toBe(
      200,
    );
    // Another node took nonces 1 and 2 meanwhile; this node's remembered pair says 1.
    await app.db.query('update originals_seed_pairs set nonce = nonce + 2 where user_id = $1 and active', [p.id]);
    const r = await a.post('/api/originals/dice/bet', { amount: 100, target: 50, condition: 'over' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().fairness.nonce).toBe(3);
    const seeds = (await a.get('/api/originals/seeds')).json();
    const { previous } = (await a.post('/api/originals/seeds/rotate', {}, null)).json();
    expect(
      playDice(
        { serverSeed: previous.server_seed, clientSeed: seeds.client_seed, nonce: 3 },
        {
          target: 50,
          condition: 'over',
        },
      ).roll,
    ).toBe(r.json().roll);
    // After the rotation the next bet uses the new pair at nonce 0.
    const next = await a.post('/api/originals/dice/bet', { amount: 100, target: 50, condition: 'over' });
    expect(next.json().fairness).toMatchObject({
      nonce: 0,
      server_seed_hash: (await a.get('/api/originals/seeds')).json().server_seed_hash,
    });
  });

  it('another player cannot take a nonce of my pair', async () => {
    const me = await player();
    const other = await player();
    await api(me).get('/api/originals/seeds');
    const { rows } = await app.db.query<{ id: number }>(
      'select id from originals_seed_pairs where user_id = $1 and active',
      [me.id],
    );
    const r = await app.db.query<{ status: string }>(
      `select status from originals_place_bet($1, $2, 'x-1', 'h', 'dice', $3, 0, 100, 0, 0, '{}', '{}', '{}', '{}', '0')`,
      [other.tenantId, other.id, rows[0]!.id],
    );
    expect(['stale', 'no_pair']).toContain(r.rows[0]!.status);
    expect((await api(me).get('/api/originals/seeds')).json().nonce).toBe(0);
  });
});

describe('limbo, plinko, keno, slot', () => {
  it('settle from the seeds exactly as the fairness package computes them', async () => {
    const p = await player(1_000_000);
    const a = api(p);
    const seeds = (await a.get('/api/originals/seeds')).json();
    const limbo = (await a.post('/api/originals/limbo/bet', { amount: 100, target: 2 })).json();
    const plinko = (await a.post('/api/originals/plinko/bet', { amount: 100, rows: 16, risk: 'high' })).json();
    const keno = (
      await a.post('/api/originals/keno/bet', { amount: 100, picks: [1, 5, 9, 13, 40], risk: 'classic' })
    ).json();
    const slot = (await a.post('/api/originals/slot/bet', { amount: 100 })).json();
    const { previous } = (await a.post('/api/originals/seeds/rotate', {}, null)).json();
    const s = (nonce: number) => ({ serverSeed: previous.server_seed, clientSeed: seeds.client_seed, nonce });
    expect(limbo.result).toBe(playLimbo(s(0), { target: 2 }).result);
    expect(limbo.payout).toBe(limbo.win ? 200 : 0);
    const pl = playPlinko(s(1), { rows: 16, risk: 'high' });
    expect(plinko.bucket).toBe(pl.bucket);
    expect(plinko.payout).toBe(Math.floor((100 * pl.multiplierE4) / 10_000));
    const k = playKeno(s(2), { picks: [1, 5, 9, 13, 40], risk: 'classic' });
    expect(keno.drawn).toEqual(k.drawn);
    expect(keno.multiplier).toBe(k.multiplierE4 / 10_000);
    const sl = playSlot(s(3));
    expect(slot.spin.stops).toEqual(sl.spin.stops);
    expect(slot.payout).toBe(Math.floor((100 * sl.multiplierE4) / 10_000));
    expect(await balanceOf(p)).toBe(1_000_000 - 400 + limbo.payout + plinko.payout + keno.payout + slot.payout);
  });

  it('refuses a bet whose possible win exceeds the max win', async () => {
    const p = await player(1_000_000);
    const r = await api(p).post('/api/originals/limbo/bet', { amount: 100_000, target: 1000 });
    expect(r.statusCode).toBe(422);
    expect(r.json().errors.amount[0]).toMatch(/limite/);
  });
});

describe('mines', () => {
  it('plays a round: board hidden while open, cash-out pays once, board shown after', async () => {
    const p = await player();
    const a = api(p);
    const seeds = (await a.get('/api/originals/seeds')).json();
    const start = await a.post('/api/originals/mines/start', { amount: 1000, mines: 3 });
    expect(start.statusCode, start.body).toBe(200);
    expect(start.json().board).toBeNull();
    expect(start.json().balance).toBe(99_000);
    expect(JSON.stringify((await a.get('/api/originals/mines/active')).json())).not.toMatch(/board":\[/);
    // Rotating now would reveal the board: refused.
    expect((await a.post('/api/originals/seeds/rotate', {}, null)).statusCode).toBe(409);
    // A second round while one is open: refused.
    expect((await a.post('/api/originals/mines/start', { amount: 1000, mines: 3 })).statusCode).toBe(409);

    // We know the seed only after the round; use the server's own board to pick safe tiles for the test.
    const { rows } = await app.db.query<{ outcome: { board: number[] } }>(
      "select outcome from originals_bets where user_id = $1 and status = 'open'",
      [p.id],
    );
    const board = rows[0]!.outcome.board;
    const safe = Array.from({ length: 25 }, (_, i) => i).filter((t) => !board.includes(t));
    const r1 = (await a.post('/api/originals/mines/reveal', { tile: safe[0] })).json();
    expect(r1.status).toBe('open');
    expect(r1.multiplier).toBe(1.12);
    const r2 = (await a.post('/api/originals/mines/reveal', { tile: safe[1] })).json();
    expect(r2.revealed).toEqual([safe[0], safe[1]]);
    expect((await a.post('/api/originals/mines/reveal', { tile: safe[1] })).statusCode).toBe(409);

    // Two cash-outs at the same time (different keys): exactly one pays.
    const outs = await Promise.all([
      a.post('/api/originals/mines/cashout', {}),
      a.post('/api/originals/mines/cashout', {}),
      a.post('/api/originals/mines/cashout', {}),
    ]);
    const ok = outs.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(1);
    expect(outs.filter((r) => r.statusCode === 409)).toHaveLength(2);
    const paid = ok[0]!.json();
    expect(paid.board).toEqual(board);
    expect(paid.payout).toBe(Math.floor((1000 * paid.multiplier * 10_000) / 10_000));
    expect(await balanceOf(p)).toBe(99_000 + paid.payout);
    const wins = await app.db.query(
      "select count(*)::int as n from ledger_transactions where user_id = $1 and type = 'win'",
      [p.id],
    );
    expect(wins.rows[0]).toEqual({ n: 1 });

    // The board is the fairness package's for the revealed seed.
    const { previous } = (await a.post('/api/originals/seeds/rotate', {}, null)).json();
    const { minesBoard } = await import('@sorte/fairness');
    expect(minesBoard({ serverSeed: previous.server_seed, clientSeed: seeds.client_seed, nonce: 0 }, 3)).toEqual(board);
    expect((await wallet.checkLedger(app.db, p.tenantId)).problems).toEqual([]);
  });

  it('hitting a mine ends the round with no payout; a cash-out after it is refused', async () => {
    const p = await player();
    const a = api(p);
    await a.post('/api/originals/mines/start', { amount: 500, mines: 24 });
    const { rows } = await app.db.query<{ outcome: { board: number[] } }>(
      "select outcome from originals_bets where user_id = $1 and status = 'open'",
      [p.id],
    );
    const r = (await a.post('/api/originals/mines/reveal', { tile: rows[0]!.outcome.board[0] })).json();
    expect(r.busted).toBe(true);
    expect(r.status).toBe('settled');
    expect(r.payout).toBe(0);
    expect(r.board).toHaveLength(24);
    expect((await a.post('/api/originals/mines/cashout', {})).statusCode).toBe(409);
    expect(await balanceOf(p)).toBe(99_500);
  });
});

describe('history and isolation', () => {
  it('a player sees only their own bets', async () => {
    const p1 = await player();
    const p2 = await player();
    const b = (await api(p1).post('/api/originals/dice/bet', { amount: 100, target: 50, condition: 'over' })).json();
    expect((await api(p2).get(`/api/originals/bets/${b.id}`)).statusCode).toBe(404);
    expect((await api(p2).get('/api/originals/bets')).json().data).toEqual([]);
    const own = (await api(p1).get(`/api/originals/bets/${b.id}`)).json();
    expect(own.fairness.server_seed).toBeNull();
  });
});

describe('regulated mode', () => {
  it('every offered configuration has a theoretical RTP of at least 85%', () => {
    const atLeast = (r: { num: bigint; den: bigint }) => r.num * 100n >= r.den * 85n;
    for (const chance of [1, 100, 4950, 9800]) {
      expect(atLeast(diceExactRtp({ target: chance / 100, condition: 'under' }))).toBe(true);
    }
    for (const rows of PLINKO_ROWS)
      for (const risk of PLINKO_RISKS) expect(atLeast(plinkoExactRtp({ rows, risk }))).toBe(true);
    for (const risk of KENO_RISKS)
      for (let picks = 1; picks <= 10; picks++) expect(atLeast(kenoExactRtp(risk, picks))).toBe(true);
    for (let m = 1; m <= 24; m++) for (let k = 1; k <= 25 - m; k++) expect(atLeast(minesExactRtp(m, k))).toBe(true);
    const slot = slotExactStats();
    expect(atLeast(slot.rtp)).toBe(true);
  });
});

describe('bonus money', () => {
  const grant = (p: Player, amount: number) =>
    app.db.transaction((tx) =>
      wallet.credit(tx, {
        tenantId: p.tenantId,
        userId: p.id,
        amount,
        type: 'bonus',
        account: 'bonus',
        idempotencyKey: `test:bonus:${p.id}:${newKey()}`,
        reference: 'test bonus',
      }),
    );
  const legsOf = async (p: Player, type: string) =>
    (
      await app.db.query<{ kind: string; amount: number }>(
        `select a.kind, e.amount from ledger_transactions t join ledger_entries e on e.transaction_id = t.id
          join ledger_accounts a on a.id = e.account_id
          where t.tenant_id = $1 and t.user_id = $2 and t.type = $3 order by e.id`,
        [p.tenantId, p.id, type],
      )
    ).rows.map((r) => [r.kind, Number(r.amount)]);

  it('a dice stake 60/40 cash/bonus pays its win 60/40', async () => {
    // Each try a fresh player with 6.00 cash and 20.00 bonus, until a 2x roll wins.
    for (let i = 0; i < 40; i++) {
      const p = await player(600);
      await grant(p, 2_000);
      const res = await api(p).post('/api/originals/dice/bet', { amount: 1000, target: 50.5, condition: 'over' });
      expect(res.statusCode, res.body).toBe(200);
      expect(await legsOf(p, 'bet')).toEqual([
        ['cash', -600],
        ['bonus', -400],
        ['house', 1000],
      ]);
      if (!res.json().win) continue;
      expect(res.json().payout).toBe(2000);
      expect(await legsOf(p, 'win')).toEqual([
        ['house', -2000],
        ['cash', 1200],
        ['bonus', 800],
      ]);
      expect(await wallet.getBalance(app.db, { tenantId: p.tenantId, userId: p.id })).toEqual({
        cash: 1200,
        bonus: 2400,
        pending: 0,
      });
      expect(res.json().balance).toBe(3600);
      expect((await wallet.checkLedger(app.db, p.tenantId)).problems).toEqual([]);
      return;
    }
    throw new Error('no winning roll in 40 tries');
  });

  it('a Mines round staked from bonus cashes out into the bonus, or to promotions once the bonus was forfeited', async () => {
    for (const forfeit of [false, true]) {
      const p = await player(0);
      await grant(p, 5_000);
      const a = api(p);
      expect((await a.post('/api/originals/mines/start', { amount: 1000, mines: 3 })).statusCode).toBe(200);
      const { rows } = await app.db.query<{ outcome: { board: number[] } }>(
        "select outcome from originals_bets where user_id = $1 and status = 'open'",
        [p.id],
      );
      const safe = Array.from({ length: 25 }, (_, i) => i).find((t) => !rows[0]!.outcome.board.includes(t))!;
      expect((await a.post('/api/originals/mines/reveal', { tile: safe })).statusCode).toBe(200);
      if (forfeit)
        await app.db.transaction((tx) =>
          wallet.debit(tx, {
            tenantId: p.tenantId,
            userId: p.id,
            amount: 4_000,
            type: 'bonus',
            account: 'bonus',
            to: 'promotions',
            idempotencyKey: `test:forfeit:${p.id}`,
            reference: 'forfeit',
          }),
        );
      const out = await a.post('/api/originals/mines/cashout', {});
      expect(out.statusCode, out.body).toBe(200);
      const payout = out.json().payout as number;
      expect(payout).toBe(1120);
      expect(await legsOf(p, 'win')).toEqual([
        ['house', -payout],
        [forfeit ? 'promotions' : 'bonus', payout],
      ]);
      expect(await wallet.getBalance(app.db, { tenantId: p.tenantId, userId: p.id })).toEqual({
        cash: 0,
        bonus: forfeit ? 0 : 4_000 + payout,
        pending: 0,
      });
    }
  });
});
