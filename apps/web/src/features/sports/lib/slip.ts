import { MAX_LEGS } from '@sorte/contracts';
import { potentialWin, totalOdds } from './odds';

/**
 * The bet slip as plain data and pure functions, so its rules are tested without a browser: which picks are on it,
 * the price each was confirmed at beside the latest price the feed sent, and what the player can place.
 */

export type AcceptOdds = 'none' | 'higher' | 'any';
export type SlipMode = 'single' | 'multi';

export type SlipSelection = {
  outcomeId: number;
  eventId: number;
  marketId: number;
  eventName: string;
  marketName: string;
  outcomeName: string;
  /** The price the player saw and confirmed (x 10,000): what the slip sends. */
  odds: number;
  /** The latest price from the feed; differs from `odds` until the player accepts it (or the setting does). */
  current: number;
  /** The market version `current` came from; an older push never overwrites a newer price. */
  version: number;
  /** Market suspended, outcome withdrawn or a bet stop: the pick cannot be placed now. */
  suspended: boolean;
  live: boolean;
};

export type Slip = {
  selections: SlipSelection[];
  mode: SlipMode;
  /** Stake per single, in centavos, by outcome id. */
  stakes: Record<string, number>;
  /** The accumulator's stake, in centavos. */
  multiStake: number;
};

export const EMPTY_SLIP: Slip = { selections: [], mode: 'single', stakes: {}, multiStake: 0 };

/** Whether a new price is taken without asking, under the player's odds-change setting. */
export function acceptsAutomatically(accept: AcceptOdds, seen: number, now: number): boolean {
  if (now === seen) return true;
  if (accept === 'any') return true;
  return accept === 'higher' && now > seen;
}

/**
 * Adds a pick, or takes it off when it is already there. Another outcome of the same market replaces the earlier one
 * (a player never backs both sides of a market by mistake). The second pick turns the slip into an accumulator.
 */
export function toggleSelection(slip: Slip, pick: SlipSelection, defaultStake = 0): Slip {
  if (slip.selections.some((s) => s.outcomeId === pick.outcomeId)) return removeSelection(slip, pick.outcomeId);
  const sameMarket = slip.selections.find((s) => s.marketId === pick.marketId);
  const rest = slip.selections.filter((s) => s.marketId !== pick.marketId);
  if (!sameMarket && rest.length >= MAX_LEGS) return slip;
  const selections = [...rest, pick];
  const stakes = { ...slip.stakes };
  const previous = sameMarket ? stakes[String(sameMarket.outcomeId)] : undefined;
  if (sameMarket) delete stakes[String(sameMarket.outcomeId)];
  stakes[String(pick.outcomeId)] = previous ?? defaultStake;
  const mode: SlipMode = slip.selections.length === 1 && selections.length === 2 ? 'multi' : slip.mode;
  return {
    ...slip,
    selections,
    stakes,
    mode: selections.length < 2 ? 'single' : mode,
    multiStake: slip.multiStake || defaultStake,
  };
}

export function removeSelection(slip: Slip, outcomeId: number): Slip {
  const selections = slip.selections.filter((s) => s.outcomeId !== outcomeId);
  const stakes = { ...slip.stakes };
  delete stakes[String(outcomeId)];
  return { ...slip, selections, stakes, mode: selections.length < 2 ? 'single' : slip.mode };
}

export type MarketPush = {
  id: number;
  status: string;
  version: number;
  outcomes: readonly { id: number; odds: number | null; active: boolean }[];
};

/**
 * A market's new prices and status, matched to the picks by outcome id. A push older than what the slip holds is
 * ignored; a new price the setting accepts becomes the confirmed price at once, any other waits for the player.
 */
export function applyMarket(slip: Slip, market: MarketPush, accept: AcceptOdds): Slip {
  let changed = false;
  const selections = slip.selections.map((s) => {
    if (s.marketId !== market.id || market.version < s.version) return s;
    const o = market.outcomes.find((x) => x.id === s.outcomeId);
    const current = o?.odds ?? s.current;
    const suspended = market.status !== 'active' || !o || !o.active || o.odds === null;
    const odds = acceptsAutomatically(accept, s.odds, current) ? current : s.odds;
    if (current === s.current && suspended === s.suspended && odds === s.odds && market.version === s.version) return s;
    changed = true;
    return { ...s, current, suspended, odds, version: market.version };
  });
  return changed ? { ...slip, selections } : slip;
}

/** A bet stop or the end of play suspends every pick of an event; its passing lifts that (the markets then say). */
export function applyEventStop(slip: Slip, eventId: number, stopped: boolean): Slip {
  if (!stopped || !slip.selections.some((s) => s.eventId === eventId && !s.suspended)) return slip;
  return {
    ...slip,
    selections: slip.selections.map((s) => (s.eventId === eventId ? { ...s, suspended: true } : s)),
  };
}

