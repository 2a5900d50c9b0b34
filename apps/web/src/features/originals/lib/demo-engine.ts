// Demo (free-play) mode of the single-player Originals: the same draws as a real bet, made in the browser from a
// locally generated seed pair, against a fictitious "saldo demo". Nothing here touches the money endpoints or the
// player's wallet. Pure functions over a serializable state (kept in sessionStorage by demo-store.ts), so the
// arithmetic and the Mines round can be tested without a browser.
//
// Outcomes come from the very functions the server settles with (@sorte/fairness play*/minesBoard), with the
// same parameters and the same integer payout rule (payoutFor: floor(amount * multiplierE4 / 10000)), so a demo
// bet is verifiable on /fairness exactly like a real one once its server seed is revealed by a rotation.
import {
  CLIENT_SEED_MAX_LENGTH,
  DICE_MAX_CHANCE,
  DICE_MIN_CHANCE,
  type DiceCondition,
  diceMultiplierE4,
  diceWinChanceCents,
  fromE4,
  generateClientSeed,
  generateServerSeed,
  hashServerSeed,
  KENO_RISKS,
  type KenoRisk,
  kenoTable,
  LIMBO_MAX_TARGET_CENTS,
  LIMBO_MIN_TARGET_CENTS,
  limboTargetCents,
  MINES_MAX,
  MINES_MIN,
  MINES_TILES,
  minesBoard,
  minesMultiplierE4,
  PLINKO_RISKS,
  PLINKO_ROWS,
  type PlinkoRisk,
  payoutFor,
  playDice,
  playKeno,
  playLimbo,
  playPlinko,
  playSlot,
  plinkoTable,
  toE4,
} from '@sorte/fairness';
import type { BetResult, Fairness, GameCode, HistoryBet, MinesRound } from '../api/types';
import { LIMITS } from '../api/types';

/** The play balance a demo starts with (and a reset goes back to): R$ 1.000,00, in centavos. */
export const DEMO_START_BALANCE = 100_000;
/** Demo history kept (newest first). */
export const DEMO_HISTORY_MAX = 50;
/** Onça Dourada's largest win, as on the server (games.ts SLOT_MAX_MULTIPLIER_E4). */
const SLOT_MAX_MULTIPLIER_E4 = 600 * 10_000;

export type DemoPair = { server_seed: string; server_seed_hash: string; client_seed: string; nonce: number };

/** An open demo Mines round: the board is drawn at the start from the pair at its nonce, as on the server. */
export type DemoMines = {
  id: number;
  amount: number;
  mines: number;
  board: number[];
  revealed: number[];
  fairness: Fairness;
};

export type DemoState = {
  v: 1;
  /** Play money in integer centavos; never below 0. */
  balance: number;
  pair: DemoPair;
  /** The last pair revealed by a rotation. */
  previous: DemoPair | null;
  /** Newest first, HistoryBet-shaped so the history table and the /fairness link treat it like a real bet. */
  history: HistoryBet[];
  mines: DemoMines | null;
  nextId: number;
};

export type DemoErrorCode =
  | 'amount'
  | 'funds'
  | 'maxWin'
  | 'params'
  | 'minesOpen'
  | 'noRound'
  | 'tileTaken'
  | 'tile'
  | 'needReveal'
  | 'clientSeed';

/** A refused demo action; `code` names its localized message (originals.demo.errors.<code>). */
export class DemoError extends Error {
  constructor(readonly code: DemoErrorCode) {
    super(`demo: ${code}`);
  }
}

export function newDemoPair(clientSeed: string = generateClientSeed()): DemoPair {
  const server_seed = generateServerSeed();
  return { server_seed, server_seed_hash: hashServerSeed(server_seed), client_seed: clientSeed, nonce: 0 };
}

export function newDemoState(): DemoState {
  return {
    v: 1,
    balance: DEMO_START_BALANCE,
    pair: newDemoPair(),
    previous: null,
    history: [],
    mines: null,
    nextId: 1,
  };
}

/** What the fairness panel may show of the current pair: never the server seed itself. */
export const publicPair = (p: DemoPair): Fairness => ({
  server_seed_hash: p.server_seed_hash,
  client_seed: p.client_seed,
  nonce: p.nonce,
});

