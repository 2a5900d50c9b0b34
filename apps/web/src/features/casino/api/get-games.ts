import type { CasinoGame, LobbySearch } from '@sorte/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { http } from '../../../shared/lib/http';
import type { GameFilter, Paged } from './types';

/** GET /casinos/games: one page of 24 for a filter. */
export function getGames(filter: GameFilter, page: number, signal?: AbortSignal): Promise<Paged<CasinoGame>> {
  return http.get<Paged<CasinoGame>>('/casinos/games', {
    query: {
      page: String(page),
      searchTerm: filter.searchTerm || undefined,
      category: filter.category || undefined,
      provider: filter.provider || undefined,
      type: filter.type || undefined,
      bonuses: filter.bonuses ? '1' : undefined,
      sort: filter.sort && filter.sort !== 'default' ? filter.sort : undefined,
    } satisfies LobbySearch,
    signal,
  });
}

export const gamesQueryOptions = (filter: GameFilter, loggedIn: boolean) =>
  infiniteQueryOptions({
    queryKey: ['casino', 'games', filter, loggedIn],
    queryFn: ({ pageParam, signal }) => getGames(filter, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.current_page < last.last_page ? last.current_page + 1 : undefined),
    staleTime: 30_000,
  });

export const useGames = (filter: GameFilter, loggedIn: boolean) =>
  useInfiniteQuery(gamesQueryOptions(filter, loggedIn));
