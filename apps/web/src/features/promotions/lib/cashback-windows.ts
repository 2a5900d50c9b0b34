/**
 * The cashback calendar's clock (spec sections 4 and 9): a calendar entry opens one claim at 12:01, a second at 18:01
 * and a third at 23:59 of its day, in the tenant's time zone; an immediate entry has one claim from its date on; an
 * entry dated in the future counts in the total but opens nothing yet. The server decides what a claim may take; the
 * page uses this to draw which windows are open and to count down to the next one, and reads the list again then.
 */
import { addDays, localDay, localMinutes, zonedInstant } from '@sorte/contracts/zoned-time';

export { zonedInstant };

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

/** "2026-11-27": the calendar day of an instant in the time zone. */
export const dayIn = localDay;

/** The day an entry belongs to: a plain "YYYY-MM-DD" as it is, a date-time as its day in the tenant's zone. */
export function entryDay(availableAt: string, timeZone: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(availableAt) ? availableAt : dayIn(new Date(availableAt), timeZone);
}

/** How many of today's three windows are open at `now` (0 before 12:01, 3 from 23:59). */
export function openWindowsToday(now: Date, timeZone: string, windows: readonly number[] = CASHBACK_WINDOWS): number {
  const minutes = localMinutes(now, timeZone);
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
  return zonedInstant(addDays(today, 1), windows[0] ?? CASHBACK_WINDOWS[0], timeZone);
}

/** A wait as "05:59:00" (hours may pass 24 only if the caller asks for a far date). */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return [h, m, s].map((n) => String(n).padStart(2, '0')).join(':');
}
