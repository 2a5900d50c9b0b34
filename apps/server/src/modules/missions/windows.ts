import type { MissionWindow } from '@sorte/contracts';
import { addDays, localDay, mondayOf, zonedInstant } from '@sorte/contracts/zoned-time';

export { localDay };

/** A mission's windows in the tenant's time zone: a local day, a Monday-to-Sunday week, once, or a from-to range. */

export type Period = { key: string; startsAt: Date | null; endsAt: Date | null };

/** The instant a local day begins in the zone (its midnight, read at that midnight across a summer-time change). */
const startOfDay = (day: string, timeZone: string): Date => zonedInstant(day, 0, timeZone);

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
      const monday = mondayOf(localDay(now, timeZone));
      return { key: monday, startsAt: startOfDay(monday, timeZone), endsAt: startOfDay(addDays(monday, 7), timeZone) };
    }
    case 'once':
      return { key: 'once', startsAt: null, endsAt: null };
    case 'range':
      if (!d.starts_at || !d.ends_at || now < d.starts_at || now >= d.ends_at) return null;
      return { key: 'range', startsAt: d.starts_at, endsAt: d.ends_at };
  }
}
