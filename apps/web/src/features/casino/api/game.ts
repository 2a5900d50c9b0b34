import type { BodyOf, getGameCall, launchCall, ReplyOf, relatedGamesCall } from '@sorte/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/lib/http';

/** POST /games/get: one game by its page codes (counts a view). */
export const gameQueryOptions = (provider: string, game: string, loggedIn: boolean) =>
  queryOptions({
    queryKey: ['casino', 'game', provider, game, loggedIn],
    queryFn: ({ signal }) =>
      http
        .post<ReplyOf<typeof getGameCall>>('/games/get', { provider, game } satisfies BodyOf<typeof getGameCall>, {
          signal,
        })
        .then((r) => r.data),
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
      http
        .post<ReplyOf<typeof relatedGamesCall>>(
          '/games/getRelated',
          { game_id: gameId } satisfies BodyOf<typeof relatedGamesCall>,
          { signal },
        )
        .then((r) => r.data),
    enabled: gameId !== undefined,
    staleTime: 60_000,
  });
export const useRelated = (gameId: number | undefined) => useQuery(relatedQueryOptions(gameId));

/** POST /games/url: where the game page's frame points. */
export function getGameUrl(gameId: number, demo: boolean) {
  return http.post<ReplyOf<typeof launchCall>>('/games/url', {
    game_id: gameId,
    demo,
  } satisfies BodyOf<typeof launchCall>);
}
