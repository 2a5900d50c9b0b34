import type { CasinoGame } from '@sorte/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/lib/http';

/** POST /games/get: one game by its page codes (counts a view). */
export const gameQueryOptions = (provider: string, game: string, loggedIn: boolean) =>
  queryOptions({
    queryKey: ['casino', 'game', provider, game, loggedIn],
    queryFn: ({ signal }) =>
      http.post<{ data: CasinoGame }>('/games/get', { provider, game }, { signal }).then((r) => r.data),
    retry: false,
    staleTime: 60_000,
  });
export const useGame = (provider: string, game: string, loggedIn: boolean) =>
  useQuery(gameQueryOptions(provider, game, loggedIn));

/** POST /games/getRelated */
export const relatedQueryOptions = (gameId: number | undefined) =>
  queryOptions({
    queryKey: ['casino', 'related', gameId],
    queryFn: ({ signal }) =>
      http.post<{ data: CasinoGame[] }>('/games/getRelated', { game_id: gameId }, { signal }).then((r) => r.data),
    enabled: gameId !== undefined,
    staleTime: 60_000,
  });
export const useRelated = (gameId: number | undefined) => useQuery(relatedQueryOptions(gameId));

/** POST /games/url: where the game page's frame points. */
export function getGameUrl(gameId: number, demo: boolean): Promise<{ url: string; demo: boolean }> {
  return http.post('/games/url', { game_id: gameId, demo });
}
