import { authCalls } from '@sorte/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { currentUser, requireUser } from '../../platform/auth';
import { clientIp } from '../../platform/client-ip';
import type { AuthDeps, RequestContext } from './service';
import * as auth from './service';
import {
  accepted,
  asBody,
  birthDate,
  check,
  confirms,
  cpf,
  email,
  fullName,
  isBlank,
  MSG,
  normalizeCpf,
  normalizeEmail,
  normalizePhone,
  optional,
  password,
  phone,
  type Rule,
  required,
  sixDigits,
  splitName,
  text,
} from './validation';

export function requestContext(req: FastifyRequest): RequestContext {
  const ua = req.headers['user-agent'];
  return { tenant: req.tenant, locale: req.locale, ip: clientIp(req), userAgent: typeof ua === 'string' ? ua : null };
}

const s = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');
const orNull = (v: unknown) => (isBlank(v) ? null : s(v));
const stringRule: Rule = (v) => (typeof v === 'string' ? null : MSG.required);

/** The account calls under /api/auth, plus CPF validation. */
export async function authRoutes(app: FastifyInstance, opts: { deps: AuthDeps }) {
  const { deps } = opts;
  const db = deps.db;
  const authed = { preHandler: requireUser(db) };

  app.post('/auth/verify-code', { schema: authCalls.verifyCode }, async (req) => {
    const b = asBody(req.body);
    return auth.sendRegistrationCode(deps, requestContext(req), {
      phone: isBlank(b.phone) ? null : normalizePhone(b.phone),
      email: isBlank(b.phone) ? normalizeEmail(b.email) : null,
    });
  });

  app.post('/auth/register', { schema: authCalls.register }, async (req, reply) => {
    const b = asBody(req.body);
    const st = req.tenant.settings;
    const cpfRequired = st.registerCPF || st.is_regulated;
    check(b, {
      name: [required, fullName],
      username: [required, phone],
      email: [required, email],
      password: [required, password],
      password_confirmation: [required, confirms('password')],
      birth_date: [required, birthDate(st.timezone)],
      cpf: cpfRequired ? [required, cpf] : [optional(cpf)],
      code: st.casVerifyRegistrations ? [required, sixDigits] : [],
      terms: [accepted(MSG.terms)],
      age_confirmed: [accepted(MSG.ageConfirmed)],
      captcha_token: st.turnstileSiteKey ? [required, text] : [],
      ref: [optional(text)],
    });
    const name = splitName(b.name as string);
    const result = await auth.registerUser(deps, requestContext(req), {
      firstName: name.first_name,
      lastName: name.last_name,
      phone: normalizePhone(b.username)!,
      email: normalizeEmail(b.email)!,
      password: b.password as string,
      birthDate: b.birth_date as string,
      cpf: isBlank(b.cpf) ? null : normalizeCpf(b.cpf),
      code: orNull(b.code),
      ref: orNull(b.ref)?.slice(0, 64) ?? null,
      captchaToken: orNull(b.captcha_token),
    });
    return reply.code(201).send(result);
  });

  app.post('/auth/login', { schema: authCalls.login }, async (req) => {
    const b = asBody(req.body);
    return auth.loginWithPassword(deps, requestContext(req), { login: s(b.login), password: b.password as string });
  });

  app.post('/auth/google', { schema: authCalls.google }, async (req) => {
    const b = asBody(req.body);
    return auth.loginWithGoogle(deps, requestContext(req), { idToken: s(b.idToken) });
  });

  app.get('/auth/me', { ...authed, schema: authCalls.me }, async (req) => {
    const u = currentUser(req);
    return auth.getCurrentUser(db, u.tenantId, u.id);
  });

  const logout = async (req: FastifyRequest) => {
    const u = currentUser(req);
    return auth.logout(db, { tenantId: u.tenantId, userId: u.id, sessionId: u.sessionId });
  };
  app.get('/auth/logout', { ...authed, schema: authCalls.logout }, logout);
  app.post('/auth/logout', { ...authed, schema: authCalls.logout }, logout);

  app.post('/auth/recover-password', { schema: authCalls.recover }, async (req) => {
    const b = asBody(req.body);
    const login = b.login ?? b.email ?? b.phone;
    return auth.requestPasswordRecovery(deps, requestContext(req), { login: s(login) });
  });

  app.post('/auth/reset-password', { schema: authCalls.reset }, async (req) => {
    const b = asBody(req.body);
    const login = b.login ?? b.email ?? b.phone;
    return auth.resetPassword(deps, requestContext(req), {
      login: s(login),
      code: s(b.code),
      password: b.password as string,
    });
  });

  const me = (req: FastifyRequest) => {
    const u = currentUser(req);
    return { tenantId: u.tenantId, userId: u.id, sessionId: u.sessionId };
  };

  app.post('/auth/request-password-change', { ...authed, schema: authCalls.passwordChange }, async (req) => {
    const b = asBody(req.body);
    const channel = b.channel === 'sms' || b.channel === 'phone' ? 'sms' : 'email';
    return auth.requestPasswordChange(deps, requestContext(req), me(req), { channel });
  });

  for (const [path, channel] of [
    ['/auth/verify-email', 'email'],
    ['/auth/verify-phone', 'sms'],
  ] as const) {
    app.post(path, { ...authed, schema: authCalls.verifyChannel }, async (req) => {
      const b = asBody(req.body);
      check(b, { code: [optional(sixDigits)] });
      return auth.verifyChannel(deps, requestContext(req), me(req), { channel, code: orNull(b.code) });
    });
  }

  app.post('/auth/update', { ...authed, schema: authCalls.update }, async (req) => {
    const b = asBody(req.body);
    const changesPassword = !isBlank(b.password);
    check(b, {
      password: [optional(password)],
      password_confirmation: changesPassword ? [required, confirms('password')] : [],
      email: [optional(email)],
      current_password: isBlank(b.code) ? [required, stringRule] : [],
      code: [optional(sixDigits)],
      _: [() => (changesPassword || !isBlank(b.email) ? null : MSG.required)],
    });
    return auth.updateAccount(deps, me(req), {
      currentPassword: isBlank(b.current_password) ? null : (b.current_password as string),
      code: orNull(b.code),
      password: changesPassword ? (b.password as string) : null,
      email: isBlank(b.email) ? null : normalizeEmail(b.email),
    });
  });

  app.post('/validate/validate-cpf', { schema: authCalls.validateCpf }, async (req) => {
    return { valid: true, cpf: normalizeCpf(asBody(req.body).cpf) };
  });
}
