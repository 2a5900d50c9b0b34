import { LOCALE_PREFIX, type Locale, splitLocale } from '@sorte/contracts';

export type { Locale };
export const LOCALES: Locale[] = ['pt', 'en'];
export const DEFAULT_LOCALE: Locale = 'pt';
export const LOCALE_COOKIE = 'i18n_redirected';
const COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

const isLocale = (v: unknown): v is Locale => v === 'pt' || v === 'en';

/** Maps a browser language tag ("pt-BR", "en-US", "es") to a site locale, or null when we do not speak it. */
export function localeFromTag(tag: string): Locale | null {
  const base = tag.trim().toLowerCase().split(/[-_]/)[0];
  return isLocale(base) ? base : null;
}

export function readLocaleCookie(cookie: string): Locale | null {
  const m = /(?:^|;\s*)i18n_redirected=([^;]*)/.exec(cookie);
  const v = m?.[1] ? decodeURIComponent(m[1]).trim() : null;
  return isLocale(v) ? v : null;
}

/**
 * The locale rule of spec section 2, the same one the server uses for <html lang>: the route prefix, else the
 * i18n_redirected cookie, else the first browser language we speak, else pt.
 */
export function detectLocale(input: { pathname: string; cookie?: string; languages?: readonly string[] }): Locale {
  const { locale } = splitLocale(input.pathname);
  if (locale) return locale;
  const fromCookie = readLocaleCookie(input.cookie ?? '');
  if (fromCookie) return fromCookie;
  for (const tag of input.languages ?? []) {
    const l = localeFromTag(tag);
    if (l) return l;
  }
  return DEFAULT_LOCALE;
}

/** The Set-Cookie value for the locale: 365 days, path /, SameSite=Lax, or None+Secure inside a cross-origin frame. */
export function localeCookie(locale: Locale, crossOrigin: boolean): string {
  const same = crossOrigin ? 'SameSite=None; Secure' : 'SameSite=Lax';
  return `${LOCALE_COOKIE}=${locale}; Max-Age=${COOKIE_MAX_AGE}; Path=/; ${same}`;
}

/** True when the site runs inside a frame of another origin (a cookie must then be SameSite=None to be sent). */
export function isCrossOriginFrame(): boolean {
  if (typeof window === 'undefined' || window.top === window.self) return false;
  try {
    return window.top?.location.origin !== window.location.origin;
  } catch {
    return true;
  }
}

export function saveLocaleCookie(locale: Locale): void {
  if (typeof document === 'undefined') return;
  // biome-ignore lint/suspicious/noDocumentCookie: the locale cookie is read by the server for <html lang>
  document.cookie = localeCookie(locale, isCrossOriginFrame());
}

/** "/casino/games" in en -> "/en/casino/games"; "/" in en -> "/en". Keeps query and hash. */
export function localizePath(path: string, locale: Locale): string {
  if (!path.startsWith('/')) return path;
  const prefix = LOCALE_PREFIX[locale];
  if (!prefix) return path;
  if (path === '/') return prefix;
  if (path.startsWith('/?') || path.startsWith('/#')) return prefix + path.slice(1);
  return prefix + path;
}

/** The same page in another locale: "/en/terms?x=1" -> "/terms?x=1" for pt. */
export function switchLocalePath(pathname: string, search: string, hash: string, locale: Locale): string {
  const { path } = splitLocale(pathname);
  return localizePath(path, locale) + search + hash;
}
