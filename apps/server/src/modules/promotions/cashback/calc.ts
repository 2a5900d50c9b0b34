import { CALENDAR_CLAIMS, type CashbackType } from '@sorte/contracts';

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

const DAY_MS = 86_400_000;
const formats = new Map<string, Intl.DateTimeFormat>();

function formatFor(timeZone: string): Intl.DateTimeFormat {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formats.set(timeZone, f);
  }
  return f;
}

/** The wall-clock reading of an instant in a time zone, as if it were UTC (ms). */
function wallMs(at: Date, timeZone: string): number {
  const parts = formatFor(timeZone).formatToParts(at);
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
}

/** "2026-11-27": the calendar day of an instant in the time zone. */
export function localDay(at: Date, timeZone: string): string {
  return new Date(wallMs(at, timeZone)).toISOString().slice(0, 10);
}

/** The instant a wall-clock time (minutes after midnight) of a day has in the zone, summer time included. */
export function zonedInstant(day: string, minutes: number, timeZone: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const target = Date.UTC(y, m - 1, d, 0, minutes);
  // The zone's offset at the guess, then once more at the corrected instant (an offset change between the two).
  let guess = target;
  for (let i = 0; i < 2; i++) guess += target - wallMs(new Date(guess), timeZone);
  return new Date(guess);
}

export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** ISO weekday of a day: 1 = Monday ... 7 = Sunday. */
export function isoWeekday(day: string): number {
  return ((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
}

export function isDay(s: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(s) && new Date(`${s}T00:00:00Z`).toISOString().slice(0, 10) === s;
}

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
