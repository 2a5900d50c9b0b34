import { z } from 'zod';
import { ErrorBody } from '../errors';
import type { FieldMessage } from '../field-rules';

/**
 * Helpers every contract of an HTTP call uses: the error replies, localized validation messages, and the mark for
 * input a handler still checks itself (so the reference documents it while today's rules keep answering).
 */

const TRANSLATIONS = new Map<string, FieldMessage>();

/** A validation message for a zod schema: the pt-BR text, whose English the server finds when the request asks. */
export function localized(m: FieldMessage): string {
  TRANSLATIONS.set(m.pt, m);
  return m.pt;
}

/** The pt-BR and English of a message given by `localized`, or null for one zod wrote itself. */
export function translationOf(pt: string): FieldMessage | null {
  return TRANSLATIONS.get(pt) ?? null;
}

const CHECKED_BY_HANDLER = new WeakSet<z.ZodType>();

/**
 * Marks input that the route documents but its handler validates: rules that depend on the tenant (CPF required,
 * captcha), the spec's first-failing-rule messages, or a hot path whose service already parses every field.
 */
export function checkedByHandler<S extends z.ZodType>(schema: S): S {
  CHECKED_BY_HANDLER.add(schema);
  return schema;
}

export function isCheckedByHandler(schema: unknown): boolean {
  return typeof schema === 'object' && schema !== null && CHECKED_BY_HANDLER.has(schema as z.ZodType);
}

const FORMS = new WeakMap<z.ZodType, z.ZodType>();

/**
 * A body whose reference shape is `documented` but which `validator` checks, as a form does: the reply's message is
 * the first failing field's (the spec's client shows that one line), and the body reaches the handler as sent.
 */
export function specForm<S extends z.ZodType>(documented: S, validator: z.ZodType): S {
  FORMS.set(documented, validator);
  return documented;
}

/** The validator of a schema made by `specForm`, or null. */
export function formValidatorOf(schema: unknown): z.ZodType | null {
  return typeof schema === 'object' && schema !== null ? (FORMS.get(schema as z.ZodType) ?? null) : null;
}

/** A JSON object reply whose listed fields are the contract; fields added later do not break older clients. */
export const reply = <T extends z.ZodRawShape>(shape: T) => z.looseObject(shape);

/** Any JSON value: a reply whose shape the module owns and documents in its prose (settings blobs, game data). */
export const anyJson = z.unknown();

/**
 * An error reply as sent: the error body, with the seconds to wait on a rate limit, and `status: false` on the
 * PIX gateway calls, whose spec'd client reads that flag.
 */
export const ErrorReply = ErrorBody.extend({
  retry_after: z.number().int().optional().describe('Seconds before the call may be tried again (429).'),
  status: z.literal(false).optional().describe('Sent by the PIX gateway calls (/api/main-gateway/*).'),
});

/** The error replies every call may give (auth, validation, rate limits, maintenance, unknown host). */
export const ERROR_REPLIES = {
  400: ErrorReply,
  401: ErrorReply,
  402: ErrorReply,
  403: ErrorReply,
  404: ErrorReply,
  405: ErrorReply,
  409: ErrorReply,
  413: ErrorReply,
  414: ErrorReply,
  415: ErrorReply,
  422: ErrorReply,
  429: ErrorReply,
  500: ErrorReply,
  503: ErrorReply,
} as const;

/** Replies of one call: its successes plus every error reply. */
export function replies<T extends Record<number, z.ZodType>>(ok: T) {
  return { ...ERROR_REPLIES, ...ok };
}

/** A page of a list as the spec's client reads it (Laravel's paginator fields). */
export const paginated = <T extends z.ZodType>(item: T) =>
  reply({
    data: z.array(item),
    current_page: z.number().int(),
    last_page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
  });

export const Int = z.number().int();
export const IsoTime = z.string().describe('ISO 8601 timestamp.');

/** A numeric path id as the routes take it (digits only; anything else is "not found"). */
export const NumericId = z.string().describe('Digits only; anything else is answered 404.');
