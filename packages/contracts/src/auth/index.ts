import { z } from 'zod';
import { FIELD_MESSAGES as M, normalizeCpf, normalizeEmail, normalizePhone, splitName } from '../field-rules';
import { aliasOf, type FieldRule, fieldRulesForm, isBlank, rules as r, tenantRulesForm, textOf } from '../forms';
import { Int, IsoTime, replies, reply } from '../http';
import { Centavos } from '../money';

/**
 * Account calls, checked by the spec's field rules (each field's first failing rule, the first failure as the
 * message) and read into what the handler takes (trimmed, phone as E.164, e-mail lower-cased, CPF digits).
 * Registration's rules depend on the tenant (CPF, code and captcha required or not, its time zone for the age).
 * The logged-in player's calls answer 401 before any field is looked at: the session is checked first.
 */
const text = (description: string) => z.string().optional().describe(description);
/** An optional text field as read: trimmed, or undefined when blank. */
const optionalText = (v: unknown) => (isBlank(v) ? undefined : textOf(v));

export const VerifyCodeBody = fieldRulesForm(
  z.object({ phone: text('Mobile number'), email: text('E-mail, when no phone is sent') }),
  {
    phone: [r.when((b) => !isBlank(b.phone), r.phone)],
    email: [r.when((b) => isBlank(b.phone), r.required, r.email)],
  },
  (b) =>
    isBlank(b.phone)
      ? { email: normalizeEmail(b.email as string) ?? undefined }
      : { phone: normalizePhone(textOf(b.phone)) ?? undefined },
);

export const RegisterBody = tenantRulesForm(
  z.object({
    name: z.string().describe('Full name'),
    username: z.string().describe('Mobile number'),
    email: z.string(),
    password: z.string(),
    password_confirmation: z.string(),
    birth_date: z.string().describe('YYYY-MM-DD'),
    cpf: text('Required when the tenant asks for it'),
    code: text('The 6-digit code sent by /auth/verify-code, when the tenant verifies registrations'),
    terms: z.boolean(),
    age_confirmed: z.boolean(),
    captcha_token: text('When the tenant has a captcha'),
    ref: text('Referral code'),
  }),
  ({ settings: st }) => ({
    name: [r.required, r.fullName],
    username: [r.required, r.phone],
    email: [r.required, r.email],
    password: [r.required, r.password],
    password_confirmation: [r.required, r.confirms('password')],
    birth_date: [r.required, r.birthDate(st.timezone)],
    cpf: st.registerCPF || st.is_regulated ? [r.required, r.cpf] : [r.optional(r.cpf)],
    code: st.casVerifyRegistrations ? [r.required, r.sixDigits] : [],
    terms: [r.accepted(M.terms)],
    age_confirmed: [r.accepted(M.ageConfirmed)],
    captcha_token: st.turnstileSiteKey ? [r.required, r.text] : [],
    ref: [r.optional(r.text)],
  }),
  (b) => ({
    name: splitName(b.name as string).name,
    username: normalizePhone(textOf(b.username))!,
    email: normalizeEmail(b.email as string)!,
    password: b.password as string,
    password_confirmation: b.password_confirmation as string,
    birth_date: b.birth_date as string,
    cpf: isBlank(b.cpf) ? undefined : (normalizeCpf(textOf(b.cpf)) ?? undefined),
    code: optionalText(b.code),
    terms: true,
    age_confirmed: true,
    captcha_token: optionalText(b.captcha_token),
    ref: optionalText(b.ref)?.slice(0, 64),
  }),
);

export const LoginBody = fieldRulesForm(
  z.object({ login: z.string().describe('E-mail, mobile or CPF'), password: z.string() }),
  { login: [r.required, r.text], password: [r.required, r.string] },
  (b) => ({ login: textOf(b.login), password: b.password as string }),
);
export const GoogleBody = fieldRulesForm(
  z.object({ idToken: z.string() }),
  { idToken: [r.required, r.string] },
  (b) => ({ idToken: textOf(b.idToken) }),
);
const LOGIN_NAMES = ['login', 'email', 'phone'];
export const RecoverBody = fieldRulesForm(
  z.object({ login: z.string().describe('E-mail, mobile or CPF (also read as email or phone)') }),
  { login: [r.aliased(LOGIN_NAMES, r.required, r.text)] },
  (b) => ({ login: textOf(aliasOf(b, LOGIN_NAMES)) }),
);
export const ResetBody = fieldRulesForm(
  z.object({
    login: z.string().describe('E-mail, mobile or CPF (also read as email or phone)'),
    code: z.string().describe('The 6-digit code of /auth/recover-password'),
    password: z.string(),
    password_confirmation: z.string(),
  }),
  {
    login: [r.aliased(LOGIN_NAMES, r.required, r.text)],
    code: [r.required, r.sixDigits],
    password: [r.required, r.password],
    password_confirmation: [r.required, r.confirms('password')],
  },
  (b) => ({
    login: textOf(aliasOf(b, LOGIN_NAMES)),
    code: textOf(b.code),
    password: b.password as string,
    password_confirmation: b.password_confirmation as string,
  }),
);

