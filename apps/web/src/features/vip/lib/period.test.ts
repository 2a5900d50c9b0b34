import { describe, expect, it } from 'vitest';
import { countdownText, shortDay, splitDuration } from './period';

const t = (key: string, vars: Record<string, string | number> = {}) =>
  `${key}:${Object.entries(vars)
    .map(([k, v]) => `${k}=${v}`)
    .join(',')}`;

describe('ranking period', () => {
  it('splits the time left into days, hours, minutes and seconds', () => {
    expect(splitDuration(((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000 + 999)).toEqual({ d: 2, h: 3, m: 4, s: 5 });
    expect(splitDuration(-5_000)).toEqual({ d: 0, h: 0, m: 0, s: 0 });
  });

  it('counts in days while a day is left, then in hours, minutes and seconds', () => {
    expect(countdownText((26 * 3600 + 60) * 1000, t)).toBe('vip.ranking.days:d=1,h=02,m=01');
    expect(countdownText((3600 + 2) * 1000, t)).toBe('vip.ranking.hours:h=01,m=00,s=02');
  });

  it('writes the week days as each language does', () => {
    expect(shortDay('2026-11-23', 'pt')).toBe('23/11');
    expect(shortDay('2026-11-29', 'en')).toBe('Nov 29');
  });
});
