import { AppError, type Localized } from '../../platform/errors';

/**
 * The field rules of spec section 5, with the exact pt-BR wordings the spec gives and English translations. Each
 * field reports only its first failing rule, as the site's form library does, so server and client agree.
 */
export const MSG = {
  required: { pt: 'Este campo é obrigatório.', en: 'This field is required.' },
  fullName: { pt: 'Por favor, insira seu nome completo.', en: 'Please enter your full name.' },
  lastName: {
    pt: 'O sobrenome deve ter mais de três caracteres.',
    en: 'The last name must have more than three characters.',
  },
  nameChars: { pt: 'O nome contém caracteres inválidos.', en: 'The name contains invalid characters.' },
  nameMax: { pt: 'O nome deve ter no máximo 100 caracteres.', en: 'The name must have at most 100 characters.' },
  phone: { pt: 'Número de celular inválido.', en: 'Invalid mobile number.' },
  email: { pt: 'Por favor, insira um e-mail válido.', en: 'Please enter a valid e-mail.' },
  emailMax: { pt: 'E-mail é permitido apenas 30 caracteres', en: 'E-mail allows only 30 characters' },
  passwordMin: { pt: 'A senha deve ter no mínimo 8 caracteres.', en: 'The password must have at least 8 characters.' },
  passwordMax: {
    pt: 'A senha deve ter no máximo 128 caracteres.',
    en: 'The password must have at most 128 characters.',
  },
  passwordMix: {
    pt: 'A senha deve combinar letras com números ou símbolos.',
    en: 'The password must mix letters with numbers or symbols.',
  },
  passwordConfirm: { pt: 'As senhas não coincidem', en: 'The passwords do not match' },
  birthDate: { pt: 'Data de nascimento inválida.', en: 'Invalid birth date.' },
  underage: { pt: 'Você precisa ter 18 anos ou mais.', en: 'You must be 18 or older.' },
  cpf: { pt: 'CPF inválido', en: 'Invalid CPF' },
  cpfTaken: { pt: 'Este CPF já está cadastrado.', en: 'This CPF is already registered.' },
  emailTaken: { pt: 'Este e-mail já está cadastrado.', en: 'This e-mail is already registered.' },
  phoneTaken: { pt: 'Este celular já está cadastrado.', en: 'This mobile number is already registered.' },
  codeFormat: { pt: 'O código deve ter 6 dígitos.', en: 'The code must have 6 digits.' },
  codeInvalid: { pt: 'Código inválido ou expirado.', en: 'Invalid or expired code.' },
  codeAttempts: {
    pt: 'Muitas tentativas erradas. Solicite um novo código.',
    en: 'Too many wrong attempts. Request a new code.',
  },
  terms: { pt: 'Você precisa aceitar os termos e condições.', en: 'You must accept the terms and conditions.' },
  ageConfirmed: {
    pt: 'Você precisa confirmar que tem 18 anos ou mais.',
    en: 'You must confirm that you are 18 or older.',
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

const NAME_CHARS = /^[\p{L}\p{M}' .-]+$/u;

export function splitName(raw: string): { first_name: string; last_name: string; name: string } {
  const name = raw.trim().replace(/\s+/g, ' ');
  const [first = '', ...rest] = name.split(' ');
  return { first_name: first, last_name: rest.join(' '), name };
}

export const fullName: Rule = (v) => {
  if (typeof v !== 'string') return MSG.fullName;
  const { name } = splitName(v);
  if (name.length > 100) return MSG.nameMax;
  const words = name.split(' ');
  if (words.length < 2) return MSG.fullName;
  if (!NAME_CHARS.test(name)) return MSG.nameChars;
  if ((words[1] ?? '').replace(/[^\p{L}]/gu, '').length < 2) return MSG.lastName;
  return null;
};

// ---- phone ----

/** Brazilian area codes (DDD) in use, from Anatel's numbering plan. */
const DDD = new Set([
  11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 24, 27, 28, 31, 32, 33, 34, 35, 37, 38, 41, 42, 43, 44, 45, 46, 47, 48,
  49, 51, 53, 54, 55, 61, 62, 63, 64, 65, 66, 67, 68, 69, 71, 73, 74, 75, 77, 79, 81, 82, 83, 84, 85, 86, 87, 88, 89,
  91, 92, 93, 94, 95, 96, 97, 98, 99,
]);

/**
 * A Brazilian mobile number in any usual writing ("(11) 98765-4321", "11987654321", "+55 11 98765 4321") as
 * E.164 ("+5511987654321"), or null. Mobile numbers have 9 digits after the DDD, starting with 9.
 */
export function normalizePhone(raw: unknown): string | null {
  if (typeof raw !== 'string' && typeof raw !== 'number') return null;
  const s = String(raw).trim();
  if (s.length > 30 || !/^[+\d\s().-]+$/.test(s)) return null;
  let digits = s.replace(/\D/g, '');
  if (digits.length === 13 && digits.startsWith('55')) digits = digits.slice(2);
  else if (digits.length === 12 && digits.startsWith('0')) digits = digits.slice(1);
  if (!/^\d{2}9\d{8}$/.test(digits) || !DDD.has(Number(digits.slice(0, 2)))) return null;
  return `+55${digits}`;
}

export const phone: Rule = (v) => (normalizePhone(v) ? null : MSG.phone);

// ---- e-mail ----

// Pragmatic: one @, no spaces, a dotted domain of valid labels. Full RFC 5322 accepts addresses no mailbox has.
const EMAIL =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

export function normalizeEmail(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const e = raw.trim().toLowerCase();
  return e.length <= 254 && EMAIL.test(e) && !e.includes('..') ? e : null;
}

export const email: Rule = (v) => {
  if (!normalizeEmail(v)) return MSG.email;
  if (str(v).trim().length > 30) return MSG.emailMax;
  return null;
};

// ---- password ----

export const password: Rule = (v) => {
  if (typeof v !== 'string') return MSG.passwordMin;
  if (v.length < 8) return MSG.passwordMin;
  if (v.length > 128) return MSG.passwordMax;
  if (!/\p{L}/u.test(v) || !/[^\p{L}]/u.test(v)) return MSG.passwordMix;
  return null;
};

export const confirms =
  (other: string): Rule =>
  (v, b) =>
    v === b[other] ? null : MSG.passwordConfirm;

// ---- CPF ----

/** CPF digits (punctuation removed) when the number is valid: 11 digits, not all equal, both check digits right. */
export function normalizeCpf(raw: unknown): string | null {
  if (typeof raw !== 'string' && typeof raw !== 'number') return null;
  const s = String(raw).trim();
  if (!/^[\d.\s-]{11,18}$/.test(s)) return null;
  const d = s.replace(/\D/g, '');
  if (d.length !== 11 || /^(\d)\1{10}$/.test(d)) return null;
  const digit = (len: number) => {
    let sum = 0;
    for (let i = 0; i < len; i++) sum += Number(d[i]) * (len + 1 - i);
    const r = (sum * 10) % 11;
    return r === 10 ? 0 : r;
  };
  return digit(9) === Number(d[9]) && digit(10) === Number(d[10]) ? d : null;
}

export const cpf: Rule = (v) => (normalizeCpf(v) ? null : MSG.cpf);

// ---- dates ----

/** Today's calendar date in a time zone, "YYYY-MM-DD". */
export function todayIn(timeZone: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

export function isCalendarDate(v: unknown): v is string {
  if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

/** Whole years between a birth date and `today` (both "YYYY-MM-DD"). */
export function ageOn(birth: string, today: string): number {
  const [by, bm, bd] = birth.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
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