/** A stored state if it is well-formed (a tampered or older one is replaced by a fresh demo). */
export function parseDemoState(raw: string | null): DemoState | null {
  if (!raw) return null;
  try {
    const s = JSON.parse(raw) as DemoState;
    if (s?.v !== 1 || !Number.isSafeInteger(s.balance) || s.balance < 0) return null;
    if (!/^[0-9a-f]{64}$/.test(s.pair?.server_seed ?? '')) return null;
    if (hashServerSeed(s.pair.server_seed) !== s.pair.server_seed_hash) return null;
    if (!Number.isSafeInteger(s.pair.nonce) || s.pair.nonce < 0 || !Array.isArray(s.history)) return null;
    return s;
  } catch {
    return null;
  }
}

function checkAmount(s: DemoState, amount: number): void {
  if (!Number.isSafeInteger(amount) || amount < LIMITS.minBet || amount > LIMITS.maxBet) throw new DemoError('amount');
  if (amount > s.balance) throw new DemoError('funds');
}

function checkMaxWin(amount: number, maxMultiplierE4: number): void {
  if (payoutFor(amount, maxMultiplierE4) > LIMITS.maxWin) throw new DemoError('maxWin');
}

const twoDecimals = (v: number) => Number.isFinite(v) && Math.abs(Math.round(v * 100) - v * 100) < 1e-6;

type Draw = { multiplierE4: number; maxE4: number; result: Record<string, unknown> };

/** Validates a game's parameters as the server does and draws its outcome for `seeds` (server games.ts). */
function draw(
  game: Exclude<GameCode, 'mines'>,
  p: Record<string, unknown>,
  seeds: { serverSeed: string; clientSeed: string; nonce: number },
): Draw {
  switch (game) {
    case 'dice': {
      const target = Number(p.target);
      const condition = p.condition as DiceCondition;
      if (!twoDecimals(target) || (condition !== 'over' && condition !== 'under')) throw new DemoError('params');
      let chance: number;
      try {
        chance = diceWinChanceCents({ target, condition });
      } catch {
        throw new DemoError('params');
      }
      if (chance < DICE_MIN_CHANCE || chance > DICE_MAX_CHANCE) throw new DemoError('params');
      const o = playDice(seeds, { target, condition });
      return {
        multiplierE4: o.multiplierE4,
        maxE4: diceMultiplierE4({ target, condition }),
        result: { roll: o.roll, win_chance: o.winChance, target, condition },
      };
    }
    case 'limbo': {
      const target = Number(p.target);
      if (
        !twoDecimals(target) ||
        target * 100 < LIMBO_MIN_TARGET_CENTS - 1e-6 ||
        target * 100 > LIMBO_MAX_TARGET_CENTS + 1e-6
      )
        throw new DemoError('params');
      const o = playLimbo(seeds, { target });
      return {
        multiplierE4: o.multiplierE4,
        maxE4: limboTargetCents(target) * 100,
        result: { result: o.result, target },
      };
    }
    case 'plinko': {
      const rows = Number(p.rows);
      const risk = p.risk as PlinkoRisk;
      if (!(PLINKO_ROWS as readonly number[]).includes(rows) || !PLINKO_RISKS.includes(risk))
        throw new DemoError('params');
      const o = playPlinko(seeds, { rows, risk });
      return {
        multiplierE4: o.multiplierE4,
        maxE4: Math.max(...plinkoTable({ rows, risk }).table.map(toE4)),
        result: { path: o.path, bucket: o.bucket, rows, risk },
      };
    }
    case 'keno': {
      const picks = p.picks as number[];
      const risk = p.risk as KenoRisk;
      if (
        !Array.isArray(picks) ||
        picks.length < 1 ||
        picks.length > 10 ||
        picks.some((n) => !Number.isInteger(n) || n < 1 || n > 40) ||
        new Set(picks).size !== picks.length ||
        !KENO_RISKS.includes(risk)
      )
        throw new DemoError('params');
      const o = playKeno(seeds, { picks, risk });
      return {
        multiplierE4: o.multiplierE4,
        maxE4: Math.max(...kenoTable(risk, picks.length).table.map(toE4)),
        result: { drawn: o.drawn, hits: o.hits, picks, risk },
      };
    }
    case 'slot': {
      const o = playSlot(seeds);
      return {
        multiplierE4: o.multiplierE4,
        maxE4: SLOT_MAX_MULTIPLIER_E4,
        result: { spin: o.spin, respins: o.respins },
      };
    }
  }
}

