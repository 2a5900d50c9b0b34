import {
  CRASH_MAX_TARGET_CENTS,
  CRASH_MIN_TARGET_CENTS,
  DICE_MAX_CHANCE,
  DICE_MIN_CHANCE,
  diceWinChanceCents,
  KENO_RISKS,
  LIMBO_MAX_TARGET_CENTS,
  LIMBO_MIN_TARGET_CENTS,
  MINES_MAX,
  MINES_MIN,
  PLINKO_RISKS,
  PLINKO_ROWS,
} from '@sorte/fairness';
import { z } from 'zod';
import type { FieldMessage } from '../field-rules';
import { checkedWith, localized, refusedWith } from '../http';

/**
 * What an Originals bet sends, per game: the stake, then the game's own parameters, each with the game's message
 * in pt-BR and English. A stake out of range is reported alone; the parameters' failures are named by field.
 */

/** Bet limits in centavos, the same for every game: R$ 0,10 .. R$ 1.000,00, and no single payout above R$ 100.000. */
export const ORIGINALS_LIMITS = { minBet: 10, maxBet: 100_000, maxWin: 10_000_000 } as const;

const msg = (pt: string, en: string): FieldMessage => ({ pt, en });
export const ORIGINALS_MESSAGES = {
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
  tile: msg('Escolha uma casa de 0 a 24.', 'Choose a tile from 0 to 24.'),
  autoCashout: msg('O saque automático vai de 1,01x a 1.000.000x.', 'The auto cash-out goes from 1.01x to 1,000,000x.'),
  color: msg('Escolha vermelho, preto ou branco.', 'Choose red, black or white.'),
  idempotencyKey: msg(
    'O cabeçalho Idempotency-Key é obrigatório (1 a 100 letras, números, _ . : -).',
    'The Idempotency-Key header is required (1 to 100 letters, digits, _ . : -).',
  ),
} as const satisfies Record<string, FieldMessage>;
const M = ORIGINALS_MESSAGES;

const money = (n: number) => `R$ ${(n / 100).toFixed(2).replace('.', ',')}`;
const fill = (m: FieldMessage, f: (s: string) => string): FieldMessage => ({ pt: f(m.pt), en: f(m.en) });

/** "Enter a bet amount between R$ 0,10 and R$ 1.000,00." */
export const betAmountMessage = (): FieldMessage =>
  fill(M.amount, (s) =>
    s.replace('{min}', money(ORIGINALS_LIMITS.minBet)).replace('{max}', money(ORIGINALS_LIMITS.maxBet)),
  );
export const maxWinMessage = (): FieldMessage =>
  fill(M.maxWin, (s) => s.replace('{max}', money(ORIGINALS_LIMITS.maxWin)));

const isStake = (v: unknown): v is number =>
  typeof v === 'number' && Number.isSafeInteger(v) && v >= ORIGINALS_LIMITS.minBet && v <= ORIGINALS_LIMITS.maxBet;
const twoDecimals = (v: number) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6;
/** A failure of every kind, the wrong type included, answered with the game's message. */
const err = (m: FieldMessage) => ({ error: () => localized(m) });

/** The parameters of each instant game (and Mines' start), as the game reads them. */
export const DiceParams = z
  .object({
    target: z.number(err(M.diceTarget)).refine(twoDecimals, err(M.diceTarget)),
    condition: z.enum(['over', 'under'], err(M.condition)),
  })
  .superRefine((p, ctx) => {
    try {
      const c = diceWinChanceCents(p);
      if (c < DICE_MIN_CHANCE || c > DICE_MAX_CHANCE) throw new RangeError();
    } catch {
      ctx.addIssue({ code: 'custom', path: ['target'], message: localized(M.diceTarget) });
    }
  });
export const LimboParams = z.object({
  target: z
    .number(err(M.limboTarget))
    .refine(
      (t) => twoDecimals(t) && t * 100 >= LIMBO_MIN_TARGET_CENTS - 1e-6 && t * 100 <= LIMBO_MAX_TARGET_CENTS + 1e-6,
      err(M.limboTarget),
    ),
});
export const MinesParams = z.object({
  mines: z.number(err(M.mines)).int(err(M.mines)).min(MINES_MIN, err(M.mines)).max(MINES_MAX, err(M.mines)),
});
export const PlinkoParams = z.object({
  rows: z.number(err(M.rows)).refine((r) => (PLINKO_ROWS as readonly number[]).includes(r), err(M.rows)),
  risk: z.enum(PLINKO_RISKS, err(M.risk)),
});
export const KenoParams = z.object({
  picks: z
    .array(z.number().int().min(1).max(40), err(M.picks))
    .min(1, err(M.picks))
    .max(10, err(M.picks))
    .refine((a) => new Set(a).size === a.length, err(M.picks)),
  risk: z.enum(KENO_RISKS, err(M.risk)),
});
export const SlotParams = z.object({});

export const ORIGINALS_PARAMS = {
  dice: DiceParams,
  limbo: LimboParams,
  mines: MinesParams,
  plinko: PlinkoParams,
  keno: KenoParams,
  slot: SlotParams,
} as const;
export type InstantGame = 'dice' | 'limbo' | 'plinko' | 'keno' | 'slot';

const Stake = z.number().int().min(ORIGINALS_LIMITS.minBet).max(ORIGINALS_LIMITS.maxBet).describe('Centavos.');

