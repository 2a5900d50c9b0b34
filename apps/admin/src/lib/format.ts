import { currentLocale } from './locale';

export function money(centavos: number): string {
  return new Intl.NumberFormat(currentLocale(), { style: 'currency', currency: 'BRL' }).format(centavos / 100);
}

export function dateTime(iso: string): string {
  return new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso));
}

/** The decimal mark an amount is typed with: "12,50" in Portuguese, "12.50" in English. */
export const decimalSeparator = () => (currentLocale() === 'en' ? '.' : ',');

/** A percentage with a fixed number of decimals, in the console language's notation (98,98% / 98.98%). */
export function percent(value: number, digits = 2): string {
  return `${new Intl.NumberFormat(currentLocale(), { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value)}%`;
}
