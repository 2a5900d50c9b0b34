import type { FastifyInstance } from 'fastify';

export async function bettingRoutes(_app: FastifyInstance) {}
