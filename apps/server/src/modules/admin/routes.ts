import type { FastifyInstance } from 'fastify';
import { auditRoutes } from './audit-routes';
import { authRoutes } from './auth-routes';
import { catalogRoutes } from './catalog-routes';
import { communityRoutes } from './community-routes';
import { dashboardRoutes } from './dashboard-routes';
import { eventsRoutes } from './events-routes';
import { paymentsRoutes } from './payments-routes';
import { playersRoutes } from './players-routes';
import { promotionsRoutes } from './promotions-routes';
import { queueRoutes } from './queue-routes';
import { reportsRoutes } from './reports-routes';
import { tenantRoutes } from './tenant-routes';

/** The back office's calls under /api/admin. */
export async function adminRoutes(app: FastifyInstance) {
  // Staff reach a tenant in maintenance too: switching it off is done from here.
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, tenant: route.config?.tenant ?? 'staff' };
  });
  await app.register(authRoutes);
  await app.register(queueRoutes);
  await app.register(auditRoutes);
  await app.register(dashboardRoutes);
  await app.register(playersRoutes);
  await app.register(paymentsRoutes);
  await app.register(promotionsRoutes);
  await app.register(catalogRoutes);
  await app.register(communityRoutes);
  await app.register(tenantRoutes);
  await app.register(reportsRoutes);
  await app.register(eventsRoutes);
}
