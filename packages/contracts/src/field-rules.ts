/**
 * The field rules of spec section 5, shared by the server (which enforces them) and the web forms (which show them
 * as the player types), so both always agree: the exact pt-BR wordings with their English, and the pure checks.
 * Each field reports only its first failing rule.
 */
export type FieldMessage = { pt: string; en: string };

export const FIELD_MESSAGES = {
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
  codeFormat: { pt: 'O código deve ter 6 dígitos.', en: 'The code must have 6 digits.' },
  terms: { pt: 'Você precisa aceitar os termos e condições.', en: 'You must accept the terms and conditions.' },
  ageConfirmed: {
    pt: 'Você precisa confirmar que tem 18 anos ou mais.',
    en: 'You must confirm that you are 18 or older.',
  },
} as const satisfies Record<string, FieldMessage>;

const M = FIELD_MESSAGES;

// ---- name ----

const NAME_CHARS = /^[\p{L}\p{M}' .-]+$/u;

/** Trims and collapses spaces; the first word is the first name, the rest the last name. */
export function splitName(raw: string): { first_name: string; last_name: string; name: string } {
  const name = raw.trim().replace(/\s+/g, ' ');
  const [first = '', ...rest] = name.split(' ');
  return { first_name: first, last_name: rest.join(' '), name };
}

/** Full name: at most 100 characters, two words or more, letters only, a second word of at least 2 letters. */
export function fullNameError(raw: string): FieldMessage | null {
  const { name } = splitName(raw);
  if (name.length > 100) return M.nameMax;
  const words = name.split(' ');
  if (words.length < 2) return M.fullName;
  if (!NAME_CHARS.test(name)) return M.nameChars;
  if ((words[1] ?? '').replace(/[^\p{L}]/gu, '').length < 2) return M.lastName;
  return null;
}

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
export function normalizePhone(raw: string): string | null {
  const s = raw.trim();
  if (s.length > 30 || !/^[+\d\s().-]+$/.test(s)) return null;
  let digits = s.replace(/\D/g, '');
  if (digits.length === 13 && digits.startsWith('55')) digits = digits.slice(2);
  else if (digits.length === 12 && digits.startsWith('0')) digits = digits.slice(1);
  if (!/^\d{2}9\d{8}$/.test(digits) || !DDD.has(Number(digits.slice(0, 2)))) return null;
  return `+55${digits}`;
}

// ---- e-mail ----

// Pragmatic: one @, no spaces, a dotted domain of valid labels. Full RFC 5322 accepts addresses no mailbox has.
const EMAIL =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

/** The address trimmed and lower-cased when it is a valid e-mail, else null. */
export function normalizeEmail(raw: string): string | null {
  const e = raw.trim().toLowerCase();
  return e.length <= 254 && EMAIL.test(e) && !e.includes('..') ? e : null;
}

/** A valid e-mail of at most 30 characters (the spec's limit). */
export function emailError(raw: string): FieldMessage | null {
  if (!normalizeEmail(raw)) return M.email;
  if (raw.trim().length > 30) return M.emailMax;
  return null;
}

// ---- password ----

/** 8 to 128 characters, letters mixed with other characters. */
export function passwordError(p: string): FieldMessage | null {
  if (p.length < 8) return M.passwordMin;
  if (p.length > 128) return M.passwordMax;
  if (!/\p{L}/u.test(p) || !/[^\p{L}]/u.test(p)) return M.passwordMix;
  return null;
}

// ---- CPF ----

/** CPF digits (punctuation removed) when the number is valid: 11 digits, not all equal, both check digits right. */
export function normalizeCpf(raw: string): string | null {
  const s = raw.trim();
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

// ---- dates ----

/** Today's calendar date in a time zone, "YYYY-MM-DD". */
export function todayIn(timeZone: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** Whole years between a birth date and `today` (both "YYYY-MM-DD"). */
export function ageOn(birth: string, today: string): number {
  const [by, bm, bd] = birth.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}
