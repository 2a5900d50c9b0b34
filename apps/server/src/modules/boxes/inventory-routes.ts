import type { FastifyInstance } from 'fastify';

/** The player's boxes and prizes: buy, open, sell, lists. */
export async function inventoryRoutes(_app: FastifyInstance) {}