const seedsOf = (p: DemoPair) => ({ serverSeed: p.server_seed, clientSeed: p.client_seed, nonce: p.nonce });

function pushHistory(s: DemoState, bet: HistoryBet): HistoryBet[] {
  return [bet, ...s.history.filter((b) => b.id !== bet.id)].slice(0, DEMO_HISTORY_MAX);
}

/**
 * One instant bet (dice, limbo, plinko, keno, slot): the stake leaves the play balance, the win comes back, the
 * nonce moves on. Answers the same shape as POST /originals/{game}/bet, marked `demo: true`.
 */
export function playDemo(
  s: DemoState,
  game: Exclude<GameCode, 'mines'>,
  amount: number,
  params: Record<string, unknown>,
  now: Date = new Date(),
): { state: DemoState; result: BetResult } {
  checkAmount(s, amount);
  const d = draw(game, params, seedsOf(s.pair));
  checkMaxWin(amount, d.maxE4);
  const payout = payoutFor(amount, d.multiplierE4);
  const multiplier = fromE4(d.multiplierE4);
  const balance = s.balance - amount + payout;
  const fairness = publicPair(s.pair);
  const id = s.nextId;
  const result: BetResult = {
    id,
    game,
    amount,
    ...d.result,
    win: payout > 0,
    payout,
    multiplier,
    balance,
    fairness,
    demo: true,
  };
  const bet: HistoryBet = {
    id,
    game,
    amount,
    payout,
    multiplier,
    win: payout > 0,
    status: 'settled',
    result: d.result,
    created_at: now.toISOString(),
    fairness: { ...fairness, server_seed: null },
  };
  const state: DemoState = {
    ...s,
    balance,
    pair: { ...s.pair, nonce: s.pair.nonce + 1 },
    nextId: id + 1,
  };
  state.history = pushHistory(state, bet);
  return { state, result };
}

/** The round as the Mines page shows it (the board only once it is over), like the server's minesView. */
export function demoMinesView(
  m: DemoMines,
  status: 'open' | 'settled',
  busted: boolean,
  payout: number,
  balance: number,
): MinesRound {
  const safe = busted ? m.revealed.length - 1 : m.revealed.length;
  const multiplierE4 = busted || safe === 0 ? 0 : minesMultiplierE4(m.mines, safe);
  const next = !busted && safe < MINES_TILES - m.mines ? minesMultiplierE4(m.mines, safe + 1) : null;
  return {
    id: m.id,
    game: 'mines',
    amount: m.amount,
    mines: m.mines,
    status,
    revealed: m.revealed,
    busted,
    multiplier: fromE4(multiplierE4),
    next_multiplier: next === null ? null : fromE4(next),
    board: status === 'settled' ? m.board : null,
    payout,
    balance,
    fairness: m.fairness,
  };
}

function minesHistory(m: DemoMines, status: 'open' | 'settled', payout: number, multiplierE4: number, at: string) {
  const bet: HistoryBet = {
    id: m.id,
    game: 'mines',
    amount: m.amount,
    payout,
    multiplier: fromE4(multiplierE4),
    win: payout > 0,
    status,
    result:
      status === 'open'
        ? { mines: m.mines, revealed: m.revealed }
        : { mines: m.mines, board: m.board, revealed: m.revealed },
    created_at: at,
    fairness: { ...m.fairness, server_seed: null },
  };
  return bet;
}

/** Starts a Mines round: stake debited, board drawn from the pair at its nonce, nonce taken. */
export function startDemoMines(
  s: DemoState,
  amount: number,
  mines: number,
  now: Date = new Date(),
): { state: DemoState; round: MinesRound } {
  if (s.mines) throw new DemoError('minesOpen');
  if (!Number.isInteger(mines) || mines < MINES_MIN || mines > MINES_MAX) throw new DemoError('params');
  checkAmount(s, amount);
  checkMaxWin(amount, minesMultiplierE4(mines, 1));
  const round: DemoMines = {
    id: s.nextId,
    amount,
    mines,
    board: minesBoard(seedsOf(s.pair), mines),
    revealed: [],
    fairness: publicPair(s.pair),
  };
  const state: DemoState = {
    ...s,
    balance: s.balance - amount,
    pair: { ...s.pair, nonce: s.pair.nonce + 1 },
    mines: round,
    nextId: s.nextId + 1,
  };
  state.history = pushHistory(state, minesHistory(round, 'open', 0, 0, now.toISOString()));
  return { state, round: demoMinesView(round, 'open', false, 0, state.balance) };
}

