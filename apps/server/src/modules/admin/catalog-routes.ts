import type { FastifyInstance } from 'fastify';

/** The console's catalog calls. */
export async function catalogRoutes(_app: FastifyInstance) {}
