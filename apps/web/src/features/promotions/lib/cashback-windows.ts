/**
 * The cashback calendar's clock (spec sections 4 and 9): a calendar entry opens one claim at 12:01, a second at 18:01
 * and a third at 23:59 of its day, in the tenant's time zone; an immediate entry has one claim from its date on; an
 * entry dated in the future counts in the total but opens nothing yet. The server decides what a claim may take; the
 * page uses this to draw which windows are open and to count down to the next one, and reads the list again then.
 */

/** Minutes after local midnight at which the three daily claims open: 12:01, 18:01, 23:59. */
export const CASHBACK_WINDOWS = [12 * 60 + 1, 18 * 60 + 1, 23 * 60 + 59] as const;

/** "12:01" -> 721 minutes; null for anything else (the server sends the windows as "HH:MM"). */
export function parseWindow(text: string): number | null {
  const m = /^(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!m) return null;
  const h = Number(m[1]);
  const min = Number(m[2]);
  return h < 24 && min < 60 ? h * 60 + min : null;
}

/** The windows the server sent, in order; the spec's three when the list is missing or unreadable. */
export function windowsFrom(texts: readonly string[] | undefined): readonly number[] {
  const parsed = (texts ?? []).map(parseWindow);
  if (parsed.length === 0 || parsed.some((m) => m === null)) return CASHBACK_WINDOWS;
  return (parsed as number[]).sort((a, b) => a - b);
}

/** "12:01", "18:01", "23:59". */
export const windowLabel = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

type Wall = { year: number; month: number; day: number; hour: number; minute: number; second: number };

const formats = new Map<string, Intl.DateTimeFormat>();

function wallClock(at: Date, timeZone: string): Wall {
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
  const parts = f.formatToParts(at);
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
  };
}

/** "2026-11-27": the calendar day of an instant in the time zone. */
export function dayIn(at: Date, timeZone: string): string {
  const w = wallClock(at, timeZone);
  return `${w.year}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
}

/** The day an entry belongs to: a plain "YYYY-MM-DD" as it is, a date-time as its day in the tenant's zone. */
export function entryDay(availableAt: string, timeZone: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(availableAt) ? availableAt : dayIn(new Date(availableAt), timeZone);
}

/** The instant a wall-clock time of a day has in the zone (the zone's offset on that day, summer time included). */
export function zonedInstant(day: string, minutes: number, timeZone: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const asUtc = Date.UTC(y, m - 1, d, Math.floor(minutes / 60), minutes % 60);
  // The zone's offset at the guess, then once more at the corrected instant (an offset change between the two).
  let guess = asUtc;
  for (let i = 0; i < 2; i++) {
    const w = wallClock(new Date(guess), timeZone);
    const shown = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
    guess += asUtc - shown;
  }
  return new Date(guess);
}

const nextDay = (day: string): string => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
};

/** How many of today's three windows are open at `now` (0 before 12:01, 3 from 23:59). */
export function openWindowsToday(now: Date, timeZone: string, windows: readonly number[] = CASHBACK_WINDOWS): number {
  const w = wallClock(now, timeZone);
  const minutes = w.hour * 60 + w.minute;
  return windows.filter((start) => minutes >= start).length;
}

export type CashbackClockEntry = { available_at: string; type: string; claimed: number };

/**
 * How many claims an entry has opened by `now`: a past day all three, today by the clock, a future day none; an
 * immediate entry one from its day on.
 */
export function openedClaims(entry: CashbackClockEntry, now: Date, timeZone: string): number {
  const day = entryDay(entry.available_at, timeZone);
  const today = dayIn(now, timeZone);
  if (day > today) return 0;
  if (entry.type === 'immediate') return 1;
  return day < today ? CASHBACK_WINDOWS.length : openWindowsToday(now, timeZone);
}

/** Claims left to take now: opened minus claimed, never below 0. */
export function claimsLeft(entry: CashbackClockEntry, now: Date, timeZone: string): number {
  return Math.max(0, openedClaims(entry, now, timeZone) - entry.claimed);
}

/** The next instant a window opens after `now`: later today, else tomorrow at 12:01. */
export function nextWindow(now: Date, timeZone: string, windows: readonly number[] = CASHBACK_WINDOWS): Date {
  const today = dayIn(now, timeZone);
  for (const start of windows) {
    const at = zonedInstant(today, start, timeZone);
    if (at.getTime() > now.getTime()) return at;
  }
  return zonedInstant(nextDay(today), windows[0] ?? CASHBACK_WINDOWS[0], timeZone);
}

/** A wait as "05:59:00" (hours may pass 24 only if the caller asks for a far date). */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return [h, m, s].map((n) => String(n).padStart(2, '0')).join(':');
}
