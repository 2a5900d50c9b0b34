import { z } from 'zod';
import { anyJson, replies, reply } from '../http';

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
  response: replies({ 200: anyJson.describe('The site config: see SiteConfig in packages/contracts.'), 304: z.null() }),
};

/** GET /api/settings/banners */
export const bannersCall = { response: replies({ 200: reply({ data: z.array(anyJson) }) }) };

/** GET /api/pages/:slug: a content page (terms, privacy ...) in the asked or the request's language. */
export const PageParams = z.object({ slug: z.string().max(200) });
export const PageQuery = z.object({ locale: z.enum(['pt', 'en']).optional() });
export const pageCall = {
  params: PageParams,
  querystring: PageQuery,
  response: replies({ 200: anyJson.describe('The page: title and HTML body.') }),
};
