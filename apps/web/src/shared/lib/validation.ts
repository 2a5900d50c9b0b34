import { useCallback, useMemo, useRef, useState } from 'react';
import { getLocale } from './i18n';

/**
 * The field rules of spec section 5, as the server checks them (apps/server/src/modules/auth/validation.ts): same
 * order, same pt-BR wordings, same English. Each field shows only its first failing rule. Only lazy feature chunks
 * import this module, so it stays out of the home route's bundle.
 */
export type Msg = { pt: string; en: string };

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
  codeFormat: { pt: 'O código deve ter 6 dígitos.', en: 'The code must have 6 digits.' },
  terms: { pt: 'Você precisa aceitar os termos e condições.', en: 'You must accept the terms and conditions.' },
  ageConfirmed: {
    pt: 'Você precisa confirmar que tem 18 anos ou mais.',
    en: 'You must confirm that you are 18 or older.',
  },
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

const NAME_CHARS = /^[\p{L}\p{M}' .-]+$/u;

export const fullName: Rule = (v) => {
  const name = str(v).trim().replace(/\s+/g, ' ');
  if (name.length > 100) return MSG.nameMax;
  const words = name.split(' ');
  if (words.length < 2) return MSG.fullName;
  if (!NAME_CHARS.test(name)) return MSG.nameChars;
  if ((words[1] ?? '').replace(/[^\p{L}]/gu, '').length < 2) return MSG.lastName;
  return null;
};

const DDD = new Set([
  11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 24, 27, 28, 31, 32, 33, 34, 35, 37, 38, 41, 42, 43, 44, 45, 46, 47, 48,
  49, 51, 53, 54, 55, 61, 62, 63, 64, 65, 66, 67, 68, 69, 71, 73, 74, 75, 77, 79, 81, 82, 83, 84, 85, 86, 87, 88, 89,
  91, 92, 93, 94, 95, 96, 97, 98, 99,
]);

/** A Brazilian mobile number in any usual writing as E.164 ("+5511987654321"), or null. */
export function normalizePhone(raw: string): string | null {
  const s = raw.trim();
  if (s.length > 30 || !/^[+\d\s().-]+$/.test(s)) return null;
  let digits = s.replace(/\D/g, '');
  if (digits.length === 13 && digits.startsWith('55')) digits = digits.slice(2);
  else if (digits.length === 12 && digits.startsWith('0')) digits = digits.slice(1);
  if (!/^\d{2}9\d{8}$/.test(digits) || !DDD.has(Number(digits.slice(0, 2)))) return null;
  return `+55${digits}`;
}

export const phone: Rule = (v) => (normalizePhone(str(v)) ? null : MSG.phone);

const EMAIL =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

export function isEmail(raw: string): boolean {
  const e = raw.trim().toLowerCase();
  return e.length <= 254 && EMAIL.test(e) && !e.includes('..');
}

export const email: Rule = (v) => {
  if (!isEmail(str(v))) return MSG.email;
  if (str(v).trim().length > 30) return MSG.emailMax;
  return null;
};

export const password: Rule = (v) => {
  const p = str(v);
  if (p.length < 8) return MSG.passwordMin;
  if (p.length > 128) return MSG.passwordMax;
  if (!/\p{L}/u.test(p) || !/[^\p{L}]/u.test(p)) return MSG.passwordMix;
  return null;
};

export const confirms =
  (other: string): Rule =>
  (v, values) =>
    v === values[other] ? null : MSG.passwordConfirm;

/** CPF digits when valid: 11 digits, not all equal, both check digits right. */
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

export const cpf: Rule = (v) => (normalizeCpf(str(v)) ? null : MSG.cpf);

/** "17/05/1990" (as typed) -> "1990-05-17", or null when it is not a real calendar date. */
export function parseBrDate(raw: string): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(raw.trim());
  if (!m) return null;
  const iso = `${m[3]}-${m[2]}-${m[1]}`;
  const d = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === iso ? iso : null;
}

export function ageOn(birth: string, today: string): number {
  const [by, bm, bd] = birth.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

export function todayIn(timeZone: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
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

// ---- form state ----

export type Schema = Record<string, Rule[]>;
export type Errors = Record<string, string | undefined>;

/** The first failing rule of one field, in the current language. */
export function validateField(rules: Rule[] | undefined, name: string, values: Values): string | undefined {
  for (const rule of rules ?? []) {
    const failure = rule(values[name] ?? '', values);
    if (failure) return failure[getLocale()];
  }
  return undefined;
}

/**
 * A small form: values, per-field errors checked on change (spec section 5: on change, first failing rule), all
 * fields checked on submit, and server 422 `errors` merged onto the fields they name.
 */
export function useForm<V extends Values>(initial: V, schema: () => Schema) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Errors>({});
  const schemaRef = useRef(schema);
  schemaRef.current = schema;
  const valuesRef = useRef(values);
  valuesRef.current = values;

  const touched = useRef(new Set<string>());

  const setValue = useCallback((name: string, value: string | boolean) => {
    const next = { ...valuesRef.current, [name]: value } as V;
    valuesRef.current = next;
    setValues(next);
    touched.current.add(name);
    const rules = schemaRef.current();
    // Every touched field is re-checked, so a confirmation follows the password it confirms.
    setErrors((prev) => {
      const out: Errors = { ...prev };
      for (const field of touched.current) out[field] = validateField(rules[field], field, next);
      return out;
    });
  }, []);

  /** Checks every field; returns true when the form is valid. */
  const validate = useCallback((): boolean => {
    const rules = schemaRef.current();
    const out: Errors = {};
    for (const [field, list] of Object.entries(rules)) {
      touched.current.add(field);
      out[field] = validateField(list, field, valuesRef.current);
    }
    setErrors(out);
    return Object.values(out).every((e) => e === undefined);
  }, []);

  /** 422 body errors ({field: [messages]}) onto the fields; returns the messages of fields the form does not show. */
  const applyServerErrors = useCallback((body: unknown): string[] => {
    const errs = body && typeof body === 'object' && 'errors' in body ? (body.errors as Record<string, unknown>) : null;
    if (!errs || typeof errs !== 'object') return [];
    const known = schemaRef.current();
    const rest: string[] = [];
    const out: Errors = {};
    for (const [field, list] of Object.entries(errs)) {
      const msg = Array.isArray(list) ? String(list[0] ?? '') : String(list);
      if (field in known || field in valuesRef.current) out[field] = msg;
      else rest.push(msg);
    }
    setErrors((prev) => ({ ...prev, ...out }));
    return rest;
  }, []);

  const reset = useCallback(() => {
    valuesRef.current = initial;
    setValues(initial);
    setErrors({});
    touched.current.clear();
  }, [initial]);

  return useMemo(
    () => ({ values, errors, setValue, setErrors, validate, applyServerErrors, reset }),
    [values, errors, setValue, validate, applyServerErrors, reset],
  );
}

/** "+5511987654321" -> "+55 (11) 98765-4321" for display; anything else unchanged. */
export function formatPhone(e164: string): string {
  const m = /^\+55(\d{2})(\d{5})(\d{4})$/.exec(e164);
  return m ? `+55 (${m[1]}) ${m[2]}-${m[3]}` : e164;
}
