import { adminAuditCall } from '@sorte/contracts';
import type { FastifyInstance } from 'fastify';
import type { ContractTypeProvider } from '../../platform/contracts';
import { readAudit } from './audit';
import { allow, staffOf } from './permissions';

/** The audit log of every staff act (and the players' own protective acts), filtered on the server. */
export async function auditRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ContractTypeProvider>();
  const { db } = app;

  app.get('/audit', { ...allow('read', 'AuditLog'), schema: adminAuditCall }, async (req) =>
    readAudit(db, staffOf(req), req.query),
  );
}
