import type { FastifyInstance } from 'fastify';
import { auditRoutes } from './audit-routes';
import { authRoutes } from './auth-routes';
import { queueRoutes } from './queue-routes';

/** The back office's calls under /api/admin. */
export async function adminRoutes(app: FastifyInstance) {
  await app.register(authRoutes);
  await app.register(queueRoutes);
  await app.register(auditRoutes);
}
