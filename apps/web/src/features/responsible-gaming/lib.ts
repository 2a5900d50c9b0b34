import type { LimitKind, RgSessionFigures } from '@sorte/contracts';
import { tenantTimeZone } from '../../shared/lib/dates';
import { HttpError } from '../../shared/lib/http';
import { getLocale, type TFunction, translate } from '../../shared/lib/i18n';
import type { Locale } from '../../shared/lib/locale';
import { formatMoney } from '../../shared/lib/money';

/** 150 -> "2 h 30 min", 45 -> "45 min", 120 -> "2 h". */
export function formatMinutes(t: TFunction, minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = Math.round(minutes % 60);
  if (h === 0) return t('rg.time.m', { m });
  return m === 0 ? t('rg.time.h', { h }) : t('rg.time.hm', { h, m });
}

/** A limit's amount as the player reads it: money for deposit/loss/wager, a duration for time. */
export const formatLimitValue = (t: TFunction, kind: LimitKind, value: number): string =>
  kind === 'time' ? formatMinutes(t, value) : formatMoney(value);

/** "200", "200,5", "1.000,00", "1,000.00", "R$ 50" -> centavos; null when it is not an amount of reais. */
export function parseReais(text: string): number | null {
  const s = text.replace(/R\$/i, '').replace(/\s/g, '');
  let reais: string;
  let cents = '';
  const plain = /^(\d+)(?:[.,](\d{1,2}))?$/.exec(s);
  if (plain) {
    reais = plain[1]!;
    cents = plain[2] ?? '';
  } else {
    // Thousands grouped with one separator, decimals after the other one.
    const grouped = /^(\d{1,3}(?:([.,])\d{3})+)(?:([.,])(\d{1,2}))?$/.exec(s);
    if (!grouped || (grouped[3] && grouped[3] === grouped[2])) return null;
    reais = grouped[1]!.replace(/[.,]/g, '');
    cents = grouped[4] ?? '';
  }
  const total = Number(reais) * 100 + Number(cents.padEnd(2, '0') || '0');
  return Number.isSafeInteger(total) ? total : null;
}

/** Centavos as the amount field shows them: whole reais without decimals, else with two. */
export function centsToField(cents: number, locale: Locale = getLocale()): string {
  const sep = locale === 'en' ? '.' : ',';
  const reais = Math.floor(cents / 100);
  const rest = cents % 100;
  return rest === 0 ? String(reais) : `${reais}${sep}${String(rest).padStart(2, '0')}`;
}

const TAGS: Record<Locale, string> = { pt: 'pt-BR', en: 'en-US' };

/** "25/11 14:30" (pt) or "11/25, 2:30 PM" (en), in the tenant's time zone; the year only when it is not this one. */
export function formatWhen(iso: string, locale: Locale = getLocale()): string {
  const d = new Date(iso);
  const sameYear = d.getFullYear() === new Date().getFullYear();
  return new Intl.DateTimeFormat(TAGS[locale], {
    timeZone: tenantTimeZone(),
    day: '2-digit',
    month: '2-digit',
    ...(sameYear ? {} : { year: 'numeric' }),
    hour: '2-digit',
    minute: '2-digit',
  }).format(d);
}

/** "14:30" (pt) or "2:30 PM" (en), in the tenant's time zone. */
export function formatClock(iso: string, locale: Locale = getLocale()): string {
  return new Intl.DateTimeFormat(TAGS[locale], {
    timeZone: tenantTimeZone(),
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso));
}

/** How far the server's clock is ahead of this device's (ms), from a session read: its start plus its length. */
export function serverOffset(s: Pick<RgSessionFigures, 'started_at' | 'elapsed_seconds'>, readAt: number): number {
  const serverNow = Date.parse(s.started_at) + s.elapsed_seconds * 1000;
  // Rounded to whole seconds: a re-read must not move a timer by the milliseconds the reply took.
  return Math.round((serverNow - readAt) / 1000) * 1000 || 0;
}

/** Whole minutes of a session, for the reality check's "você está jogando há ...". */
export const sessionMinutes = (s: Pick<RgSessionFigures, 'elapsed_seconds'>) => Math.floor(s.elapsed_seconds / 60);

/** The `code` of a refused call (limit_deposit, rg_limits_required ...), or null. */
export function errorCodeOf(error: unknown): string | null {
  if (!(error instanceof HttpError)) return null;
  const code = (error.body as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : null;
}

/** The message to show for a failed call: the first field message, else the server's, else a generic one. */
export function errorText(error: unknown): string {
  if (error instanceof HttpError) {
    if (error.fieldMessages[0]) return error.fieldMessages[0];
    if (error.message) return error.message;
  }
  return translate(getLocale(), 'error_messages.unknown');
}

/** "https://www.gov.br/x" -> "www.gov.br", for a link's visible text; the address itself when it is not a URL. */
export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
