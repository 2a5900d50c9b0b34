import {
  type BetSeeds,
  DICE_MAX_CHANCE,
  DICE_MIN_CHANCE,
  diceMultiplierE4,
  diceWinChanceCents,
  KENO_RISKS,
  type KenoRisk,
  kenoTable,
  LIMBO_MAX_TARGET_CENTS,
  LIMBO_MIN_TARGET_CENTS,
  limboTargetCents,
  MINES_MAX,
  MINES_MIN,
  minesBoard,
  PLINKO_RISKS,
  PLINKO_ROWS,
  type PlinkoRisk,
  playDice,
  playKeno,
  playLimbo,
  playPlinko,
  playSlot,
  plinkoTable,
  toE4,
} from '@sorte/fairness';
import { z } from 'zod';
import type { Localized } from '../../platform/errors';

/** The single-player games settled from the player's seed pair. */
export type GameCode = 'dice' | 'limbo' | 'mines' | 'plinko' | 'keno' | 'slot';
export const GAME_CODES: readonly GameCode[] = ['dice', 'limbo', 'mines', 'plinko', 'keno', 'slot'];

/** Bet limits in centavos, the same for every game: R$ 0,10 .. R$ 1.000,00, and no single payout above R$ 100.000. */
export const LIMITS = { minBet: 10, maxBet: 100_000, maxWin: 10_000_000 } as const;

type Pair = { pt: string; en: string };
const msg = (pt: string, en: string): Pair => ({ pt, en });
export const MESSAGES = {
  amount: msg('Informe um valor de aposta entre {min} e {max}.', 'Enter a bet amount between {min} and {max}.'),
  maxWin: msg(
    'O prêmio possível desta aposta passa do limite de {max}. Diminua o valor.',
    'The possible win of this bet is over the {max} limit. Lower the amount.',
  ),
  target: msg('Alvo inválido.', 'Invalid target.'),
  diceTarget: msg(
    'Escolha um alvo com chance de vitória entre 0,01% e 98%.',
    'Pick a target with a win chance between 0.01% and 98%.',
  ),
  condition: msg('Escolha "acima" ou "abaixo".', 'Choose "over" or "under".'),
  limboTarget: msg(
    'O multiplicador alvo vai de 1,01x a 1.000.000x.',
    'The target multiplier goes from 1.01x to 1,000,000x.',
  ),
  mines: msg('Escolha de 1 a 24 minas.', 'Choose 1 to 24 mines.'),
  rows: msg('Escolha de 8 a 16 linhas.', 'Choose 8 to 16 rows.'),
  risk: msg('Nível de risco inválido.', 'Invalid risk level.'),
  picks: msg('Escolha de 1 a 10 números diferentes entre 1 e 40.', 'Pick 1 to 10 different numbers from 1 to 40.'),
} as const;

const money = (n: number) => `R$ ${(n / 100).toFixed(2).replace('.', ',')}`;
export const amountMessage = (): Localized => {
  const m = MESSAGES.amount;
  const fill = (s: string) => s.replace('{min}', money(LIMITS.minBet)).replace('{max}', money(LIMITS.maxBet));
  return { pt: fill(m.pt), en: fill(m.en) };
};
export const maxWinMessage = (): Localized => {
  const m = MESSAGES.maxWin;
  return { pt: m.pt.replace('{max}', money(LIMITS.maxWin)), en: m.en.replace('{max}', money(LIMITS.maxWin)) };
};

/** A game's validated parameters, what it draws, and the largest multiplier it can pay (for the max-win rule). */
export type Settled = { multiplierE4: number; result: Record<string, unknown> };
export type GameDef<P> = {
  schema: z.ZodType<P>;
  /** Highest multiplier (E4) this bet can pay. */
  maxMultiplierE4(p: P): number;
  /** Draws the outcome from the seeds (mines: only the board, the round is settled by its actions). */
  play(seeds: BetSeeds, p: P): Settled;
};

const twoDecimals = (v: number) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6;

const dice: GameDef<{ target: number; condition: 'over' | 'under' }> = {
  schema: z
    .object({
      target: z.number({ error: () => MESSAGES.diceTarget.pt }).refine(twoDecimals, { error: MESSAGES.diceTarget.pt }),
      condition: z.enum(['over', 'under'], { error: () => MESSAGES.condition.pt }),
    })
    .superRefine((p, ctx) => {
      try {
        const c = diceWinChanceCents(p);
        if (c < DICE_MIN_CHANCE || c > DICE_MAX_CHANCE) throw new RangeError();
      } catch {
        ctx.addIssue({ code: 'custom', path: ['target'], message: MESSAGES.diceTarget.pt });
      }
    }),
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
  schema: z.object({
    target: z
      .number({ error: () => MESSAGES.limboTarget.pt })
      .refine(
        (t) => twoDecimals(t) && t * 100 >= LIMBO_MIN_TARGET_CENTS - 1e-6 && t * 100 <= LIMBO_MAX_TARGET_CENTS + 1e-6,
        {
          error: MESSAGES.limboTarget.pt,
        },
      ),
  }),
  maxMultiplierE4: (p) => limboTargetCents(p.target) * 100,
  play(seeds, p) {
    const o = playLimbo(seeds, p);
    return { multiplierE4: o.multiplierE4, result: { result: o.result, target: p.target } };
  },
};

const mines: GameDef<{ mines: number }> = {
  schema: z.object({
    mines: z
      .number({ error: () => MESSAGES.mines.pt })
      .int({ error: MESSAGES.mines.pt })
      .min(MINES_MIN, { error: MESSAGES.mines.pt })
      .max(MINES_MAX, { error: MESSAGES.mines.pt }),
  }),
  // Checked per reveal: a cash-out is capped by refusing the start when even the full board could exceed it is too
  // strict (24 mines pays 24,750x for one reveal); the max-win rule applies to the first reveal's multiplier.
  maxMultiplierE4: () => 0,
  play(seeds, p) {
    return { multiplierE4: 0, result: { board: minesBoard(seeds, p.mines) } };
  },
};

const plinko: GameDef<{ rows: number; risk: PlinkoRisk }> = {
  schema: z.object({
    rows: z
      .number({ error: () => MESSAGES.rows.pt })
      .refine((r) => (PLINKO_ROWS as readonly number[]).includes(r), { error: MESSAGES.rows.pt }),
    risk: z.enum(PLINKO_RISKS, { error: () => MESSAGES.risk.pt }),
  }),
  maxMultiplierE4: (p) => Math.max(...plinkoTable(p).table.map(toE4)),
  play(seeds, p) {
    const o = playPlinko(seeds, p);
    return { multiplierE4: o.multiplierE4, result: { path: o.path, bucket: o.bucket, rows: p.rows, risk: p.risk } };
  },
};

const keno: GameDef<{ picks: number[]; risk: KenoRisk }> = {
  schema: z.object({
    picks: z
      .array(z.number().int().min(1).max(40), { error: () => MESSAGES.picks.pt })
      .min(1, { error: MESSAGES.picks.pt })
      .max(10, { error: MESSAGES.picks.pt })
      .refine((a) => new Set(a).size === a.length, { error: MESSAGES.picks.pt }),
    risk: z.enum(KENO_RISKS, { error: () => MESSAGES.risk.pt }),
  }),
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
  schema: z.object({}).strip() as unknown as z.ZodType<Record<string, never>>,
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

/** Localized field messages: zod messages are the pt text of MESSAGES; map them back to both languages. */
export function localizeMessage(pt: string): Localized {
  for (const m of Object.values(MESSAGES)) if (m.pt === pt) return m;
  return pt;
}
