import { useSiteConfigStore } from './site-config';

export const DEFAULT_TIME_ZONE = 'America/Sao_Paulo';

export const tenantTimeZone = (): string => useSiteConfigStore.getState().config?.timezone ?? DEFAULT_TIME_ZONE;

/** "22/11/2026 20:49:10": Brazilian date and time in the tenant's time zone. */
export function formatDateTime(date: Date | number | string, timeZone: string = tenantTimeZone()): string {
  const d = new Date(date);
  const parts = new Intl.DateTimeFormat('pt-BR', {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(d);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('day')}/${get('month')}/${get('year')} ${get('hour')}:${get('minute')}:${get('second')}`;
}

/** A long date for the locale ("22 de novembro de 2026" / "November 22, 2026") in the tenant's time zone. */
export function formatLongDate(
  date: Date | number | string,
  locale: 'pt' | 'en',
  timeZone: string = tenantTimeZone(),
): string {
  return new Intl.DateTimeFormat(locale === 'en' ? 'en-US' : 'pt-BR', { timeZone, dateStyle: 'long' }).format(
    new Date(date),
  );
}

/**
 * A date and time to the minute for the page's language, in the tenant's time zone: "27/11/2026 20:49" in
 * Portuguese, "Nov 27, 2026, 8:49 PM" in English. For deadlines and release times, where seconds are noise; lists
 * the spec formats as "DD/MM/YYYY HH:mm:ss" keep formatDateTime.
 */
export function formatDateTimeShort(
  date: Date | number | string,
  locale: 'pt' | 'en',
  timeZone: string = tenantTimeZone(),
): string {
  const d = new Date(date);
  if (locale === 'en')
    return new Intl.DateTimeFormat('en-US', { timeZone, dateStyle: 'medium', timeStyle: 'short' }).format(d);
  return formatDateTime(d, timeZone).slice(0, 16);
}
