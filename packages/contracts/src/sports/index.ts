import { z } from 'zod';
import { checkedByHandler, ErrorReply, Int, IsoTime, paginated, replies, reply } from '../http';
import { Centavos } from '../money';
import { IdempotencyHeaders } from '../originals/bets';

/**
 * The native sportsbook (spec sections 1, 2, 3, 7): sport -> category (country) -> tournament -> event -> market ->
 * outcome. Odds travel as integers x 10,000 (1.65 = 16_500) so the price a player sees is the price the server
 * checks, never a float's rounding. Outcomes are keyed by id, never by position; every odds change bumps the
 * market's version.
 */

export const ODDS_SCALE = 10_000;

export const EVENT_STATUSES = ['not_started', 'live', 'ended', 'closed', 'cancelled', 'postponed'] as const;
export type SportEventStatus = (typeof EVENT_STATUSES)[number];

export const MARKET_STATUSES = ['active', 'suspended', 'deactivated', 'settled', 'cancelled'] as const;
export type MarketStatus = (typeof MARKET_STATUSES)[number];

export const MARKET_KINDS = [
  '1x2',
  'double_chance',
  'draw_no_bet',
  'total',
  'btts',
  'asian_handicap',
  'correct_score',
  'ht_1x2',
] as const;
export type MarketKindName = (typeof MARKET_KINDS)[number];

/** Match periods the feed reports: first half, the break, second half, full time. */
export const PERIODS = ['pre', '1h', 'ht', '2h', 'ft'] as const;

export const BET_STATUSES = ['pending', 'open', 'won', 'lost', 'void', 'cashed_out', 'cancelled', 'rejected'] as const;
export type SportBetStatus = (typeof BET_STATUSES)[number];

export const LEG_RESULTS = ['won', 'lost', 'void', 'half_won', 'half_lost'] as const;

export const ACCEPT_ODDS = ['none', 'higher', 'any'] as const;

const Bilingual = reply({ pt: z.string(), en: z.string() });

export const Competitor = reply({
  id: Int,
  name: z.string(),
  abbreviation: z.string().describe('Three letters, for the generated crest and narrow screens.'),
  colors: z.tuple([z.string(), z.string()]).describe('Crest monogram colours: background, text (#rrggbb).'),
});
export type Competitor = z.infer<typeof Competitor>;

export const TournamentRef = reply({
  id: Int,
  slug: z.string(),
  name: z.string(),
  category: reply({ slug: z.string(), name: z.string(), country: z.string().nullable() }),
});
export type TournamentRef = z.infer<typeof TournamentRef>;

export const SportOutcome = reply({
  id: Int.describe('Stable for the life of the market; the bet slip sends it.'),
  code: z.string().describe("The settlement key: '1', 'X', '2', 'over', 'under', 'yes', 'no', '2:1', 'other' ..."),
  name: z.string().describe('In the request language, with team names filled in.'),
  odds: Int.nullable().describe('Decimal odds x 10,000; null when not offered.'),
  active: z.boolean(),
});
export type SportOutcome = z.infer<typeof SportOutcome>;

export const SportMarket = reply({
  id: Int,
  kind: z.enum(MARKET_KINDS),
  specifiers: z.string().describe("'' or e.g. 'total=2.5', 'hcp=-0.25'."),
  name: z.string().describe('In the request language.'),
  status: z.enum(MARKET_STATUSES),
  version: Int.describe('Bumped by every odds or status change.'),
  outcomes: z.array(SportOutcome),
});
export type SportMarket = z.infer<typeof SportMarket>;

export const LiveState = reply({
  period: z.enum(PERIODS),
  minute: Int.describe('Match clock minute (0-90, plus added time shown as 90).'),
  score: z.tuple([Int, Int]),
  ht_score: z.tuple([Int, Int]).nullable(),
  red_cards: z.tuple([Int, Int]),
  bet_stop: z.boolean().describe('A dangerous moment: every market is suspended until it passes.'),
});
export type LiveState = z.infer<typeof LiveState>;

export const SportEventSummary = reply({
  id: Int,
  sport: z.string().describe('The sport slug, e.g. football.'),
  tournament: TournamentRef,
  home: Competitor,
  away: Competitor,
  starts_at: IsoTime,
  status: z.enum(EVENT_STATUSES),
  live: LiveState.nullable().describe('Null before kick-off and after the result.'),
  main_market: SportMarket.nullable().describe('The 1X2 market, for the list rows.'),
  markets_count: Int,
});
export type SportEventSummary = z.infer<typeof SportEventSummary>;