/** The player confirms the new prices. */
export function acceptChanges(slip: Slip): Slip {
  if (!slip.selections.some((s) => s.odds !== s.current)) return slip;
  return { ...slip, selections: slip.selections.map((s) => ({ ...s, odds: s.current })) };
}

export const changedSelections = (slip: Slip) => slip.selections.filter((s) => s.odds !== s.current);

/** Two picks of one event cannot be legs of one accumulator. */
export function conflictingEvents(slip: Slip): Set<number> {
  const seen = new Set<number>();
  const twice = new Set<number>();
  for (const s of slip.selections) (seen.has(s.eventId) ? twice : seen).add(s.eventId);
  return twice;
}

export type SlipBet = { key: string; selections: { outcome_id: number; odds: number }[]; stake: number };

/** The bets the slip would place now: one per single with a stake, or the accumulator. */
export function betsToPlace(slip: Slip): SlipBet[] {
  if (slip.mode === 'multi') {
    if (slip.selections.length < 2 || slip.multiStake <= 0) return [];
    return [
      {
        key: 'multi',
        selections: slip.selections.map((s) => ({ outcome_id: s.outcomeId, odds: s.odds })),
        stake: slip.multiStake,
      },
    ];
  }
  return slip.selections
    .filter((s) => (slip.stakes[String(s.outcomeId)] ?? 0) > 0)
    .map((s) => ({
      key: String(s.outcomeId),
      selections: [{ outcome_id: s.outcomeId, odds: s.odds }],
      stake: slip.stakes[String(s.outcomeId)] ?? 0,
    }));
}

export type SlipBlock = 'empty' | 'suspended' | 'changed' | 'conflict' | 'stake' | null;

/** Why the place button is off, or null when the slip can go. */
export function slipBlock(slip: Slip): SlipBlock {
  if (slip.selections.length === 0) return 'empty';
  if (slip.mode === 'multi' && conflictingEvents(slip).size > 0) return 'conflict';
  const used =
    slip.mode === 'multi'
      ? slip.selections
      : slip.selections.filter((s) => (slip.stakes[String(s.outcomeId)] ?? 0) > 0);
  if (used.some((s) => s.suspended)) return 'suspended';
  if (used.some((s) => s.odds !== s.current)) return 'changed';
  if (betsToPlace(slip).length === 0) return 'stake';
  return null;
}

/** Total stake and total potential return of what the slip would place. */
export function slipTotals(slip: Slip): { stake: number; win: number; odds: number } {
  const bets = betsToPlace(slip);
  let stake = 0;
  let win = 0;
  for (const b of bets) {
    stake += b.stake;
    win += potentialWin(
      b.stake,
      b.selections.map((s) => s.odds),
    );
  }
  const odds = totalOdds(slip.selections.map((s) => s.odds));
  return { stake, win, odds };
}

/** Drops placed picks (the rest stay for another try). */
export function withoutPlaced(slip: Slip, placedKeys: readonly string[]): Slip {
  if (placedKeys.includes('multi')) return EMPTY_SLIP;
  let next = slip;
  for (const k of placedKeys) next = removeSelection(next, Number(k));
  return next;
}

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);

/** A slip read back from storage: anything malformed is dropped rather than trusted. */
export function parseSlip(raw: string | null): Slip {
  if (!raw) return EMPTY_SLIP;
  try {
    const v = JSON.parse(raw) as Partial<Slip>;
    const selections = (Array.isArray(v.selections) ? v.selections : [])
      .filter(
        (s): s is SlipSelection =>
          s !== null &&
          typeof s === 'object' &&
          isInt(s.outcomeId) &&
          isInt(s.eventId) &&
          isInt(s.marketId) &&
          isInt(s.odds) &&
          isInt(s.current) &&
          typeof s.eventName === 'string' &&
          typeof s.marketName === 'string' &&
          typeof s.outcomeName === 'string',
      )
      .slice(0, MAX_LEGS)
      .map((s) => ({
        ...s,
        version: isInt(s.version) ? s.version : 0,
        suspended: Boolean(s.suspended),
        live: Boolean(s.live),
      }));
    const stakes: Record<string, number> = {};
    if (v.stakes && typeof v.stakes === 'object')
      for (const s of selections) {
        const n = (v.stakes as Record<string, unknown>)[String(s.outcomeId)];
        stakes[String(s.outcomeId)] = isInt(n) && n >= 0 ? n : 0;
      }
    const mode: SlipMode = v.mode === 'multi' && selections.length >= 2 ? 'multi' : 'single';
    const multiStake = isInt(v.multiStake) && v.multiStake >= 0 ? v.multiStake : 0;
    return { selections, mode, stakes, multiStake };
  } catch {
    return EMPTY_SLIP;
  }
}
