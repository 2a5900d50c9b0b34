import {
  boxOpeningCall,
  buyBoxCall,
  openBoxCall,
  sellBoxCall,
  sellPrizeCall,
  userBoxesCall,
  userPrizesCall,
} from '@sorte/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { currentUser, requireUser } from '../../platform/auth';
import type { ContractTypeProvider } from '../../platform/contracts';
import { AppError } from '../../platform/errors';
import * as inventory from './inventory';

/** The player's boxes and prizes: buy, open, sell, lists, receipts. Every call needs a logged-in player. */
export async function inventoryRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ContractTypeProvider>();
  const { db } = app;
  // A site without boxes has none of these calls; checked before the login so a guest learns nothing more.
  app.addHook('onRequest', async (req) => {
    if (req.tenant && req.tenant.settings.hasBoxes === false) throw new AppError('route_not_found');
  });
  const authed = { preValidation: requireUser(db) };
  const player = (req: FastifyRequest): inventory.Player => ({
    tenant: req.tenant,
    userId: currentUser(req).id,
    locale: req.locale,
  });

  app.post('/boxes/buy', { ...authed, schema: buyBoxCall }, async (req, reply) => {
    const r = await inventory.buyBoxes(db, player(req), {
      boxId: req.body.box_id,
      quantity: req.body.quantity,
      key: req.headers['idempotency-key'],
    });
    if (r.replayed) reply.header('idempotent-replayed', 'true');
    return r.body;
  });

  app.post('/boxes/open', { ...authed, schema: openBoxCall }, async (req) =>
    inventory.openBoxes(db, player(req), { boxId: req.body.box_id, quantity: req.body.quantity }),
  );

  app.post('/boxes/sell', { ...authed, schema: sellBoxCall }, async (req) =>
    inventory.sellBox(db, player(req), req.body.id),
  );

  app.post('/prizes/sell', { ...authed, schema: sellPrizeCall }, async (req) =>
    inventory.sellPrize(db, player(req), req.body.id),
  );

  app.get('/boxes/user/get', { ...authed, schema: userBoxesCall }, async (req) =>
    inventory.listBoxes(db, player(req), { status: req.query.status, page: req.query.page }),
  );

  app.get('/prizes/user', { ...authed, schema: userPrizesCall }, async (req) =>
    inventory.listPrizes(db, player(req), { status: req.query.status, page: req.query.page }),
  );

  app.get('/boxes/openings/:id', { ...authed, schema: boxOpeningCall }, async (req) =>
    inventory.openingReceipt(db, player(req), Number(req.params.id)),
  );
}
