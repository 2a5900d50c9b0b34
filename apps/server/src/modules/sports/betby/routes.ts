import type { FastifyInstance } from 'fastify';

export async function betbyRoutes(_app: FastifyInstance) {}
