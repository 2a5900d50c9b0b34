import {
  adminBookLimitsCall,
  adminBoxCall,
  adminBoxesCall,
  adminCategoriesCall,
  adminEventCall,
  adminEventsCall,
  adminGamesCall,
  adminProvidersCall,
  boxActCall,
  createBoxCall,
  holdEventCall,
  importProvidersCall,
  previewBoxCall,
  setBookLimitsCall,
  settleEventCall,
  updateGameCall,
  updateProviderCall,
} from '@sorte/contracts';
import type { FastifyInstance } from 'fastify';
import { clientIp } from '../../platform/client-ip';
import type { ContractTypeProvider } from '../../platform/contracts';
import * as catalog from './catalog';
import { allow, staffOf } from './permissions';

/** The console's catalog calls: games and providers (marketing), boxes, and the sportsbook's desk (trader). */
export async function catalogRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ContractTypeProvider>();
  const { db } = app;

  app.get('/catalog/games', { ...allow('read', 'Game'), schema: adminGamesCall }, async (req) =>
    catalog.listGames(db, staffOf(req), req.query),
  );
  app.patch('/catalog/games/:id', { ...allow('update', 'Game'), schema: updateGameCall }, async (req) =>
    catalog.updateGame(db, staffOf(req), { id: req.params.id, body: req.body, ip: clientIp(req) }),
  );
  app.get('/catalog/categories', { ...allow('read', 'Game'), schema: adminCategoriesCall }, async (req) =>
    catalog.listGameCategories(db, staffOf(req), req.query.tenant),
  );
  app.get('/catalog/providers', { ...allow('read', 'Provider'), schema: adminProvidersCall }, async (req) =>
    catalog.listProviders(db, staffOf(req), req.query.tenant),
  );
  app.patch('/catalog/providers/:id', { ...allow('update', 'Provider'), schema: updateProviderCall }, async (req) =>
    catalog.updateProvider(db, staffOf(req), { id: req.params.id, enabled: req.body.enabled, ip: clientIp(req) }),
  );
  app.post('/catalog/providers/import', { ...allow('update', 'Provider'), schema: importProvidersCall }, async (req) =>
    catalog.importProviders(db, staffOf(req), { tenant: req.body.tenant, ip: clientIp(req) }),
  );

  app.get('/catalog/boxes', { ...allow('read', 'Box'), schema: adminBoxesCall }, async (req) =>
    catalog.boxes(db, staffOf(req), req.query.tenant),
  );
  app.get('/catalog/boxes/:id', { ...allow('read', 'Box'), schema: adminBoxCall }, async (req) =>
    catalog.boxDetail(db, staffOf(req), req.params.id),
  );
  // A preview writes nothing, but only who may create a box needs it.
  app.post('/catalog/boxes/preview', { ...allow('create', 'Box'), schema: previewBoxCall }, async (req) =>
    catalog.previewBox(db, staffOf(req), req.body),
  );
  app.post('/catalog/boxes', { ...allow('create', 'Box'), schema: createBoxCall }, async (req) =>
    catalog.saveBox(db, staffOf(req), { ...req.body, ip: clientIp(req) }),
  );
  app.post('/catalog/boxes/:id/publish', { ...allow('update', 'Box'), schema: boxActCall }, async (req) =>
    catalog.actOnBox(db, staffOf(req), { id: req.params.id, act: 'publish', ip: clientIp(req) }),
  );
  app.post('/catalog/boxes/:id/retire', { ...allow('update', 'Box'), schema: boxActCall }, async (req) =>
    catalog.actOnBox(db, staffOf(req), { id: req.params.id, act: 'retire', ip: clientIp(req) }),
  );

  app.get('/catalog/events', { ...allow('read', 'Sportsbook'), schema: adminEventsCall }, async (req) =>
    catalog.listEvents(db, staffOf(req), req.query),
  );
  app.get('/catalog/events/:id', { ...allow('read', 'Sportsbook'), schema: adminEventCall }, async (req) =>
    catalog.eventDetail(db, staffOf(req), req.params.id, req.locale),
  );
  app.post('/catalog/events/:id/suspend', { ...allow('update', 'Sportsbook'), schema: holdEventCall }, async (req) =>
    catalog.holdEventAct(db, staffOf(req), { id: req.params.id, resume: false, ip: clientIp(req) }),
  );
  app.post('/catalog/events/:id/resume', { ...allow('update', 'Sportsbook'), schema: holdEventCall }, async (req) =>
    catalog.holdEventAct(db, staffOf(req), { id: req.params.id, resume: true, ip: clientIp(req) }),
  );
  app.post('/catalog/events/:id/settle', { ...allow('settle', 'Sportsbook'), schema: settleEventCall }, async (req) =>
    catalog.settleEventAct(db, staffOf(req), { id: req.params.id, body: req.body, ip: clientIp(req) }),
  );

  app.get('/catalog/sportsbook/limits', { ...allow('read', 'Sportsbook'), schema: adminBookLimitsCall }, async (req) =>
    catalog.limits(db, staffOf(req), req.query.tenant),
  );
  app.put('/catalog/sportsbook/limits', { ...allow('update', 'Sportsbook'), schema: setBookLimitsCall }, async (req) =>
    catalog.changeLimits(db, staffOf(req), { body: req.body, ip: clientIp(req) }),
  );
}
