import { dashboardCall } from '@sorte/contracts';
import type { FastifyInstance } from 'fastify';
import type { ContractTypeProvider } from '../../platform/contracts';
import { dashboard } from './dashboard';
import { allow, staffOf } from './permissions';

/** The console's dashboard calls: one read of the rollups per page. */
export async function dashboardRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ContractTypeProvider>();
  const { db } = app;
  app.get('/dashboard', { ...allow('read', 'Dashboard'), schema: dashboardCall }, async (req) =>
    dashboard(db, staffOf(req), req.query),
  );
}
