import { HttpError } from '../../shared/lib/http';
import { getLocale, type TParams, translate } from '../../shared/lib/i18n';
import type { Msg, Rule } from '../../shared/lib/validation';

/** The message to show for a failed call: the first field message, else the server's message, else generic. */
export function errorText(err: unknown): string {
  if (err instanceof HttpError) {
    if (err.fieldMessages[0]) return err.fieldMessages[0];
    const m = (err.body as { message?: unknown } | null)?.message;
    if (typeof m === 'string' && m) return m;
    if (err.message) return err.message;
  }
  return translate(getLocale(), 'wallet.errors.generic');
}

/** "50", "50,5", "1.234,56", "R$ 10,00" -> centavos; null when it is not an amount. */
export function parseBrl(text: string): number | null {
  const s = text.replace(/R\$\s?/i, '').replace(/\s/g, '');
  if (!s) return null;
  const m = /^(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d{1,2}))?$/.exec(s);
  if (!m) return null;
  const reais = Number(m[1]!.replace(/\./g, ''));
  const cents = Number((m[2] ?? '0').padEnd(2, '0'));
  const total = reais * 100 + cents;
  return Number.isSafeInteger(total) ? total : null;
}

/** A wallet message in both languages, for a form rule (the form words it in the language of the moment). */
export const msgOf = (key: string, params?: TParams): Msg => ({
  pt: translate('pt', key, params),
  en: translate('en', key, params),
});

/** An amount in reais the player typed: a positive number of centavos. */
export const amountRule: Rule = (v) => {
  const cents = parseBrl(typeof v === 'string' ? v : '');
  return cents === null || cents <= 0 ? msgOf('wallet.depositModal.invalidAmount') : null;
};

/** Centavos as the amount field shows it: 5000 -> "50,00". */
export const centsToField = (c: number) => `${Math.floor(c / 100)},${String(c % 100).padStart(2, '0')}`;

/** A fresh key for one attempt of a money-moving request. */
export const newIdempotencyKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
