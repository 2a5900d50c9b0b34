import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  bannersFor,
  type Locale,
  matchRoute,
  type RouteDef,
  siteDescription,
  siteTitleIn,
  splitLocale,
  type TenantSettings,
} from '@sorte/contracts';
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

/** Routes whose page opens with the banner carousel: the home page, and the account routes drawn over it. */
const HERO_ROUTES = new Set(['home', 'login', 'register', 'recover-pass']);

/**
 * Preloads of the home page's first banner (its phone and its wide artwork, each for its screens), so the largest
 * image of the first screen starts loading with the page instead of after the code that draws it. Only when guests
 * and players open on the same banner: a preload the page then does not use would only cost the player bandwidth.
 */
function heroPreload(s: TenantSettings, locale: Locale): string {
  const first = (viewer: 'guest' | 'player') => bannersFor(s.banners, { locale, viewer })[0] ?? null;
  const guest = first('guest');
  const player = first('player');
  if (!guest || !player || guest.image !== player.image || guest.image_mobile !== player.image_mobile) return '';
  const link = (href: string, media: string | null) =>
    `<link rel="preload" as="image" href="${esc(href)}" fetchpriority="high"${media ? ` media="${media}"` : ''}>`;
  // The same breakpoint as the carousel's <source media>.
  if (!guest.image_mobile) return link(guest.image, null);
  return link(guest.image_mobile, '(max-width: 639.98px)') + link(guest.image, '(min-width: 640px)');
}

/** A rendered page and its Content-Security-Policy, split where the request's own websocket origin goes. */
export type ShellPage = Prepared & { csp: { head: string; tail: string } };

type Directive = 'script' | 'style' | 'img' | 'font' | 'connect' | 'frame' | 'media';
type Sources = Record<Directive, Set<string>>;

const GTM = 'https://www.googletagmanager.com';

/**
 * What each widget of the site config loads, as its vendor documents it for a Content-Security-Policy: Tag
 * Manager (and the GA4 tags a container usually carries), Jivo, Turnstile and Google sign-in.
 */
