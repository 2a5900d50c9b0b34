import { type Locale, matchRoute, splitLocale } from './routes';

/**
 * Which banners a page shows and in what words. No schema here (the Banner schema is in site-config.ts): the web's
 * first screen imports this without zod.
 */

/** Who a banner is for: visitors without an account, logged-in players, or both. */
export const BANNER_AUDIENCES = ['guests', 'players', 'everyone'] as const;
export type BannerAudience = (typeof BANNER_AUDIENCES)[number];

/** Who is looking. A self-excluded person is shown no banner at all: they are promotions, and they asked for none. */
export type BannerViewer = 'guest' | 'player' | 'self-excluded';

export type BannerText = {
  id: string;
  title: string;
  alt: string;
  image: string;
  image_mobile: string | null;
  link: string | null;
  position: number;
  /** null: the banner speaks both languages (the *_en fields on English pages); 'pt' or 'en': that language only. */
  locale: Locale | null;
  title_en?: string | null;
  alt_en?: string | null;
  image_en?: string | null;
  image_mobile_en?: string | null;
  audience?: BannerAudience;
};

/** A banner as one page draws it: its words and artwork in that page's language. */
export type ShownBanner = {
  id: string;
  title: string;
  alt: string;
  image: string;
  image_mobile: string | null;
  link: string | null;
  position: number;
};

const blank = (s: string | null | undefined): boolean => !s?.trim();

/** The banner in a language, or null when it has no version in it (a Portuguese banner is never put on /en). */
export function bannerIn(b: BannerText, locale: Locale): ShownBanner | null {
  const base = { id: b.id, link: b.link, position: b.position };
  if (b.locale !== null) {
    if (b.locale !== locale) return null;
    return { ...base, title: b.title, alt: b.alt, image: b.image, image_mobile: b.image_mobile };
  }
  if (locale === 'pt') return { ...base, title: b.title, alt: b.alt, image: b.image, image_mobile: b.image_mobile };
  if (blank(b.title_en)) return null;
  const english = b.image_en ?? null;
  return {
    ...base,
    title: b.title_en!,
    alt: blank(b.alt_en) ? b.title_en! : b.alt_en!,
    // Without English artwork the banner's image has no words in it: the same one serves both pages.
    image: english ?? b.image,
    image_mobile: english ? (b.image_mobile_en ?? null) : b.image_mobile,
  };
}

export function bannerAudienceMatches(audience: BannerAudience | undefined, viewer: BannerViewer): boolean {
  if (viewer === 'self-excluded') return false;
  const a = audience ?? 'everyone';
  return a === 'everyone' || (a === 'guests' ? viewer === 'guest' : viewer === 'player');
}

/** The banners a page shows: for this viewer, in this language, in the operator's order. */
export function bannersFor(banners: readonly BannerText[], o: { locale: Locale; viewer: BannerViewer }): ShownBanner[] {
  return banners
    .filter((b) => bannerAudienceMatches(b.audience, o.viewer))
    .flatMap((b) => {
      const shown = bannerIn(b, o.locale);
      return shown ? [shown] : [];
    })
    .sort((a, b) => a.position - b.position);
}

/** Why a banner's link cannot be used (a path of no page of the site), or null when it can. */
export function bannerLinkIssue(link: string | null): string | null {
  if (link === null || /^https?:\/\//i.test(link)) return null;
  const path = splitLocale(link.split(/[?#]/)[0] ?? '').path;
  return matchRoute(path) ? null : `"${link}" is no page of the site`;
}

/** The operator's banner mistakes by field ("banners.2.link"), for the settings command to refuse with. */
export function bannerIssues(banners: readonly BannerText[]): Record<string, string[]> {
  const issues: Record<string, string[]> = {};
  banners.forEach((b, i) => {
    const link = bannerLinkIssue(b.link);
    if (link) issues[`banners.${i}.link`] = [link];
    if (b.locale === null && blank(b.title_en) && (b.image_en || b.alt_en))
      issues[`banners.${i}.title_en`] = ['an English banner needs its English title'];
  });
  return issues;
}
