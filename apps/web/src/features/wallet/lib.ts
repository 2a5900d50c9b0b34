import { HttpError } from '../../shared/lib/http';
import { getLocale, type TParams, translate } from '../../shared/lib/i18n';
import { formatAmountField, parseAmount } from '../../shared/lib/numbers';
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

/** What the player typed in an amount field -> centavos, in the page's language ("1.234,56" or "1,234.56"). */
export const parseBrl = (text: string): number | null => parseAmount(text);

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

/** Centavos as the amount field shows it: 5000 -> "50,00" (pt) or "50.00" (en). */
export const centsToField = (c: number) => formatAmountField(c);

/** A fresh key for one attempt of a money-moving request. */
export const newIdempotencyKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
