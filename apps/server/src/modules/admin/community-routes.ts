import type { FastifyInstance } from 'fastify';

/** The console's community calls. */
export async function communityRoutes(_app: FastifyInstance) {}
