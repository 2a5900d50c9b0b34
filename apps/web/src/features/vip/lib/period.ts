/** What the ranking shows of its week: the days it covers and the time left until it resets. */

export type Parts = { d: number; h: number; m: number; s: number };

/** Milliseconds left, as whole days, hours, minutes and seconds (never below zero). */
export function splitDuration(ms: number): Parts {
  const total = Math.max(0, Math.floor(ms / 1000));
  return {
    d: Math.floor(total / 86_400),
    h: Math.floor((total % 86_400) / 3600),
    m: Math.floor((total % 3600) / 60),
    s: total % 60,
  };
}

/** "2026-11-23" as the locale writes a day of the month: "23/11" (pt) or "Nov 23" (en). */
export function shortDay(day: string, locale: 'pt' | 'en'): string {
  const [y, m, d] = day.split('-').map(Number);
  const date = new Date(Date.UTC(y!, (m ?? 1) - 1, d ?? 1));
  return new Intl.DateTimeFormat(locale === 'en' ? 'en-US' : 'pt-BR', {
    timeZone: 'UTC',
    day: '2-digit',
    month: locale === 'en' ? 'short' : '2-digit',
  }).format(date);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The countdown's words: days, hours and minutes while a day or more is left, then hours, minutes, seconds. */
export function countdownText(ms: number, t: (key: string, vars?: Record<string, string | number>) => string): string {
  const p = splitDuration(ms);
  return p.d > 0
    ? t('vip.ranking.days', { d: p.d, h: pad(p.h), m: pad(p.m) })
    : t('vip.ranking.hours', { h: pad(p.h), m: pad(p.m), s: pad(p.s) });
}
