import { z } from 'zod';
import { Int, IsoTime, replies, reply } from '../http';
import { Centavos } from '../money';

/**
 * VIP levels and the ranking. A tenant's ladder gives each level a threshold of wagering in the season (centavos),
 * names in pt-BR and English, a colour and a cash reward paid once when the player reaches it. Levels only go up
 * within a season. VIP points are their own balance (1 point per R$ 1 wagered by default), apart from money: they
 * are never converted into cash. The ranking orders the players by what they wagered in the current week (Monday
 * to Sunday in the tenant's time zone).
 */

/** A level as shown to the player (names in the request's language). */
export const VipLevel = reply({
  level: Int.describe('1 for the first level; 0 is the start, before any level.'),
  name: z.string(),
  color: z.string().describe('#rrggbb'),
  threshold: Centavos.describe('Wagered in the season (centavos) at which the level is reached.'),
  reward_cash: Centavos.describe('Cash credited once when the level is reached (0: none).'),
  reward_offer_id: Int.nullable().describe('A bonus offer (see /bonuses) granted too when the level is reached.'),
  reward_box_id: Int.nullable().describe('A mystery box (see /boxes/all) given too when the level is reached.'),
});
export type VipLevel = z.infer<typeof VipLevel>;

export const VipReward = reply({
  level: Int,
  name: z.string(),
  reward_cash: Centavos,
  reward_offer_id: Int.nullable(),
  reward_offer_state: z
    .enum(['pending', 'granted', 'refused'])
    .nullable()
    .describe("The offer's grant: pending for a few seconds after the level-up, then granted (see /bonus) or refused."),
  reward_box_id: Int.nullable(),
  reward_box_state: z
    .enum(['granted', 'refused'])
    .nullable()
    .describe('The box given at the level-up (see /boxes/user/get), or refused when the box was no longer on offer.'),
  reached_at: IsoTime,
});
export type VipReward = z.infer<typeof VipReward>;

/** GET /api/profile/vip: the player's level, points and progress to the next level. */
export const VipStatusReply = reply({
  level: Int.describe('The level reached in the season; 0 before the first.'),
  name: z.string().describe('The level name in the request language.'),
  color: z.string(),
  points: Int.describe('VIP points: their own balance, not money, never converted to cash.'),
  totalBet: Centavos.describe('Wagered in the season (centavos): what the level and progress are computed from.'),
  season: Int,
  next_level: VipLevel.nullable().describe('The next level; null at the top of the ladder.'),
  remaining: Centavos.describe('Still to wager for the next level (0 at the top).'),
  progress: z
    .number()
    .min(0)
    .max(1)
    .describe(
      '(totalBet - threshold of the current level) / (threshold of the next - threshold of the current), between 0 ' +
        'and 1; 1 at the top level.',
    ),
  rewards: z.array(VipReward).describe('Levels reached in the season and what each paid, newest first.'),
  levels: z.array(VipLevel).describe('The whole ladder, lowest first.'),
});
export type VipStatusReply = z.infer<typeof VipStatusReply>;
export const vipStatusCall = { response: replies({ 200: VipStatusReply }) };

export const RankingEntry = reply({
  position: Int,
  name: z.string().describe('Masked ("Mar***"): the first letters of the first name.'),
  level: Int,
  level_name: z.string(),
  color: z.string(),
  totalBet: Centavos.describe('Wagered in the period (centavos).'),
  me: z.boolean().describe("True on the asking player's own row."),
});
export type RankingEntry = z.infer<typeof RankingEntry>;

/** GET /api/ranking: the current week's leaderboard, and the asking player's own position (null for a guest). */
export const RankingReply = reply({
  period: reply({
    start: z.string().describe('First day (YYYY-MM-DD, a Monday) of the week, tenant time zone.'),
    end: z.string().describe('Last day (YYYY-MM-DD, a Sunday).'),
    resets_at: IsoTime.describe('When the next week starts (the board resets).'),
    timezone: z.string(),
  }),
  entries: z.array(RankingEntry).describe('The top players, highest wagered first (at most 50).'),
  me: reply({
    position: Int.nullable().describe('null while the player has not wagered this week, or hides from the ranking.'),
    totalBet: Centavos,
    level: Int,
    hidden: z.boolean().describe('The player chose not to appear in the ranking.'),
  })
    .nullable()
    .describe('The asking player; null for a guest.'),
});
export type RankingReply = z.infer<typeof RankingReply>;
export const rankingCall = { response: replies({ 200: RankingReply }) };

const Names = z.object({ pt: z.string(), en: z.string() });

export const VIP_EVENT_PAYLOADS = {
  /** A player reached a VIP level (one event per level; a stake crossing several publishes one each). */
  'vip.level_up': z.object({
    season: z.number().int().positive(),
    level: z.number().int().positive(),
    name: Names,
    color: z.string(),
    reward_cash: z.number().int().nonnegative(),
    title: Names,
    description: Names,
  }),
} as const;
