import { boxesAllCall, boxPrizesCall } from '@sorte/contracts';
import type { FastifyInstance } from 'fastify';
import type { ContractTypeProvider } from '../../platform/contracts';
import { AppError } from '../../platform/errors';
import { liveVersion } from './catalog';
import { liveBoxes } from './catalog-service';
import { boxLang, boxSummary, prizeView } from './views';

const BOX_NOT_FOUND = { pt: 'Caixa não encontrada.', en: 'Box not found.' };

/**
 * GET /api/boxes/all and GET /api/boxes/get/{id}/prizes: the tenant's boxes on sale and their published odds, in the
 * request's language. Public, so a guest sees the odds before signing up; a draft or retired box is not found.
 */
export async function catalogRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ContractTypeProvider>();
  const { db } = app;
  // A site without boxes has none of these calls.
  app.addHook('onRequest', async (req) => {
    if (req.tenant && req.tenant.settings.hasBoxes === false) throw new AppError('route_not_found');
  });

  app.get('/boxes/all', { schema: boxesAllCall }, async (req) => {
    const lang = boxLang(req.locale);
    return { data: (await liveBoxes(db, req.tenant.id)).map((v) => boxSummary(v, lang)) };
  });

  app.get('/boxes/get/:id/prizes', { schema: boxPrizesCall }, async (req) => {
    const lang = boxLang(req.locale);
    const v = await liveVersion(db, req.tenant.id, req.params.id);
    if (!v) throw new AppError('not_found', BOX_NOT_FOUND);
    return { data: v.prizes.map((p) => prizeView(p, v.version.price, lang)), box: boxSummary(v, lang) };
  });
}
