import { HttpError, NetworkError } from '../../../shared/lib/http';
import { getLocale, translate } from '../../../shared/lib/i18n';

/**
 * The message of a refused claim or accept (spec section 8): the server's message when it sent one, else the
 * fallback for a failed claim, else the unknown-error fallback.
 */
export function missionErrorText(err: unknown, action: 'claim' | 'accept' = 'claim'): string {
  const locale = getLocale();
  if (err instanceof HttpError && !(err instanceof NetworkError)) {
    if (err.fieldMessages[0]) return err.fieldMessages[0];
    const m = (err.body as { message?: unknown } | null)?.message;
    if (typeof m === 'string' && m) return m;
    return translate(locale, action === 'claim' ? 'missions.claimFailed' : 'missions.acceptFailed');
  }
  return translate(locale, 'missions.unknownError');
}
