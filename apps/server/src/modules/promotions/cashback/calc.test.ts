import { describe, expect, it } from 'vitest';
import {
  cashbackAmount,
  claimPart,
  claimState,
  entryShape,
  lastClosedWeek,
  releaseAt,
  unlockTimes,
  weekOf,
  zonedInstant,
} from './calc';

const SP = 'America/Sao_Paulo';
/** A wall-clock time in São Paulo (UTC-3, no summer time since 2019) as an instant. */
const sp = (day: string, hhmm: string) => new Date(`${day}T${hhmm}:00-03:00`);

describe('cashback clock and arithmetic', () => {
  it("bounds a week Monday to Sunday in the tenant's time zone, whatever day is named", () => {
    for (const day of ['2026-11-23', '2026-11-26', '2026-11-29']) {
      const w = weekOf(day, SP);
      expect(w).toEqual({
        start: '2026-11-23',
        end: '2026-11-29',
        startsAt: new Date('2026-11-23T03:00:00Z'),
        endsAt: new Date('2026-11-30T03:00:00Z'),
      });
    }
    // Sunday 23:30 in São Paulo is already Monday in UTC: still the week that is ending.
    expect(lastClosedWeek(new Date('2026-11-30T02:30:00Z'), SP).start).toBe('2026-11-16');
    expect(lastClosedWeek(new Date('2026-11-30T03:00:00Z'), SP).start).toBe('2026-11-23');
    // Another zone moves the bounds with it.
    expect(weekOf('2026-11-23', 'Asia/Tokyo').startsAt).toEqual(new Date('2026-11-22T15:00:00Z'));
  });

  it("releases a week on the tenant's first release day after it, at the release hour", () => {
    const w = weekOf('2026-11-23', SP);
    expect(releaseAt(w, 1, '12:01', SP)).toEqual(sp('2026-11-30', '12:01'));
    expect(releaseAt(w, 3, '09:30', SP)).toEqual(sp('2026-12-02', '09:30'));
    expect(releaseAt(w, 7, '00:00', SP)).toEqual(sp('2026-12-06', '00:00'));
  });

  it('pays the percentage of the net loss rounded down to the centavo, two decimals of percentage kept', () => {
    expect(cashbackAmount(10_000, 10)).toBe(1_000);
    expect(cashbackAmount(12_345, 7.5)).toBe(925); // 925.875
    expect(cashbackAmount(999, 0.01)).toBe(0);
    expect(cashbackAmount(1_000_000, 0.01)).toBe(100);
    expect(cashbackAmount(0, 10)).toBe(0);
    expect(cashbackAmount(-500, 10)).toBe(0);
    expect(cashbackAmount(Number.MAX_SAFE_INTEGER, 100)).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('splits an entry in equal parts with the remainder on the last claim, exact to the centavo', () => {
    expect([1, 2, 3].map((k) => claimPart(1_000, 3, k))).toEqual([333, 333, 334]);
    expect([1, 2, 3].map((k) => claimPart(3, 3, k))).toEqual([1, 1, 1]);
    expect(claimPart(1_000, 1, 1)).toBe(1_000);
    for (const amount of [3, 4, 5, 100, 101, 102, 999_999_999]) {
      expect(claimPart(amount, 3, 1) + claimPart(amount, 3, 2) + claimPart(amount, 3, 3)).toBe(amount);
    }
    // Under 3 centavos a calendar entry would have a claim paying nothing: it is paid at once.
    expect(entryShape(2, 'calendar')).toEqual({ type: 'immediate', claims: 1 });
    expect(entryShape(3, 'calendar')).toEqual({ type: 'calendar', claims: 3 });
    expect(entryShape(500, 'immediate')).toEqual({ type: 'immediate', claims: 1 });
  });

  it('opens a calendar entry at 12:01, 18:01 and 23:59 of its day in the tenant time zone', () => {
    const e = { type: 'calendar' as const, availableAt: sp('2026-11-30', '12:00'), claims: 3, claimed: 0 };
    const at = (hhmm: string, day = '2026-11-30') => claimState(e, sp(day, hhmm), SP);
    expect(at('11:59')).toEqual({ allowed: 0, available: 0, nextUnlockAt: sp('2026-11-30', '12:01') });
    expect(at('12:00').allowed).toBe(0);
    expect(at('12:01')).toEqual({ allowed: 1, available: 1, nextUnlockAt: sp('2026-11-30', '18:01') });
    expect(at('18:00').allowed).toBe(1);
    expect(at('18:01').allowed).toBe(2);
    expect(at('23:58')).toEqual({ allowed: 2, available: 2, nextUnlockAt: sp('2026-11-30', '23:59') });
    expect(at('23:59')).toEqual({ allowed: 3, available: 3, nextUnlockAt: null });
    expect(at('08:00', '2026-12-01').allowed).toBe(3);
    // available = allowed - claimed, never below 0.
    expect(claimState({ ...e, claimed: 2 }, sp('2026-11-30', '18:30'), SP).available).toBe(0);
    expect(claimState({ ...e, claimed: 1 }, sp('2026-11-30', '18:30'), SP).available).toBe(1);
    // A day before: the entry is in the future, nothing opens.
    expect(at('23:59', '2026-11-29')).toMatchObject({ allowed: 0, available: 0 });
  });

  it('opens with its release any window already past, and an immediate entry at its release', () => {
    const late = { type: 'calendar' as const, availableAt: sp('2026-11-30', '19:00'), claims: 3, claimed: 0 };
    expect(unlockTimes(late, SP)).toEqual([
      sp('2026-11-30', '19:00'),
      sp('2026-11-30', '19:00'),
      sp('2026-11-30', '23:59'),
    ]);
    expect(claimState(late, sp('2026-11-30', '18:59'), SP).allowed).toBe(0);
    expect(claimState(late, sp('2026-11-30', '19:00'), SP).allowed).toBe(2);
    const now = { type: 'immediate' as const, availableAt: sp('2026-11-30', '09:00'), claims: 1, claimed: 0 };
    expect(claimState(now, sp('2026-11-30', '08:59'), SP)).toEqual({
      allowed: 0,
      available: 0,
      nextUnlockAt: sp('2026-11-30', '09:00'),
    });
    expect(claimState(now, sp('2026-11-30', '09:00'), SP)).toEqual({ allowed: 1, available: 1, nextUnlockAt: null });
    expect(claimState({ ...now, claimed: 1 }, sp('2026-12-30', '09:00'), SP).available).toBe(0);
  });

  it('reads the windows in the zone even across a summer-time change', () => {
    // New York moves its clocks back on 2026-11-01: 12:01 that day is 17:01 UTC.
    expect(zonedInstant('2026-11-01', 12 * 60 + 1, 'America/New_York')).toEqual(new Date('2026-11-01T17:01:00Z'));
    expect(zonedInstant('2026-10-31', 12 * 60 + 1, 'America/New_York')).toEqual(new Date('2026-10-31T16:01:00Z'));
  });
});
