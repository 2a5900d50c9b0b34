import type { TenantSettings } from '@sorte/contracts';

export type MultiplayerGame = 'crash' | 'double';
export const MULTIPLAYER_GAMES: readonly MultiplayerGame[] = ['crash', 'double'];

/** The rhythm of the rounds (milliseconds). Tests pass shorter or manual timings. */
export type Timing = {
  /** How long bets are accepted after a round is opened. */
  bettingMs: number;
  /** Crash: interval between multiplier ticks while running. */
  tickMs: number;
  /** Pause after a round ends before the next one opens (Crash: show the bust; Double: the roulette spin). */
  pauseMs: number;
};

export const DEFAULT_TIMING: Record<MultiplayerGame, Timing> = {
  crash: { bettingMs: 7_000, tickMs: 100, pauseMs: 3_000 },
  double: { bettingMs: 15_000, tickMs: 250, pauseMs: 8_000 },
};

/** Hashes per chain: about two to three weeks of Crash rounds; a new chain is committed when one runs out. */
export const DEFAULT_CHAIN_LENGTH = 100_000;

export type MultiplayerSettings = {
  /** Off for a regulated tenant unless the operator opted in. */
  enabled: boolean;
  bankroll: number;
  /** The most all players of one round may win together (centavos of profit). */
  maxProfit: number;
};

export function multiplayerSettings(s: TenantSettings): MultiplayerSettings {
  const o = s.originals_multiplayer ?? { regulated_opt_in: false, bankroll: 100_000_000, max_profit_bps: 300 };
  return {
    enabled: !s.is_regulated || o.regulated_opt_in,
    bankroll: o.bankroll,
    maxProfit: Math.floor((o.bankroll * o.max_profit_bps) / 10_000),
  };
}

/** Public realtime channel of a game (per tenant: the broadcaster scopes channels by tenant). */
export const channelOf = (game: MultiplayerGame) => `originals.${game}`;
