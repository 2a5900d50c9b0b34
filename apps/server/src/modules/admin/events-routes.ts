import { adminParkedEventsCall, retryParkedEventCall } from '@sorte/contracts';
import type { FastifyInstance } from 'fastify';
import { clientIp } from '../../platform/client-ip';
import type { ContractTypeProvider } from '../../platform/contracts';
import { listFailedEvents, retryFailedEvent } from './events';
import { allow, staffOf } from './permissions';

/** The console's failed events: the parked list and a retry of one. */
export async function eventsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ContractTypeProvider>();
  const { db } = app;

  app.get('/events/failed', { ...allow('read', 'Events'), schema: adminParkedEventsCall }, async (req) =>
    listFailedEvents(db, staffOf(req), req.query.tenant),
  );
  app.post(
    '/events/failed/:consumer/:id/retry',
    { ...allow('update', 'Events'), schema: retryParkedEventCall },
    async (req) =>
      retryFailedEvent(db, staffOf(req), { consumer: req.params.consumer, eventId: req.params.id, ip: clientIp(req) }),
  );
}
