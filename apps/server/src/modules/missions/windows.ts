import type { MissionWindow } from '@sorte/contracts';

/** A mission's windows in the tenant's time zone: a local day, a Monday-to-Sunday week, once, or a from-to range. */

export type Period = { key: string; startsAt: Date | null; endsAt: Date | null };

const DAY = 86_400_000;

/** The local calendar day (YYYY-MM-DD) of an instant in a time zone. */
export function localDay(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** Milliseconds the zone's wall clock is ahead of UTC at an instant. */
function offsetAt(at: Date, timeZone: string): number {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(at)
      .map((x) => [x.type, x.value]),
  );
  const wall = Date.UTC(+p.year!, +p.month! - 1, +p.day!, +p.hour!, +p.minute!, +p.second!);
  return wall - Math.floor(at.getTime() / 1000) * 1000;
}

/** The instant a local day begins (its midnight in the zone; a DST jump is read at that midnight). */
export function startOfDay(day: string, timeZone: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const guess = Date.UTC(y, m - 1, d);
  const first = guess - offsetAt(new Date(guess), timeZone);
  return new Date(guess - offsetAt(new Date(first), timeZone));
}

const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);

/** The window of a mission that holds `now`, or null when a range mission is not running at `now`. */
export function periodOf(
  d: { time_window: MissionWindow; starts_at: Date | null; ends_at: Date | null },
  now: Date,
  timeZone: string,
): Period | null {
  switch (d.time_window) {
    case 'daily': {
      const day = localDay(now, timeZone);
      return { key: day, startsAt: startOfDay(day, timeZone), endsAt: startOfDay(addDays(day, 1), timeZone) };
    }
    case 'weekly': {
      const day = localDay(now, timeZone);
      const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
      const monday = addDays(day, -weekday);
      return { key: monday, startsAt: startOfDay(monday, timeZone), endsAt: startOfDay(addDays(monday, 7), timeZone) };
    }
    case 'once':
      return { key: 'once', startsAt: null, endsAt: null };
    case 'range':
      if (!d.starts_at || !d.ends_at || now < d.starts_at || now >= d.ends_at) return null;
      return { key: 'range', startsAt: d.starts_at, endsAt: d.ends_at };
  }
}
