/**
 * The simulated feed's settings. The time scale is how many match minutes pass per real minute: 6 by default (a
 * 90-minute match in 15 minutes, so a laptop demo always has football being played), 1 for real time.
 * SPORTS_FEED_TIME_SCALE overrides it; tests pass their own settings.
 */
export type FeedSettings = {
  /** Match minutes per real minute. */
  timeScale: number;
  /** Real time a bet stop holds every market after a dangerous moment. */
  betStopMs: number;
  /** A feed silent this long (real time) has every market of its open events suspended by the watchdog. */
  quietMs: number;
  /** How far ahead the schedule keeps fixtures at the competitions' usual kick-off slots. */
  horizonMs: number;
  /** How far ahead the rolling kick-offs (one every `rollingEveryMatchMinutes`) are scheduled. */
  rollingHorizonMs: number;
  /** Match minutes between two rolling kick-offs: about 110 minutes of match (break included) over this is how
   * many matches are live at once. */
  rollingEveryMatchMinutes: number;
  /** Minutes of the half-time break. */
  breakMinutes: number;
};

function envScale(): number {
  const v = Number(process.env.SPORTS_FEED_TIME_SCALE);
  return Number.isFinite(v) && v > 0 && v <= 60 ? v : 6;
}

export function feedSettings(over: Partial<FeedSettings> = {}): FeedSettings {
  return {
    timeScale: envScale(),
    betStopMs: 8_000,
    quietMs: 20_000,
    horizonMs: 48 * 3_600_000,
    rollingHorizonMs: 2 * 3_600_000,
    rollingEveryMatchMinutes: 24,
    breakMinutes: 15,
    ...over,
  };
}

/** The feed name of the simulated feed in the catalog's (feed, external id) keys. */
export const SIM_FEED = 'sim';