/**
 * A bet's body: the stake alone when it is out of range, else the parameters' failures by field (a list's item
 * is named by its list, as `picks`); the handler receives the stake and the parsed parameters.
 */
function betBody<P extends z.ZodObject, D extends z.ZodRawShape>(params: P, documented: D) {
  const shape = z.object({ amount: Stake, ...documented });
  // Documented as sent ({amount, ...parameters}); the handler receives the stake and the parsed parameters.
  return checkedWith(
    shape as unknown as z.ZodType<{ amount: number; params: z.output<P> }, z.input<typeof shape>>,
    z.unknown().transform((data, ctx) => {
      const { amount, ...rest } = (data ?? {}) as Record<string, unknown>;
      if (!isStake(amount)) {
        ctx.addIssue({ code: 'custom', path: ['amount'], message: localized(betAmountMessage()) });
        return z.NEVER;
      }
      const r = params.safeParse(rest);
      if (r.success) return { amount, params: r.data as z.output<P> };
      for (const i of r.error.issues)
        ctx.addIssue({ code: 'custom', path: [String(i.path[0] ?? '_')], message: i.message });
      return z.NEVER;
    }),
  );
}

/** Documented shapes of the parameters (the validators above add the rules a JSON schema cannot say). */
const docs = {
  dice: {
    target: z.number().describe('Two decimals; the win chance 0.01% to 98%'),
    condition: z.enum(['over', 'under']),
  },
  limbo: { target: z.number().describe('Multiplier 1.01 to 1000000, two decimals') },
  mines: { mines: z.number().int().min(MINES_MIN).max(MINES_MAX) },
  plinko: { rows: z.number().int().min(8).max(16), risk: z.enum(PLINKO_RISKS) },
  keno: { picks: z.array(z.number().int().min(1).max(40)).min(1).max(10), risk: z.enum(KENO_RISKS) },
  slot: {},
};

export const BET_BODIES = {
  dice: betBody(DiceParams, docs.dice),
  limbo: betBody(LimboParams, docs.limbo),
  plinko: betBody(PlinkoParams, docs.plinko),
  keno: betBody(KenoParams, docs.keno),
  slot: betBody(SlotParams, docs.slot),
};
export const MinesStartBody = betBody(MinesParams, docs.mines);

/** What a bet of each instant game sends. */
export type BetRequest<G extends InstantGame> = z.input<(typeof BET_BODIES)[G]>;

export const MinesRevealBody = z.object({
  tile: z.number(err(M.tile)).int(err(M.tile)).min(0, err(M.tile)).max(24, err(M.tile)).describe('0 to 24'),
});

/** Crash: the stake, and an optional automatic cash-out multiplier with at most two decimals. */
export const CrashBetBody = checkedWith(
  z.object({
    amount: Stake,
    auto_cashout: z
      .number()
      .nullable()
      .optional()
      .describe('Cash out automatically at this multiplier (1.01 to 1000000).'),
  }),
  z.unknown().transform((data, ctx) => {
    const b = (data ?? {}) as Record<string, unknown>;
    if (!isStake(b.amount)) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: localized(betAmountMessage()) });
      return z.NEVER;
    }
    const v = b.auto_cashout;
    if (v === undefined || v === null || v === '') return { amount: b.amount, auto_cashout: null };
    const x = typeof v === 'string' ? Number(v) : v;
    const cents = typeof x === 'number' ? Math.round(x * 100) : Number.NaN;
    if (
      typeof x !== 'number' ||
      !Number.isFinite(x) ||
      Math.abs(cents - x * 100) > 1e-6 ||
      cents < CRASH_MIN_TARGET_CENTS ||
      cents > CRASH_MAX_TARGET_CENTS
    ) {
      ctx.addIssue({ code: 'custom', path: ['auto_cashout'], message: localized(M.autoCashout) });
      return z.NEVER;
    }
    return { amount: b.amount, auto_cashout: x };
  }),
);

const isColor = (c: unknown): c is 'white' | 'red' | 'black' => c === 'white' || c === 'red' || c === 'black';

/** Double: the stake and the color bet on. */
export const DoubleBetBody = checkedWith(
  z.object({ amount: Stake, color: z.enum(['white', 'red', 'black']) }),
  z.unknown().transform((data, ctx) => {
    const b = (data ?? {}) as Record<string, unknown>;
    if (!isStake(b.amount)) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: localized(betAmountMessage()) });
      return z.NEVER;
    }
    if (!isColor(b.color)) {
      ctx.addIssue({ code: 'custom', path: ['color'], message: localized(M.color) });
      return z.NEVER;
    }
    return { amount: b.amount, color: b.color };
  }),
);

const KEY = /^[A-Za-z0-9_.:-]{1,100}$/;
/**
 * The Idempotency-Key every money-moving Originals call requires: 400 without a valid one. Only that header is
 * read (a bet's hot path does not walk the others).
 */
export const IdempotencyHeaders = refusedWith(
  checkedWith(
    z.looseObject({
      'idempotency-key': z
        .string()
        .regex(KEY)
        .describe('Required: a repeat with the same key returns the first answer (header idempotent-replayed).'),
    }),
    z.custom<{ 'idempotency-key': string }>((h) => {
      const key = (h as Record<string, unknown> | null)?.['idempotency-key'];
      return typeof key === 'string' && KEY.test(key);
    }),
  ),
  { code: 'bad_request', message: M.idempotencyKey },
);
