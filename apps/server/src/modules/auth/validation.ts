import {
  ageOn,
  emailError,
  FIELD_MESSAGES,
  fullNameError,
  passwordError,
  normalizeCpf as sharedNormalizeCpf,
  normalizeEmail as sharedNormalizeEmail,
  normalizePhone as sharedNormalizePhone,
  splitName,
  todayIn,
} from '@sorte/contracts';
import { AppError, type Localized } from '../../platform/errors';

export { ageOn, splitName, todayIn };

/**
 * The field rules of spec section 5, with the exact pt-BR wordings the spec gives and English translations. Each
 * field reports only its first failing rule, as the site's form library does, so server and client agree.
 */
export const MSG = {
  ...FIELD_MESSAGES,
  cpfTaken: { pt: 'Este CPF já está cadastrado.', en: 'This CPF is already registered.' },
  emailTaken: { pt: 'Este e-mail já está cadastrado.', en: 'This e-mail is already registered.' },
  phoneTaken: { pt: 'Este celular já está cadastrado.', en: 'This mobile number is already registered.' },
  codeInvalid: { pt: 'Código inválido ou expirado.', en: 'Invalid or expired code.' },
  codeAttempts: {
    pt: 'Muitas tentativas erradas. Solicite um novo código.',
    en: 'Too many wrong attempts. Request a new code.',
  },
  captcha: {
    pt: 'Não foi possível validar o captcha. Tente novamente.',
    en: 'The captcha could not be verified. Please try again.',
  },
  currentPassword: { pt: 'Senha atual incorreta.', en: 'The current password is incorrect.' },
  language: { pt: 'Idioma inválido.', en: 'Invalid language.' },
  invalid: { pt: 'O campo não é válido.', en: 'The field is not valid.' },
  date: { pt: 'Data inválida.', en: 'Invalid date.' },
  boolean: { pt: 'O valor deve ser verdadeiro ou falso.', en: 'The value must be true or false.' },
} as const satisfies Record<string, Localized>;

export type Body = Record<string, unknown>;
export type Rule = (value: unknown, body: Body) => Localized | null;

/** The request body as an object; anything else (null, a list, text) is treated as an empty form. */
export function asBody(raw: unknown): Body {
  return raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Body) : {};
}

export const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/** Runs each field's rules in order and keeps the first failure per field; throws 422 if any field failed. */
export function check(body: Body, rules: Record<string, Rule[]>): void {
  const errors: Record<string, Localized[]> = {};
  for (const [field, list] of Object.entries(rules)) {
    for (const rule of list) {
      const failure = rule(body[field], body);
      if (failure) {
        errors[field] = [failure];
        break;
      }
    }
  }
  // The top-level message is the first failure, so a client that shows one line shows something useful.
  const first = Object.values(errors)[0]?.[0];
  if (first) throw new AppError('validation', first, errors);
}

/** 422 for one field, for failures found after validation (a code that does not match, a taken e-mail). */
export function fieldError(field: string, message: Localized): AppError {
  return new AppError('validation', message, { [field]: [message] });
}

export const required: Rule = (v) => (isBlank(v) ? MSG.required : null);
export const optional =
  (...rules: Rule[]): Rule =>
  (v, b) => {
    if (isBlank(v)) return null;
    for (const r of rules) {
      const f = r(v, b);
      if (f) return f;
    }
    return null;
  };

// ---- name ----

export const fullName: Rule = (v) => (typeof v === 'string' ? fullNameError(v) : MSG.fullName);

// ---- phone ----

/** A Brazilian mobile number in any usual writing as E.164 ("+5511987654321"), or null. */
export function normalizePhone(raw: unknown): string | null {
  if (typeof raw !== 'string' && typeof raw !== 'number') return null;
  return sharedNormalizePhone(String(raw));
}

export const phone: Rule = (v) => (normalizePhone(v) ? null : MSG.phone);

// ---- e-mail ----

export function normalizeEmail(raw: unknown): string | null {
  return typeof raw === 'string' ? sharedNormalizeEmail(raw) : null;
}

export const email: Rule = (v) => (typeof v === 'string' ? emailError(v) : MSG.email);

// ---- password ----

export const password: Rule = (v) => (typeof v === 'string' ? passwordError(v) : MSG.passwordMin);

export const confirms =
  (other: string): Rule =>
  (v, b) =>
    v === b[other] ? null : MSG.passwordConfirm;

// ---- CPF ----

/** CPF digits (punctuation removed) when the number is valid, else null. */
export function normalizeCpf(raw: unknown): string | null {
  if (typeof raw !== 'string' && typeof raw !== 'number') return null;
  return sharedNormalizeCpf(String(raw));
}

export const cpf: Rule = (v) => (normalizeCpf(v) ? null : MSG.cpf);

// ---- dates ----

export function isCalendarDate(v: unknown): v is string {
  if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

export const birthDate =
  (timeZone: string): Rule =>
  (v) => {
    if (!isCalendarDate(v)) return MSG.birthDate;
    const age = ageOn(v, todayIn(timeZone));
    if (age < 0 || age > 120) return MSG.birthDate;
    if (age < 18) return MSG.underage;
    return null;
  };

export const accepted =
  (message: Localized): Rule =>
  (v) =>
    v === true || v === 'true' || v === 1 || v === '1' || v === 'on' ? null : message;

export const sixDigits: Rule = (v) => (/^\d{6}$/.test(str(v).trim()) ? null : MSG.codeFormat);

export const text: Rule = (v) => (typeof v === 'string' || typeof v === 'number' ? null : MSG.invalid);
