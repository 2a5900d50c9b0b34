import fs from 'node:fs';
import path from 'node:path';
import { type Locale, matchRoute, type RouteDef, siteDescription, splitLocale } from '@sorte/contracts';
import { localeFromHeader } from '../../platform/i18n';
import type { Tenant } from '../../platform/tenancy';
import { type Prepared, prepare, toPublicSiteConfig } from './service';

/** Where a player on an unknown host learns which betting sites are authorised in Brazil (SPA/MF). */
export const PLATFORM_INFO_URL = 'https://www.gov.br/fazenda/pt-br/composicao/orgaos/secretaria-de-premios-e-apostas';

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** JSON that is safe inside <script>: no "</script>", no HTML comment openers, no line separators. */
export const scriptJson = (v: unknown) =>
  JSON.stringify(v)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

export function pageLocale(pathname: string, cookieHeader: string | undefined, acceptLanguage?: string): Locale {
  const { locale } = splitLocale(pathname);
  if (locale) return locale;
  const m = /(?:^|;\s*)i18n_redirected=(pt|en)\b/.exec(cookieHeader ?? '');
  if (m) return m[1] as Locale;
  return localeFromHeader(acceptLanguage);
}

function themeCss(t: Tenant): string {
  const c = t.settings.colors;
  const palette = (p: typeof c.dark) =>
    `--c-bg:${p.background};--c-surface:${p.surface};--c-surface-alt:${p.surface_alt};--c-text:${p.text};` +
    `--c-text-muted:${p.text_muted};--c-border:${p.border};`;
  return (
    `:root{--c-primary:${c.primary};--c-primary-text:${c.primary_text};--c-secondary:${c.secondary};` +
    `--c-secondary-text:${c.secondary_text};--c-success:${c.success};--c-warning:${c.warning};` +
    `--c-danger:${c.danger};--c-info:${c.info};${palette(c.dark)}}` +
    `html[data-theme="light"]{${palette(c.light)}}html[data-theme="dark"]{${palette(c.dark)}}`
  );
}

/** Reads the built index.html once (and again if the file changes, e.g. after a rebuild). */
export class HtmlShell {
  private template: { text: string; mtimeMs: number } | null = null;
  private readonly cache = new Map<string, Prepared>();

  constructor(private readonly file: string) {}

  static fromDist(dist: string) {
    return new HtmlShell(path.join(dist, 'index.html'));
  }

  available(): boolean {
    return this.load() !== null;
  }

  private load(): string | null {
    try {
      const st = fs.statSync(this.file);
      if (!this.template || this.template.mtimeMs !== st.mtimeMs) {
        this.template = { text: fs.readFileSync(this.file, 'utf8'), mtimeMs: st.mtimeMs };
        this.cache.clear();
      }
      return this.template.text;
    } catch {
      return null;
    }
  }

  private render(o: { locale: Locale; head: string; state: unknown; bodyEnd?: string }): string | null {
    const tpl = this.load();
    if (!tpl) return null;
    return tpl
      .replace(/<html([^>]*)\slang="[^"]*"/, `<html$1 lang="${o.locale === 'en' ? 'en' : 'pt-BR'}"`)
      .replace('<!--app-head-->', o.head)
      .replace('<!--app-state-->', `<script>window.__SORTE__=${scriptJson(o.state)}</script>`)
      .replace('<!--app-body-end-->', o.bodyEnd ?? '');
  }

  /** The page for a tenant's route, cached per tenant revision, locale and route. */
  forTenant(t: Tenant, locale: Locale, route: RouteDef | null): Prepared | null {
    const key = `${t.id}:${t.revision}:${t.active}:${locale}:${route?.name ?? '404'}`;
    // load() first: a rebuilt index.html (new asset names) must clear the cached pages before any is served.
    if (this.load() === null) return null;
    const hit = this.cache.get(key);
    if (hit) return hit;
    const s = t.settings;
    if (!t.active) {
      return this.cached(key, {
        locale,
        head: `<title>${esc(s.siteTitle)}</title><meta name="robots" content="noindex">`,
        state: { state: 'maintenance', locale },
      });
    }
    const routeTitle = route ? route.title[locale] : locale === 'en' ? 'Page not found' : 'Página não encontrada';
    const title = route?.name === 'home' ? s.siteTitle : `${routeTitle} | ${s.siteTitle}`;
    const icon = s.images.favicon ?? s.images.app_icon;
    const description = siteDescription(s.site, locale);
    const head = [
      `<title>${esc(title)}</title>`,
      `<meta name="description" content="${esc(description)}">`,
      `<meta name="theme-color" content="${s.colors.dark.background}">`,
      icon ? `<link rel="icon" href="${esc(icon)}">` : '',
      `<meta property="og:site_name" content="${esc(s.site.name)}">`,
      `<meta property="og:title" content="${esc(title)}">`,
      `<meta property="og:description" content="${esc(description)}">`,
      s.images.og_image ? `<meta property="og:image" content="${esc(s.images.og_image)}">` : '',
      `<meta property="og:locale" content="${locale === 'en' ? 'en_US' : 'pt_BR'}">`,
      `<style id="tenant-theme">${themeCss(t)}</style>`,
    ].join('');
    return this.cached(key, {
      locale,
      head,
      state: { state: 'ready', locale, config: toPublicSiteConfig(t) },
      // Operator-supplied markup (tracking pixels, widgets): trusted like the operator's own tag manager.
      bodyEnd: s.html ?? '',
    });
  }

  notFound(locale: Locale): Prepared | null {
    const key = `unknown:${locale}`;
    if (this.load() === null) return null;
    return (
      this.cache.get(key) ??
      this.cached(key, {
        locale,
        head: '<title>Plataforma não encontrada</title><meta name="robots" content="noindex">',
        state: { state: 'not_found', locale, infoUrl: PLATFORM_INFO_URL },
      })
    );
  }

  private cached(key: string, o: Parameters<HtmlShell['render']>[0]): Prepared | null {
    const html = this.render(o);
    if (html === null) return null;
    const p = prepare(html);
    if (this.cache.size > 5000) this.cache.clear();
    this.cache.set(key, p);
    return p;
  }
}

export function routeFor(pathname: string): RouteDef | null {
  return matchRoute(splitLocale(pathname).path);
}
