import { describe, expect, it } from 'vitest';
import {
  claimsLeft,
  dayIn,
  entryDay,
  formatCountdown,
  nextWindow,
  openedClaims,
  openWindowsToday,
  parseWindow,
  windowLabel,
  windowsFrom,
  zonedInstant,
} from './cashback-windows';

const SP = 'America/Sao_Paulo'; // UTC-3 all year since 2019
const NY = 'America/New_York'; // has summer time: the windows move with the wall clock

/** An instant given as São Paulo wall time. */
const sp = (day: string, hhmm: string) => new Date(`${day}T${hhmm}:00-03:00`);

describe('cashback windows (12:01, 18:01, 23:59 in the tenant time zone)', () => {
  it('opens none before 12:01, one at 12:01, two at 18:01 and three at 23:59', () => {
    expect(openWindowsToday(sp('2026-11-27', '00:00'), SP)).toBe(0);
    expect(openWindowsToday(sp('2026-11-27', '12:00'), SP)).toBe(0);
    expect(openWindowsToday(sp('2026-11-27', '12:01'), SP)).toBe(1);
    expect(openWindowsToday(sp('2026-11-27', '18:00'), SP)).toBe(1);
    expect(openWindowsToday(sp('2026-11-27', '18:01'), SP)).toBe(2);
    expect(openWindowsToday(sp('2026-11-27', '23:58'), SP)).toBe(2);
    expect(openWindowsToday(sp('2026-11-27', '23:59'), SP)).toBe(3);
  });

  it('reads the clock in the tenant zone, not the browser zone', () => {
    // 15:30 UTC is 12:30 in São Paulo (one window open) and 10:30 in New York in November (none).
    const at = new Date('2026-11-27T15:30:00Z');
    expect(openWindowsToday(at, SP)).toBe(1);
    expect(openWindowsToday(at, NY)).toBe(0);
    // 02:30 UTC on the 28th is still the 27th at 23:30 in São Paulo.
    expect(dayIn(new Date('2026-11-28T02:30:00Z'), SP)).toBe('2026-11-27');
  });

  it('counts a calendar entry of today by the clock, a past one fully and a future one not at all', () => {
    const now = sp('2026-11-27', '18:30');
    const entry = (available_at: string, claimed = 0) => ({ available_at, type: 'calendar', claimed });
    expect(openedClaims(entry('2026-11-27'), now, SP)).toBe(2);
    expect(openedClaims(entry('2026-11-26'), now, SP)).toBe(3);
    expect(openedClaims(entry('2026-11-28'), now, SP)).toBe(0);
    expect(claimsLeft(entry('2026-11-27', 1), now, SP)).toBe(1);
    expect(claimsLeft(entry('2026-11-27', 2), now, SP)).toBe(0);
    // Never below zero, even if more were claimed than the clock shows (a clock a little behind the server).
    expect(claimsLeft(entry('2026-11-27', 3), now, SP)).toBe(0);
  });

  it('gives an immediate entry one claim from its day on', () => {
    const now = sp('2026-11-27', '08:00');
    expect(openedClaims({ available_at: '2026-11-27', type: 'immediate', claimed: 0 }, now, SP)).toBe(1);
    expect(claimsLeft({ available_at: '2026-11-27', type: 'immediate', claimed: 1 }, now, SP)).toBe(0);
    expect(openedClaims({ available_at: '2026-11-30', type: 'immediate', claimed: 0 }, now, SP)).toBe(0);
  });

  it('takes a date-time available_at by its day in the tenant zone', () => {
    expect(entryDay('2026-11-28T01:00:00Z', SP)).toBe('2026-11-27');
    expect(entryDay('2026-11-28', SP)).toBe('2026-11-28');
  });

  it('counts down to the next window, rolling over to tomorrow 12:01 after 23:59', () => {
    expect(nextWindow(sp('2026-11-27', '09:00'), SP).toISOString()).toBe('2026-11-27T15:01:00.000Z');
    expect(nextWindow(sp('2026-11-27', '12:01'), SP).toISOString()).toBe('2026-11-27T21:01:00.000Z');
    expect(nextWindow(sp('2026-11-27', '20:00'), SP).toISOString()).toBe('2026-11-28T02:59:00.000Z');
    expect(nextWindow(sp('2026-11-27', '23:59'), SP).toISOString()).toBe('2026-11-28T15:01:00.000Z');
    // The last day of a month rolls into the next month.
    expect(nextWindow(sp('2026-11-30', '23:59'), SP).toISOString()).toBe('2026-12-01T15:01:00.000Z');
    const now = sp('2026-11-27', '17:59');
    expect(formatCountdown(nextWindow(now, SP).getTime() - now.getTime())).toBe('00:02:00');
  });

  it('keeps the windows on the wall clock across a summer-time change', () => {
    // New York: UTC-4 until 1 November 2026, UTC-5 after.
    expect(zonedInstant('2026-10-31', 12 * 60 + 1, NY).toISOString()).toBe('2026-10-31T16:01:00.000Z');
    expect(zonedInstant('2026-11-02', 12 * 60 + 1, NY).toISOString()).toBe('2026-11-02T17:01:00.000Z');
  });

  it('takes the windows the server sends, and the spec three when they are missing or unreadable', () => {
    expect(parseWindow('12:01')).toBe(721);
    expect(parseWindow('24:00')).toBeNull();
    expect(windowsFrom(['23:59', '12:01', '18:01'])).toEqual([721, 1081, 1439]);
    expect(windowsFrom(undefined)).toEqual([721, 1081, 1439]);
    expect(windowsFrom(['meio-dia'])).toEqual([721, 1081, 1439]);
    // Two windows a day: after the second, the next is tomorrow's first.
    expect(nextWindow(sp('2026-11-27', '20:00'), SP, windowsFrom(['09:00', '19:00'])).toISOString()).toBe(
      '2026-11-28T12:00:00.000Z',
    );
  });

  it('writes the windows and the countdown as a player reads them', () => {
    expect(windowLabel(12 * 60 + 1)).toBe('12:01');
    expect(windowLabel(23 * 60 + 59)).toBe('23:59');
    expect(formatCountdown(5 * 3600_000 + 59 * 60_000 + 1)).toBe('05:59:01');
    expect(formatCountdown(-10)).toBe('00:00:00');
  });
});
