import { type RouteDef, siteTitleIn } from '@sorte/contracts';
import { useEffect, useLayoutEffect } from 'react';
import { useLocation } from 'react-router';
import { useAppError } from '../shared/lib/app-error';
import { useColorMode } from '../shared/lib/color-mode';
import { useLocale, useLocaleStore } from '../shared/lib/i18n';
import { detectLocale } from '../shared/lib/locale';
import { usePageTitleStore } from '../shared/lib/page-title';
import { useSiteConfigStore } from '../shared/lib/site-config';
import { STORAGE_KEYS, storage } from '../shared/lib/storage';
import { loadTagManager, trackPageView } from './analytics';
import { documentTitle } from './route-table';

/** Locale from the URL prefix, else cookie, else browser languages, else pt; <html lang> follows. */
export function useLocaleFromUrl(pathname: string): void {
  useLayoutEffect(() => {
    const locale = detectLocale({ pathname, cookie: document.cookie, languages: navigator.languages });
    useLocaleStore.getState().setLocale(locale);
    document.documentElement.lang = locale === 'en' ? 'en' : 'pt-BR';
  }, [pathname]);
}

/** ?ref= (referral code) and ?lmcp= on any route are kept in localStorage; lmcp is then sent on every call. */
export function useTrackingParams(search: string): void {
  useEffect(() => {
    const params = new URLSearchParams(search);
    const ref = params.get('ref');
    if (ref) storage.set(STORAGE_KEYS.ref, ref.slice(0, 100));
    const lmcp = params.get('lmcp');
    if (lmcp) storage.set(STORAGE_KEYS.lmcp, lmcp.slice(0, 200));
  }, [search]);
}

/** The page starts at the top when the path changes (not on query or hash changes). */
export function useScrollReset(pathname: string): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each new path by design
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
    document.querySelector('.app-main')?.scrollTo?.(0, 0);
    useAppError.getState().clear();
  }, [pathname]);
}

/** A route may force light or dark; leaving it restores the player's preference. */
export function useForcedColorMode(mode: RouteDef['colorMode'] | undefined): void {
  useEffect(() => {
    useColorMode.getState().force(mode ?? null);
  }, [mode]);
}

/** document.title from the route table, then a page view for the tag manager when the tenant has one. */
export function useTitleAndPageView(def: RouteDef | null, notFoundTitle: string): void {
  const { pathname } = useLocation();
  const locale = useLocale();
  const siteTitle = useSiteConfigStore((s) => (s.config ? siteTitleIn(s.config, locale) : ''));
  const gtmId = useSiteConfigStore((s) => s.config?.gtmId ?? null);
  const gtmSource = useSiteConfigStore((s) => s.config?.gtmSource ?? null);

  useEffect(() => {
    if (gtmId) loadTagManager(gtmId, gtmSource);
  }, [gtmId, gtmSource]);

  const pageTitle = usePageTitleStore((s) => s.title);

  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} | ${siteTitle}` : documentTitle(def, locale, siteTitle, notFoundTitle);
  }, [def, locale, siteTitle, notFoundTitle, pageTitle]);

  // Declared after the title effect, so it runs after it and reports the new page's title.
  useEffect(() => {
    if (gtmId) trackPageView({ path: pathname, title: document.title, locale: useLocaleStore.getState().locale });
  }, [pathname, gtmId]);
}
