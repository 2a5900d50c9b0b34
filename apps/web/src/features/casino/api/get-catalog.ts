import type { CasinoCategory, CasinoGame, CasinoProvider } from '@sorte/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/lib/http';
import type { Locale } from '../../../shared/lib/locale';
import type { Rail } from './types';

/** GET /categories */
export const categoriesQueryOptions = (locale: Locale) =>
  queryOptions({
    queryKey: ['casino', 'categories', locale],
    queryFn: ({ signal }) => http.get<{ data: CasinoCategory[] }>('/categories', { signal }).then((r) => r.data),
    staleTime: 5 * 60_000,
  });
export const useCategories = (locale: Locale) => useQuery(categoriesQueryOptions(locale));

/**
 * GET /games/providers. Spec section 9: providers are fetched only if fewer than 5 are loaded, so a list that is
 * already complete is never refetched during the visit.
 */
export const providersQueryOptions = () =>
  queryOptions({
    queryKey: ['casino', 'providers'],
    queryFn: ({ signal }) => http.get<{ data: CasinoProvider[] }>('/games/providers', { signal }).then((r) => r.data),
    staleTime: (q) => ((q.state.data?.length ?? 0) >= 5 ? Number.POSITIVE_INFINITY : 60_000),
  });
export const useProviders = () => useQuery(providersQueryOptions());

/** GET /featured/home-games: the home page's rails. */
export const homeGamesQueryOptions = (locale: Locale, loggedIn: boolean) =>
  queryOptions({
    queryKey: ['casino', 'home-games', locale, loggedIn],
    queryFn: ({ signal }) => http.get<{ data: Rail[] }>('/featured/home-games', { signal }).then((r) => r.data),
    staleTime: 60_000,
  });
export const useHomeGames = (locale: Locale, loggedIn: boolean) => useQuery(homeGamesQueryOptions(locale, loggedIn));

/** GET /featured/games */
export const featuredQueryOptions = (loggedIn: boolean) =>
  queryOptions({
    queryKey: ['casino', 'featured', loggedIn],
    queryFn: ({ signal }) => http.get<{ data: CasinoGame[] }>('/featured/games', { signal }).then((r) => r.data),
    staleTime: 60_000,
  });