export const MatchIncident = reply({
  minute: Int,
  type: z.enum(['goal', 'yellow', 'red', 'half_time', 'full_time']),
  side: z.union([z.literal(0), z.literal(1)]).nullable(),
  score: z.tuple([Int, Int]).nullable(),
});

export const SportEventDetail = SportEventSummary.extend({
  markets: z.array(SportMarket),
  incidents: z.array(MatchIncident).describe('Goals and cards so far, in minute order.'),
  result: z.tuple([Int, Int]).nullable().describe('The final score once the event has ended.'),
});
export type SportEventDetail = z.infer<typeof SportEventDetail>;

export const SportTournament = TournamentRef.extend({ events: Int, live: Int });
export type SportTournament = z.infer<typeof SportTournament>;

export const SportSummary = reply({
  slug: z.string(),
  name: z.string(),
  events: Int.describe('Events open for betting (not started or live).'),
  live: Int,
  tournaments: z.array(SportTournament),
});
export type SportSummary = z.infer<typeof SportSummary>;

/** GET /api/sports. */
export const SportsReply = reply({ data: z.array(SportSummary) });
export type SportsReply = z.infer<typeof SportsReply>;
export const sportsCall = { response: replies({ 200: SportsReply }) };

const page = z.coerce.number().int().min(1).max(10_000).default(1);
const flag = z.enum(['1', '0', 'true', 'false']).transform((v) => v === '1' || v === 'true');

/** GET /api/sports/events?sport=football&tournament=&live=&q=&page=. */
export const SportEventsQuery = z.object({
  sport: z.string().max(40).optional(),
  tournament: z.coerce.number().int().positive().optional(),
  live: flag.optional().describe('1: live now only; 0: not started only; absent: both.'),
  q: z.string().trim().max(60).optional().describe('Team or competition name search.'),
  page,
});
export const SportEventsReply = paginated(SportEventSummary);
export type SportEventsReply = z.infer<typeof SportEventsReply>;
export const sportEventsCall = { querystring: SportEventsQuery, response: replies({ 200: SportEventsReply }) };

