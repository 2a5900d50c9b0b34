import { z } from 'zod';
import { Int, IsoTime, replies, reply } from '../http';

/** A raw BetPlaced event of the live feed (the `BetFeedEvent` type); the name is already masked by the server. */
export const BetFeedEventSchema = reply({
  type: z.enum(['bet', 'win']).describe("A settled round's stake, or its payout under the same `transaction`."),
  transaction: z.string().describe('{provider}:{round_id}: a bet and its win share it.'),
  game: z.string(),
  user: z.string().describe('The first 3 characters of the first name (4 for names over 6), then ***.'),
  amount: Int.describe('Centavos.'),
  date: IsoTime,
});

/**
 * GET /api/feed/recent: the newest events of the live feed (real settled rounds only, newest first, never a win
 * without its bet), so a page shows them on arrival; the rest arrives live as BetPlaced on `chat.{room}`.
 */
export const recentBetFeedCall = {
  response: replies({ 200: reply({ data: z.array(BetFeedEventSchema) }) }),
};
