import { z } from 'zod';
import { checkedByHandler, Int, IsoTime, NumericId, replies, reply } from '../http';
import { Centavos } from '../money';

/**
 * Sorte Originals calls. A bet's body is parsed by the game's own schema in the service (its messages are the
 * game's), so the contract documents it and the hot path parses it once.
 */
export const IdempotencyHeaders = checkedByHandler(
  z.object({
    'idempotency-key': z
      .string()
      .regex(/^[A-Za-z0-9_.:-]{1,100}$/)
      .describe('Required: a repeat with the same key returns the first answer (header idempotent-replayed).'),
  }),
);

export const BetBody = checkedByHandler(
  z.looseObject({ amount: z.number().int().describe('Stake in centavos.') }).describe("Plus the game's parameters."),
);

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

export const betCall = { headers: IdempotencyHeaders, body: BetBody, response: replies({ 200: BetResult }) };
export const minesStartCall = {
  headers: IdempotencyHeaders,
  body: checkedByHandler(z.object({ amount: z.number().int(), mines: z.number().int() })),
  response: replies({ 200: MinesRound }),
};
export const minesRevealCall = {
  headers: IdempotencyHeaders,
  body: checkedByHandler(z.object({ tile: z.number().int() })),
  response: replies({ 200: MinesRound }),
};
export const minesCashoutCall = { headers: IdempotencyHeaders, response: replies({ 200: MinesRound }) };
export const minesActiveCall = { response: replies({ 200: reply({ round: MinesRound.nullable() }) }) };
export const seedsCall = { response: replies({ 200: Fairness }) };
export const rotateSeedsCall = {
  body: checkedByHandler(z.object({ client_seed: z.string().optional() }).optional()),
  response: replies({ 200: SeedRotation }),
};
export const listBetsCall = {
  querystring: checkedByHandler(
    z.object({
      game: z.string().optional(),
      limit: z.string().optional().describe('1 to 100, default 20.'),
      before: z.string().optional().describe('A bet id: the page before it.'),
    }),
  ),
  response: replies({ 200: reply({ data: z.array(HistoryBet) }) }),
};
export const betByIdCall = {
  params: checkedByHandler(z.object({ id: NumericId })),
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
  params: checkedByHandler(z.object({ id: NumericId.describe('The round number') })),
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
/** The body's fields are checked by the service, with the game's messages (amount limits, color, target). */
export const multiplayerBetCall = {
  headers: IdempotencyHeaders,
  body: checkedByHandler(
    z.object({
      amount: z.number().int().describe('Stake in centavos.'),
      auto_cashout: z.number().optional().describe('Crash: cash out automatically at this multiplier.'),
      color: DoubleColor.optional().describe('Double'),
    }),
  ),
  response: replies({
    200: reply({
      round: reply({ id: Int, number: Int }),
      bet: reply({ id: Int, amount: Centavos, auto_cashout: z.number().nullable(), color: DoubleColor.nullable() }),
      balance: Centavos,
    }),
  }),
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
