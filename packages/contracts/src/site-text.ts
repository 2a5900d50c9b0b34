import type { Locale } from './routes';

/**
 * A tenant's text in the page's language: on English pages the English text when the operator set one, else the
 * Portuguese text. A blank English text counts as unset, and so does a missing key (a config cached from before the
 * English field existed).
 */
export function inLocale<T extends string | null>(pt: T, en: string | null | undefined, locale: Locale): T | string {
  return (locale === 'en' && en?.trim()) || pt;
}

/** The tenant's description in the page's language (site.description_en on English pages, see inLocale). */
export function siteDescription(site: { description: string; description_en?: string | null }, locale: Locale): string {
  return inLocale(site.description, site.description_en, locale);
}

/** The footer's licence line in the page's language (reg_license_en on English pages, see inLocale); null = none. */
export function regLicense(
  s: { reg_license: string | null; reg_license_en?: string | null },
  locale: Locale,
): string | null {
  return inLocale(s.reg_license, s.reg_license_en, locale);
}

/** The site title in the page's language (siteTitle_en on English pages, see inLocale): the home page's title. */
export function siteTitleIn(s: { siteTitle: string; siteTitle_en?: string | null }, locale: Locale): string {
  return inLocale(s.siteTitle, s.siteTitle_en, locale);
}
