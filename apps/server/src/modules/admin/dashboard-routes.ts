import type { FastifyInstance } from 'fastify';

/** The console's dashboard calls. */
export async function dashboardRoutes(_app: FastifyInstance) {}
