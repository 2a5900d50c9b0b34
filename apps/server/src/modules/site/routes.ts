import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { NO_CACHE, parseInput, sendPrepared } from '../../platform/http';
import { getPage, getSiteConfigPayload, listBanners } from './service';

const SiteConfigQuery = z.object({
  domain: z.string().max(260).optional(),
  timestamp: z
    .string()
    .regex(/^\d{1,16}$/)
    .optional(),
});

const PageParams = z.object({ slug: z.string().max(200) });
const PageQuery = z.object({ locale: z.enum(['pt', 'en']).optional() });

async function siteConfig(req: FastifyRequest, reply: FastifyReply) {
  parseInput(SiteConfigQuery, req.query);
  reply.headers(NO_CACHE);
  return sendPrepared(req, reply, getSiteConfigPayload(req.tenant), 'application/json; charset=utf-8');
}

/** Routes under /api that the site shell needs: config, banners and content pages. */
export async function siteRoutes(app: FastifyInstance) {
  app.get('/site-config', { config: { tenant: 'domain' } }, siteConfig);

  app.get('/settings/banners', async (req) => ({ data: listBanners(req.tenant, req.locale) }));

  app.get('/pages/:slug', async (req) => {
    const { slug } = parseInput(PageParams, req.params);
    const { locale } = parseInput(PageQuery, req.query);
    return getPage(app.db, { tenant: req.tenant, slug, locale: locale ?? req.locale });
  });
}

/** The spec also names GET /site-config at the root of the host. */
export async function rootSiteConfigRoute(app: FastifyInstance) {
  app.get('/site-config', { config: { tenant: 'domain' } }, siteConfig);
}
