import type { CasinoGame, casinoBetsCall, QueryOf, recentGamesCall } from '@sorte/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { http } from '../../../shared/lib/http';
import type { CasinoBet, Paged } from './types';

/** GET /games/recent?page= */
export const recentQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ['casino', 'recent'],
    queryFn: ({ pageParam, signal }) =>
      http.get<Paged<CasinoGame>>('/games/recent', {
        query: { page: String(pageParam) } satisfies QueryOf<typeof recentGamesCall>,
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.current_page < last.last_page ? last.current_page + 1 : undefined),
  });
export const useRecent = (enabled: boolean) => useInfiniteQuery({ ...recentQueryOptions(), enabled });

/** GET /wallet/bets?page= : casino rounds. */
export const betsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ['casino', 'bets'],
    queryFn: ({ pageParam, signal }) =>
      http.get<Paged<CasinoBet>>('/wallet/bets', {
        query: { page: String(pageParam) } satisfies QueryOf<typeof casinoBetsCall>,
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.current_page < last.last_page ? last.current_page + 1 : undefined),
  });
export const useBets = (enabled: boolean) => useInfiniteQuery({ ...betsQueryOptions(), enabled });
