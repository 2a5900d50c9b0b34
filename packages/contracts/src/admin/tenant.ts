import { z } from 'zod';
import { Int, IsoTime, localized, replies, reply } from '../http';
import { TenantFilter } from './common';

/**
 * The back office's tenant calls: the site configuration (settings, theme, banners, legal pages), the maintenance
 * switch, the hosts and the regulated-mode policies. Platform staff name the tenant with `tenant` (absent: the
 * tenant of the host they call). Every write carries the `revision` it was based on: a tenant changed meanwhile
 * answers 409 and nothing is written.
 */

const revisionMessage = localized({
  pt: 'Informe a revisão que você leu (recarregue a página).',
  en: 'Give the revision you read (reload the page).',
});
const hostMessage = localized({ pt: 'Nome de host inválido.', en: 'Invalid host name.' });
const pageTextMessage = localized({
  pt: 'Título de 1 a 200 caracteres e texto de até 100000.',
  en: 'Title of 1 to 200 characters and text of up to 100000.',
});
const maintenanceMessage = localized({
  pt: 'Mensagem de manutenção de até 300 caracteres em português e em inglês.',
  en: 'Maintenance message of up to 300 characters in Portuguese and in English.',
});

export const AdminTenantScope = z.object({ tenant: TenantFilter });
const Revision = z
  .number({ error: revisionMessage })
  .int({ error: revisionMessage })
  .min(0, { error: revisionMessage });

/** The legal pages the theme editor edits, in pt and en (other pages stay with tenant:page). */
export const LEGAL_PAGES = ['terms', 'privacy', 'responsible-gaming'] as const;
export type LegalPage = (typeof LEGAL_PAGES)[number];

export const AdminTenantHost = reply({ host: z.string(), primary: z.boolean() });

export const AdminTenant = reply({
  id: Int,
  name: z.string(),
  active: z.boolean().describe('False: in maintenance (the player site shows its maintenance page; 402 on its API).'),
  revision: Int.describe('Bumped by every change: send it back with a write.'),
  hosts: z.array(AdminTenantHost),
  settings: z.record(z.string(), z.unknown()).describe('The tenant’s site settings (TenantSettings), all public.'),
});
export type AdminTenant = z.infer<typeof AdminTenant>;
export const AdminTenantReply = reply({ tenant: AdminTenant });
export type AdminTenantReply = z.infer<typeof AdminTenantReply>;

/** GET /api/admin/tenant?tenant=. */
export const adminTenantCall = { querystring: AdminTenantScope, response: replies({ 200: AdminTenantReply }) };

/**
 * PATCH /api/admin/tenant {revision, name?, settings?}: `settings` is merged key by key into the stored ones
 * (objects deeply, arrays and values replaced), the whole result validated; colours, logo and banners included.
 */
export const UpdateTenantBody = z.object({
  revision: Revision,
  name: z.string().trim().min(1).max(100).optional(),
  settings: z.record(z.string(), z.unknown()).default({}),
});
export type UpdateTenantBody = z.input<typeof UpdateTenantBody>;
export const updateTenantCall = {
  querystring: AdminTenantScope,
  body: UpdateTenantBody,
  response: replies({ 200: AdminTenantReply }),
};

/** POST /api/admin/tenant/maintenance {revision, on, message}: on = the site closes; /api/admin keeps working. */
export const MaintenanceBody = z.object({
  revision: Revision,
  on: z.boolean(),
  message: z
    .object({
      pt: z.string().trim().max(300, { error: maintenanceMessage }),
      en: z.string().trim().max(300, { error: maintenanceMessage }),
    })
    .nullable()
    .default(null),
});
export const maintenanceCall = {
  querystring: AdminTenantScope,
  body: MaintenanceBody,
  response: replies({ 200: AdminTenantReply }),
};

// ---- Legal pages -----------------------------------------------------------------------------------------------

export const AdminTenantPage = reply({
  slug: z.enum(LEGAL_PAGES),
  locale: z.enum(['pt', 'en']),
  title: z.string(),
  body: z.string(),
  updated_at: IsoTime.nullable(),
});
export type AdminTenantPage = z.infer<typeof AdminTenantPage>;
export const AdminTenantPagesReply = reply({ pages: z.array(AdminTenantPage) });
export type AdminTenantPagesReply = z.infer<typeof AdminTenantPagesReply>;
/** GET /api/admin/tenant/pages: the legal pages in both languages (empty title/body where none exists yet). */
export const adminTenantPagesCall = {
  querystring: AdminTenantScope,
  response: replies({ 200: AdminTenantPagesReply }),
};

export const TenantPageParams = z.object({ slug: z.enum(LEGAL_PAGES), locale: z.enum(['pt', 'en']) });
export const TenantPageBody = z.object({
  title: z.string().trim().min(1, { error: pageTextMessage }).max(200, { error: pageTextMessage }),
  body: z.string().max(100_000, { error: pageTextMessage }),
});
/** PUT /api/admin/tenant/pages/{slug}/{locale} {title, body}: Markdown, as the site renders its pages. */
export const putTenantPageCall = {
  params: TenantPageParams,
  querystring: AdminTenantScope,
  body: TenantPageBody,
  response: replies({ 200: reply({ page: AdminTenantPage }) }),
};

// ---- Hosts -----------------------------------------------------------------------------------------------------

export const HostBody = z.object({
  host: z.string().trim().min(1, { error: hostMessage }).max(253, { error: hostMessage }),
});
/** POST /api/admin/tenant/hosts {host}: a host no other tenant has (409 otherwise). */
export const addTenantHostCall = {
  querystring: AdminTenantScope,
  body: HostBody,
  response: replies({ 200: AdminTenantReply }),
};
/** DELETE /api/admin/tenant/hosts/{host}: never the primary host (the site's address) nor the last one. */
export const removeTenantHostCall = {
  params: HostBody,
  querystring: AdminTenantScope,
  response: replies({ 200: AdminTenantReply }),
};

// ---- Regulated mode --------------------------------------------------------------------------------------------

export const AdminPolicy = reply({
  key: z.string(),
  value: z.string().describe('Readable value (durations in words, money in centavos as text).'),
  source: z.string().describe('Where it comes from: a setting, a module’s rule, a regulation.'),
});
export type AdminPolicy = z.infer<typeof AdminPolicy>;
export const AdminRegulatedReply = reply({
  regulated: z.boolean(),
  policies: z.array(AdminPolicy),
});
export type AdminRegulatedReply = z.infer<typeof AdminRegulatedReply>;
/** GET /api/admin/tenant/regulated: what regulated mode enforces for this tenant, read from the modules' settings. */
export const adminRegulatedCall = {
  querystring: AdminTenantScope,
  response: replies({ 200: AdminRegulatedReply }),
};
