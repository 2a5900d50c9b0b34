import type { FastifyInstance } from 'fastify';

/** The console's payments calls. */
export async function paymentsRoutes(_app: FastifyInstance) {}
