import { authCalls, splitName } from '@sorte/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { currentUser, requireUser } from '../../platform/auth';
import { clientIp } from '../../platform/client-ip';
import type { ContractTypeProvider } from '../../platform/contracts';
import type { AuthDeps, RequestContext } from './service';
import * as auth from './service';

export function requestContext(req: FastifyRequest): RequestContext {
  const ua = req.headers['user-agent'];
  return { tenant: req.tenant, locale: req.locale, ip: clientIp(req), userAgent: typeof ua === 'string' ? ua : null };
}

/** The account calls under /api/auth, plus CPF validation. Bodies arrive checked and read by their contracts. */
export async function authRoutes(fastify: FastifyInstance, opts: { deps: AuthDeps }) {
  const app = fastify.withTypeProvider<ContractTypeProvider>();
  const { deps } = opts;
  const db = deps.db;
  // Before validation: a guest gets 401 before any field is read.
  const authed = { preValidation: requireUser(db) };

  app.post('/auth/verify-code', { schema: authCalls.verifyCode }, async (req) =>
    auth.sendRegistrationCode(deps, requestContext(req), {
      phone: req.body.phone ?? null,
      email: req.body.email ?? null,
    }),
  );

  app.post('/auth/register', { schema: authCalls.register }, async (req, reply) => {
    const b = req.body;
    const name = splitName(b.name);
    const result = await auth.registerUser(deps, requestContext(req), {
      firstName: name.first_name,
      lastName: name.last_name,
      phone: b.username,
      email: b.email,
      password: b.password,
      birthDate: b.birth_date,
      cpf: b.cpf ?? null,
      code: b.code ?? null,
      ref: b.ref ?? null,
      captchaToken: b.captcha_token ?? null,
    });
    return reply.code(201).send(result);
  });

  app.post('/auth/login', { schema: authCalls.login }, async (req) =>
    auth.loginWithPassword(deps, requestContext(req), req.body),
  );

  app.post('/auth/google', { schema: authCalls.google }, async (req) =>
    auth.loginWithGoogle(deps, requestContext(req), req.body),
  );

  app.get('/auth/me', { ...authed, schema: authCalls.me }, async (req) => {
    const u = currentUser(req);
    return auth.getCurrentUser(db, u.tenantId, u.id);
  });

  const logout = async (req: FastifyRequest) => {
    const u = currentUser(req);
    return auth.logout(db, { tenantId: u.tenantId, userId: u.id, sessionId: u.sessionId }, deps.gate);
  };
  app.get('/auth/logout', { ...authed, schema: authCalls.logout }, logout);
  app.post('/auth/logout', { ...authed, schema: authCalls.logout }, logout);

  app.post('/auth/recover-password', { schema: authCalls.recover }, async (req) =>
    auth.requestPasswordRecovery(deps, requestContext(req), req.body),
  );

  app.post('/auth/reset-password', { schema: authCalls.reset }, async (req) =>
    auth.resetPassword(deps, requestContext(req), req.body),
  );

  const me = (req: FastifyRequest) => {
    const u = currentUser(req);
    return { tenantId: u.tenantId, userId: u.id, sessionId: u.sessionId };
  };

  app.post('/auth/request-password-change', { ...authed, schema: authCalls.passwordChange }, async (req) =>
    auth.requestPasswordChange(deps, requestContext(req), me(req), { channel: req.body.channel ?? 'email' }),
  );

  for (const [path, channel] of [
    ['/auth/verify-email', 'email'],
    ['/auth/verify-phone', 'sms'],
  ] as const) {
    app.post(path, { ...authed, schema: authCalls.verifyChannel }, async (req) =>
      auth.verifyChannel(deps, requestContext(req), me(req), { channel, code: req.body.code ?? null }),
    );
  }

  app.post('/auth/update', { ...authed, schema: authCalls.update }, async (req) => {
    const b = req.body;
    return auth.updateAccount(deps, me(req), {
      currentPassword: b.current_password ?? null,
      code: b.code ?? null,
      password: b.password ?? null,
      email: b.email ?? null,
    });
  });

  app.post('/validate/validate-cpf', { schema: authCalls.validateCpf }, async (req) => ({
    valid: true as const,
    cpf: req.body.cpf,
  }));
}
