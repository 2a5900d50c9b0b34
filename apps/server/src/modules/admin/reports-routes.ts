import type { FastifyInstance } from 'fastify';

/** The console's reports calls. */
export async function reportsRoutes(_app: FastifyInstance) {}
