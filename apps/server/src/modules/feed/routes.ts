import { recentBetFeedCall } from '@sorte/contracts';
import type { FastifyInstance } from 'fastify';
import { recentBetFeed } from './repo';

/** The live feed's newest events for a page that just arrived (guests too, like the feed's public channel). */
export async function feedRoutes(app: FastifyInstance) {
  app.get('/feed/recent', { schema: recentBetFeedCall }, async (req) => ({
    data: await recentBetFeed(app.db, req.tenant.id),
  }));
}
