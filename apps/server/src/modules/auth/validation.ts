import {
  FIELD_MESSAGES,
  normalizeCpf as sharedNormalizeCpf,
  normalizeEmail as sharedNormalizeEmail,
  normalizePhone as sharedNormalizePhone,
} from '@sorte/contracts';
import { AppError, type Localized } from '../../platform/errors';

/**
 * The account messages of spec section 5, with the exact pt-BR wordings the spec gives and English translations.
 * The field rules themselves are the contracts' (packages/contracts/src/forms.ts), checked before any handler; these
 * are the answers the service gives once it looks at the data (a code that does not match, a taken e-mail).
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

/** 422 for one field, for failures found after validation (a code that does not match, a taken e-mail). */
export function fieldError(field: string, message: Localized): AppError {
  return new AppError('validation', message, { [field]: [message] });
}

/** A Brazilian mobile number in any usual writing as E.164 ("+5511987654321"), or null. */
export function normalizePhone(raw: unknown): string | null {
  if (typeof raw !== 'string' && typeof raw !== 'number') return null;
  return sharedNormalizePhone(String(raw));
}

export function normalizeEmail(raw: unknown): string | null {
  return typeof raw === 'string' ? sharedNormalizeEmail(raw) : null;
}

/** CPF digits (punctuation removed) when the number is valid, else null. */
export function normalizeCpf(raw: unknown): string | null {
  if (typeof raw !== 'string' && typeof raw !== 'number') return null;
  return sharedNormalizeCpf(String(raw));
}
