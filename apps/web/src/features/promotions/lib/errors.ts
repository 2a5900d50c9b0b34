import { HttpError } from '../../../shared/lib/http';
import { getLocale, translate } from '../../../shared/lib/i18n';

/** The message to show for a failed call: the first field message, else the server's message, else a generic one. */
export function errorText(err: unknown): string {
  if (err instanceof HttpError) {
    if (err.fieldMessages[0]) return err.fieldMessages[0];
    const m = (err.body as { message?: unknown } | null)?.message;
    if (typeof m === 'string' && m) return m;
    if (err.message) return err.message;
  }
  return translate(getLocale(), 'promo.common.generic');
}
