import { z } from 'zod';
import { Int, IsoTime, replies, reply } from '../http';
import { Banner } from '../site-config';

/** GET /api/site-config (and /site-config): the tenant's config, inlined by the page shell too. */
export const SiteConfigQuery = z.object({
  domain: z.string().max(260).optional().describe('The site whose config to read (defaults to the Host).'),
  timestamp: z
    .string()
    .regex(/^\d{1,16}$/)
    .optional()
    .describe('Cache buster sent by the spec client; ignored.'),
});
export const siteConfigCall = {
  querystring: SiteConfigQuery,
  response: replies({
    200: reply({
      casino_id: Int,
      active: z.boolean(),
      version: z.string().describe('Changes whenever the operator changes the tenant.'),
      main_domain: reply({ subdomain: z.string(), host: z.string() }),
      realtime: reply({
        key: z.string(),
        host: z.string().nullable(),
        port: Int.nullable(),
        tls: z.boolean().nullable(),
        room: z.string(),
      }),
    }).describe('Every public field of the tenant settings (TenantSettings in packages/contracts) plus these.'),
    304: z.null(),
  }),
};

/** GET /api/settings/banners */
export const bannersCall = { response: replies({ 200: reply({ data: z.array(Banner) }) }) };

/** GET /api/pages/:slug: a content page (terms, privacy ...) in the asked or the request's language. */
export const PageParams = z.object({ slug: z.string().max(200) });
export const PageQuery = z.object({ locale: z.enum(['pt', 'en']).optional() });
export const pageCall = {
  params: PageParams,
  querystring: PageQuery,
  response: replies({
    200: reply({
      slug: z.string(),
      locale: z.enum(['pt', 'en']),
      title: z.string(),
      body: z.string().describe('Markdown'),
      updated_at: IsoTime,
    }),
  }),
};
