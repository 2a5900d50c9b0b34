import type { FastifyInstance } from 'fastify';

/** The console's promotions calls. */
export async function promotionsRoutes(_app: FastifyInstance) {}
