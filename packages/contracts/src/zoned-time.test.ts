import { describe, expect, it } from 'vitest';
import { addDays, isDay, localDay, localMinutes, mondayOf, startOfLocalDay, zonedInstant } from './zoned-time';

const SP = 'America/Sao_Paulo';
const NY = 'America/New_York';

describe('wall-clock time in a tenant zone', () => {
  it('a late-evening bet in São Paulo belongs to that day, not to the UTC day', () => {
    expect(localDay(new Date('2026-11-28T02:30:00Z'), SP)).toBe('2026-11-27');
    expect(localMinutes(new Date('2026-11-28T02:30:00Z'), SP)).toBe(23 * 60 + 30);
  });

  it('a local midnight on the day summer time ends is the instant the clocks show it', () => {
    // New York leaves summer time at 02:00 on 2026-11-01: that day is 25 hours long.
    const start = startOfLocalDay(new Date('2026-11-01T20:00:00Z'), NY);
    expect(start.toISOString()).toBe('2026-11-01T04:00:00.000Z');
    expect(zonedInstant(addDays('2026-11-01', 1), 0, NY).getTime() - start.getTime()).toBe(25 * 3_600_000);
  });

  it('weeks start on Monday and only real days are days', () => {
    expect(mondayOf('2026-11-29')).toBe('2026-11-23');
    expect(mondayOf('2026-11-23')).toBe('2026-11-23');
    expect(isDay('2026-02-29')).toBe(false);
    expect(isDay('2028-02-29')).toBe(true);
  });
});
