import type { FastifyInstance } from 'fastify';
import { catalogRoutes } from './catalog-routes';
import { inventoryRoutes } from './inventory-routes';

/** The boxes' calls under /api: the catalog (boxes, prize tables) and the player's own boxes and prizes. */
export async function boxesRoutes(app: FastifyInstance) {
  await app.register(catalogRoutes);
  await app.register(inventoryRoutes);
}
