import type { FastifyInstance } from 'fastify';

/** GET /api/boxes/all and GET /api/boxes/get/{id}/prizes. */
export async function catalogRoutes(_app: FastifyInstance) {}
