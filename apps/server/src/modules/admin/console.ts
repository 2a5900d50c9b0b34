import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';

/** Serves the console's own bundle (apps/admin/dist) at /admin. */
export async function registerAdminConsole(_app: FastifyInstance, _config: Config) {}
