import { HttpError } from '../../../shared/lib/http';
import { t } from '../../../shared/lib/i18n';

/** One line for a failed call: the server's localized message, else the generic catalogue wording. */
export function errorText(error: unknown): string {
  if (error instanceof HttpError) return error.message || error.fieldMessages[0] || t('error_messages.unknown');
  return t('error_messages.unknown');
}

export const isValidationError = (error: unknown): error is HttpError =>
  error instanceof HttpError && error.status === 422;
