import { gzipSync } from 'node:zlib';
import {
  type BannerViewer,
  bannerAudienceMatches,
  bannerIn,
  type Locale,
  type PublicSiteConfig,
} from '@sorte/contracts';
import type { Db } from '../../platform/db/index';
import { AppError } from '../../platform/errors';
import type { Tenant } from '../../platform/tenancy';
import { realtimeClientSettings } from '../realtime/index';
import * as repo from '../tenants/index';

export const APP_VERSION = '0.1.0';

/** The public projection of a tenant: only settings (secrets live elsewhere) plus identity and version. */
export function toPublicSiteConfig(t: Tenant): PublicSiteConfig {
  return {
    ...t.settings,
    casino_id: t.id,
    active: t.active,
    version: `${APP_VERSION}+${t.revision}`,
    main_domain: { host: t.primaryHost, subdomain: t.primaryHost.split('.')[0] ?? '' },
    realtime: realtimeClientSettings(t.id),
  };
}

export type Prepared = { body: Buffer; gzip: Buffer; etag: string };

export function prepare(body: string): Prepared {
  const buf = Buffer.from(body);
  return { body: buf, gzip: gzipSync(buf, { level: 6 }), etag: `W/"${buf.length.toString(16)}-${hash(body)}"` };
}

function hash(s: string): string {
  // FNV-1a: cheap and stable; only used to tell versions apart in ETags.
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(16);
}

/**
 * Serialised site config per tenant revision: built once, served as bytes. Keyed by id and revision, so an
 * operator change (which bumps the revision) is picked up as soon as the tenant cache refreshes.
 */
const configCache = new Map<string, Prepared>();

export function getSiteConfigPayload(t: Tenant): Prepared {
  const key = `${t.id}:${t.revision}:${t.active}`;
  let p = configCache.get(key);
  if (!p) {
    if (configCache.size > 1000) configCache.clear();
    p = prepare(JSON.stringify(toPublicSiteConfig(t)));
    configCache.set(key, p);
  }
  return p;
}

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

export async function getPage(db: Db, o: { tenant: Tenant; slug: string; locale: Locale }) {
  if (!SLUG.test(o.slug) || o.slug.length > 80) throw new AppError('page_not_found');
  const page = await repo.findPage(db, o.tenant.id, o.slug, o.locale);
  if (!page) throw new AppError('page_not_found');
  return {
    slug: page.slug,
    locale: page.locale,
    title: page.title,
    body: page.body,
    updated_at: page.updated_at.toISOString(),
  };
}

/**
 * GET /settings/banners: the tenant's banners a page in this language shows to this viewer (a guest or a player),
 * in the operator's order: a banner with no version in the language, or for the other audience, is left out.
 */
export function listBanners(t: Tenant, locale: Locale, viewer: BannerViewer) {
  return t.settings.banners
    .filter((b) => bannerAudienceMatches(b.audience, viewer) && bannerIn(b, locale) !== null)
    .sort((a, b) => a.position - b.position);
}
