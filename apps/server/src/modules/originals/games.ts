import { betAmountMessage, maxWinMessage, ORIGINALS_LIMITS } from '@sorte/contracts';
import {
  type BetSeeds,
  diceMultiplierE4,
  type KenoRisk,
  kenoTable,
  limboTargetCents,
  minesBoard,
  type PlinkoRisk,
  playDice,
  playKeno,
  playLimbo,
  playPlinko,
  playSlot,
  plinkoTable,
  toE4,
} from '@sorte/fairness';

/** The single-player games settled from the player's seed pair. */
export type GameCode = 'dice' | 'limbo' | 'mines' | 'plinko' | 'keno' | 'slot';
export const GAME_CODES: readonly GameCode[] = ['dice', 'limbo', 'mines', 'plinko', 'keno', 'slot'];

/** Bet limits in centavos, the same for every game: the contract's (R$ 0,10 .. R$ 1.000,00, R$ 100.000 won at most). */
export const LIMITS = ORIGINALS_LIMITS;
export const amountMessage = betAmountMessage;
export { maxWinMessage };

/**
 * A game: what it draws, and the largest multiplier it can pay (for the max-win rule). Its parameters arrive
 * checked by the bet's contract (packages/contracts/src/originals/bets.ts).
 */
export type Settled = { multiplierE4: number; result: Record<string, unknown> };
export type GameDef<P> = {
  /** Highest multiplier (E4) this bet can pay. */
  maxMultiplierE4(p: P): number;
  /** Draws the outcome from the seeds (mines: only the board, the round is settled by its actions). */
  play(seeds: BetSeeds, p: P): Settled;
};

const dice: GameDef<{ target: number; condition: 'over' | 'under' }> = {
  maxMultiplierE4: (p) => diceMultiplierE4(p),
  play(seeds, p) {
    const o = playDice(seeds, p);
    return {
      multiplierE4: o.multiplierE4,
      result: { roll: o.roll, win_chance: o.winChance, target: p.target, condition: p.condition },
    };
  },
};

const limbo: GameDef<{ target: number }> = {
  maxMultiplierE4: (p) => limboTargetCents(p.target) * 100,
  play(seeds, p) {
    const o = playLimbo(seeds, p);
    return { multiplierE4: o.multiplierE4, result: { result: o.result, target: p.target } };
  },
};

const mines: GameDef<{ mines: number }> = {
  // Checked per reveal: a cash-out is capped by refusing the start when even the full board could exceed it is too
  // strict (24 mines pays 24,750x for one reveal); the max-win rule applies to the first reveal's multiplier.
  maxMultiplierE4: () => 0,
  play(seeds, p) {
    return { multiplierE4: 0, result: { board: minesBoard(seeds, p.mines) } };
  },
};

const plinko: GameDef<{ rows: number; risk: PlinkoRisk }> = {
  maxMultiplierE4: (p) => Math.max(...plinkoTable(p).table.map(toE4)),
  play(seeds, p) {
    const o = playPlinko(seeds, p);
    return { multiplierE4: o.multiplierE4, result: { path: o.path, bucket: o.bucket, rows: p.rows, risk: p.risk } };
  },
};

const keno: GameDef<{ picks: number[]; risk: KenoRisk }> = {
  maxMultiplierE4: (p) => Math.max(...kenoTable(p.risk, p.picks.length).table.map(toE4)),
  play(seeds, p) {
    const o = playKeno(seeds, p);
    return {
      multiplierE4: o.multiplierE4,
      result: { drawn: o.drawn, hits: o.hits, picks: p.picks, risk: p.risk },
    };
  },
};

/** Onça Dourada's largest win: 600x the total bet (slot.test.ts proves it over the full cycle and the feature). */
export const SLOT_MAX_MULTIPLIER_E4 = 600 * 10_000;

const slot: GameDef<Record<string, never>> = {
  maxMultiplierE4: () => SLOT_MAX_MULTIPLIER_E4,
  play(seeds) {
    const o = playSlot(seeds);
    return { multiplierE4: o.multiplierE4, result: { spin: o.spin, respins: o.respins } };
  },
};

export const GAMES: Record<GameCode, GameDef<never>> = {
  dice: dice as unknown as GameDef<never>,
  limbo: limbo as unknown as GameDef<never>,
  mines: mines as unknown as GameDef<never>,
  plinko: plinko as unknown as GameDef<never>,
  keno: keno as unknown as GameDef<never>,
  slot: slot as unknown as GameDef<never>,
};
