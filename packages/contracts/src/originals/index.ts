import { z } from 'zod';
import { anyJson, checkedByHandler, NumericId, replies, reply } from '../http';

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

export const betCall = { headers: IdempotencyHeaders, body: BetBody, response: replies({ 200: anyJson }) };
export const minesStartCall = {
  headers: IdempotencyHeaders,
  body: checkedByHandler(z.object({ amount: z.number().int(), mines: z.number().int() })),
  response: replies({ 200: anyJson }),
};
export const minesRevealCall = {
  headers: IdempotencyHeaders,
  body: checkedByHandler(z.object({ tile: z.number().int() })),
  response: replies({ 200: anyJson }),
};
export const minesCashoutCall = { headers: IdempotencyHeaders, response: replies({ 200: anyJson }) };
export const minesActiveCall = { response: replies({ 200: reply({ round: anyJson }) }) };
export const seedsCall = { response: replies({ 200: anyJson }) };
export const rotateSeedsCall = {
  body: checkedByHandler(z.object({ client_seed: z.string().optional() }).optional()),
  response: replies({ 200: anyJson }),
};
export const listBetsCall = {
  querystring: checkedByHandler(
    z.object({
      game: z.string().optional(),
      limit: z.string().optional().describe('1 to 100, default 20.'),
      before: z.string().optional().describe('A bet id: the page before it.'),
    }),
  ),
  response: replies({ 200: reply({ data: z.array(anyJson) }) }),
};
export const betByIdCall = {
  params: checkedByHandler(z.object({ id: NumericId })),
  response: replies({ 200: anyJson }),
};
export const originalsConfigCall = {
  response: replies({ 200: reply({ limits: anyJson, games: z.array(z.string()) }) }),
};
