import { HttpError } from '../../../shared/lib/http';
import { getLocale, translate } from '../../../shared/lib/i18n';

export type CallFailure = {
  text: string /** The player lacks cash: the message offers a deposit. */;
  deposit: boolean;
};

/**
 * What to tell the player about a failed call, in their language: the server's localized message (a responsible
 * gaming limit, a box already opened ...), the first field message, or a generic line when the network failed.
 */
export function failureOf(err: unknown): CallFailure {
  if (err instanceof HttpError) {
    const body = err.body as { code?: unknown; message?: unknown } | null;
    const deposit = body?.code === 'insufficient_funds' || (err.status === 402 && body?.code !== 'maintenance');
    if (deposit) return { text: translate(getLocale(), 'boxes.errors.funds'), deposit: true };
    if (err.fieldMessages[0]) return { text: err.fieldMessages[0], deposit: false };
    if (typeof body?.message === 'string' && body.message) return { text: body.message, deposit: false };
    if (err.status === 0) return { text: err.message, deposit: false };
  }
  return { text: translate(getLocale(), 'boxes.errors.generic'), deposit: false };
}

/** A fresh Idempotency-Key for one click. */
export function newKey(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  return `bx-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}
