import type { SellReply, UserPrizesReply } from '@sorte/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/lib/http';
import { useLocale } from '../../../shared/lib/i18n';
import { boxesKeys } from './keys';

export type PrizeFilter = 'all' | 'kept' | 'sold';

/** GET /prizes/user?status=&page=: the prizes the player won, newest first, 20 a page. */
export const prizesQuery = (filter: PrizeFilter, page: number, locale: string) =>
  queryOptions({
    queryKey: boxesKeys.items(filter, page, locale),
    queryFn: ({ signal }) =>
      http.get<UserPrizesReply>('/prizes/user', {
        query: { status: filter === 'all' ? undefined : filter, page },
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });

export const usePrizes = (filter: PrizeFilter, page: number) => useQuery(prizesQuery(filter, page, useLocale()));

/** POST /prizes/sell {id}: a kept prize at its sell-back value, once. */
export const sellPrize = (id: number) => http.post<SellReply>('/prizes/sell', { id });
