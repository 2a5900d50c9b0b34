import { z } from 'zod';
import { ErrorBody } from '../errors';
import type { FieldMessage } from '../field-rules';
import type { TenantSettings } from '../site-config';

/**
 * Helpers every contract of an HTTP call uses: the error replies, localized validation messages, and the marks
 * that tell the server how a request part is checked (as a form, per tenant, refused whole, or by its handler).
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
 * Marks input the reference documents but the server does not validate before the handler, for one of few
 * reasons, each said where it is used: bytes verified as sent (an HMAC over the raw body), a multipart stream read
 * part by part, or a protocol that answers errors in its own envelope.
 */
export function checkedByHandler<S extends z.ZodType>(schema: S): S {
  CHECKED_BY_HANDLER.add(schema);
  return schema;
}

export function isCheckedByHandler(schema: unknown): boolean {
  return typeof schema === 'object' && schema !== null && CHECKED_BY_HANDLER.has(schema as z.ZodType);
}

type Check = { validator: z.ZodType; form: boolean };
const CHECKS = new WeakMap<z.ZodType, Check>();

/**
 * A request part whose reference shape is `documented` but which `validator` checks, as a form does: each field
 * reports its first failing rule, the reply's message is the first field's (the spec's client shows that one
 * line), and the validator's output, typed as `documented`'s, is what the handler receives.
 */
export function specForm<S extends z.ZodType>(documented: S, validator: z.ZodType<z.output<S>>): S {
  CHECKS.set(documented, { validator, form: true });
  return documented;
}

/** A schema that documents and validates a request part as a form (see `specForm`). */
export const form = <S extends z.ZodType>(schema: S): S => specForm(schema, schema as z.ZodType<z.output<S>>);

/**
 * A request part whose reference shape is `documented` but which `validator` checks (rules a JSON schema cannot
 * say, such as a decoded length); its output, typed as `documented`'s, is what the handler receives.
 */
export function checkedWith<S extends z.ZodType>(documented: S, validator: z.ZodType<z.output<S>>): S {
  CHECKS.set(documented, { validator, form: false });
  return documented;
}

/** How a schema made by `specForm`, `form` or `checkedWith` is checked, or null. */
export function checkOf(schema: unknown): Check | null {
  return typeof schema === 'object' && schema !== null ? (CHECKS.get(schema as z.ZodType) ?? null) : null;
}

/** What a form whose rules depend on the tenant reads of it. */
export type FormContext = { settings: TenantSettings };
const TENANT_FORMS = new WeakMap<z.ZodType, (ctx: FormContext) => z.ZodType>();

/**
 * A form whose rules depend on the tenant (which fields it requires, its time zone): the server checks it, as
 * `specForm` does, once the tenant is known and before the handler.
 */
export function tenantForm<S extends z.ZodType>(
  documented: S,
  validatorFor: (ctx: FormContext) => z.ZodType<z.output<S>>,
): S {
  TENANT_FORMS.set(documented, validatorFor);
  return documented;
}

/** The validator factory of a schema made by `tenantForm`, or null. */
export function tenantFormOf(schema: unknown): ((ctx: FormContext) => z.ZodType) | null {
  return typeof schema === 'object' && schema !== null ? (TENANT_FORMS.get(schema as z.ZodType) ?? null) : null;
}

/** An answer that refuses a whole request part: a missing header (400), a path naming nothing (404) ... */
export type Refusal = { code: 'bad_request' | 'forbidden' | 'not_found'; message?: FieldMessage };
const REFUSALS = new WeakMap<z.ZodType, Refusal>();

/**
 * A request part whose failure is answered with `refusal` (its status and message) rather than a list of fields:
 * a path id that names nothing is "not found", and a protocol may expect a plain 403.
 */
export function refusedWith<S extends z.ZodType>(schema: S, refusal: Refusal): S {
  REFUSALS.set(schema, refusal);
  return schema;
}

/** The refusal of a schema made by `refusedWith`, or null. */
export function refusalOf(schema: unknown): Refusal | null {
  return typeof schema === 'object' && schema !== null ? (REFUSALS.get(schema as z.ZodType) ?? null) : null;
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

/** What a client sends as a call's body or query (the web's API functions are typed by these). */
export type BodyOf<C extends { body: z.ZodType }> = z.input<C['body']>;
export type QueryOf<C extends { querystring: z.ZodType }> = z.input<C['querystring']>;
/** What a call answers on success (200 unless named). */
export type ReplyOf<
  C extends { response: Record<number, z.ZodType> },
  S extends keyof C['response'] = 200,
> = C['response'][S] extends z.ZodType ? z.output<C['response'][S]> : never;

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

/** A numeric path id as the routes take it (digits only; anything else is "not found"), as a number. */
export const NumericId = z
  .string()
  .regex(/^\d{1,15}$/)
  .transform(Number)
  .describe('Digits only; anything else is answered 404.');
