import type { FastifyInstance } from 'fastify';
import { betbyRoutes } from './betby/routes';
import { bettingRoutes } from './betting/routes';
import { catalogRoutes } from './catalog/routes';

/** The sportsbook's calls under /api: the catalog (lists, events), betting (bets, cash-out) and Betby's wallet. */
export async function sportsRoutes(app: FastifyInstance) {
  await app.register(catalogRoutes);
  await app.register(bettingRoutes);
  await app.register(betbyRoutes);
}
