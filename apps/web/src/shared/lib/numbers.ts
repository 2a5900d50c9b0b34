import { getLocale } from './i18n';
import type { Locale } from './locale';

/**
 * Every number a player reads goes through here, so it follows the page's language: Portuguese pages write
 * 1.234,56 and 2,00x, English ones 1,234.56 and 2.00x. The locale defaults to the current page's.
 */
const TAGS: Record<Locale, string> = { pt: 'pt-BR', en: 'en-US' };

const formats = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: Locale, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(TAGS[locale], options);
    formats.set(key, f);
  }
  return f;
}

export type Digits = { min?: number; max?: number };

/** A plain number: `formatNumber(53.54, { min: 2 })` -> "53,54" (pt) or "53.54" (en). */
export function formatNumber(n: number, digits: Digits = {}, locale: Locale = getLocale()): string {
  const min = digits.min ?? 0;
  const max = Math.max(min, digits.max ?? Math.max(min, 3));
  return numberFormat(locale, { minimumFractionDigits: min, maximumFractionDigits: max }).format(n);
}

/** A multiplier with its "x": 2 -> "2,00x"; `max` shows more places only when the value has them (1,0102x). */
export function formatMultiplier(m: number, digits: Digits = {}, locale: Locale = getLocale()): string {
  const min = digits.min ?? 2;
  return `${formatNumber(m, { min, max: digits.max ?? min }, locale)}x`;
}

/** A figure already in percent: 98.98 -> "98,98%" (pt) or "98.98%" (en). */
export function formatPercent(pct: number, digits: Digits = {}, locale: Locale = getLocale()): string {
  const min = digits.min ?? 2;
  return numberFormat(locale, {
    style: 'percent',
    minimumFractionDigits: min,
    maximumFractionDigits: Math.max(min, digits.max ?? min),
  }).format(pct / 100);
}

/** Integer centavos -> "R$ 1.234,56" (pt) or "R$1,234.56" (en). Money is formatted only at display. */
export function formatMoney(centavos: number, locale: Locale = getLocale()): string {
  // Dividing for display only; the input stays an integer everywhere else.
  return numberFormat(locale, { style: 'currency', currency: 'BRL' }).format(centavos / 100);
}

/** Centavos as an amount field shows them, without the currency: 5000 -> "50,00" (pt) or "50.00" (en). */
export function formatAmountField(centavos: number, locale: Locale = getLocale()): string {
  return numberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false }).format(
    centavos / 100,
  );
}

/**
 * An amount the player typed, in reais, to centavos; null when it is not one. Portuguese pages take "1.234,56",
 * "50,5" and "R$ 10"; English pages "1,234.56" and "50.5". A lone separator followed by one or two digits is read
 * as the decimal one in either language ("10,5" and "10.5"), which is what a player on a phone keyboard means.
 */
export function parseAmount(text: string, locale: Locale = getLocale()): number | null {
  const s = text.replace(/R\$/i, '').replace(/\s/g, '');
  if (!s) return null;
  const [group, decimal] = locale === 'en' ? [',', '.'] : ['.', ','];
  const g = group === '.' ? '\\.' : group;
  const d = decimal === '.' ? '\\.' : decimal;
  let m = new RegExp(`^(\\d{1,3}(?:${g}\\d{3})+|\\d+)(?:${d}(\\d{1,2}))?$`).exec(s);
  // The other language's decimal separator, alone: "10.5" on a Portuguese page is ten and a half.
  if (!m) m = new RegExp(`^(\\d+)(?:${group === '.' ? '\\.' : group}(\\d{1,2}))$`).exec(s);
  if (!m) return null;
  const reais = Number(m[1]!.replace(/\D/g, ''));
  const cents = Number((m[2] ?? '0').padEnd(2, '0'));
  const total = reais * 100 + cents;
  return Number.isSafeInteger(total) ? total : null;
}

/**
 * A decimal number the player typed ("2,50" on a Portuguese page, "2.50" on an English one; thousands separators
 * allowed in their place); null when it is not a number. A lone separator of the other language is read as the
 * decimal one, as a phone keyboard often offers only that one.
 */
export function parseDecimal(text: string, locale: Locale = getLocale()): number | null {
  const s = text.replace(/\s/g, '');
  if (!/^\d[\d.,]*$/.test(s)) return null;
  const [group, decimal] = locale === 'en' ? [',', '.'] : ['.', ','];
  let plain: string;
  if (s.includes(decimal)) {
    const [int = '', frac, ...rest] = s.split(decimal);
    if (rest.length > 0 || frac === undefined || frac.includes(group)) return null;
    if (int.includes(group) && !new RegExp(`^\\d{1,3}(\\${group}\\d{3})+$`).test(int)) return null;
    plain = `${int.split(group).join('')}.${frac}`;
  } else if (new RegExp(`^\\d{1,3}(\\${group}\\d{3})+$`).test(s)) plain = s.split(group).join('');
  else if (s.split(group).length === 2) plain = s.replace(group, '.');
  else if (!s.includes(group)) plain = s;
  else return null;
  const n = Number(plain);
  return Number.isFinite(n) ? n : null;
}

/**
 * A game's theoretical RTP, always the same way wherever it is shown (lobby card, game page, rules): two decimals,
 * from the figure in percent the catalog and the fairness package give (98.98 -> "98,98%").
 */
export function formatRtp(pct: number, locale: Locale = getLocale()): string {
  return formatPercent(pct, { min: 2, max: 2 }, locale);
}
