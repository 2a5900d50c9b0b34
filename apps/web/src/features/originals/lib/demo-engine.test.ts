import {
  hashServerSeed,
  minesBoard,
  minesMultiplierE4,
  payoutFor,
  playDice,
  playKeno,
  playLimbo,
  playPlinko,
  playSlot,
  sha256HexAsync,
} from '@sorte/fairness';
import { describe, expect, it } from 'vitest';
import {
  activeDemoMines,
  cashoutDemoMines,
  DEMO_START_BALANCE,
  DemoError,
  type DemoState,
  newDemoState,
  parseDemoState,
  playDemo,
  resetDemoBalance,
  revealDemoMines,
  rotateDemoSeeds,
  startDemoMines,
} from './demo-engine';

// A fixed pair so the expected outcomes come straight from the fairness package with the same seeds.
const SERVER = 'a'.repeat(64);
function fixed(nonce = 0, balance = DEMO_START_BALANCE): DemoState {
  return {
    ...newDemoState(),
    balance,
    pair: { server_seed: SERVER, server_seed_hash: hashServerSeed(SERVER), client_seed: 'demo-client', nonce },
  };
}
const seeds = (nonce: number) => ({ serverSeed: SERVER, clientSeed: 'demo-client', nonce });

function errorCode(fn: () => unknown): string | null {
  try {
    fn();
    return null;
  } catch (e) {
    return e instanceof DemoError ? e.code : `other: ${String(e)}`;
  }
}

describe('demo seeds', () => {
  it('makes a fresh 64-hex server seed with its SHA-256 committed, and a client seed, nonce 0', async () => {
    const s = newDemoState();
    expect(s.pair.server_seed).toMatch(/^[0-9a-f]{64}$/);
    expect(s.pair.server_seed_hash).toBe(await sha256HexAsync(s.pair.server_seed));
    expect(s.pair.client_seed.length).toBeGreaterThan(0);
    expect(s.pair.nonce).toBe(0);
    expect(s.balance).toBe(100_000);
    expect(newDemoState().pair.server_seed).not.toBe(s.pair.server_seed);
  });

  it('accepts its own stored state and refuses a tampered one', () => {
    const s = fixed(3);
    expect(parseDemoState(JSON.stringify(s))).toEqual(s);
    expect(parseDemoState(JSON.stringify({ ...s, pair: { ...s.pair, server_seed_hash: 'f'.repeat(64) } }))).toBeNull();
    expect(parseDemoState(JSON.stringify({ ...s, balance: 10.5 }))).toBeNull();
    expect(parseDemoState(JSON.stringify({ ...s, balance: -1 }))).toBeNull();
    expect(parseDemoState('{')).toBeNull();
    expect(parseDemoState(null)).toBeNull();
  });
});

describe('demo outcomes equal the fairness package for the same seeds', () => {
  it('dice, over 100 nonces, with the integer payout and balance', () => {
    let s = fixed();
    let expectedBalance = DEMO_START_BALANCE;
    for (let nonce = 0; nonce < 100; nonce++) {
      const bet = { target: 50.5, condition: 'over' as const };
      const o = playDice(seeds(nonce), bet);
      const r = playDemo(s, 'dice', 137, bet);
      expect(r.result.roll).toBe(o.roll);
      expect(r.result.fairness).toEqual({
        server_seed_hash: hashServerSeed(SERVER),
        client_seed: 'demo-client',
        nonce,
      });
      const payout = payoutFor(137, o.multiplierE4);
      expect(r.result.payout).toBe(payout);
      expectedBalance += payout - 137;
      expect(r.state.balance).toBe(expectedBalance);
      expect(Number.isSafeInteger(r.state.balance)).toBe(true);
      expect(r.state.pair.nonce).toBe(nonce + 1);
      s = r.state;
    }
    expect(s.history).toHaveLength(50);
    expect(s.history[0]!.fairness.nonce).toBe(99);
    expect(s.history.every((b) => b.fairness.server_seed === null)).toBe(true);
  });

  it('limbo, plinko, keno and slot', () => {
    for (let nonce = 0; nonce < 20; nonce++) {
      const st = fixed(nonce);
      const limbo = playDemo(st, 'limbo', 1000, { target: 2 }).result;
      const lo = playLimbo(seeds(nonce), { target: 2 });
      expect(limbo.result).toBe(lo.result);
      expect(limbo.payout).toBe(payoutFor(1000, lo.multiplierE4));

      const plinko = playDemo(st, 'plinko', 999, { rows: 16, risk: 'high' }).result;
      const po = playPlinko(seeds(nonce), { rows: 16, risk: 'high' });
      expect(plinko.path).toEqual(po.path);
      expect(plinko.bucket).toBe(po.bucket);
      expect(plinko.payout).toBe(payoutFor(999, po.multiplierE4));

      const picks = [1, 7, 13, 22, 40];
      const keno = playDemo(st, 'keno', 333, { picks, risk: 'classic' }).result;
      const ko = playKeno(seeds(nonce), { picks, risk: 'classic' });
      expect(keno.drawn).toEqual(ko.drawn);
      expect(keno.hits).toEqual(ko.hits);
      expect(keno.payout).toBe(payoutFor(333, ko.multiplierE4));

      const slot = playDemo(st, 'slot', 500, {}).result;
      const so = playSlot(seeds(nonce));
      expect(slot.spin).toEqual(so.spin);
      expect(slot.respins).toEqual(so.respins);
      expect(slot.payout).toBe(payoutFor(500, so.multiplierE4));
    }
  });
});

