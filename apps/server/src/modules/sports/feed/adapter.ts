import type { MarketKindName, MarketStatus, SportEventStatus } from '@sorte/contracts';
import type { Db } from '../../../platform/db/index';

/**
 * What a feed says, modelled on a real odds feed (Sportradar's Unified Odds Feed, Betradar): a fixture announces an
 * event, odds_change carries prices, market statuses and the live state, bet_stop / bet_start close and reopen every
 * market around a dangerous moment, result ends the match, bet_cancel voids bets taken in a window (a goal that was
 * wrongly reported), rollback_bet_settlement undoes a settlement, and alive is the heartbeat. Every id here is the
 * feed's own (external) id; the catalog's sink keys its rows by (feed, external id), so a replayed message updates
 * a row and never adds a second one. The simulated feed speaks this; a real provider's adapter translates its wire
 * format into it.
 */

export type Bilingual = { pt: string; en: string };

export type FixtureMessage = {
  type: 'fixture';
  event: string;
  sport: { slug: string; name: Bilingual; sort?: number };
  category: { slug: string; name: Bilingual; country: string | null };
  tournament: { id: string; slug: string; name: Bilingual; sort?: number };
  home: FeedCompetitor;
  away: FeedCompetitor;
  startsAt: Date;
  /** The pricing model's pre-match rates, when the feed has them (the simulator does). */
  rates?: { home: number; away: number; rho: number; firstHalfShare: number };
  /** A simulated match's seed. */
  seed?: number;
};

export type FeedCompetitor = { id: string; name: string; abbreviation: string; colors: [string, string] };

export type FeedIncident = {
  minute: number;
  type: 'goal' | 'yellow' | 'red' | 'half_time' | 'full_time';
  side: 0 | 1 | null;
  score: [number, number] | null;
};

/** The match as the feed sees it now. */
export type FeedLiveState = {
  status: SportEventStatus;
  period: 'pre' | '1h' | 'ht' | '2h' | 'ft';
  minute: number;
  score: [number, number];
  htScore: [number, number] | null;
  redCards: [number, number];
  incidents: FeedIncident[];
};

export type FeedOutcome = { code: string; odds: number | null; probability: number; active: boolean };
export type FeedMarket = { kind: MarketKindName; specifiers: string; status: MarketStatus; outcomes: FeedOutcome[] };

export type OddsChangeMessage = {
  type: 'odds_change';
  event: string;
  /** Absent: the live state did not change. */
  state?: FeedLiveState;
  /**
   * The markets the feed prices now. A market the event has but this list lacks is left as it is, unless
   * `complete` says the list is the whole book: then the missing ones are deactivated (a closed first-half market).
   */
  markets: FeedMarket[];
  complete?: boolean;
};

/** Every market of the event suspended until `until` (or until bet_start). */
export type BetStopMessage = { type: 'bet_stop'; event: string; until: Date | null };
export type BetStartMessage = { type: 'bet_start'; event: string };

export type ResultMessage = {
  type: 'result';
  event: string;
  score: [number, number];
  htScore: [number, number] | null;
};

/** Bets on the event placed between from and to are cancelled (stakes back): the feed took a wrong price then. */
export type BetCancelMessage = { type: 'bet_cancel'; event: string; from: Date; to: Date; reason: string };

/** The settlement of the event was wrong: undo it (a corrected result follows). */
export type RollbackSettlementMessage = { type: 'rollback_bet_settlement'; event: string; reason: string };

/** The feed is alive; `events` (default: every open event of this feed) had their heartbeat now. */
export type AliveMessage = { type: 'alive'; events?: string[] };

export type FeedMessage =
  | FixtureMessage
  | OddsChangeMessage
  | BetStopMessage
  | BetStartMessage
  | ResultMessage
  | BetCancelMessage
  | RollbackSettlementMessage
  | AliveMessage;

/** Who the message is for and when it was sent (the clock is injectable: tests move it). */
export type FeedContext = { tenantId: number; feed: string; now: Date };

/** Where a feed delivers: the catalog's writer, or a test's recorder. */
export type FeedSink = (ctx: FeedContext, messages: FeedMessage[]) => Promise<void>;

/** A feed: once per tick it looks at the clock (and, for the simulator, the catalog) and sends what happened since. */
export type FeedAdapter = {
  name: string;
  tick(db: Db, ctx: FeedContext, sink: FeedSink): Promise<void>;
};
