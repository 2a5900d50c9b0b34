import { z } from 'zod';
import {
  emailError,
  type FieldMessage,
  FIELD_MESSAGES as M,
  normalizeCpf,
  normalizePhone,
  passwordError,
} from '../field-rules';
import { localized, specForm } from '../http';

/**
 * The spec's field rules (section 5) as the server applies them to a body: each field reports its first failing
 * rule, anything but an object reads as an empty form, and numbers pass where the spec's client may send them.
 */
export type FormBody = Record<string, unknown>;
export type FieldRule = (value: unknown, body: FormBody) => FieldMessage | null;

const INVALID: FieldMessage = { pt: 'O campo não é válido.', en: 'The field is not valid.' };

export const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const digitsOrText = (v: unknown) => typeof v === 'string' || typeof v === 'number';

export const rules = {
  required: ((v) => (isBlank(v) ? M.required : null)) as FieldRule,
  /** Text or a number (a CPF or phone typed as a number). */
  text: ((v) => (digitsOrText(v) ? null : INVALID)) as FieldRule,
  string: ((v) => (typeof v === 'string' ? null : M.required)) as FieldRule,
  sixDigits: ((v) => (/^\d{6}$/.test(str(v).trim()) ? null : M.codeFormat)) as FieldRule,
  phone: ((v) => (digitsOrText(v) && normalizePhone(String(v)) ? null : M.phone)) as FieldRule,
  email: ((v) => (typeof v === 'string' ? emailError(v) : M.email)) as FieldRule,
  password: ((v) => (typeof v === 'string' ? passwordError(v) : M.passwordMin)) as FieldRule,
  cpf: ((v) => (digitsOrText(v) && normalizeCpf(String(v)) ? null : M.cpf)) as FieldRule,
  confirms:
    (other: string): FieldRule =>
    (v, b) =>
      v === b[other] ? null : M.passwordConfirm,
  /** Reads the field under its first present name (the spec's client sends `login`, older ones `email`/`phone`). */
  aliased:
    (names: string[], ...list: FieldRule[]): FieldRule =>
    (_v, b) =>
      firstFailure(
        list,
        names.map((n) => b[n]).find((x) => x !== undefined && x !== null),
        b,
      ),
  /** Runs `list` only when `when` holds for the body. */
  when:
    (when: (b: FormBody) => boolean, ...list: FieldRule[]): FieldRule =>
    (v, b) =>
      when(b) ? firstFailure(list, v, b) : null,
};

function firstFailure(list: FieldRule[], v: unknown, b: FormBody): FieldMessage | null {
  for (const rule of list) {
    const failure = rule(v, b);
    if (failure) return failure;
  }
  return null;
}

/**
 * A body validated by field rules through zod: one issue per failing field (its first failing rule), with the
 * pt-BR message whose English the server finds. `documented` is the shape the reference shows.
 */
export function fieldRulesForm<S extends z.ZodType>(documented: S, fields: Record<string, FieldRule[]>): S {
  const validator = z.unknown().superRefine((data, ctx) => {
    const body = data && typeof data === 'object' && !Array.isArray(data) ? (data as FormBody) : {};
    for (const [field, list] of Object.entries(fields)) {
      const failure = firstFailure(list, body[field], body);
      if (failure) ctx.addIssue({ code: 'custom', path: [field], message: localized(failure) });
    }
  });
  return specForm(documented, validator);
}
