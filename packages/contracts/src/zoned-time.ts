/**
 * Wall-clock arithmetic in a tenant's time zone, for the server and the web alike: which calendar day an instant
 * falls on, and which instant a local time of a day is. Only `Intl`, no library and no zod, so the web's entry chunk
 * can import it (`@sorte/contracts/zoned-time`). Days are "YYYY-MM-DD" strings; summer time is handled by asking the
 * zone's offset at the instant itself.
 */

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

/** The wall-clock reading of an instant in a time zone, as if it were UTC (ms, whole seconds). */
export function wallClockMs(at: Date, timeZone: string): number {
  const parts = formatFor(timeZone).formatToParts(at);
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
}

/** "2026-11-27": the calendar day of an instant in the time zone. */
export function localDay(at: Date, timeZone: string): string {
  return new Date(wallClockMs(at, timeZone)).toISOString().slice(0, 10);
}

/** Minutes after local midnight of an instant in the time zone. */
export function localMinutes(at: Date, timeZone: string): number {
  return Math.floor((wallClockMs(at, timeZone) % DAY_MS) / 60_000);
}

/** The instant a wall-clock time (minutes after midnight) of a day has in the zone, summer time included. */
export function zonedInstant(day: string, minutes: number, timeZone: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const target = Date.UTC(y, m - 1, d, 0, minutes);
  // The zone's offset at the guess, then once more at the corrected instant (an offset change between the two).
  let guess = target;
  for (let i = 0; i < 2; i++) guess += target - wallClockMs(new Date(guess), timeZone);
  return new Date(guess);
}

/** Local midnight that starts the day `at` falls on. */
export function startOfLocalDay(at: Date, timeZone: string): Date {
  return zonedInstant(localDay(at, timeZone), 0, timeZone);
}

export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** ISO weekday of a day: 1 = Monday ... 7 = Sunday. */
export function isoWeekday(day: string): number {
  return ((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
}

/** A real calendar day written "YYYY-MM-DD" (not 2026-02-30). */
export function isDay(s: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(s) && new Date(`${s}T00:00:00Z`).toISOString().slice(0, 10) === s;
}

/** The Monday that starts the ISO week of a day. */
export function mondayOf(day: string): string {
  return addDays(day, 1 - isoWeekday(day));
}
