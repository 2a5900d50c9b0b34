import { bannersCall, type PageParams, type PageQuery, pageCall, siteConfigCall } from '@sorte/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { findSessionUser } from '../../platform/auth';
import { NO_CACHE, sendPrepared } from '../../platform/http';
import { findUserById, selfExclusionOf } from '../auth/index';
import { getPage, getSiteConfigPayload, listBanners } from './service';

async function siteConfig(req: FastifyRequest, reply: FastifyReply) {
  reply.headers(NO_CACHE);
  return sendPrepared(req, reply, getSiteConfigPayload(req.tenant), 'application/json; charset=utf-8');
}

/** Routes under /api that the site shell needs: config, banners and content pages. */
export async function siteRoutes(app: FastifyInstance) {
  app.get('/site-config', { config: { tenant: 'domain' }, schema: siteConfigCall }, siteConfig);

  app.get('/settings/banners', { schema: bannersCall }, async (req) => {
    // A guest and a player see different banners; a bad or expired token simply reads as a guest.
    const m = /^Bearer\s+([A-Za-z0-9_-]{20,100})\s*$/i.exec(String(req.headers.authorization ?? ''));
    const player = m ? await findSessionUser(app.db, req.tenant.id, m[1]!) : null;
    const user = player ? await findUserById(app.db, req.tenant.id, player.id) : null;
    // A player in self-exclusion who can still log in (to withdraw) is shown no promotion at all.
    const viewer = !user ? 'guest' : selfExclusionOf(user) ? 'self-excluded' : 'player';
    return { data: listBanners(req.tenant, req.locale, viewer) };
  });

  app.get<{ Params: z.infer<typeof PageParams>; Querystring: z.infer<typeof PageQuery> }>(
    '/pages/:slug',
    { schema: pageCall },
    async (req) =>
      getPage(app.db, { tenant: req.tenant, slug: req.params.slug, locale: req.query.locale ?? req.locale }),
  );
}

/** The spec also names GET /site-config at the root of the host. */
export async function rootSiteConfigRoute(app: FastifyInstance) {
  app.get('/site-config', { config: { tenant: 'domain' }, schema: siteConfigCall }, siteConfig);
}
