import { z } from 'zod';
import {
  ageOn,
  emailError,
  type FieldMessage,
  fullNameError,
  FIELD_MESSAGES as M,
  normalizeCpf,
  normalizePhone,
  passwordError,
  todayIn,
} from './field-rules';
import { type FormContext, localized, specForm, tenantForm } from './http';

/**
 * Request bodies checked as the spec's forms (section 5): each field reports its first failing rule, anything but
 * an object reads as an empty form, and numbers pass where the spec's client may send them. The checked body is
 * then read into the shape the handler receives (trimmed, normalised).
 */
export type FormBody = Record<string, unknown>;
export type FieldRule = (value: unknown, body: FormBody) => FieldMessage | null;

/** Messages of the generic rules that the spec's field rules do not name. */
export const FORM_MESSAGES = {
  invalid: { pt: 'O campo não é válido.', en: 'The field is not valid.' },
  boolean: { pt: 'O valor deve ser verdadeiro ou falso.', en: 'The value must be true or false.' },
  language: { pt: 'Idioma inválido.', en: 'Invalid language.' },
  date: { pt: 'Data inválida.', en: 'Invalid date.' },
  id: { pt: 'Identificador inválido.', en: 'Invalid id.' },
} as const satisfies Record<string, FieldMessage>;

export const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const digitsOrText = (v: unknown) => typeof v === 'string' || typeof v === 'number';

/** A text field as read: trimmed text, a number as its digits, anything else empty. */
export const textOf = (v: unknown) => str(v).trim();

/** A switch as forms send it (true/false, "true"/"false", 1/0, "1"/"0"), or null for anything else. */
export const flagOf = (v: unknown): boolean | null =>
  v === true || v === 'true' || v === 1 || v === '1'
    ? true
    : v === false || v === 'false' || v === 0 || v === '0'
      ? false
      : null;

