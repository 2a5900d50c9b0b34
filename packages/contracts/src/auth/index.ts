import { z } from 'zod';
import { anyJson, checkedByHandler, replies } from '../http';

/**
 * Account calls. Their bodies are checked by the spec's field rules (field-rules.ts), which depend on the tenant
 * (CPF, code and captcha required or not) and report each field's first failing rule: the handler runs them, the
 * contract documents the fields.
 */
const text = (description: string) => z.string().optional().describe(description);

export const VerifyCodeBody = checkedByHandler(z.object({ phone: text('Mobile number'), email: text('E-mail') }));
export const RegisterBody = checkedByHandler(
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
);
export const LoginBody = checkedByHandler(
  z.object({ login: z.string().describe('E-mail, mobile or CPF'), password: z.string() }),
);
export const GoogleBody = checkedByHandler(z.object({ idToken: z.string() }));
export const RecoverBody = checkedByHandler(z.object({ login: text('E-mail, mobile or CPF') }));
export const ResetBody = checkedByHandler(
  z.object({
    login: z.string(),
    code: z.string(),
    password: z.string(),
    password_confirmation: z.string(),
  }),
);
export const PasswordChangeBody = checkedByHandler(z.object({ channel: z.enum(['email', 'sms', 'phone']).optional() }));
export const VerifyChannelBody = checkedByHandler(z.object({ code: text('The 6-digit code; none sends one') }));
export const UpdateAccountBody = checkedByHandler(
  z.object({
    password: text('New password'),
    password_confirmation: text('Required with password'),
    email: text('New e-mail'),
    current_password: text('Proof of identity, unless a code is sent'),
    code: text('Proof of identity: the code of /auth/request-password-change'),
  }),
);
export const CpfBody = checkedByHandler(z.object({ cpf: z.string() }));

const call = <B extends z.ZodType>(body: B, ok = 200) => ({ body, response: replies({ [ok]: anyJson }) });

export const authCalls = {
  verifyCode: call(VerifyCodeBody),
  register: call(RegisterBody, 201),
  login: call(LoginBody),
  google: call(GoogleBody),
  recover: call(RecoverBody),
  reset: call(ResetBody),
  passwordChange: call(PasswordChangeBody),
  verifyChannel: call(VerifyChannelBody),
  update: call(UpdateAccountBody),
  validateCpf: {
    body: CpfBody,
    response: replies({ 200: z.object({ valid: z.literal(true), cpf: z.string() }) }),
  },
  me: { response: replies({ 200: anyJson }) },
  logout: { response: replies({ 200: anyJson }) },
};
