import type { BodyOf, CasinoGame, favoriteCall, favoritesCall, QueryOf, ReplyOf } from '@sorte/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { http } from '../../../shared/lib/http';
import type { Paged } from './types';

/** POST /games/favorite/{gameId} {action} */
export function setFavorite(gameId: number, action: 'add' | 'remove') {
  return http.post<ReplyOf<typeof favoriteCall>>(`/games/favorite/${gameId}`, {
    action,
  } satisfies BodyOf<typeof favoriteCall>);
}

/** GET /profile/favorites?page= (data, current page; the end is reached at the last page). */
export const favoritesQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ['casino', 'favorites'],
    queryFn: ({ pageParam, signal }) =>
      http.get<Paged<CasinoGame>>('/profile/favorites', {
        query: { page: String(pageParam) } satisfies QueryOf<typeof favoritesCall>,
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.current_page < last.last_page ? last.current_page + 1 : undefined),
  });
export const useFavorites = (enabled: boolean) => useInfiniteQuery({ ...favoritesQueryOptions(), enabled });