function addWidgetSources(src: Sources, s: TenantSettings) {
  if (s.gtmId) {
    const gtm = s.gtmSource ? originOf(s.gtmSource) : GTM;
    if (gtm) {
      src.script.add(gtm);
      src.connect.add(gtm);
    }
    src.script.add('https://*.googletagmanager.com');
    src.connect.add('https://*.googletagmanager.com');
    src.connect.add('https://*.google-analytics.com');
    src.connect.add('https://*.analytics.google.com');
  }
  if (s.jivoChat) {
    for (const d of ['script', 'style', 'font', 'connect', 'frame', 'media'] as const)
      src[d].add('https://*.jivosite.com');
    src.connect.add('wss://*.jivosite.com');
  }
  if (s.turnstileSiteKey) {
    src.script.add('https://challenges.cloudflare.com');
    src.frame.add('https://challenges.cloudflare.com');
  }
  if (s.casAllowGoogleAuth && s.googleClientId) {
    src.script.add('https://accounts.google.com/gsi/client');
    src.style.add('https://accounts.google.com/gsi/style');
    src.connect.add('https://accounts.google.com/gsi/');
    src.frame.add('https://accounts.google.com/gsi/');
  }
  // Betby's sportsbook widget: its renderer script, styles, fonts, API and live socket on Betby's demo domain
  // (docs/api/betby.md); a Betby account on another domain names its script in the operator's markup (html).
  if (s.betby.active) {
    for (const d of ['script', 'style', 'font', 'connect', 'frame'] as const)
      src[d].add('https://*.invisiblesport.com');
    src.connect.add('wss://*.invisiblesport.com');
  }
  // The operator's own markup may name scripts of its tags by URL; those it names are what it needs.
  for (const m of (s.html ?? '').matchAll(/<script\b[^>]*?\ssrc\s*=\s*["']?(https?:\/\/[^"'\s>]+)/gi)) {
    const o = originOf(m[1]!);
    if (o) src.script.add(o);
  }
  const api = /^https?:\/\//.test(s.api_base_url) ? originOf(s.api_base_url) : null;
  if (api) src.connect.add(api);
  // Images on plain-http hosts (a staging CDN) are not covered by `https:`.
  const images = [s.logo, s.logo_light, ...Object.values(s.images), ...Object.values(s.icons)];
  for (const b of s.banners) images.push(b.image, b.image_mobile);
  for (const u of images) {
    const o = u?.startsWith('http://') ? originOf(u) : null;
    if (o) src.img.add(o);
  }
}

function originOf(url: string): string | null {
  try {
    const u = new URL(url);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.origin : null;
  } catch {
    return null;
  }
}

/** The sha256 source of every inline script of the page: the config/state script and the template's own. */
function inlineScriptHashes(html: string): string[] {
  const out = new Set<string>();
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    if (/\ssrc\s*=/i.test(m[1]!)) continue;
    out.add(`'sha256-${createHash('sha256').update(m[2]!).digest('base64')}'`);
  }
  return [...out];
}

/**
 * The page's policy: its own origin, its inline scripts by hash (no 'unsafe-inline' for scripts), and only the
 * hosts of the widgets this tenant configured. Images may come from any https host (game art comes from the
 * providers' CDNs); game providers' launch pages are framed from the hosts they name, so frames allow https.
 */
function buildCsp(html: string, settings: TenantSettings | null): ShellPage['csp'] {
  const src: Sources = {
    script: new Set(["'self'", ...inlineScriptHashes(html)]),
    // React style attributes and the tenant theme are inline styles.
    style: new Set(["'self'", "'unsafe-inline'"]),
    img: new Set(["'self'", 'data:', 'blob:', 'https:']),
    font: new Set(["'self'", 'data:']),
    connect: new Set(["'self'"]),
    frame: new Set(["'self'", 'https:']),
    media: new Set(["'self'", 'data:', 'blob:']),
  };
  if (settings) addWidgetSources(src, settings);
  const list = (d: Directive) => [...src[d]].join(' ');
  return {
    head:
      `default-src 'self'; script-src ${list('script')}; style-src ${list('style')}; img-src ${list('img')}; ` +
      `font-src ${list('font')}; connect-src ${list('connect')}`,
    tail:
      `; frame-src ${list('frame')}; media-src ${list('media')}; worker-src 'self'; manifest-src 'self'; ` +
      `object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'self'`,
  };
}

/**
 * The Content-Security-Policy header for a page served on `host` (the request's Host, port included): the
 * realtime socket is /app/{key} on the page's own origin, named explicitly for browsers whose 'self' does not
 * cover ws/wss. A host that is not a plain host[:port] adds nothing.
 */
export function pageCsp(page: ShellPage, host: string | undefined): string {
  const ok = host && /^(\[[0-9a-fA-F:.]{2,45}\]|[A-Za-z0-9.-]{1,253})(:\d{1,5})?$/.test(host);
  return ok ? `${page.csp.head} ws://${host} wss://${host}${page.csp.tail}` : page.csp.head + page.csp.tail;
}

/** Reads the built index.html once (and again if the file changes, e.g. after a rebuild). */
export class HtmlShell {
  private template: { text: string; mtimeMs: number } | null = null;
  /** Per route name, the JavaScript its page's chunk needs (route-chunks.json, written by the same build). */
  private routeChunks: Record<string, string[]> = {};
  private readonly cache = new Map<string, ShellPage>();

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
        this.routeChunks = readRouteChunks(path.join(path.dirname(this.file), 'route-chunks.json'));
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
    const lang = o.locale === 'en' ? 'en' : 'pt-BR';
    // Replacer functions: operator text goes in verbatim, never read as a `$&`/`$'`/`$$` replacement pattern.
    return tpl
      .replace(/<html([^>]*)\slang="[^"]*"/, (_m, attrs: string) => `<html${attrs} lang="${lang}"`)
      .replace('<!--app-head-->', () => o.head)
      .replace('<!--app-state-->', () => `<script>window.__SORTE__=${scriptJson(o.state)}</script>`)
      .replace('<!--app-body-end-->', () => o.bodyEnd ?? '');
  }

  /** The page for a tenant's route, cached per tenant revision, locale and route. */
  forTenant(t: Tenant, locale: Locale, route: RouteDef | null): ShellPage | null {
    const key = `${t.id}:${t.revision}:${t.active}:${locale}:${route?.name ?? '404'}`;
    // load() first: a rebuilt index.html (new asset names) must clear the cached pages before any is served.
    if (this.load() === null) return null;
    const hit = this.cache.get(key);
    if (hit) return hit;
    const s = t.settings;
    if (!t.active) {
      return this.cached(key, null, {
        locale,
        head: `<title>${esc(siteTitleIn(s, locale))}</title><meta name="robots" content="noindex">`,
        state: { state: 'maintenance', locale, message: s.maintenance_message?.[locale] || undefined },
      });
    }
    const routeTitle = route ? route.title[locale] : locale === 'en' ? 'Page not found' : 'Página não encontrada';
    // One language per page: English pages take the English site title as their suffix too.
    const siteTitle = siteTitleIn(s, locale);
    const title = route?.name === 'home' ? siteTitle : `${routeTitle} | ${siteTitle}`;
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
      route && HERO_ROUTES.has(route.name) ? heroPreload(s, locale) : '',
      route ? this.routePreload(route.name) : '',
    ].join('');
    return this.cached(key, s, {
      locale,
      head,
      state: { state: 'ready', locale, config: toPublicSiteConfig(t) },
      // Operator-supplied markup (tracking pixels, widgets): trusted like the operator's own tag manager.
      bodyEnd: s.html ?? '',
    });
  }

  /**
   * modulepreload links for the route's page chunk and what it imports, minus what the page already names: the
   * route's code then loads with the HTML, not after the entry has run and the router asked for it.
   */
  private routePreload(name: string): string {
    const tpl = this.template?.text ?? '';
    return (this.routeChunks[name] ?? [])
      .filter((f) => /^\/assets\/[\w.-]+\.js$/.test(f) && !tpl.includes(`"${f}"`))
      .map((f) => `<link rel="modulepreload" crossorigin href="${esc(f)}">`)
      .join('');
  }

  notFound(locale: Locale): ShellPage | null {
    const key = `unknown:${locale}`;
    if (this.load() === null) return null;
    return (
      this.cache.get(key) ??
      this.cached(key, null, {
        locale,
        head: '<title>Plataforma não encontrada</title><meta name="robots" content="noindex">',
        state: { state: 'not_found', locale, infoUrl: PLATFORM_INFO_URL },
      })
    );
  }

  private cached(
    key: string,
    settings: TenantSettings | null,
    o: Parameters<HtmlShell['render']>[0],
  ): ShellPage | null {
    const html = this.render(o);
    if (html === null) return null;
    const p = { ...prepare(html), csp: buildCsp(html, settings) };
    if (this.cache.size > 5000) this.cache.clear();
    this.cache.set(key, p);
    return p;
  }
}

/** route-chunks.json of the web build; a build without it (or a broken one) preloads nothing more. */
function readRouteChunks(file: string): Record<string, string[]> {
  try {
    const v: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
    if (!v || typeof v !== 'object') return {};
    return Object.fromEntries(
      Object.entries(v).filter(
        (e): e is [string, string[]] => Array.isArray(e[1]) && e[1].every((f) => typeof f === 'string'),
      ),
    );
  } catch {
    return {};
  }
}

export function routeFor(pathname: string): RouteDef | null {
  return matchRoute(splitLocale(pathname).path);
}
