import type { FastifyInstance } from 'fastify';

/** The console's players calls. */
export async function playersRoutes(_app: FastifyInstance) {}
