import { LOCALE_PREFIX, type Locale, ROUTES, type RouteDef } from '@sorte/contracts';

export type LocalizedRoute = { id: string; path: string; locale: Locale; def: RouteDef };

/** Every route of the shared table twice: the plain path in pt and the /en-prefixed path in en. */
export function expandRoutes(routes: RouteDef[] = ROUTES): LocalizedRoute[] {
  const locales: Locale[] = ['pt', 'en'];
  return locales.flatMap((locale) =>
    routes.map((def) => {
      const prefix = LOCALE_PREFIX[locale];
      const path = def.path === '/' ? prefix || '/' : prefix + def.path;
      return { id: `${def.name}:${locale}`, path, locale, def };
    }),
  );
}

/** "Termos e Condições | Sorte Demo"; the home page carries the site title alone, as the server renders it. */
export function documentTitle(def: RouteDef | null, locale: Locale, siteTitle: string, notFound: string): string {
  if (!def) return `${notFound} | ${siteTitle}`;
  if (def.name === 'home') return siteTitle;
  return `${def.title[locale]} | ${siteTitle}`;
}

/** Where a guest is sent from an auth-only route: the login route of the same locale, back here afterwards. */
export function loginRedirect(locale: Locale, currentPath: string): string {
  const login = locale === 'en' ? '/en/login' : '/login';
  return `${login}?redirect=${encodeURIComponent(currentPath)}`;
}