describe('play balance in integer centavos', () => {
  it('debits the stake and credits floor(amount * multiplierE4 / 10000)', () => {
    // Find a winning and a losing dice nonce and check the exact arithmetic of both.
    const bet = { target: 2, condition: 'over' as const }; // 98% chance, 1.0102x
    let won = false;
    let lost = false;
    for (let nonce = 0; nonce < 500 && !(won && lost); nonce++) {
      const r = playDemo(fixed(nonce, 50_000), 'dice', 777, bet);
      const o = playDice(seeds(nonce), bet);
      if (o.win) {
        won = true;
        expect(r.result.payout).toBe(Math.floor((777 * 10_102) / 10_000));
        expect(r.state.balance).toBe(50_000 - 777 + 784);
      } else {
        lost = true;
        expect(r.result.payout).toBe(0);
        expect(r.state.balance).toBe(50_000 - 777);
      }
    }
    expect(won && lost).toBe(true);
  });

  it('refuses bad amounts, a stake above the play balance and a possible win over the limit; nothing changes', () => {
    const s = fixed(0, 500);
    const dice = { target: 50.5, condition: 'over' as const };
    expect(errorCode(() => playDemo(s, 'dice', 9, dice))).toBe('amount');
    expect(errorCode(() => playDemo(s, 'dice', 100.5, dice))).toBe('amount');
    expect(errorCode(() => playDemo(s, 'dice', 100_001, dice))).toBe('amount');
    expect(errorCode(() => playDemo(s, 'dice', 501, dice))).toBe('funds');
    expect(errorCode(() => playDemo(fixed(), 'limbo', 100_000, { target: 1_000_000 }))).toBe('maxWin');
    expect(errorCode(() => playDemo(s, 'dice', 100, { target: 99.5, condition: 'under' }))).toBe('params');
    expect(errorCode(() => playDemo(s, 'keno', 100, { picks: [1, 1], risk: 'classic' }))).toBe('params');
    expect(errorCode(() => playDemo(s, 'plinko', 100, { rows: 7, risk: 'low' }))).toBe('params');
    expect(s.balance).toBe(500);
    expect(s.pair.nonce).toBe(0);
    expect(s.history).toHaveLength(0);
  });

  it('allows the whole play balance as the stake and resets to R$ 1.000,00', () => {
    const r = playDemo(fixed(0, 100), 'dice', 100, { target: 50.5, condition: 'over' });
    expect(r.state.balance === 0 || r.state.balance === 198).toBe(true);
    expect(resetDemoBalance({ ...r.state, balance: 0 }).balance).toBe(100_000);
  });
});

