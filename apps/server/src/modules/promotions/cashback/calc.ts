import { CALENDAR_CLAIMS, type CashbackType } from '@sorte/contracts';
import { addDays, isoWeekday, localDay, zonedInstant } from '@sorte/contracts/zoned-time';

export { addDays, isDay, isoWeekday, localDay, zonedInstant } from '@sorte/contracts/zoned-time';

/**
 * The arithmetic and the clock of cashback, without a database: the week a day belongs to in the tenant's time zone,
 * when a week's cashback is released, what it amounts to, how it is split across claims and when each claim opens.
 * Every function takes `now` or an instant, so tests (and the job) choose the time.
 */

/** Minutes after local midnight at which a calendar entry's three claims open: 12:01, 18:01 and 23:59. */
export const CASHBACK_WINDOWS = [12 * 60 + 1, 18 * 60 + 1, 23 * 60 + 59] as const;
export const WINDOW_LABELS = CASHBACK_WINDOWS.map(
  (m) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`,
);

export type Period = { start: string; end: string; startsAt: Date; endsAt: Date };

/**
 * The week a day belongs to: Monday 00:00 to the next Monday 00:00 in the tenant's time zone (`end` is its Sunday).
 * A week, not the release day, bounds the period so that a change of release day never counts a bet twice.
 */
export function weekOf(day: string, timeZone: string): Period {
  const start = addDays(day, 1 - isoWeekday(day));
  return {
    start,
    end: addDays(start, 6),
    startsAt: zonedInstant(start, 0, timeZone),
    endsAt: zonedInstant(addDays(start, 7), 0, timeZone),
  };
}

/** The last week that has ended at `now`. */
export function lastClosedWeek(now: Date, timeZone: string): Period {
  return weekOf(addDays(localDay(now, timeZone), -7), timeZone);
}

/** "12:01" -> 721. */
export function clockMinutes(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return h * 60 + m;
}

/** When a week's cashback is released: its first `releaseDay` (ISO weekday) after the week, at `releaseHour`. */
export function releaseAt(period: Period, releaseDay: number, releaseHour: string, timeZone: string): Date {
  const monday = addDays(period.start, 7);
  return zonedInstant(addDays(monday, (releaseDay - 1 + 7) % 7), clockMinutes(releaseHour), timeZone);
}

/**
 * Cashback of a net loss at a percentage with two decimals, rounded down to the centavo (never more than the rate
 * promises). BigInt: a loss near the safe-integer limit times 10,000 would not fit a double.
 */
export function cashbackAmount(netLoss: number, percentage: number): number {
  if (netLoss <= 0 || percentage <= 0) return 0;
  const hundredths = BigInt(Math.round(percentage * 100));
  return Number((BigInt(netLoss) * hundredths) / 10_000n);
}

/**
 * The type and number of claims an entry of `amount` gets: a calendar entry is paid in three parts, unless it is
 * under 3 centavos (a part of 0 would be a claim that pays nothing), which is then paid at once.
 */
export function entryShape(amount: number, type: CashbackType): { type: CashbackType; claims: number } {
  if (type === 'calendar' && amount >= CALENDAR_CLAIMS) return { type, claims: CALENDAR_CLAIMS };
  return { type: 'immediate', claims: 1 };
}

/** What claim `k` (1-based) of `claims` pays: equal parts rounded down, the last one takes the remainder. */
export function claimPart(amount: number, claims: number, k: number): number {
  const part = Math.floor(amount / claims);
  return k < claims ? part : amount - part * (claims - 1);
}

/**
 * When each claim of an entry opens. Immediate: its one claim at release. Calendar: one at each of 12:01, 18:01
 * and 23:59 of the release day in the tenant's time zone, none before the release itself (a window already past
 * at release opens with it).
 */
export function unlockTimes(e: { type: CashbackType; availableAt: Date; claims: number }, timeZone: string): Date[] {
  if (e.type === 'immediate' || e.claims === 1) return [e.availableAt];
  const day = localDay(e.availableAt, timeZone);
  return CASHBACK_WINDOWS.slice(0, e.claims).map((w) => {
    const at = zonedInstant(day, w, timeZone);
    return at.getTime() < e.availableAt.getTime() ? e.availableAt : at;
  });
}

export type ClaimState = {
  /** Claims opened by now. */
  allowed: number;
  /** allowed - claimed, never below 0. */
  available: number;
  nextUnlockAt: Date | null;
};

export function claimState(
  e: { type: CashbackType; availableAt: Date; claims: number; claimed: number },
  now: Date,
  timeZone: string,
): ClaimState {
  const unlocks = unlockTimes(e, timeZone);
  const allowed = unlocks.filter((t) => t.getTime() <= now.getTime()).length;
  const next = unlocks.find((t) => t.getTime() > now.getTime()) ?? null;
  return { allowed, available: Math.max(0, allowed - e.claimed), nextUnlockAt: next };
}
