import type { CasinoGame } from '@sorte/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { http } from '../../../shared/lib/http';
import type { Paged } from './types';

/** POST /games/favorite/{gameId} {action} */
export function setFavorite(gameId: number, action: 'add' | 'remove'): Promise<{ hasFavorite: boolean }> {
  return http.post(`/games/favorite/${gameId}`, { gameId, action });
}

/** GET /profile/favorites?page= (data, current page; the end is reached at the last page). */
export const favoritesQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ['casino', 'favorites'],
    queryFn: ({ pageParam, signal }) =>
      http.get<Paged<CasinoGame>>('/profile/favorites', { query: { page: pageParam }, signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.current_page < last.last_page ? last.current_page + 1 : undefined),
  });
export const useFavorites = (enabled: boolean) => useInfiniteQuery({ ...favoritesQueryOptions(), enabled });
