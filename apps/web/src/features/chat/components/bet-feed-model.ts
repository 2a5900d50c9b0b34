import type { BetFeedEvent } from '@sorte/contracts';

/** Matched result of spec section 3: a bet and its win merged by transaction. */
export type MatchedResult = {
  transaction: string;
  game: string;
  user: string;
  bet_amount: number;
  win_amount: number;
  /** win / bet, 0 without a win */
  multiplier: number;
  date: string;
};

export const FEED_SIZE = 5;

/** Names after the first 3 (4 for names longer than 6) characters are masked. Idempotent on masked names. */
export function maskName(name: string): string {
  if (name.endsWith('***')) return name;
  const chars = [...name.trim()];
  const keep = chars.length > 6 ? 4 : 3;
  return `${chars.slice(0, keep).join('')}***`;
}

/**
 * Keeps the latest 5 raw events and merges them: a bet is held until a win of the same transaction arrives, then
 * shown with its multiplier. Returns the new raw list (for the next event) and the results, newest first.
 */
export function pushEvent(raw: BetFeedEvent[], e: BetFeedEvent): BetFeedEvent[] {
  // Delivery is at least once: the same (type, transaction) again is dropped, never shown twice.
  if (raw.some((r) => r.type === e.type && r.transaction === e.transaction)) return raw;
  return [e, ...raw].slice(0, FEED_SIZE);
}

/**
 * Adds the newest events the server had when the page opened (newest first) behind the live ones already received:
 * live events are newer, and an event both lists carry is kept once. At most FEED_SIZE events, as live.
 */
export function seedRecent(raw: BetFeedEvent[], recent: BetFeedEvent[]): BetFeedEvent[] {
  const seen = new Set(raw.map((r) => `${r.type}:${r.transaction}`));
  const older = recent.filter((e) => !seen.has(`${e.type}:${e.transaction}`));
  const kept = [...raw, ...older].slice(0, FEED_SIZE);
  // A win whose bet fell outside the window would show without its stake.
  const bets = new Set(kept.filter((e) => e.type === 'bet').map((e) => e.transaction));
  return kept.filter((e, i) => i < raw.length || e.type === 'bet' || bets.has(e.transaction));
}

export function matchResults(raw: BetFeedEvent[]): MatchedResult[] {
  const byTx = new Map<string, MatchedResult>();
  // Oldest first so a win lands on its bet.
  for (const e of [...raw].reverse()) {
    const r = byTx.get(e.transaction) ?? {
      transaction: e.transaction,
      game: e.game,
      user: maskName(e.user),
      bet_amount: 0,
      win_amount: 0,
      multiplier: 0,
      date: e.date,
    };
    if (e.type === 'bet') r.bet_amount = e.amount;
    else {
      r.win_amount = e.amount;
      r.date = e.date;
    }
    r.multiplier = r.bet_amount > 0 && r.win_amount > 0 ? Math.round((r.win_amount / r.bet_amount) * 100) / 100 : 0;
    byTx.set(e.transaction, r);
  }
  return [...byTx.values()].reverse();
}

const GAMES = ['Fortune Tiger', 'Aviator', 'Mines', 'Plinko', 'Dice', 'Crash', 'Double', 'Gates of Olympus'];
const NAMES = ['Ana', 'Bruno', 'Carla', 'Diego', 'Fernanda', 'Gabriel', 'Juliana', 'Lucas', 'Mariana', 'Rafael'];

/**
 * The spec's fictitious bet generator (every 1.5 s; 0.40-150.00 about 60% of the time, else 500-50,000). Only when
 * the tenant turned on feed_simulation, never in regulated mode, and the feed says "Demonstração" while it runs.
 */
export function fakeBet(random: () => number = Math.random, now = new Date()): BetFeedEvent[] {
  const small = random() < 0.6;
  const reais = small ? 0.4 + random() * 149.6 : 500 + random() * 49_500;
  const bet = Math.round(reais * 100);
  const tx = `sim-${now.getTime()}-${Math.floor(random() * 1e6)}`;
  const base = {
    transaction: tx,
    game: GAMES[Math.floor(random() * GAMES.length)]!,
    user: NAMES[Math.floor(random() * NAMES.length)]!,
    date: now.toISOString(),
  };
  const events: BetFeedEvent[] = [{ ...base, type: 'bet', amount: bet }];
  if (random() < 0.45) events.push({ ...base, type: 'win', amount: Math.round(bet * (1 + random() * 9)) });
  return events;
}
