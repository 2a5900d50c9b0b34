import { CLIENT_SEED_MAX_LENGTH } from '@sorte/fairness';
import { z } from 'zod';
import { checkedWith, Int, IsoTime, localized, NumericId, refusedWith, replies, reply } from '../http';
import { Centavos } from '../money';
import {
  BET_BODIES,
  CrashBetBody,
  DoubleBetBody,
  IdempotencyHeaders,
  type InstantGame,
  MinesRevealBody,
  MinesStartBody,
} from './bets';

export * from './bets';

/**
 * Sorte Originals calls. A bet's body is checked by the game's own rules (bets.ts), with the game's messages, and
 * the handler receives the stake and the parsed parameters.
 */
export const OriginalsGame = z.enum(['dice', 'limbo', 'mines', 'plinko', 'keno', 'slot']);
export const Fairness = reply({ server_seed_hash: z.string(), client_seed: z.string(), nonce: Int });
export type Fairness = z.infer<typeof Fairness>;

/** An instant bet's answer: the common fields, plus the game's own result fields (roll, path, drawn, spin ...). */
export const BetResult = reply({
  id: Int,
  game: OriginalsGame,
  amount: Centavos,
  win: z.boolean(),
  payout: Centavos,
  multiplier: z.number(),
  balance: Centavos.describe('Cash plus bonus after the bet.'),
  fairness: Fairness,
});
export type BetResult = z.infer<typeof BetResult>;

export const MinesRound = reply({
  id: Int,
  game: z.literal('mines'),
  amount: Centavos,
  mines: Int,
  status: z.enum(['open', 'settled']),
  revealed: z.array(Int),
  busted: z.boolean(),
  multiplier: z.number(),
  next_multiplier: z.number().nullable(),
  board: z.array(Int).nullable().describe('The mines, once the round is over.'),
  payout: Centavos,
  balance: Centavos.optional(),
  fairness: Fairness,
});
export type MinesRound = z.infer<typeof MinesRound>;

export const HistoryBet = reply({
  id: Int,
  game: OriginalsGame,
  amount: Centavos,
  payout: Centavos,
  multiplier: z.number(),
  win: z.boolean(),
  status: z.enum(['open', 'settled']),
  result: z.record(z.string(), z.unknown()).describe("The game's result fields."),
  created_at: IsoTime,
  fairness: Fairness.extend({ server_seed: z.string().nullable().describe('Once the seed pair is rotated.') }),
});
export type HistoryBet = z.infer<typeof HistoryBet>;

export const SeedRotation = reply({
  previous: Fairness.extend({ server_seed: z.string() }),
  current: Fairness,
});
export type SeedRotation = z.infer<typeof SeedRotation>;

const betCall = <B extends z.ZodType>(body: B) => ({
  headers: IdempotencyHeaders,
  body,
  response: replies({ 200: BetResult }),
});
/** POST /api/originals/{game}/bet of each instant game. */
export const betCalls = {
  dice: betCall(BET_BODIES.dice),
  limbo: betCall(BET_BODIES.limbo),
  plinko: betCall(BET_BODIES.plinko),
  keno: betCall(BET_BODIES.keno),
  slot: betCall(BET_BODIES.slot),
} satisfies Record<InstantGame, unknown>;
export const minesStartCall = {
  headers: IdempotencyHeaders,
  body: MinesStartBody,
  response: replies({ 200: MinesRound }),
};
export const minesRevealCall = {
  headers: IdempotencyHeaders,
  body: MinesRevealBody,
  response: replies({ 200: MinesRound }),
};
export const minesCashoutCall = { headers: IdempotencyHeaders, response: replies({ 200: MinesRound }) };
export const minesActiveCall = { response: replies({ 200: reply({ round: MinesRound.nullable() }) }) };
export const seedsCall = { response: replies({ 200: Fairness }) };
const CLIENT_SEED = new RegExp(`^[\\x21-\\x7e]{1,${CLIENT_SEED_MAX_LENGTH}}$`);
const CLIENT_SEED_MESSAGE = {
  pt: `A semente do cliente deve ter de 1 a ${CLIENT_SEED_MAX_LENGTH} caracteres, sem espaços nem acentos.`,
  en: `The client seed must have 1 to ${CLIENT_SEED_MAX_LENGTH} characters, without spaces or accents.`,
};
/** A new client seed, or none (empty or absent) for the server to pick one. */
export const RotateSeedsBody = checkedWith(
  z.object({
    client_seed: z
      .string()
      .regex(CLIENT_SEED)
      .optional()
      .describe(`1 to ${CLIENT_SEED_MAX_LENGTH} printable ASCII characters without spaces; none: the server picks`),
  }),
  z.unknown().transform((data, ctx) => {
    const seed = (data as { client_seed?: unknown }).client_seed;
    if (seed === undefined || seed === null || seed === '') return { client_seed: undefined };
    if (typeof seed === 'string' && CLIENT_SEED.test(seed)) return { client_seed: seed };
    ctx.addIssue({ code: 'custom', path: ['client_seed'], message: localized(CLIENT_SEED_MESSAGE) });
    return z.NEVER;
  }),
);
export const rotateSeedsCall = { body: RotateSeedsBody, response: replies({ 200: SeedRotation }) };

