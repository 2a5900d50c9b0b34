import type { FastifyInstance } from 'fastify';

/** The console's tenant calls. */
export async function tenantRoutes(_app: FastifyInstance) {}