export const SportIdParams = z.object({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

/** GET /api/sports/events/{id}. */
export const SportEventReply = reply({ event: SportEventDetail });
export type SportEventReply = z.infer<typeof SportEventReply>;
export const sportEventCall = { params: SportIdParams, response: replies({ 200: SportEventReply }) };

// ---- Bets ------------------------------------------------------------------------------------------------------

export const MAX_LEGS = 20;

export const Selection = z.object({
  outcome_id: z.number().int().positive(),
  odds: z.number().int().min(10_100).max(10_000_000).describe('The odds the player saw, x 10,000.'),
});

export const PlaceSportBetBody = z.object({
  selections: z.array(Selection).min(1).max(MAX_LEGS),
  stake: Centavos.min(1),
  accept_odds: z.enum(ACCEPT_ODDS).default('none'),
});
export type PlaceSportBetBody = z.input<typeof PlaceSportBetBody>;

export const SportBetLeg = reply({
  outcome_id: Int,
  event_id: Int,
  event_name: z.string().describe("'Home x Away'."),
  market: z.string().describe('Market name in the request language.'),
  outcome: z.string().describe('Outcome name in the request language.'),
  odds: Int.describe('Odds taken, x 10,000.'),
  starts_at: IsoTime,
  live: z.boolean().describe('Taken in play.'),
  result: z.enum(LEG_RESULTS).nullable(),
  score: z.tuple([Int, Int]).nullable().describe('Live or final score of the event.'),
});
export type SportBetLeg = z.infer<typeof SportBetLeg>;

export const SportBet = reply({
  id: Int,
  kind: z.enum(['single', 'multiple']),
  status: z.enum(BET_STATUSES),
  stake: Centavos.describe('Stake still on the bet (less any partial cash-out).'),
  original_stake: Centavos,
  odds: Int.describe('Total odds x 10,000 (the product of the legs, rounded down).'),
  potential_win: Centavos.describe('What the stake left pays if every leg wins, payout cap applied.'),
  payout: Centavos.describe('Paid so far: settlement and cash-outs.'),
  cashed_out: Centavos,
  placed_at: IsoTime,
  settled_at: IsoTime.nullable(),
  legs: z.array(SportBetLeg),
  cashout_available: z.boolean(),
  message: z.string().nullable().describe('Why a pending bet was rejected, in the request language.'),
});
export type SportBet = z.infer<typeof SportBet>;

/** POST /api/sports/bets (Idempotency-Key header required). */
export const PlaceSportBetReply = reply({
  bet: SportBet,
  balance: Centavos.describe('Cash balance after the stake.'),
  bonus: Centavos,
});
export type PlaceSportBetReply = z.infer<typeof PlaceSportBetReply>;
export const placeSportBetCall = {
  headers: IdempotencyHeaders,
  body: PlaceSportBetBody,
  response: replies({ 200: PlaceSportBetReply, 201: PlaceSportBetReply }),
};

/** GET /api/sports/bets?status=open|settled&page=. */
export const SportBetsQuery = z.object({ status: z.enum(['open', 'settled']).optional(), page });
export const SportBetsReply = paginated(SportBet);
export type SportBetsReply = z.infer<typeof SportBetsReply>;
export const sportBetsCall = { querystring: SportBetsQuery, response: replies({ 200: SportBetsReply }) };

export const SportBetReply = reply({ bet: SportBet });
export const sportBetCall = { params: SportIdParams, response: replies({ 200: SportBetReply }) };

/** GET /api/sports/bets/{id}/cashout: a quote valid a few seconds. */
export const CashoutQuote = reply({
  quote_id: z.string(),
  amount: Centavos.describe('For the whole bet.'),
  expires_at: IsoTime,
});
export type CashoutQuote = z.infer<typeof CashoutQuote>;
export const cashoutQuoteCall = { params: SportIdParams, response: replies({ 200: CashoutQuote }) };

/** POST /api/sports/bets/{id}/cashout {quote_id, percent?}: 100 (default) closes the bet. */
export const CashoutBody = z.object({
  quote_id: z.string().min(1).max(100),
  percent: z.number().int().min(1).max(100).default(100),
});
export const CashoutReply = reply({ bet: SportBet, paid: Centavos, balance: Centavos });
export type CashoutReply = z.infer<typeof CashoutReply>;
export const cashoutCall = {
  headers: IdempotencyHeaders,
  params: SportIdParams,
  body: CashoutBody,
  response: replies({ 200: CashoutReply }),
};

// ---- Realtime --------------------------------------------------------------------------------------------------

/** Public channel of one event: `sports.event.{id}`. */
export const sportsEventChannel = (id: number) => `sports.event.${id}`;
/** Public channel of the lobby: every live event's score and status. */
export const SPORTS_LIVE_CHANNEL = 'sports.live';

/** `OddsChanged` on sports.event.{id}: the markets that moved, with their new version. */
export const OddsChangedPush = reply({
  event_id: Int,
  markets: z.array(
    reply({
      id: Int,
      status: z.enum(MARKET_STATUSES),
      version: Int,
      outcomes: z.array(reply({ id: Int, odds: Int.nullable(), active: z.boolean() })),
    }),
  ),
});
export type OddsChangedPush = z.infer<typeof OddsChangedPush>;

/** `EventUpdated` on sports.event.{id} and sports.live: score, clock, status, bet stop. */
export const EventUpdatedPush = reply({
  event_id: Int,
  status: z.enum(EVENT_STATUSES),
  live: LiveState.nullable(),
  incident: MatchIncident.nullable().describe('What just happened, when something did.'),
});
export type EventUpdatedPush = z.infer<typeof EventUpdatedPush>;

/** `BetUpdated` on the player's private channel: a pending bet accepted or rejected, a bet settled or cashed out. */
export const BetUpdatedPush = reply({ id: Int, status: z.enum(BET_STATUSES), payout: Centavos });
export type BetUpdatedPush = z.infer<typeof BetUpdatedPush>;

// ---- Domain events ---------------------------------------------------------------------------------------------

/** Domain event payloads (packages/contracts/src/events.ts maps their names); the player is the event's user. */
export const SPORTS_EVENT_PAYLOADS = {
  /** A bet was accepted (after the live delay for an in-play bet). */
  'sports.bet_placed': z.object({
    bet_id: z.number().int().positive(),
    stake: Centavos,
    odds: z.number().int().positive(),
    legs: z.number().int().positive(),
    live: z.boolean(),
  }),
  /**
   * A bet closed: won, lost, void or cashed out (VIP, missions, wagering and the live feed count it). A rollback of
   * its settlement publishes it again with `rollback: true` and the amounts taken back.
   */
  'sports.bet_settled': z.object({
    bet_id: z.number().int().positive(),
    status: z.enum(BET_STATUSES),
    stake: Centavos,
    payout: Centavos,
    odds: z.number().int().positive(),
    legs: z.number().int().positive(),
    settlement_version: z.number().int().nonnegative(),
    rollback: z.boolean().optional(),
    /** Whose book took the bet: absent or 'book' the native book (bet_id in sports_bets), 'betby' Betby's widget. */
    source: z.enum(['book', 'betby']).optional(),
  }),
} as const;

/**
 * POST /api/games/launch/sport: what Betby's widget needs for a logged-in player of a tenant with betby.active: the
 * player token (an ES256 JWT we sign, verified by Betby with our public key), the brand, theme and language.
 */
export const BetbyLaunch = reply({
  token: z.string(),
  brand_id: z.string(),
  theme_name: z.string().nullable(),
  lang: z.enum(['pt-br', 'en']),
  widget_url: z.string().describe("The BTRenderer script's URL."),
});
export type BetbyLaunch = z.infer<typeof BetbyLaunch>;
export const betbyLaunchCall = { response: replies({ 200: BetbyLaunch }) };

/** GET /api/betby/widget: what a guest's widget needs (no token); 404 when the tenant does not use Betby. */
export const BetbyWidgetConfig = reply({
  brand_id: z.string(),
  theme_name: z.string().nullable(),
  widget_url: z.string(),
});
export type BetbyWidgetConfig = z.infer<typeof BetbyWidgetConfig>;
export const betbyWidgetCall = { response: replies({ 200: BetbyWidgetConfig }) };

/** Our ES256 public key that verifies the player token: SPKI PEM, and the same as a JWK set. */
export const betbyPublicKeyCall = { response: replies({ 200: z.string().describe('SPKI PEM.') }) };
export const betbyJwksCall = {
  response: replies({ 200: reply({ keys: z.array(z.record(z.string(), z.unknown())) }) }),
};

/**
 * The local Betby stand-in's browser side (served only with dev tools or the demo seed): a tiny BTRenderer script,
 * and the call its "place a bet" button makes, which checks the player token as Betby would and plays the betslip
 * through the signed wallet callbacks.
 */
export const betbyStandinRendererCall = { response: { 200: z.string().describe('JavaScript defining BTRenderer.') } };
export const betbyStandinBetCall = {
  body: z.object({
    token: z.string().min(1).max(4000),
    stake: Int.min(1).max(10_000_000),
    odds: z.number().min(1).max(1000),
    outcome: z.enum(['win', 'cashout', 'lost', 'refund', 'discard']),
  }),
  response: replies({
    200: reply({
      steps: z.array(reply({ step: z.string(), status: Int, body: z.record(z.string(), z.unknown()) })),
    }),
  }),
};

/** Betby's error answer: its numeric code (2001 not enough money, 4001 player limits exceeded ...) and a message. */
export const BetbyError = z.object({ code: Int, message: z.string() });
/** POST /api/betby/{operation}: Betby's wallet callbacks, answered in Betby's protocol (docs/api/betby.md). */
export const betbyCallbackCall = {
  body: checkedByHandler(
    z
      .object({ payload: z.string() })
      .describe('An RS256 JWT signed by Betby; the handler verifies it before anything.'),
  ),
  response: {
    200: z.record(z.string(), z.unknown()).describe("The operation's answer."),
    '4XX': z.union([BetbyError, ErrorReply]),
    '5XX': ErrorReply,
  },
};

export { Bilingual as SportsBilingual };

/**
 * What a sports.bet_settled event counts as wagered (VIP points, missions' wager goals): a bet's stake counts once,
 * when it first closes won, lost or cashed out. A rollback, and the settlement after it, count nothing again; a
 * stake given back (void) was never wagered.
 */
export function sportsWagered(p: {
  status: SportBetStatus;
  stake: number;
  settlement_version: number;
  rollback?: boolean;
}): number {
  if (p.rollback || p.settlement_version !== 0) return 0;
  return p.status === 'won' || p.status === 'lost' || p.status === 'cashed_out' ? p.stake : 0;
}
