import { z } from 'zod';
import { form, Int, IsoTime, localized, replies, reply } from '../http';
import { STAFF_ROLES } from './permissions';

/**
 * Staff login with e-mail, password and a TOTP code (RFC 6238: SHA-1, 30 s, 6 digits, one step either side, a step
 * never accepted twice) or one of the staff member's single-use backup codes. The session travels in the HttpOnly
 * `sorte_staff` cookie; every call other than a GET also sends the session's CSRF token in `x-csrf-token`.
 * Sensitive actions need a fresh code (step-up) within STAFF_STEP_UP_MS.
 */

export const STAFF_COOKIE = 'sorte_staff';
export const STAFF_CSRF_HEADER = 'x-csrf-token';
/** How long a step-up stays fresh. */
export const STAFF_STEP_UP_MS = 5 * 60 * 1000;
export const STAFF_BACKUP_CODES = 10;

const TotpCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, localized({ pt: 'O código tem 6 dígitos.', en: 'The code has 6 digits.' }));
const BackupCode = z
  .string()
  .trim()
  .min(8, localized({ pt: 'Código de recuperação inválido.', en: 'Invalid backup code.' }))
  .max(40, localized({ pt: 'Código de recuperação inválido.', en: 'Invalid backup code.' }));

export const StaffMemberReply = reply({
  id: Int,
  email: z.string(),
  role: z.enum(STAFF_ROLES),
  tenant_id: Int.nullable().describe('Null for platform staff, who act on every tenant.'),
});
export type StaffMemberReply = z.infer<typeof StaffMemberReply>;

export const StaffLoginBody = z
  .object({
    email: z
      .string()
      .trim()
      .min(1, localized({ pt: 'Informe o e-mail.', en: 'Enter the e-mail.' }))
      .max(254),
    password: z
      .string()
      .min(1, localized({ pt: 'Informe a senha.', en: 'Enter the password.' }))
      .max(200),
    totp: TotpCode.optional().describe('The authenticator app’s current code.'),
    backup_code: BackupCode.optional().describe('Instead of totp: one of the backup codes (each works once).'),
  })
  .refine((b) => (b.totp === undefined) !== (b.backup_code === undefined), {
    message: localized({
      pt: 'Informe o código do autenticador ou um código de recuperação.',
      en: 'Enter the authenticator code or a backup code.',
    }),
    path: ['totp'],
  });

export const StaffSessionReply = reply({
  staff: StaffMemberReply,
  csrf_token: z.string().describe('Send it in x-csrf-token on every call other than a GET.'),
  expires_at: IsoTime.describe('When the session ends if unused (it is extended by each call, up to 12 hours).'),
  step_up_until: IsoTime.nullable().describe('Until when sensitive actions are allowed without a new code.'),
});
export type StaffSessionReply = z.infer<typeof StaffSessionReply>;

// Checked as a form: the reply's message is the first field's, which the console shows.
export const staffLoginCall = { body: form(StaffLoginBody), response: replies({ 200: StaffSessionReply }) };
export const staffMeCall = { response: replies({ 200: StaffSessionReply }) };
export const staffLogoutCall = { response: replies({ 200: reply({ ok: z.literal(true) }) }) };

export const staffStepUpCall = {
  body: form(z.object({ totp: TotpCode })),
  response: replies({ 200: reply({ step_up_until: IsoTime }) }),
};

export const StaffSessionItem = reply({
  id: z.string(),
  created_at: IsoTime,
  last_seen_at: IsoTime,
  expires_at: IsoTime,
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  current: z.boolean().describe('The session of this request.'),
});
export type StaffSessionItem = z.infer<typeof StaffSessionItem>;

export const staffSessionsCall = { response: replies({ 200: reply({ data: z.array(StaffSessionItem) }) }) };

export const staffRevokeSessionCall = {
  params: z.object({ id: z.string().min(1).max(64) }),
  response: replies({ 200: reply({ revoked: z.boolean().describe('False when it had already ended.') }) }),
};