/** "YYYY-MM-DD" naming a real day. */
export function isCalendarDate(v: unknown): v is string {
  if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

export const rules = {
  required: ((v) => (isBlank(v) ? M.required : null)) as FieldRule,
  /** Sent at all: blank text counts as sent (the field's own rule then says what is wrong with it). */
  present: ((v) => (v === undefined || v === null || v === '' ? M.required : null)) as FieldRule,
  /** Text or a number (a CPF or phone typed as a number). */
  text: ((v) => (digitsOrText(v) ? null : FORM_MESSAGES.invalid)) as FieldRule,
  string: ((v) => (typeof v === 'string' ? null : M.required)) as FieldRule,
  sixDigits: ((v) => (/^\d{6}$/.test(str(v).trim()) ? null : M.codeFormat)) as FieldRule,
  phone: ((v) => (digitsOrText(v) && normalizePhone(String(v)) ? null : M.phone)) as FieldRule,
  email: ((v) => (typeof v === 'string' ? emailError(v) : M.email)) as FieldRule,
  password: ((v) => (typeof v === 'string' ? passwordError(v) : M.passwordMin)) as FieldRule,
  cpf: ((v) => (digitsOrText(v) && normalizeCpf(String(v)) ? null : M.cpf)) as FieldRule,
  fullName: ((v) => (typeof v === 'string' ? fullNameError(v) : M.fullName)) as FieldRule,
  /** A switch (see flagOf), or absent. */
  flag: ((v) => (v === undefined || flagOf(v) !== null ? null : FORM_MESSAGES.boolean)) as FieldRule,
  confirms:
    (other: string): FieldRule =>
    (v, b) =>
      v === b[other] ? null : M.passwordConfirm,
  /** A checkbox that must be ticked. */
  accepted:
    (message: FieldMessage): FieldRule =>
    (v) =>
      v === true || v === 'true' || v === 1 || v === '1' || v === 'on' ? null : message,
  /** A birth date of someone 18 to 120 years old on today's date in `timeZone`. */
  birthDate:
    (timeZone: string): FieldRule =>
    (v) => {
      if (!isCalendarDate(v)) return M.birthDate;
      const age = ageOn(v, todayIn(timeZone));
      if (age < 0 || age > 120) return M.birthDate;
      if (age < 18) return M.underage;
      return null;
    },
  /** Text of at most `n` characters once trimmed. */
  maxLength:
    (n: number): FieldRule =>
    (v) =>
      typeof v === 'string' && v.trim().length <= n ? null : FORM_MESSAGES.invalid,
  /** Text that matches `re` once trimmed. */
  pattern:
    (re: RegExp, message: FieldMessage = FORM_MESSAGES.invalid): FieldRule =>
    (v) =>
      typeof v === 'string' && re.test(v.trim()) ? null : message,
  /** A record id: a positive whole number, as a JSON number or its digits. */
  id: ((v) => (/^\d{1,15}$/.test(str(v).trim()) && Number(str(v)) > 0 ? null : FORM_MESSAGES.id)) as FieldRule,
  /** A rule of its own: `ok` says whether the value passes. */
  check:
    (ok: (v: unknown, b: FormBody) => boolean, message: FieldMessage): FieldRule =>
    (v, b) =>
      ok(v, b) ? null : message,
  /** Runs `list` only when the field has a value. */
  optional:
    (...list: FieldRule[]): FieldRule =>
    (v, b) =>
      isBlank(v) ? null : firstFailure(list, v, b),
  /** Reads the field under its first present name (the spec's client sends `login`, older ones `email`/`phone`). */
  aliased:
    (names: string[], ...list: FieldRule[]): FieldRule =>
    (_v, b) =>
      firstFailure(list, aliasOf(b, names), b),
  /** Runs `list` only when `when` holds for the body. */
  when:
    (when: (b: FormBody) => boolean, ...list: FieldRule[]): FieldRule =>
    (v, b) =>
      when(b) ? firstFailure(list, v, b) : null,
};

/** The value under the first of `names` that is present. */
export const aliasOf = (b: FormBody, names: string[]) =>
  names.map((n) => b[n]).find((x) => x !== undefined && x !== null);

function firstFailure(list: FieldRule[], v: unknown, b: FormBody): FieldMessage | null {
  for (const rule of list) {
    const failure = rule(v, b);
    if (failure) return failure;
  }
  return null;
}

/** A body as a form reads it: anything but an object is an empty form. */
export const asForm = (data: unknown): FormBody =>
  data && typeof data === 'object' && !Array.isArray(data) ? (data as FormBody) : {};

export type FormOptions = {
  /** Report only the first field that fails (a form whose fields are checked one after another). */
  firstFieldOnly?: boolean;
};

/** The field rules as one zod validator: one issue per failing field (its first failing rule), then `read`. */
function rulesValidator<T>(fields: Record<string, FieldRule[]>, read: (body: FormBody) => T, o: FormOptions = {}) {
  return z
    .unknown()
    .superRefine((data, ctx) => {
      const body = asForm(data);
      for (const [field, list] of Object.entries(fields)) {
        const failure = firstFailure(list, body[field], body);
        if (!failure) continue;
        ctx.addIssue({ code: 'custom', path: [field], message: localized(failure) });
        if (o.firstFieldOnly) return;
      }
    })
    .transform((data) => read(asForm(data)));
}

/**
 * A body validated by field rules through zod: one issue per failing field (its first failing rule), with the
 * pt-BR message whose English the server finds. `documented` is the shape the reference shows; `read` turns the
 * checked body into it (trimmed, normalised), which is what the handler receives.
 */
export function fieldRulesForm<S extends z.ZodType>(
  documented: S,
  fields: Record<string, FieldRule[]>,
  read: (body: FormBody) => z.output<S>,
  o?: FormOptions,
): S {
  return specForm(documented, rulesValidator(fields, read, o));
}

/** A form of field rules that depend on the tenant (see `tenantForm`). */
export function tenantRulesForm<S extends z.ZodType>(
  documented: S,
  fields: (ctx: FormContext) => Record<string, FieldRule[]>,
  read: (body: FormBody, ctx: FormContext) => z.output<S>,
): S {
  return tenantForm(documented, (ctx) => rulesValidator(fields(ctx), (b) => read(b, ctx)));
}
