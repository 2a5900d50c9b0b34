import type { FastifyInstance } from 'fastify';

export async function queueRoutes(_app: FastifyInstance) {}
