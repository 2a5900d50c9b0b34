import { affiliatesCall } from '@sorte/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser, requireUser } from '../../platform/auth';
import { listAffiliates } from './service';

/** GET /api/profile/affiliates: the logged-in player's own referred friends. */
export async function referralsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  app.get('/profile/affiliates', { preValidation: requireUser(db), schema: affiliatesCall }, async (req) =>
    listAffiliates(db, { tenant: req.tenant, userId: currentUser(req).id, page: req.query.page }),
  );
}
