import {
  staffLoginCall,
  staffLogoutCall,
  staffMeCall,
  staffRevokeSessionCall,
  staffSessionsCall,
  staffStepUpCall,
} from '@sorte/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { clientIp } from '../../platform/client-ip';
import type { ContractTypeProvider } from '../../platform/contracts';
import { AppError } from '../../platform/errors';
import { createRateLimiter } from '../../platform/rate-limit';
import { passwordHasher } from '../auth/index';
import * as service from './auth-service';
import { requireStaff } from './guard';
import { clearStaffCookie, setStaffCookie } from './sessions';

/** Staff login with TOTP, the session, step-up and the staff member's own sessions (under /api/admin/auth). */
export async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ContractTypeProvider>();
  const { db, config } = app;
  const limiter = createRateLimiter(config);
  app.addHook('onClose', () => limiter.close());
  const deps: service.StaffAuthDeps = { db, limiter, hasher: passwordHasher(config.passwordHash), now: Date.now };
  const ctx = (req: FastifyRequest): service.StaffRequest => {
    if (!req.tenant) throw new AppError('tenant_not_found');
    const ua = req.headers['user-agent'];
    return { tenantId: req.tenant.id, ip: clientIp(req), userAgent: typeof ua === 'string' ? ua : null };
  };

  app.post('/auth/login', { schema: staffLoginCall }, async (req, reply) => {
    const r = await service.loginStaff(deps, ctx(req), {
      email: req.body.email,
      password: req.body.password,
      totp: req.body.totp,
      backupCode: req.body.backup_code,
    });
    setStaffCookie(req, reply, r.token);
    return r.body;
  });

  app.get('/auth/me', { schema: staffMeCall }, async (req) => service.staffSession(db, await requireStaff(req)));

  app.post('/auth/logout', { schema: staffLogoutCall }, async (req, reply) => {
    await service.logoutStaff(db, await requireStaff(req), clientIp(req));
    clearStaffCookie(req, reply);
    return { ok: true as const };
  });

  app.post('/auth/step-up', { schema: staffStepUpCall }, async (req) =>
    service.stepUpStaff(deps, await requireStaff(req), req.body.totp, clientIp(req)),
  );

  app.get('/auth/sessions', { schema: staffSessionsCall }, async (req) =>
    service.listStaffSessions(db, await requireStaff(req)),
  );

  app.post('/auth/sessions/:id/revoke', { schema: staffRevokeSessionCall }, async (req) =>
    service.revokeStaffSession(db, await requireStaff(req), req.params.id, clientIp(req)),
  );
}