/** Any channel but SMS (or its alias "phone") is e-mail. */
export const PasswordChangeBody = fieldRulesForm(
  z.object({
    channel: z
      .enum(['email', 'sms', 'phone'])
      .optional()
      .describe('E-mail unless sms or phone')
      .transform((c) => (c === 'sms' || c === 'phone' ? ('sms' as const) : ('email' as const))),
  }),
  {},
  (b) => ({ channel: b.channel === 'sms' || b.channel === 'phone' ? ('sms' as const) : ('email' as const) }),
);
export const VerifyChannelBody = fieldRulesForm(
  z.object({ code: text('The 6-digit code; none sends one') }),
  { code: [r.optional(r.sixDigits)] },
  (b) => ({ code: optionalText(b.code) }),
);
const changesPassword = (b: Record<string, unknown>) => !isBlank(b.password);
export const UpdateAccountBody = fieldRulesForm(
  z.object({
    password: text('New password'),
    password_confirmation: text('Required with password'),
    email: text('New e-mail'),
    current_password: text('Proof of identity, unless a code is sent'),
    code: text('Proof of identity: the code of /auth/request-password-change'),
  }),
  {
    password: [r.optional(r.password)],
    password_confirmation: [r.when(changesPassword, r.required, r.confirms('password'))],
    email: [r.optional(r.email)],
    current_password: [r.when((b) => isBlank(b.code), r.required, r.string)],
    code: [r.optional(r.sixDigits)],
    _: [((_v, b) => (changesPassword(b) || !isBlank(b.email) ? null : M.required)) as FieldRule],
  },
  (b) => ({
    password: changesPassword(b) ? (b.password as string) : undefined,
    email: isBlank(b.email) ? undefined : (normalizeEmail(b.email as string) ?? undefined),
    current_password: isBlank(b.current_password) ? undefined : (b.current_password as string),
    code: optionalText(b.code),
  }),
);
export const CpfBody = fieldRulesForm(z.object({ cpf: z.string() }), { cpf: [r.required, r.cpf] }, (b) => ({
  cpf: normalizeCpf(textOf(b.cpf))!,
}));

export const Address = reply({
  zip_code: z.string().describe('8 digits'),
  street: z.string(),
  number: z.string(),
  complement: z.string().nullable(),
  neighborhood: z.string(),
  city: z.string(),
  state: z.string().describe('UF, 2 letters'),
  country: z.string().describe('ISO 3166-1 alpha-2'),
});
export const PrivacySettings = reply({
  hide_name: z.boolean(),
  hide_from_ranking: z.boolean(),
  marketing_email: z.boolean(),
  marketing_sms: z.boolean(),
});
export const SelfExclusionPeriod = reply({
  value: z.string().nullable().describe('Days, or "custom"'),
  start_at: IsoTime,
  end_at: IsoTime,
});
export const UserWallet = reply({
  balance: Centavos,
  balance_withdrawal: Centavos,
  bonus: Centavos,
  deposit_count: Int,
});

/** The User of spec section 3 plus the account fields the profile pages need; the CPF masked. */
export const User = reply({
  id: Int,
  first_name: z.string(),
  last_name: z.string(),
  name: z.string(),
  email: z.string(),
  username: z.string(),
  phone: z.string(),
  birth_date: z.string().nullable(),
  level: Int,
  totalBet: Centavos,
  avatar: z.string().nullable(),
  language: z.enum(['pt', 'en']),
  user_likes: z.array(Int).describe('Ids of the games the player liked.'),
  vip: reply({ level: Int, points: Int }),
  wallet: UserWallet,
  address: Address.nullable(),
  cpf: z.string().nullable().describe('Masked: ***.456.789-**'),
  email_verified: z.boolean(),
  phone_verified: z.boolean(),
  has_password: z.boolean(),
  google_linked: z.boolean(),
  hide_metrics: z.boolean(),
  settings: PrivacySettings,
  referral_code: z.string(),
  self_exclusion: SelfExclusionPeriod.nullable(),
  created_at: IsoTime,
});
export type User = z.infer<typeof User>;

export const UserReply = reply({ user: User });
export const SessionReply = reply({ token: z.string(), user: User });
export type SessionReply = z.infer<typeof SessionReply>;

/** A code was sent (or, for recovery, would have been if an account matches). */
export const CodeSentReply = reply({
  message: z.string(),
  channel: z.enum(['sms', 'email']).optional(),
  resend_in: Int.describe('Seconds before another code may be asked for.'),
  expires_in: Int.describe('Seconds the code is valid.'),
});
export type CodeSentReply = z.infer<typeof CodeSentReply>;

const call = <B extends z.ZodType, R extends z.ZodType>(body: B, ok: R, status = 200) => ({
  body,
  response: replies({ [status]: ok }),
});

export const authCalls = {
  verifyCode: call(VerifyCodeBody, CodeSentReply),
  register: call(RegisterBody, SessionReply, 201),
  login: call(LoginBody, SessionReply),
  google: call(GoogleBody, SessionReply),
  recover: call(RecoverBody, CodeSentReply),
  reset: call(ResetBody, SessionReply),
  passwordChange: call(PasswordChangeBody, CodeSentReply),
  verifyChannel: call(VerifyChannelBody, z.union([CodeSentReply, UserReply]).describe('Without a code: one is sent.')),
  update: call(UpdateAccountBody, UserReply),
  validateCpf: {
    body: CpfBody,
    response: replies({ 200: reply({ valid: z.literal(true), cpf: z.string() }) }),
  },
  me: { response: replies({ 200: UserReply }) },
  logout: { response: replies({ 200: reply({ message: z.string() }) }) },
};
