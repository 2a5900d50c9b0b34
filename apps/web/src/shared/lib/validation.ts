import {
  ageOn,
  emailError,
  FIELD_MESSAGES,
  type FieldMessage,
  fullNameError,
  normalizeCpf,
  normalizeEmail,
  normalizePhone,
  passwordError,
  todayIn,
} from '@sorte/contracts';
import { getLocale } from './i18n';

export { ageOn, normalizeCpf, normalizePhone, todayIn };

/**
 * The field rules of spec section 5, as the server checks them (packages/contracts/src/forms.ts): same
 * order, same pt-BR wordings, same English. Each field shows only its first failing rule. Only lazy feature chunks
 * import this module, so it stays out of the home route's bundle.
 */
export type Msg = FieldMessage;

export const MSG = {
  ...FIELD_MESSAGES,
  login: { pt: 'Informe um e-mail ou celular válido.', en: 'Enter a valid e-mail or mobile number.' },
} as const satisfies Record<string, Msg>;

export type Values = Record<string, string | boolean>;
export type Rule = (value: string | boolean, values: Values) => Msg | null;

const str = (v: string | boolean) => (typeof v === 'string' ? v : '');
export const isBlank = (v: string | boolean) => v === false || str(v).trim() === '';

export const required: Rule = (v) => (isBlank(v) ? MSG.required : null);

/** Runs the rules only when the field has a value. */
export const optional =
  (...rules: Rule[]): Rule =>
  (v, values) => {
    if (isBlank(v)) return null;
    for (const r of rules) {
      const f = r(v, values);
      if (f) return f;
    }
    return null;
  };

export const fullName: Rule = (v) => fullNameError(str(v));

export const phone: Rule = (v) => (normalizePhone(str(v)) ? null : MSG.phone);

export function isEmail(raw: string): boolean {
  return normalizeEmail(raw) !== null;
}

export const email: Rule = (v) => emailError(str(v));

export const password: Rule = (v) => passwordError(str(v));

export const confirms =
  (other: string): Rule =>
  (v, values) =>
    v === values[other] ? null : MSG.passwordConfirm;

export const cpf: Rule = (v) => (normalizeCpf(str(v)) ? null : MSG.cpf);

/** "17/05/1990" (as typed) -> "1990-05-17", or null when it is not a real calendar date. */
export function parseBrDate(raw: string): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(raw.trim());
  if (!m) return null;
  const iso = `${m[3]}-${m[2]}-${m[1]}`;
  const d = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === iso ? iso : null;
}

/** A birth date typed as DD/MM/AAAA, 18 or older in the tenant's time zone. */
export const adultBirthDate =
  (timeZone: string): Rule =>
  (v) => {
    const iso = parseBrDate(str(v));
    if (!iso) return MSG.birthDate;
    const age = ageOn(iso, todayIn(timeZone));
    if (age < 0 || age > 120) return MSG.birthDate;
    if (age < 18) return MSG.underage;
    return null;
  };

export const accepted =
  (message: Msg): Rule =>
  (v) =>
    v === true ? null : message;

export const sixDigits: Rule = (v) => (/^\d{6}$/.test(str(v).trim()) ? null : MSG.codeFormat);

/** E-mail or Brazilian mobile (the login field when CPF login is off). */
export const loginId: Rule = (v) =>
  isEmail(str(v)) || normalizePhone(str(v)) || normalizeCpf(str(v)) ? null : MSG.login;

// ---- input masks ----

const digitsOf = (s: string, max: number) => s.replace(/\D/g, '').slice(0, max);

/** "11987654321" -> "(11) 98765-4321", progressively while typing. */
export function maskPhone(raw: string): string {
  let d = raw.replace(/\D/g, '');
  if (d.length > 11 && d.startsWith('55')) d = d.slice(2);
  d = d.slice(0, 11);
  if (d.length <= 2) return d.length ? `(${d}` : '';
  if (d.length <= 7) return `(${d.slice(0, 2)}) ${d.slice(2)}`;
  return `(${d.slice(0, 2)}) ${d.slice(2, 7)}-${d.slice(7)}`;
}

export function maskCpf(raw: string): string {
  const d = digitsOf(raw, 11);
  if (d.length <= 3) return d;
  if (d.length <= 6) return `${d.slice(0, 3)}.${d.slice(3)}`;
  if (d.length <= 9) return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6)}`;
  return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`;
}

export function maskDate(raw: string): string {
  const d = digitsOf(raw, 8);
  if (d.length <= 2) return d;
  if (d.length <= 4) return `${d.slice(0, 2)}/${d.slice(2)}`;
  return `${d.slice(0, 2)}/${d.slice(2, 4)}/${d.slice(4)}`;
}

export const maskCode = (raw: string) => digitsOf(raw, 6);

// ---- checking a form (shared/lib/form.ts runs these through react-hook-form) ----

export type Schema = Record<string, Rule[]>;

/** The first failing rule of one field, in the current language. */
export function validateField(rules: Rule[] | undefined, name: string, values: Values): string | undefined {
  for (const rule of rules ?? []) {
    const failure = rule(values[name] ?? '', values);
    if (failure) return failure[getLocale()];
  }
  return undefined;
}

/** "+5511987654321" -> "+55 (11) 98765-4321" for display; anything else unchanged. */
export function formatPhone(e164: string): string {
  const m = /^\+55(\d{2})(\d{5})(\d{4})$/.exec(e164);
  return m ? `+55 (${m[1]}) ${m[2]}-${m[3]}` : e164;
}