function settleDemoMines(s: DemoState, m: DemoMines, busted: boolean, multiplierE4: number) {
  const payout = busted ? 0 : Math.min(payoutFor(m.amount, multiplierE4), LIMITS.maxWin);
  const created = s.history.find((b) => b.id === m.id)?.created_at ?? new Date().toISOString();
  const state: DemoState = { ...s, balance: s.balance + payout, mines: null };
  state.history = pushHistory(state, minesHistory(m, 'settled', payout, busted ? 0 : multiplierE4, created));
  return { state, round: demoMinesView(m, 'settled', busted, payout, state.balance) };
}

/** Reveals a tile: a mine ends the round (lost); the last safe tile, or reaching the max win, cashes out. */
export function revealDemoMines(s: DemoState, tile: number): { state: DemoState; round: MinesRound } {
  const m = s.mines;
  if (!m) throw new DemoError('noRound');
  if (!Number.isInteger(tile) || tile < 0 || tile >= MINES_TILES) throw new DemoError('tile');
  if (m.revealed.includes(tile)) throw new DemoError('tileTaken');
  const next: DemoMines = { ...m, revealed: [...m.revealed, tile] };
  if (m.board.includes(tile)) return settleDemoMines(s, next, true, 0);
  const safe = next.revealed.length;
  const multiplierE4 = minesMultiplierE4(m.mines, safe);
  if (safe === MINES_TILES - m.mines || payoutFor(m.amount, multiplierE4) >= LIMITS.maxWin)
    return settleDemoMines(s, next, false, multiplierE4);
  const state: DemoState = { ...s, mines: next };
  const created = s.history.find((b) => b.id === m.id)?.created_at ?? new Date().toISOString();
  state.history = pushHistory(state, minesHistory(next, 'open', 0, 0, created));
  return { state, round: demoMinesView(next, 'open', false, 0, state.balance) };
}

/** Cashes out the open round at its current multiplier (needs one gem at least). */
export function cashoutDemoMines(s: DemoState): { state: DemoState; round: MinesRound } {
  const m = s.mines;
  if (!m) throw new DemoError('noRound');
  if (m.revealed.length === 0) throw new DemoError('needReveal');
  return settleDemoMines(s, m, false, minesMultiplierE4(m.mines, m.revealed.length));
}

/** The open round as the page shows it after a reload. */
export const activeDemoMines = (s: DemoState): MinesRound | null =>
  s.mines ? demoMinesView(s.mines, 'open', false, 0, s.balance) : null;

/**
 * Reveals the current server seed and starts a new pair (new secret seed, the given or a fresh client seed, nonce
 * 0), like POST /originals/seeds/rotate. The history's bets of the old pair become verifiable. Refused while a
 * Mines round is open (its board depends on the pair being secret).
 */
export function rotateDemoSeeds(s: DemoState, clientSeed?: string): { state: DemoState; previous: DemoPair } {
  if (s.mines) throw new DemoError('minesOpen');
  const cs = clientSeed?.trim();
  if (cs !== undefined && cs !== '' && cs.length > CLIENT_SEED_MAX_LENGTH) throw new DemoError('clientSeed');
  const previous = s.pair;
  const history = s.history.map((b) =>
    b.fairness.server_seed_hash === previous.server_seed_hash && b.fairness.server_seed === null
      ? { ...b, fairness: { ...b.fairness, server_seed: previous.server_seed } }
      : b,
  );
  return { state: { ...s, pair: newDemoPair(cs || undefined), previous, history }, previous };
}

/** Back to the starting play balance; seeds and history stay. */
export const resetDemoBalance = (s: DemoState): DemoState => ({ ...s, balance: DEMO_START_BALANCE });
