import { z } from 'zod';
import { Int, IsoTime, replies, reply } from '../http';
import { Centavos } from '../money';

/**
 * Missions: a tenant's goals (wager, play rounds, win a multiplier, deposit, log in on distinct days) with a window
 * (daily, weekly, once, or a from-to range, in the tenant's time zone), an audience and a reward (cash through the
 * ledger, a bonus offer, or a mystery box). A player's mission moves available -> active (progress) -> completed -> claimed, or
 * expired when its window ends first. The web shows each as a floating widget (spec sections 2, 3, 4 and 9).
 */

export const MISSION_GOALS = ['wager', 'rounds', 'multiplier', 'deposit', 'login_days'] as const;
export type MissionGoal = (typeof MISSION_GOALS)[number];

export const MISSION_WINDOWS = ['daily', 'weekly', 'once', 'range'] as const;
export type MissionWindow = (typeof MISSION_WINDOWS)[number];

export const MISSION_AUDIENCES = ['all', 'new', 'vip'] as const;
export type MissionAudience = (typeof MISSION_AUDIENCES)[number];

export const MISSION_STATES = ['available', 'active', 'completed', 'claimed', 'expired'] as const;
export type MissionState = (typeof MISSION_STATES)[number];

const Bilingual = reply({ pt: z.string(), en: z.string() });

export const MissionReward = reply({
  type: z.enum(['cash', 'offer', 'box']),
  amount: Centavos.nullable().describe('Cash reward in centavos; null for a bonus offer or a box.'),
  offer_id: Int.nullable().describe('The bonus offer granted; null for cash or a box.'),
  box_id: Int.nullable().describe('The mystery box given (one, unopened, in /account/boxes); null otherwise.'),
  box: reply({
    id: Int,
    name: z.string().describe('The box in URLs: /casino/box/{name}.'),
    title: z.string().describe('In the request language.'),
    image: z.string(),
  })
    .nullable()
    .describe('The box reward as the widget shows it; null for other rewards.'),
});

export const Mission = reply({
  id: Int.describe('The mission (the path id of /missions/{id}).'),
  name: z.string().describe('In the request language.'),
  names: Bilingual,
  description: z.string().describe('The goal in plain words, in the request language.'),
  goal: z.enum(MISSION_GOALS),
  target: z
    .number()
    .describe('Centavos (wager, deposit), rounds, days (login_days) or the multiplier (multiplier, e.g. 5 = 5x).'),
  progress: z.number().describe('Towards target, in the same unit; for multiplier the best reached so far.'),
  category: z.string().nullable().describe('Game category the goal counts in (wager, rounds, multiplier).'),
  game_code: z.string().nullable().describe('The one game the goal counts in.'),
  window: z.enum(MISSION_WINDOWS),
  starts_at: IsoTime.nullable().describe('Start of the current window.'),
  ends_at: IsoTime.nullable().describe('End of the current window; null for a mission without an end.'),
  opt_in: z.boolean().describe('Counts only after POST /missions/{id}/accept.'),
  accepted: z.boolean(),
  state: z.enum(MISSION_STATES),
  reward: MissionReward,
  completed_at: IsoTime.nullable(),
  claimed_at: IsoTime.nullable(),
  isClaimed: z.boolean().describe('Claimed (spec: the widget is claimed once completed and claimed).'),
});
export type Mission = z.infer<typeof Mission>;

/** GET /api/missions: the player's missions with progress; a guest gets the guest missions (no progress). */
export const MissionsReply = reply({
  data: z.array(Mission),
  guest: z.boolean().describe('True for a guest: the missions open to every player, to log in and take part.'),
});
export type MissionsReply = z.infer<typeof MissionsReply>;

export const MissionIdParams = z.object({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).describe('The mission id.'),
});

export const MissionReply = reply({ mission: Mission });
export type MissionReply = z.infer<typeof MissionReply>;

export const MissionActionReply = reply({
  mission: Mission,
  balance: Centavos.nullable().describe('Cash balance after a cash reward; null otherwise.'),
  message: z.string().describe('A confirmation in the request language.'),
  user_box_id: Int.nullable()
    .optional()
    .describe('The box a box reward gave (NotifyNewUserBox carries it too); absent or null otherwise.'),
});
export type MissionActionReply = z.infer<typeof MissionActionReply>;

export const missionsCall = { response: replies({ 200: MissionsReply }) };
export const missionCall = { params: MissionIdParams, response: replies({ 200: MissionReply }) };
/**
 * POST /api/missions/{id}/claim: pays a completed mission's reward once (409 with a message when already claimed,
 * 422 when not completed or expired, 404 when not the player's).
 */
export const missionClaimCall = { params: MissionIdParams, response: replies({ 200: MissionActionReply }) };
/** POST /api/missions/{id}/accept: an opt-in mission starts counting (repeating it answers the same mission). */
export const missionAcceptCall = { params: MissionIdParams, response: replies({ 200: MissionActionReply }) };

/** Realtime wire names: MissionAssigned (spec, guest and user channels) and MissionUpdated (progress). */
export const MissionPush = reply({
  id: Int,
  state: z.enum(MISSION_STATES),
  progress: z.number(),
  target: z.number(),
});
export type MissionPush = z.infer<typeof MissionPush>;

/** Domain event payloads (packages/contracts/src/events.ts maps their names); the player is the event's user. */
export const MISSIONS_EVENT_PAYLOADS = {
  /** A player's mission began (assigned: true), moved, completed or was claimed. */
  'missions.mission_updated': z.object({
    id: z.number().int().positive(),
    state: z.enum(MISSION_STATES),
    progress: z.number().nonnegative(),
    target: z.number().positive(),
    assigned: z.boolean(),
  }),
  /** An operator created a mission open to every player: guests and players hear MissionAssigned. */
  'missions.mission_created': z.object({
    id: z.number().int().positive(),
    audience: z.enum(MISSION_AUDIENCES),
    /** Its name, for the chat's announcement (absent from events written before it was added). */
    name: z.object({ pt: z.string(), en: z.string() }).optional(),
  }),
} as const;