const isGame = (g: unknown): g is z.infer<typeof OriginalsGame> => OriginalsGame.safeParse(g).success;
/** The history query, read leniently: an unknown game lists all, a bad size is the default, a bad cursor none. */
export const listBetsCall = {
  querystring: checkedWith(
    z.object({
      game: OriginalsGame.optional(),
      limit: z
        .string()
        .optional()
        .describe('1 to 100, default 20.')
        .transform((l) => Math.min(100, Math.max(1, Number.parseInt(l ?? '20', 10) || 20))),
      before: z
        .string()
        .optional()
        .describe('A bet id: the page before it.')
        .transform((b) => (b && /^\d{1,15}$/.test(b) ? Number(b) : undefined)),
    }),
    z.unknown().transform((data) => {
      const q = (data ?? {}) as Record<string, unknown>;
      const before = typeof q.before === 'string' && /^\d{1,15}$/.test(q.before) ? Number(q.before) : undefined;
      return {
        game: isGame(q.game) ? q.game : undefined,
        limit: Math.min(100, Math.max(1, Number.parseInt(String(q.limit ?? '20'), 10) || 20)),
        before,
      };
    }),
  ),
  response: replies({ 200: reply({ data: z.array(HistoryBet) }) }),
};
export const betByIdCall = {
  params: refusedWith(z.object({ id: NumericId }), {
    code: 'not_found',
    message: { pt: 'Aposta não encontrada.', en: 'Bet not found.' },
  }),
  response: replies({ 200: HistoryBet }),
};
export const originalsConfigCall = {
  response: replies({
    200: reply({
      limits: reply({ minBet: Centavos, maxBet: Centavos, maxWin: Centavos }),
      games: z.array(OriginalsGame),
    }),
  }),
};

/** Crash and Double: multiplayer rounds on a hash chain, under /api/originals/{crash,double}. */
export const MultiplayerGame = z.enum(['crash', 'double']);
const DoubleColor = z.enum(['white', 'red', 'black']);
const Chain = reply({ id: Int, terminating_hash: z.string(), salt: z.string(), length: Int });
const FinishedRound = reply({
  id: Int,
  number: Int,
  chain_id: Int,
  status: z.enum(['betting', 'running', 'ended', 'refunded']),
  hash: z.string(),
  crash_point: z.number().optional().describe('Crash'),
  roll: Int.optional().describe('Double'),
  color: DoubleColor.optional().describe('Double'),
  ended_at: IsoTime.nullable(),
});

export const multiplayerStateCall = {
  response: replies({
    200: reply({
      game: MultiplayerGame,
      enabled: z.boolean(),
      server_time: IsoTime,
      timing: reply({ betting_ms: Int, tick_ms: Int, pause_ms: Int }),
      curve: reply({ growth_per_ms: z.number() }).optional().describe('Crash'),
      max_profit: Centavos.optional().describe('Crash'),
      chain: Chain.extend({ created_at: IsoTime }).nullable(),
      round: reply({
        id: Int,
        number: Int,
        chain_id: Int,
        status: z.enum(['betting', 'running']),
        betting_ends_at: IsoTime,
        started_at: IsoTime.nullable(),
        elapsed_ms: Int.optional(),
        multiplier: z.number().optional(),
        force_point: z.number().nullable().optional(),
      })
        .nullable()
        .describe('The open round, without its hash or result.'),
      bets: z.array(
        reply({
          id: Int,
          user: z.string().describe('Masked name'),
          amount: Centavos,
          color: DoubleColor.nullable(),
          cashout: z.number().nullable(),
          payout: Centavos,
          status: z.enum(['open', 'won', 'lost', 'refunded']),
          mine: z.boolean(),
        }),
      ),
      history: z.array(FinishedRound),
    }),
  }),
};
export const multiplayerChainsCall = {
  response: replies({
    200: reply({
      data: z.array(Chain.extend({ active: z.boolean(), created_at: IsoTime, rounds_played: Int })),
    }),
  }),
};
export const multiplayerRoundCall = {
  params: refusedWith(z.object({ id: NumericId.describe('The round number') }), {
    code: 'not_found',
    message: { pt: 'Rodada não encontrada.', en: 'Round not found.' },
  }),
  response: replies({
    200: z.union([
      FinishedRound.extend({ chain: Chain }),
      reply({ chain: Chain, id: Int, number: Int, status: z.enum(['betting', 'running']) }),
    ]),
  }),
};
export const multiplayerBetsCall = {
  response: replies({
    200: reply({
      data: z.array(
        reply({
          id: Int,
          round_id: Int,
          round_number: Int,
          amount: Centavos,
          auto_cashout: z.number().nullable(),
          color: DoubleColor.nullable(),
          cashout: z.number().nullable(),
          payout: Centavos,
          status: z.enum(['open', 'won', 'lost', 'refunded']),
          hash: z.string().nullable(),
          crash_point: z.number().optional(),
          roll: Int.optional(),
        }),
      ),
    }),
  }),
};
const MultiplayerBetReply = reply({
  round: reply({ id: Int, number: Int }),
  bet: reply({ id: Int, amount: Centavos, auto_cashout: z.number().nullable(), color: DoubleColor.nullable() }),
  balance: Centavos,
});
/** POST /api/originals/{crash,double}/bet: the stake, and Crash's automatic cash-out or Double's color. */
export const multiplayerBetCalls = {
  crash: { headers: IdempotencyHeaders, body: CrashBetBody, response: replies({ 200: MultiplayerBetReply }) },
  double: { headers: IdempotencyHeaders, body: DoubleBetBody, response: replies({ 200: MultiplayerBetReply }) },
};
export const crashCashoutCall = {
  headers: IdempotencyHeaders,
  response: replies({
    200: reply({
      round: reply({ id: Int, number: Int }),
      bet: reply({ id: Int, amount: Centavos, cashout: z.number(), payout: Centavos }),
      multiplier: z.number(),
      payout: Centavos,
      balance: Centavos,
    }),
  }),
};
