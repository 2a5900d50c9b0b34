import { sportEventCall, sportEventsCall, sportsCall } from '@sorte/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { getEvent, listEvents, listSports } from './service';

export type CatalogRoutesOptions = {
  /** The clock bet stops are read by (tests move it); the real time by default. */
  now?: () => Date;
};

/** The catalog calls under /api: public, per tenant, in the request's language. */
export async function catalogRoutes(fastify: FastifyInstance, opts: CatalogRoutesOptions = {}) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const now = opts.now ?? (() => new Date());
  const who = (req: FastifyRequest) => ({ tenantId: req.tenant.id, locale: req.locale, now: now() });

  app.get('/sports', { schema: sportsCall }, async (req) => listSports(db, who(req)));

  app.get('/sports/events', { schema: sportEventsCall }, async (req) => listEvents(db, who(req), req.query));

  app.get('/sports/events/:id', { schema: sportEventCall }, async (req) => ({
    event: await getEvent(db, who(req), req.params.id),
  }));
}