describe('demo mines round', () => {
  const board = minesBoard(seeds(0), 3);
  const safeTiles = Array.from({ length: 25 }, (_, i) => i).filter((i) => !board.includes(i));

  it('draws the board from the pair at its nonce, debits the stake and hides the board while open', () => {
    const { state, round } = startDemoMines(fixed(), 1000, 3);
    expect(state.mines?.board).toEqual(board);
    expect(round.board).toBeNull();
    expect(round.status).toBe('open');
    expect(state.balance).toBe(DEMO_START_BALANCE - 1000);
    expect(state.pair.nonce).toBe(1);
    expect(activeDemoMines(state)?.id).toBe(round.id);
    expect(state.history[0]).toMatchObject({ game: 'mines', status: 'open', amount: 1000 });
    expect(errorCode(() => startDemoMines(state, 1000, 3))).toBe('minesOpen');
    expect(errorCode(() => rotateDemoSeeds(state))).toBe('minesOpen');
    expect(errorCode(() => cashoutDemoMines(state))).toBe('needReveal');
  });

  it('gems raise the multiplier; cash out pays floor(amount * multiplier)', () => {
    let { state } = startDemoMines(fixed(), 1000, 3);
    for (const [k, tile] of safeTiles.slice(0, 3).entries()) {
      const r = revealDemoMines(state, tile);
      expect(r.round.status).toBe('open');
      expect(r.round.multiplier).toBe(minesMultiplierE4(3, k + 1) / 10_000);
      state = r.state;
    }
    expect(errorCode(() => revealDemoMines(state, safeTiles[0]!))).toBe('tileTaken');
    expect(errorCode(() => revealDemoMines(state, 25))).toBe('tile');
    const out = cashoutDemoMines(state);
    const payout = payoutFor(1000, minesMultiplierE4(3, 3));
    expect(out.round).toMatchObject({ status: 'settled', busted: false, payout, board });
    expect(out.state.balance).toBe(DEMO_START_BALANCE - 1000 + payout);
    expect(out.state.mines).toBeNull();
    expect(out.state.history[0]).toMatchObject({ status: 'settled', payout, win: true });
    expect(out.state.history).toHaveLength(1);
    expect(errorCode(() => cashoutDemoMines(out.state))).toBe('noRound');
  });

  it('a mine ends the round with nothing back', () => {
    const { state } = startDemoMines(fixed(), 1000, 3);
    const r = revealDemoMines(state, board[0]!);
    expect(r.round).toMatchObject({ status: 'settled', busted: true, payout: 0, multiplier: 0 });
    expect(r.state.balance).toBe(DEMO_START_BALANCE - 1000);
    expect(r.state.history[0]).toMatchObject({ status: 'settled', win: false, payout: 0 });
  });

  it('the last safe tile cashes out by itself', () => {
    let { state } = startDemoMines(fixed(), 100, 24);
    const only = Array.from({ length: 25 }, (_, i) => i).find((i) => !state.mines!.board.includes(i))!;
    const r = revealDemoMines(state, only);
    state = r.state;
    expect(r.round.status).toBe('settled');
    expect(r.round.payout).toBe(payoutFor(100, minesMultiplierE4(24, 1)));
    expect(state.balance).toBe(DEMO_START_BALANCE - 100 + r.round.payout);
  });
});

describe('demo rotation', () => {
  it('reveals the server seed of the past bets and starts a new pair at nonce 0', () => {
    let s = fixed();
    s = playDemo(s, 'dice', 100, { target: 50.5, condition: 'over' }).state;
    s = playDemo(s, 'limbo', 100, { target: 2 }).state;
    const { state, previous } = rotateDemoSeeds(s, 'minha-semente');
    expect(previous).toMatchObject({ server_seed: SERVER, nonce: 2 });
    expect(state.previous?.server_seed).toBe(SERVER);
    expect(state.pair.client_seed).toBe('minha-semente');
    expect(state.pair.nonce).toBe(0);
    expect(state.pair.server_seed).not.toBe(SERVER);
    expect(state.history.map((b) => b.fairness.server_seed)).toEqual([SERVER, SERVER]);
    // A bet on the new pair stays sealed until the next rotation.
    const next = playDemo(state, 'dice', 100, { target: 50.5, condition: 'over' }).state;
    expect(next.history[0]!.fairness.server_seed).toBeNull();
    expect(errorCode(() => rotateDemoSeeds(s, 'x'.repeat(65)))).toBe('clientSeed');
  });
});
