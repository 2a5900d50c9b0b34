import { rankingCall, vipStatusCall } from '@sorte/contracts';
import type { FastifyInstance } from 'fastify';
import { currentUser, findSessionUser, requireUser } from '../../platform/auth';
import type { ContractTypeProvider } from '../../platform/contracts';
import { ranking, vipStatus } from './service';

const BEARER = /^Bearer\s+([A-Za-z0-9_-]{20,100})\s*$/i;

/** GET /profile/vip (the player's own) and GET /ranking (anyone; a logged-in player also gets their position). */
export async function vipRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ContractTypeProvider>();
  const { db } = app;

  app.get('/profile/vip', { preValidation: requireUser(db), schema: vipStatusCall }, async (req) =>
    vipStatus(db, { tenantId: req.tenant.id, userId: currentUser(req).id, locale: req.locale }),
  );

  app.get('/ranking', { schema: rankingCall }, async (req) => {
    const m = BEARER.exec(String(req.headers.authorization ?? ''));
    const user = m ? await findSessionUser(db, req.tenant.id, m[1]!) : null;
    return ranking(db, { tenant: req.tenant, userId: user?.id ?? null, locale: req.locale, now: new Date() });
  });
}
